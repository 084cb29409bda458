#!/usr/bin/env bats
# The guarded fetch of a run-code program (seed 003, SPEC 4.5): schemes, private addresses
# (also after DNS and on redirects), the local-development switch, the Response object.
load helpers

# A small HTTP server on a random loopback port: /hello, /json, /big, /echo (method and
# body), /to-private and /to-hello (redirects). Its port lands in ./port.
start_server() {
  cat > server.py <<'PY'
import http.server, json, sys
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def send(self, code, body, ctype="text/plain; charset=utf-8", extra=()):
        data = body.encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in extra: self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)
    def do_GET(self):
        port = self.server.server_address[1]
        if self.path == "/hello": self.send(200, "hello from the server", extra=[("X-Test", "yes")])
        elif self.path == "/json": self.send(200, '{"answer": 42}', "application/json")
        elif self.path == "/big": self.send(200, "é" * 300000)
        elif self.path == "/to-private": self.send(302, "", extra=[("Location", "http://127.0.0.2:%d/hello" % port)])
        elif self.path == "/to-hello": self.send(301, "", extra=[("Location", "/hello")])
        else: self.send(404, "no such page")
    def do_POST(self):
        n = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(n).decode()
        self.send(201, json.dumps({"method": "POST", "body": body, "type": self.headers.get("Content-Type")}), "application/json")
s = http.server.HTTPServer(("127.0.0.1", 0), H)
open("port.tmp", "w").write(str(s.server_address[1]))
import os; os.rename("port.tmp", "port")
s.serve_forever()
PY
  python3 server.py 3>&- &
  echo $! > server.pid
  for _ in $(seq 100); do [[ -s port ]] && break; sleep 0.05; done
  PORT=$(cat port)
}

local_teardown() {
  [[ -f server.pid ]] && kill "$(cat server.pid)" 2>/dev/null || true
}

@test "fetch to 127.0.0.1 is refused" {
  run run-code --code 'return fetch("http://127.0.0.1:9/").catch(function (e) { return e.message; })'
  assert_success
  assert_output "fetch refused: '127.0.0.1' is a private network address"
}

@test "fetch to odd spellings of loopback is refused" {
  for host in 2130706433 0x7f.1 '[::1]' '[::ffff:127.0.0.1]'; do
    run run-code --code "return fetch('http://$host:9/').catch(function (e) { return e.message; })"
    assert_success
    assert_output --regexp "^fetch refused: '.*' is a private network address$"
  done
}

@test "fetch to a name resolving to loopback is refused after resolution" {
  run run-code --code 'return fetch("http://localhost:9/").catch(function (e) { return e.message; })'
  assert_success
  assert_output --regexp "^fetch refused: 'localhost' resolves to a private network address \((127\.0\.0\.1|::1)\)$"
}

@test "fetch refuses schemes other than http and https" {
  run run-code --code 'return fetch("file:///etc/passwd").catch(function (e) { return e.message; })'
  assert_success
  assert_output "fetch refused: only http and https URLs are allowed ('file:///etc/passwd')"
}

@test "SANDBOX_ALLOW_PRIVATE_NETWORK=1 reaches a local server; the response reads like fetch's" {
  start_server
  SANDBOX_ALLOW_PRIVATE_NETWORK=1 run run-code --code "return fetch('http://127.0.0.1:$PORT/hello').then(function (r) {
    return r.text().then(function (t) { return [r.status, r.ok, r.headers.get('x-test'), r.headers.has('X-TEST'), r.headers.get('nope'), r.redirected, t]; }); })"
  assert_success
  assert_output '[200,true,"yes",true,null,false,"hello from the server"]'
}

@test "without the switch the same local server is refused" {
  start_server
  run run-code --code "return fetch('http://localhost:$PORT/hello').catch(function (e) { return e.message; })"
  assert_success
  assert_output --partial "fetch refused: 'localhost' resolves to a private network address"
}

@test "json(), a 404 and a POST with headers and body" {
  start_server
  export SANDBOX_ALLOW_PRIVATE_NETWORK=1
  run run-code --code "var b = 'http://127.0.0.1:$PORT';
    return Promise.all([
      fetch(b + '/json').then(function (r) { return r.json(); }),
      fetch(b + '/missing').then(function (r) { return [r.status, r.ok]; }),
      fetch(b + '/echo', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({a: 1})})
        .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })])"
  assert_success
  assert_output '[{"answer":42},[404,false],[201,{"method":"POST","body":"{\"a\":1}","type":"application/json"}]]'
}

@test "the body is cut to 200,000 characters" {
  start_server
  SANDBOX_ALLOW_PRIVATE_NETWORK=1 run run-code --code "return fetch('http://127.0.0.1:$PORT/big').then(function (r) { return r.text(); }).then(function (t) { return [t.length, t.charAt(0)]; })"
  assert_success
  assert_output '[200000,"é"]'
}

@test "a redirect is followed and each hop checked; one to a private address is refused" {
  start_server
  # The test switch makes this one loopback address stand in for a public server.
  export ODA_FETCH_TEST_PUBLIC=127.0.0.1
  run run-code --code "return fetch('http://127.0.0.1:$PORT/to-hello').then(function (r) { return r.text().then(function (t) { return [r.status, r.redirected, r.url, t]; }); })"
  assert_success
  assert_output "[200,true,\"http://127.0.0.1:$PORT/hello\",\"hello from the server\"]"
  run run-code --code "return fetch('http://127.0.0.1:$PORT/to-private').catch(function (e) { return e.message; })"
  assert_success
  assert_output "fetch refused: '127.0.0.2' is a private network address"
}

@test "fetch calls are recorded with the run" {
  run run-code --json --code 'return fetch("http://127.0.0.1:9/").catch(function () { return 0; })'
  assert_success
  assert_output --partial '"tool":"fetch","arguments":{"url":"http://127.0.0.1:9/","init":{}},"ok":false,"status":"error","error":"fetch refused:'
}
