#!/usr/bin/env bats
# MCP servers called from inside a run-code program (SPEC 4.5, issue 15), against the
# reference servers from npm (server-everything, server-memory, server-filesystem, pinned in
# lib/mcp/mcp.mk and installed by make into build/npm-mcp) and a broken one of our own
# (tests/mcp/broken-server).
load helpers

NPM="$ODA_BUILD/npm-mcp/node_modules/@modelcontextprotocol"
BROKEN="$ODA_ROOT/tests/mcp/broken-server"

local_setup() {
  [[ -f "$NPM/server-everything/dist/index.js" ]] || fail "the MCP reference servers are not installed: run make"
  mkdir -p work
  cat > mcp.json <<JSON
{"mcpServers": {
  "everything": {"command": "node", "args": ["$NPM/server-everything/dist/index.js"]},
  "memory": {"command": "node", "args": ["$NPM/server-memory/dist/index.js"],
             "env": {"MEMORY_FILE_PATH": "$PWD/memory.jsonl"}}
}}
JSON
}

@test "a program calls a server's tools as async methods by their MCP names" {
  run run-code --mcp-config mcp.json --code '
    const e = await everything.echo({message: "hi"});
    const s = await everything["get-sum"]({a: 2, b: 40});
    return [e, s]'
  assert_success
  assert_output '["Echo: hi","The sum of 2 and 40 is 42."]'
}

@test "structuredContent is the value; an image comes back as its content blocks" {
  run run-code --mcp-config mcp.json --code '
    const w = await everything["get-structured-content"]({location: "Chicago"});
    const img = await everything["get-tiny-image"]({});
    return [w, img.map(b => b.type), img[1].mimeType, img[1].data.slice(0, 8)]'
  assert_success
  assert_output '[{"temperature":36,"conditions":"Light rain / drizzle","humidity":82},["text","image","text"],"image/png","iVBORw0K"]'
}

@test "a single text block that is JSON is parsed; memory's graph round-trips" {
  run run-code --mcp-config mcp.json --code '
    await memory.create_entities({entities: [{name: "Oslo", entityType: "city", observations: ["cold"]}]});
    const g = await memory.read_graph({});
    return g.entities.map(e => [e.name, e.entityType, e.observations])'
  assert_success
  assert_output '[["Oslo","city",["cold"]]]'
}

@test "memory's state is there in a second run of the chat" {
  run run-code --mcp-config mcp.json --code 'await memory.create_entities({entities: [{name: "Bergen", entityType: "city", observations: []}]}); return "made"'
  assert_success
  run run-code --mcp-config mcp.json --code 'return (await memory.read_graph({})).entities.map(e => e.name)'
  assert_success
  assert_output '["Bergen"]'
}

@test "a long-running operation's progress is kept on the call's record" {
  run run-code --mcp-config mcp.json --json --code 'return everything["trigger-long-running-operation"]({duration: 0.3, steps: 3})'
  assert_success
  assert_output --partial '"value":"Long running operation completed. Duration: 0.3 seconds, Steps: 3."'
  run python3 -c '
import json, sys
r = json.loads(sys.argv[1])
c = r["calls"][0]
print(c["server"], c["tool"], json.dumps(c["arguments"]), [(n["progress"], n["total"]) for n in c["notifications"]])' "$output"
  assert_output 'everything trigger-long-running-operation {"duration": 0.3, "steps": 3} [(1, 3), (2, 3), (3, 3)]'
}

@test "a protocol error rejects with the server's text, and the run goes on" {
  run run-code --mcp-config mcp.json --code '
    let m;
    try { await everything["get-sum"]({a: "x", b: 1}) } catch (e) { m = e.message }
    return [m.includes("Invalid arguments for tool get-sum"), await everything.echo({message: "after"})]'
  assert_success
  assert_output '[true,"Echo: after"]'
}

@test "an unknown tool rejects naming the server and the tool, and is recorded" {
  run run-code --mcp-config mcp.json --json --code 'return everything.no_such_tool({}).catch(e => String(e))'
  assert_success
  assert_output --partial "\"value\":\"Error: mcp server 'everything' has no tool 'no_such_tool'\""
  assert_output --partial '"server":"everything","tool":"no_such_tool"'
}

@test "\$tools lists the servers with each tool's description and input schema" {
  run run-code --mcp-config mcp.json --code '
    const e = $tools.everything;
    return [e === everything, e.echo.description, e.echo.inputSchema.properties.message.type,
            JSON.parse(JSON.stringify(e)).tools.find(t => t.name === "get-structured-content").outputSchema.type,
            typeof everything.then]'
  assert_success
  assert_output '[true,"Echoes back the input string","string","object","undefined"]'
}

@test "calls run in parallel, up to the concurrency cap" {
  run run-code --mcp-config mcp.json --json --code '
    const t0 = Date.now();
    await Promise.all([1, 2, 3, 4].map(() => everything["trigger-long-running-operation"]({duration: 1, steps: 1})));
    return Date.now() - t0'
  assert_success
  ms=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["value"])' "$output")
  # Four one-second calls at once take about one second, not four.
  ((ms < 3000))
  run run-code --mcp-config mcp.json --max-concurrent-calls 1 --json --code '
    const t0 = Date.now();
    await Promise.all([1, 2, 3].map(() => everything["trigger-long-running-operation"]({duration: 0.5, steps: 1})));
    return Date.now() - t0'
  assert_success
  ms=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["value"])' "$output")
  ((ms >= 1500))
}

@test "roots/list answers the workspace: server-filesystem works in it" {
  echo "notes from the workspace" > work/notes.txt
  cat > fs.json <<JSON
{"mcpServers": {"files": {"command": "node", "args": ["$NPM/server-filesystem/dist/index.js"]}}}
JSON
  # The server asks roots/list after initialize, on its own time: the first call may come
  # before it has the answer, so the program waits for it (at most 5 s).
  run run-code --mcp-config fs.json --workspace work --code '
    let dirs = await files.list_allowed_directories({});
    for (let i = 0; i < 250 && !JSON.stringify(dirs).includes("'"$PWD"'/work"); i++) {
      await new Promise(r => setTimeout(r, 20));
      dirs = await files.list_allowed_directories({});
    }
    const text = await files.read_text_file({path: "'"$PWD"'/work/notes.txt"});
    return [dirs.content, text.content]'
  assert_success
  assert_output "[\"Allowed directories:\\n$PWD/work\",\"notes from the workspace\\n\"]"
}

@test "a server that cannot start, dies or answers garbage rejects naming it; the run goes on" {
  cat > broken.json <<JSON
{"mcpServers": {
  "nostart": {"command": "$BROKEN", "args": ["exit"]},
  "garbage": {"command": "$BROKEN", "args": ["garbage"]},
  "dies": {"command": "$BROKEN", "args": ["die"]}
}}
JSON
  run run-code --mcp-config broken.json --code '
    const out = [];
    for (const f of [() => nostart.wait({}), () => garbage.wait({}), () => dies.wait({})])
      out.push(await f().then(v => v, e => e.message));
    out.push("still running");
    return out.join("\n")'
  assert_success
  assert_line --index 0 "mcp server 'nostart' could not start: exited with status 7: broken-server: cannot open its database"
  assert_line --index 1 "mcp server 'garbage' sent malformed JSON-RPC (parse error: unexpected 't' at byte 0): this is not json"
  assert_line --index 2 "mcp server 'dies' exited with status 9: broken-server: segmentation fault (pretend)"
  assert_line --index 3 "still running"
  # The run's record keeps each server's fate.
  id=$(run-code --history --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["runs"][0]["runId"])')
  run python3 -c '
import json, sys
r = json.loads(sys.argv[1])
for s in r["mcpServers"]:
    print(s["name"], s["binding"], s["transport"], s["ok"], s.get("error", "-"))' "$(run-code --show "$id" --json)"
  assert_line --index 0 "nostart nostart stdio False mcp server 'nostart' could not start: exited with status 7: broken-server: cannot open its database"
  assert_line --index 1 "garbage garbage stdio True -"
  assert_line --index 2 "dies dies stdio True -"
}

@test "a run that times out sends the call's cancel notification" {
  cat > hang.json <<JSON
{"mcpServers": {"hang": {"command": "$BROKEN", "args": ["hang", "$PWD/seen.jsonl"]}}}
JSON
  run -124 run-code --mcp-config hang.json --timeout-ms 8000 --json --code 'await hang.wait({x: 1})'
  assert_output --partial '"kind":"timeout"'
  assert_output --partial '"server":"hang","tool":"wait","arguments":{"x":1},"ok":false,"status":"cancelled"'
  run python3 -c '
import json, sys
msgs = [json.loads(l) for l in open(sys.argv[1])]
call = [m for m in msgs if m.get("method") == "tools/call"][0]
cancel = [m for m in msgs if m.get("method") == "notifications/cancelled"][0]
print(cancel["params"]["requestId"] == call["id"])' seen.jsonl
  assert_output True
}

@test "approval always asks the approver per server or per tool" {
  cat > guarded.json <<JSON
{"mcpServers": {"everything": {"command": "node", "args": ["$NPM/server-everything/dist/index.js"]}},
 "oda": {"approval": {"everything": "always", "everything.echo": "never"}}}
JSON
  run run-code --mcp-config guarded.json --approver "cat >> $PWD/asked.jsonl; exit 1" --code '
    const a = await everything.echo({message: "free"});
    const b = await everything["get-sum"]({a: 1, b: 2}).catch(e => e.message);
    return [a, b]'
  assert_success
  assert_output "[\"Echo: free\",\"call to 'everything.get-sum' denied by the approver\"]"
  run cat asked.jsonl
  assert_output '{"tool":"everything.get-sum","arguments":{"a":1,"b":2}}'
}

@test "names are bound by the rules: brave-search is brave_search; collisions and reserved names are refused" {
  cat > names.json <<JSON
{"mcpServers": {"brave-search": {"command": "$BROKEN", "args": ["hang", "$PWD/x"]}}}
JSON
  run run-code --mcp-config names.json --code 'return [typeof brave_search, Object.keys(brave_search)]'
  assert_success
  assert_output '["object",["wait"]]'
  cat > clash.json <<JSON
{"mcpServers": {"brave_search": {"command": "$BROKEN", "args": ["exit"]}}}
JSON
  run -2 run-code --mcp-config names.json --mcp-config clash.json --code 'return 1'
  assert_output "run-code: error: mcp config 'clash.json': server 'brave_search' collides with server 'brave-search' in 'names.json'"
  echo '{"mcpServers": {"class": {"command": "true"}}}' > reserved.json
  run -2 run-code --mcp-config reserved.json --code 'return 1'
  assert_output "run-code: error: mcp config 'reserved.json': server 'class' is reserved by the language"
  echo '{"mcpServers": {"my db": {"command": "true"}, "my--db": {"command": "true"}}}' > twice.json
  run -2 run-code --mcp-config twice.json --code 'return 1'
  assert_output "run-code: error: mcp config 'twice.json': server 'my--db' (bound as 'my_db') collides with server 'my db' in 'twice.json'"
  echo '{"mcpServers": {"fetch": {"command": "true"}}}' > kept.json
  run -2 run-code --mcp-config kept.json --code 'return 1'
  assert_output "run-code: error: mcp config 'kept.json': server 'fetch' is kept by the run's environment"
  echo '{"tools": [{"name": "say", "command": ["true"]}]}' > cat.json
  echo '{"mcpServers": {"say": {"command": "true"}}}' > say.json
  run -2 run-code --tools cat.json --mcp-config say.json --code 'return 1'
  assert_output "run-code: error: mcp config 'say.json': server 'say' collides with the catalog tool 'say'"
}

@test "bad configs are refused before the run with the file and the reason" {
  echo '{"servers": {}}' > a.json
  run -2 run-code --mcp-config a.json --code 'return 1'
  assert_output "run-code: error: mcp config 'a.json': expected an object with an \"mcpServers\" object"
  echo '{"mcpServers": {"x": {"command": "no-such-program-here"}}}' > b.json
  run -2 run-code --mcp-config b.json --code 'return 1'
  assert_output "run-code: error: mcp config 'b.json': server 'x': command 'no-such-program-here' not found on PATH"
  echo '{"mcpServers": {"x": {"type": "sse", "url": "http://localhost/sse"}}}' > c.json
  run -2 run-code --mcp-config c.json --code 'return 1'
  assert_output "run-code: error: mcp config 'c.json': server 'x': the SSE transport (deprecated in MCP) is not supported: use \"type\": \"http\""
  echo '{"mcpServers": {"x": {"command": "true", "env": {"KEY": "${NO_SUCH_KEY_SET}"}}}}' > d.json
  run -2 run-code --mcp-config d.json --code 'return 1'
  assert_output "run-code: error: mcp config 'd.json': server 'x': \${NO_SUCH_KEY_SET} is not set"
}

@test "ODA_MCP_CONFIG lists configs; a server's env and \${VAR} expansion reach it" {
  cat > env.json <<JSON
{"mcpServers": {"everything": {"command": "node", "args": ["$NPM/server-everything/dist/index.js"],
                               "env": {"GREETING": "\${ODA_TEST_GREETING:-none}", "SECOND": "\${ODA_TEST_SECOND}"}}}}
JSON
  ODA_MCP_CONFIG="env.json:missing.json" run -2 run-code --code 'return 1'
  assert_output --partial "run-code: error: mcp config 'env.json': server 'everything': \${ODA_TEST_SECOND} is not set"
  ODA_TEST_SECOND=two ODA_MCP_CONFIG="env.json:missing.json" run -2 run-code --code 'return 1'
  assert_output --partial "run-code: error: mcp config 'missing.json': cannot read it"
  ODA_TEST_SECOND=two SECRET_OF_CALLER=leak ODA_MCP_CONFIG="env.json" run run-code --code '
    const env = await everything["get-env"]({});
    return [env.GREETING, env.SECOND, env.SECRET_OF_CALLER === undefined]'
  assert_success
  assert_output '["none","two",true]'
}

@test "a streamable-HTTP server is called the same way, roots included" {
  port=$((20000 + RANDOM % 20000))
  PORT=$port node "$NPM/server-everything/dist/index.js" streamableHttp >http.log 2>&1 &
  server=$!
  poll_until grep -q listening http.log
  cat > http.json <<JSON
{"mcpServers": {"remote": {"type": "http", "url": "http://127.0.0.1:$port/mcp", "headers": {"X-Test": "1"}}}}
JSON
  run run-code --mcp-config http.json --workspace work --code '
    const e = await remote.echo({message: "over http"});
    const r = await remote["get-roots-list"]({});
    return [e, r.includes("file://'"$PWD"'/work")]'
  kill "$server"
  assert_success
  assert_output '["Echo: over http",true]'
}

@test "a streamable-HTTP server answering with JSON-RPC batches is understood" {
  # A server of our own, answering every request with a batch (an array): a log notification
  # and then the response, as JSON (not an event stream).
  cat > batch-server.py <<'PY'
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self): self.send_response(405); self.end_headers()
    def do_DELETE(self): self.send_response(200); self.end_headers()
    def do_POST(self):
        m = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if "id" not in m:
            self.send_response(202); self.end_headers(); return
        if m["method"] == "initialize":
            r = {"protocolVersion": m["params"]["protocolVersion"], "capabilities": {"tools": {}}, "serverInfo": {"name": "batcher", "version": "1"}}
        elif m["method"] == "tools/list":
            r = {"tools": [{"name": "twice", "inputSchema": {"type": "object", "properties": {"n": {"type": "number"}}}}]}
        else:
            r = {"content": [{"type": "text", "text": json.dumps(2 * m["params"]["arguments"]["n"])}]}
        body = json.dumps([{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "batched " + m["method"]}},
                           {"jsonrpc": "2.0", "id": m["id"], "result": r}]).encode()
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
s = HTTPServer(("127.0.0.1", 0), H)
print(s.server_address[1], flush=True)
s.serve_forever()
PY
  python3 batch-server.py >port.txt 2>batch.log &
  server=$!
  poll_until test -s port.txt
  echo '{"mcpServers": {"batcher": {"type": "http", "url": "http://127.0.0.1:'"$(cat port.txt)"'/mcp"}}}' > batch.json
  run run-code --mcp-config batch.json --code 'return [await batcher.twice({n: 21}), await batcher.twice({n: 5})]'
  kill "$server"
  assert_success
  assert_output '[42,10]'
  # The notifications that came in the batches are on the run's record.
  id=$(run-code --history --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["runs"][0]["runId"])')
  run python3 -c 'import json,sys; s = json.loads(sys.argv[1])["mcpServers"][0]; print(s["ok"], sum("batched tools/call" in json.dumps(e) for e in s["log"]))' "$(run-code --show "$id" --json)"
  assert_output 'True 2'
}

@test "--list-tools declares every callable tool; --schema puts the same into run_code's description" {
  echo '{"tools": [{"name": "say", "description": "says hi", "command": ["echo", "hi"],
    "input_schema": {"type": "object", "properties": {"to": {"type": "string"}}, "required": ["to"]}}]}' > cat.json
  run run-code --tools cat.json --mcp-config mcp.json --list-tools
  assert_success
  assert_line --index 0 'Tools the program can call (each returns a Promise):'
  assert_line 'declare function say(args: { to: string }): Promise<unknown>;'
  assert_line "/** MCP server 'everything' */"
  assert_line 'declare const everything: {'
  assert_line '  echo(args: { message: string }): Promise<unknown>;'
  assert_line '  "get-sum"(args: { a: number; b: number }): Promise<unknown>;'
  assert_line '  "get-structured-content"(args: { location: "New York" | "Chicago" | "Los Angeles" }): Promise<{ temperature: number; conditions: string; humidity: number }>;'
  assert_line '  delete_entities(args: { entityNames: string[] }): Promise<{ success: boolean; message: string }>;'
  listing="$output"
  run run-code --tools cat.json --mcp-config mcp.json --schema
  assert_success
  run python3 -c 'import json,sys; d = json.loads(sys.argv[1]); print(d["name"]); print(d["description"].split("\n\n", 1)[1] == sys.argv[2] + "\n")' "$output" "$listing"
  assert_output "$(printf 'run_code\nTrue')"
  run run-code --schema
  assert_success
  refute_output --partial 'Tools the program can call'
}

@test "oda-mcp --mcp-config hands the servers to every run_code it serves" {
  run node "$ODA_ROOT/tests/mcp/client.mjs" call run_code \
    '{"code": "return everything.echo({message: \"via oda-mcp\"})", "description": "echo through a server"}' \
    -- --mcp-config "$PWD/mcp.json"
  assert_success
  assert_line 'isError=false text="Echo: via oda-mcp"'
  assert_line --partial '"calls":[{"id":1,"server":"everything","tool":"echo","arguments":{"message":"via oda-mcp"},"ok":true'
}

# Warm servers (issue 15): a chat's stdio servers are parked with termd at the run's end and
# taken back by its next run with the same config. The record says which (warm), whether
# termd kept it (kept) and the server's process (pid).
warm_config() {
  cat > warm.json <<JSON
{"mcpServers": {"everything": {"command": "node", "args": ["$NPM/server-everything/dist/index.js"$1]$2}}}
JSON
}
# Each server of the last run: name warm kept pid startMs.
last_servers() {
  local id
  id=$(run-code --history --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["runs"][0]["runId"])')
  run-code --show "$id" --json | python3 -c '
import json, sys
for s in json.load(sys.stdin)["mcpServers"]:
    print(s["name"], s.get("warm"), s.get("kept"), s.get("pid", 0), s["startMs"])'
}
# toggle-simulated-logging keeps its state in the server's memory: "Started" the first time
# a process is called, "Stopped" the next.
TOGGLE='return (await everything["toggle-simulated-logging"]({})).split(" ")[0]'
gone() { ! kill -0 "$1" 2>/dev/null || [[ $(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) == Z ]]; }

@test "a chat's second run takes its server warm: the same process, its state in memory" {
  warm_config
  run run-code --mcp-config warm.json --code "$TOGGLE"
  assert_output "Started"
  run last_servers
  read -r name warm kept pid ms <<<"$output"
  [[ "$name $warm $kept" == "everything False True" ]] && (( pid > 0 )) || fail "first run: $output"
  kill -0 "$pid"
  run run-code --mcp-config warm.json --code "$TOGGLE"
  assert_output "Stopped"
  run last_servers
  read -r name warm kept pid2 ms <<<"$output"
  [[ "$name $warm $kept $pid2" == "everything True True $pid" ]] || fail "second run: $output (pid $pid)"
  (( ms < 50 )) || fail "a warm start took $ms ms"
  # server-memory reads its file on every call (no state of its own to show), but its
  # process is the one the first run started too.
  run run-code --mcp-config mcp.json --code 'await memory.read_graph({}); return 1'
  run run-code --mcp-config mcp.json --code 'return (await memory.read_graph({})).entities.length'
  run last_servers
  assert_line --regexp '^memory True True [0-9]+ '
}

@test "another chat gets a fresh server; without a chat it is ended with the run" {
  warm_config
  run run-code --mcp-config warm.json --code "$TOGGLE"
  run last_servers
  read -r _ _ _ pid _ <<<"$output"
  run env ODA_CHAT=other-chat run-code --mcp-config warm.json --code "$TOGGLE"
  assert_output "Started"
  run last_servers
  read -r _ warm kept pid2 _ <<<"$output"
  [[ "$warm $kept" == "False True" && "$pid2" != "$pid" ]] || fail "other chat: $output (pid $pid)"
  run env -u ODA_CHAT run-code --mcp-config warm.json --code "$TOGGLE"
  assert_output "Started"
  run last_servers
  read -r _ warm kept pid3 _ <<<"$output"
  [[ "$warm $kept" == "False False" ]] && (( pid3 > 0 )) || fail "no chat: $output"
  gone "$pid3" || fail "the server of a run without a chat still runs"
}

@test "a parked server ends after the idle time (ODA_MCP_IDLE_MS), and with termd" {
  warm_config
  ODA_MCP_IDLE_MS=4000 run run-code --mcp-config warm.json --code "$TOGGLE"
  run last_servers
  read -r _ _ kept pid _ <<<"$output"
  [[ $kept == True ]] && (( pid > 0 )) && kill -0 "$pid" || fail "not parked: $output"
  for _ in $(seq 200); do gone "$pid" && break; sleep 0.05; done
  gone "$pid" || fail "the server outlived its idle time"
  # termd (started with that idle time) still holds the next one until it is stopped.
  stop_termd
  run run-code --mcp-config warm.json --code "$TOGGLE"
  run last_servers
  read -r _ _ kept pid _ <<<"$output"
  (( pid > 0 )) || fail "no pid: $output"
  sleep 0.5
  kill -0 "$pid" || fail "the parked server ended before its idle time"
  stop_termd
  for _ in $(seq 100); do gone "$pid" && break; sleep 0.05; done
  gone "$pid" || fail "the server outlived termd"
}

@test "a parked server that dies is not handed out: the next run starts a fresh one" {
  warm_config
  run run-code --mcp-config warm.json --code "$TOGGLE"
  run last_servers
  read -r _ _ _ pid _ <<<"$output"
  (( pid > 0 )) || fail "no pid on the record: $output"
  kill -KILL "$pid"
  for _ in $(seq 100); do gone "$pid" && break; sleep 0.02; done
  run run-code --mcp-config warm.json --code "$TOGGLE"
  assert_success
  assert_output "Started"
  run last_servers
  read -r _ warm _ pid2 _ <<<"$output"
  [[ $warm == False && $pid2 != "$pid" ]] || fail "after the kill: $output (pid $pid)"
}

@test "a config whose args or env differ gets a fresh server" {
  warm_config
  run run-code --mcp-config warm.json --code "$TOGGLE"
  warm_config ', "stdio"'
  run run-code --mcp-config warm.json --code "$TOGGLE"
  assert_output "Started"
  run last_servers
  assert_line --regexp '^everything False True '
  warm_config ', "stdio"' ', "env": {"X": "1"}'
  run run-code --mcp-config warm.json --code "$TOGGLE"
  assert_output "Started"
  run last_servers
  assert_line --regexp '^everything False True '
  # The same again is warm.
  run run-code --mcp-config warm.json --code "$TOGGLE"
  assert_output "Stopped"
}

@test "termd refuses bad mcp-park and mcp-take requests by name and keeps serving" {
  term-open
  pid=$(cat "$ODA_RUNTIME_DIR/termd.pid")
  run raw_client <<EOF2
{"tool":"mcp-park","chat":"$ODA_CHAT"}
{"tool":"mcp-park","chat":"$ODA_CHAT","args":{"key":""}}
{"tool":"mcp-park","chat":"$ODA_CHAT","args":{"key":"k","state":[]}}
{"tool":"mcp-park","chat":"$ODA_CHAT","args":{"key":"k","state":{"tools":[],"protocolVersion":"v","nextId":0.5}}}
{"tool":"mcp-park","chat":"$ODA_CHAT","args":{"key":"k","state":{"tools":[],"protocolVersion":"v","nextId":1}}}
{"tool":"mcp-take","chat":"$ODA_CHAT","args":{"key":7}}
{"tool":"mcp-take","chat":"$ODA_CHAT","args":{"key":"none-parked"}}
{"tool":"mcp-take","args":{"key":"k"}}
EOF2
  assert_success
  assert_output "mcp request: 'args' must be an object
mcp-park: 'key' must be a string of 1 to 256 characters
mcp-park: 'state' must be an object
mcp-park: 'state' needs 'tools' (an array), 'protocolVersion' (a string) and 'nextId' (a whole number from 1)
mcp-park: expected 4 fds (stdin, stdout, stderr, pidfd), got 0
mcp-take: 'key' must be a non-empty string
ok
refused: no chat: pass --chat ID or set ODA_CHAT"
  # Fds that are not a server's pipes and pidfd are refused, and closed.
  run python3 -c '
import json, os, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rb")
s.sendall(b"{\"hello\":\"termd\",\"version\":1}\n")
f.readline()
state = {"tools": [], "protocolVersion": "v", "nextId": 1}
line = json.dumps({"tool": "mcp-park", "chat": sys.argv[2], "args": {"key": "k", "state": state}}) + "\n"
null = os.open("/dev/null", os.O_RDWR)
socket.send_fds(s, [line.encode()], [null] * 4)
print(json.loads(f.readline())["error"])
r, w = os.pipe()
socket.send_fds(s, [line.encode()], [w, r, r, null])
print(json.loads(f.readline())["error"])' "$ODA_RUNTIME_DIR/termd.sock" "$ODA_CHAT"
  assert_output "mcp-park: the fds must be the server's stdin (a pipe's write end), stdout and stderr (read ends)
mcp-park: the fourth fd is no pidfd of a live process"
  kill -0 "$pid"
  run term-list
  assert_success
}
