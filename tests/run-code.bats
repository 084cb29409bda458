#!/usr/bin/env bats
# run-code: the request, the run, its limits and its result (SPEC 4.1-4.4, 4.6).
load helpers

# The worker of the run-code started last (its only child).
worker_of() {
  local pid=$1 w
  for _ in $(seq 50); do
    w=$(pgrep -P "$pid" | head -1)
    [[ -n "$w" ]] && { echo "$w"; return 0; }
    sleep 0.1
  done
  return 1
}

# ---- the five refusals, word for word, before anything runs ----

@test "an empty description is refused" {
  run --separate-stderr run-code --description '' --code 'return 1'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: invalid description: expected a non-empty string" ]
  [ -z "$output" ]
}

@test "a request without a description is refused" {
  run --separate-stderr run-code --request - <<< '{"code": "return 1"}'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: invalid description: expected a non-empty string" ]
}

@test "a description that is not a string is refused" {
  run --separate-stderr run-code --request - <<< '{"code": "return 1", "description": 5}'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: invalid description: expected a non-empty string" ]
}

@test "a zero, negative or non-numeric timeoutMs is refused" {
  for t in 0 -5 abc; do
    run --separate-stderr run-code --timeout-ms "$t" --code 'return 1'
    [ "$status" -eq 2 ]
    [ "$stderr" = "run-code: error: invalid timeoutMs: expected a positive finite number" ]
  done
  run --separate-stderr run-code --request - <<< '{"code": "return 1", "description": "d", "timeoutMs": "10"}'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: invalid timeoutMs: expected a positive finite number" ]
}

@test "sandbox_permissions without a justification is refused" {
  run --separate-stderr run-code --sandbox-permissions danger-full-access --code 'return 1'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: invalid escalation: sandbox_permissions requires a justification" ]
}

@test "a justification without sandbox_permissions is refused" {
  run --separate-stderr run-code --justification 'Needs to write outside.' --code 'return 1'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: invalid escalation: justification is only valid together with sandbox_permissions" ]
}

@test "an empty justification is refused" {
  run --separate-stderr run-code --sandbox-permissions danger-full-access --justification '  ' --code 'return 1'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: invalid justification: expected a non-empty sentence" ]
}

@test "a refused request runs nothing and records nothing" {
  run run-code --description '' --code 'console.log("ran")'
  [ "$status" -eq 2 ]
  [[ "$output" != *ran* ]]
  [ ! -d "$ODA_STATE_DIR/runs" ]
}

@test "no program at all is a usage error" {
  run --separate-stderr run-code --description 'do nothing'
  [ "$status" -eq 2 ]
  [ "$stderr" = "run-code: error: no program: pass --code TEXT, a FILE or - for standard input" ]
}

# ---- results ----

@test "hello: printed lines then the returned value" {
  run --separate-stderr run-code --description 'say hello' --code 'console.log("hello", "world"); return {n: 1, s: "x"}'
  [ "$status" -eq 0 ]
  [ "$output" = $'hello world\n{"n":1,"s":"x"}' ]
  [ -z "$stderr" ]
}

@test "a returned string prints as it is" {
  run run-code --code 'return "two\nlines"'
  [ "$status" -eq 0 ]
  [ "$output" = $'two\nlines' ]
}

@test "nothing printed and nothing returned" {
  run run-code --code 'var x = 1'
  [ "$status" -eq 0 ]
  [ "$output" = "(run_code completed with no output)" ]
}

@test "the five console levels: warn, error and debug are prefixed" {
  run run-code --code 'console.log("l"); console.info("i"); console.warn("w"); console.error("e"); console.debug("d")'
  [ "$status" -eq 0 ]
  [ "$output" = $'l\ni\n[warn] w\n[error] e\n[debug] d' ]
}

@test "console renders errors, data, cycles and other values" {
  run run-code --code 'var c = {a: [1, "x", null]}; c.self = c; console.log("s", new TypeError("bad"), c, 1.5, undefined, true, null)'
  [ "$status" -eq 0 ]
  [ "$output" = 's TypeError: bad {"a":[1,"x",null],"self":"[Circular]"} 1.5 undefined true null' ]
}

@test "console shows what is not data as String(value), alone and as a JSON string inside data (SPEC 4.2)" {
  run run-code --code 'class P { constructor() { this.x = 1; } }
console.log(new Map([[1, 2]]), /a/g, new Set([1]), new P(), new Int8Array([1, 2]), Promise.resolve(1));
console.log([new Map()], {r: /x/, e: new RangeError("r"), p: new P(), f: function () {}, u: undefined}, [undefined, Symbol("s"), NaN]);
console.log({d: new Date(0)}, Object.create(null), {toJSON: function () { return 5; }});
console.log(new Date(0)); return JSON.stringify({d: String(new Date(0))})'
  assert_success
  [ "${lines[0]}" = '[object Map] /a/g [object Set] [object Object] 1,2 [object Promise]' ]
  [ "${lines[1]}" = '["[object Map]"] {"r":"/x/","e":"RangeError: r","p":"[object Object]"} [null,null,null]' ]
  [ "${lines[2]}" = "${lines[4]} {} {}" ]
  [ "\"${lines[3]}\"" = "$(sed 's/^{"d":\(.*\)}$/\1/' <<<"${lines[4]}")" ]
}

@test "a thrown TypeError fails the run at its own line, keeping the output before it" {
  run run-code --code $'console.log("before");\nvar o = null;\no.x = 1;\nconsole.log("after")'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (exception): TypeError: Cannot set properties of null (setting 'x') (line 3)" ]
  [ "${lines[1]}" = "Captured output:" ]
  [ "${lines[2]}" = "before" ]
  [ "${#lines[@]}" -eq 3 ]
}

@test "a syntax error fails as an exception naming its line" {
  run run-code --code $'var a = 1;\nvar b = ;'
  [ "$status" -eq 1 ]
  [[ "$output" == "code run failed (exception): SyntaxError: "*"(line 2"* ]]
}

@test "an Error renders as Name: message" {
  run run-code --code 'var e = new Error("boom"); e.name = "QuotaError"; throw e'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): QuotaError: boom (line 1)" ]
}

@test "thrown data and strings read as themselves" {
  run run-code --code 'throw {code: 5}'
  [ "$output" = 'code run failed (exception): {"code":5}' ]
  run run-code --code 'throw "plain words"'
  [ "$output" = 'code run failed (exception): plain words' ]
}

@test "the program comes from a file or standard input" {
  echo 'return 6 * 7' > prog.js
  run run-code prog.js
  [ "$output" = "42" ]
  run run-code - <<< 'return "from stdin"'
  [ "$output" = "from stdin" ]
}

@test "--request from standard input with the seed's field names" {
  run run-code --request - <<< '{"code": "console.log(\"hi\"); return [1,2]", "description": "print and return a list", "timeoutMs": 5000}'
  [ "$status" -eq 0 ]
  [ "$output" = $'hi\n[1,2]' ]
}

@test "--json prints the whole outcome as one object" {
  run --separate-stderr run-code --json --code 'console.warn("careful"); return {a: 1}'
  [ "$status" -eq 0 ]
  [[ "$output" == '{"ok":true,"kind":null,"message":null,"output":[{"level":"warn","text":"careful"}],"value":{"a":1},"durationMs":'*',"runId":"'*'","calls":[]}' ]]
  run run-code --json --code 'throw new RangeError("r")'
  [ "$status" -eq 1 ]
  [[ "$output" == '{"ok":false,"kind":"exception","message":"RangeError: r (line 1)","output":[],"value":null,'* ]]
}

@test "--schema names the run_code tool and its seed fields" {
  run run-code --schema
  [ "$status" -eq 0 ]
  [[ "$output" == *'"name": "run_code"'* ]]
  for f in code description timeoutMs sandbox_permissions justification; do
    [[ "$output" == *"\"$f\""* ]]
  done
  # code and description are the seed's required items
  [[ "$(tr -d ' \n' <<<"$output")" == *'"required":["code","description"]'* ]]
}

# ---- the lossless value lines ----

@test "values that do not make the trip fail with the standard lines" {
  local c
  for c in 'return NaN' 'return {a: Infinity}' 'return {a: undefined}' 'return [function () {}]' \
           'var o = {}; o.o = o; return o' 'return 9007199254740993' 'return new Date(0)' 'return [-Infinity]'; do
    run run-code --code "$c"
    [ "$status" -eq 1 ] || { echo "$c"; return 1; }
    [ "$output" = "code run failed (invalid-output): program completion must be lossless JSON" ] || { echo "$c: $output"; return 1; }
  done
}

@test "a sparse array fails with its own line" {
  run run-code --code 'return [1, , 3]'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (invalid-output): cannot encode a sparse JSON array" ]
}

@test "a thrown function is an unrenderable value" {
  run run-code --code 'throw function () {}'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): program threw an unrenderable value" ]
}

@test "binding arguments must be lossless JSON" {
  export ODA_RUN_TEST_FAULTS=1
  run run-code --code 'return __oda_host("test.echo", {n: NaN})'
  [ "$output" = "code run failed (exception): TypeError: binding arguments must be lossless JSON" ]
  run run-code --code 'return __oda_host("test.echo", [1, , 2])'
  [ "$output" = "code run failed (exception): TypeError: cannot encode a sparse JSON array" ]
  run run-code --code 'return __oda_host("test.echo", {s: "é😀", n: [1.5, -2, null]})'
  [ "$status" -eq 0 ]
  [ "$output" = '{"s":"é😀","n":[1.5,-2,null]}' ]
}

@test "plain data, -0 and text past the BMP come back as written" {
  run run-code --code 'return {s: "é😀", n: [0.1, -0, 1.5e-7, 9007199254740991], t: true, z: null}'
  [ "$status" -eq 0 ]
  [ "$output" = '{"s":"é😀","n":[0.1,0,1.5e-7,9007199254740991],"t":true,"z":null}' ]
}

# ---- the environment ----

@test "process and require are absent and the caller's environment is invisible" {
  export ODA_SECRET_FOR_TEST=hunter2
  run run-code --code 'return [typeof process, typeof require, typeof Buffer, JSON.stringify(this).indexOf("hunter2")]'
  [ "$status" -eq 0 ]
  [ "$output" = '["undefined","undefined","undefined",-1]' ]
  # The worker process itself starts without the caller's variables.
  run-code --timeout-ms 5000 --code 'while (true) {}' >/dev/null &
  local pid=$! w
  w=$(worker_of "$pid")
  run bash -c "tr '\\0' '\\n' < /proc/$w/environ"
  kill -INT "$pid"; wait "$pid" || true
  [[ "$output" != *hunter2* ]]
  [[ "$output" != *ODA_STATE_DIR* ]]
}

# ---- the event loop ----

@test "promises, timers and microtasks run in order" {
  run run-code --code '
    var order = [];
    setTimeout(function () { order.push("timeout 20") }, 20);
    setTimeout(function () { order.push("timeout 0") }, 0);
    queueMicrotask(function () { order.push("microtask") });
    Promise.resolve().then(function () { order.push("then") });
    order.push("sync");
    return new Promise(function (resolve) { setTimeout(function () { resolve(order) }, 40) })'
  [ "$status" -eq 0 ]
  [ "$output" = '["sync","microtask","then","timeout 0","timeout 20"]' ]
}

@test "Promise combinators: all, allSettled, any, race, finally" {
  run run-code --code '
    function later(v, ms) { return new Promise(function (r) { setTimeout(r, ms, v) }) }
    return Promise.all([
      Promise.all([1, later(2, 5), Promise.resolve(3)]),
      Promise.allSettled([Promise.reject(new Error("no")), 4]).then(function (r) { return r.map(function (x) { return x.status }) }),
      Promise.any([Promise.reject(1), later("any", 5)]),
      Promise.race([later("slow", 30), later("fast", 1)]),
      Promise.reject(new Error("x")).finally(function () {}).catch(function (e) { return "finally kept " + e.message }),
      Promise.any([]).catch(function (e) { return e.name })
    ])'
  [ "$status" -eq 0 ]
  [ "$output" = '[[1,2,3],["rejected","fulfilled"],"any","fast","finally kept x","AggregateError"]' ]
}

@test "thenables are followed as the spec says" {
  run run-code --code 'return Promise.resolve({then: function (ok) { ok("from thenable") }})'
  [ "$output" = "from thenable" ]
}

@test "setInterval repeats until cleared" {
  run run-code --code 'var n = 0; var i = setInterval(function () { if (++n === 3) clearInterval(i) }, 2); return new Promise(function (r) { setTimeout(function () { r(n) }, 60) })'
  [ "$output" = "3" ]
}

@test "a never-settling promise fails at once" {
  run run-code --timeout-ms 60000 --code 'console.log("waiting"); return new Promise(function () {})'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (exception): program finished without a result (unresolved promise)" ]
  [ "${lines[2]}" = "waiting" ]
}

@test "a timer left pending when the body returns is dropped" {
  run run-code --code 'setTimeout(function () { console.log("late") }, 2000); return "done"'
  [ "$status" -eq 0 ]
  [ "$output" = "done" ]
}

@test "an uncaught throw in a timer fails the run" {
  run run-code --code 'setTimeout(function () { throw new RangeError("in timer") }, 1); return new Promise(function () {})'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): RangeError: in timer (line 1)" ]
}

@test "the async machinery: each async call is a coroutine resumed when its await settles" {
  run run-code --code '
    var get = __oda_async(function (x) { var a = __oda_await(new Promise(function (r) { setTimeout(r, 5, x) })); return a + __oda_await(1) });
    var safe = __oda_async(function () { try { __oda_await(Promise.reject(new TypeError("bad"))) } catch (e) { return "caught " + e.message } });
    return Promise.all([get(1), get(10), safe()])'
  [ "$status" -eq 0 ]
  [ "$output" = '[2,11,"caught bad"]' ]
}

# ---- limits ----

@test "a busy loop ends at a 1000 ms budget with its output" {
  run run-code --timeout-ms 1000 --code 'console.log("started"); while (true) {}'
  [ "$status" -eq 124 ]
  [ "${lines[0]}" = "code run failed (timeout): execution deadline reached (1000ms)" ]
  [ "${lines[1]}" = "Captured output:" ]
  [ "${lines[2]}" = "started" ]
}

@test "a busy loop inside try/catch still ends at the deadline" {
  run run-code --timeout-ms 1000 --code 'console.log("started"); while (true) { try { while (true) {} } catch (e) { console.log("caught") } finally { } }'
  [ "$status" -eq 124 ]
  [ "${lines[0]}" = "code run failed (timeout): execution deadline reached (1000ms)" ]
  [ "${lines[2]}" = "started" ]
  [ "${#lines[@]}" -eq 3 ]
}

@test "a budget above the ceiling is capped" {
  run run-code --json --timeout-ms 9999999 --code 'return 1'
  [ "$status" -eq 0 ]
  run cat "$ODA_STATE_DIR"/runs/runs.jsonl
  [[ "$output" == *'"budgetMs":600000'* ]]
}

@test "a memory bomb ends as a clean failed run at the heap ceiling" {
  run run-code --max-heap-mb 32 --code 'console.log("go"); var a = []; while (true) { try { a.push("x".repeat(100000) + a.length) } catch (e) {} }'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (exception): heap limit reached (32 MiB)" ]
  [ "${lines[2]}" = "go" ]
}

@test "a bomb of many small strings that differ only at the end reaches the default 512 MiB ceiling, not the deadline" {
  # Duktape's sampled string hash put all such strings on one chain (quadratic); this ran
  # into the 120 s deadline before the dense hash.
  run run-code --timeout-ms 60000 --code 'const a = []; while (true) a.push("x".repeat(1000) + a.length)'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (exception): heap limit reached (512 MiB)" ]
}

@test "an output flood stops at 64 MiB and keeps the fitting part" {
  local rc=0
  run-code --code 'var s = "x".repeat(1 << 20); while (true) console.log(s)' > out.txt || rc=$?
  [ "$rc" -eq 1 ]
  [ "$(head -1 out.txt)" = "code run failed (output-limit): output limit reached (67108864 bytes)" ]
  [ "$(sed -n 2p out.txt)" = "Captured output:" ]
  local size
  size=$(wc -c < out.txt)
  [ "$size" -le $((67108864 + 200)) ]
  [ "$size" -ge $((67108864 - (1 << 20))) ]
}

@test "a returned value counts against the output cap" {
  run run-code --code 'var s = "y".repeat(1 << 20); for (var i = 0; i < 40; i++) console.log(s); return "z".repeat(30 << 20)'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (output-limit): output limit reached (67108864 bytes)" ]
}

@test "SIGINT to run-code mid-run aborts with the output so far" {
  run-code --code 'console.log("working"); while (true) {}' > out.txt &
  local pid=$!
  worker_of "$pid" >/dev/null
  sleep 0.3
  kill -INT "$pid"
  local rc=0
  wait "$pid" || rc=$?
  [ "$rc" -eq 130 ]
  [ "$(head -1 out.txt)" = "code run failed (abort): run stopped by SIGINT" ]
  [ "$(sed -n 3p out.txt)" = "working" ]
}

@test "SIGTERM aborts too" {
  run-code --code 'while (true) {}' > out.txt &
  local pid=$!
  worker_of "$pid" >/dev/null
  kill -TERM "$pid"
  local rc=0
  wait "$pid" || rc=$?
  [ "$rc" -eq 130 ]
  [ "$(head -1 out.txt)" = "code run failed (abort): run stopped by SIGTERM" ]
}

@test "a worker that dies is a worker-exit; the supervisor answers" {
  run-code --code 'console.log("alive"); while (true) {}' > out.txt &
  local pid=$! w
  w=$(worker_of "$pid")
  sleep 0.2
  kill -KILL "$w"
  local rc=0
  wait "$pid" || rc=$?
  [ "$rc" -eq 1 ]
  [ "$(head -1 out.txt)" = "code run failed (worker-exit): worker killed by SIGKILL" ]
  [ "$(sed -n 3p out.txt)" = "alive" ]
  export ODA_RUN_TEST_FAULTS=1
  run run-code --code 'console.log("x"); __oda_test_fault("exit")'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (worker-exit): worker exited with status 7" ]
}

@test "a worker speaking nonsense is a protocol failure" {
  export ODA_RUN_TEST_FAULTS=1
  run run-code --code 'console.log("x"); __oda_test_fault("garbage"); while (true) {}'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (protocol): malformed frame from the worker" ]
  [ "${lines[2]}" = "x" ]
}

@test "a compiled program from the worker is taken once, before any other frame; else a protocol failure" {
  export ODA_RUN_TEST_FAULTS=1
  # After an output line (a small program: the worker sends no bytecode of its own).
  run run-code --code 'console.log("x"); __oda_test_fault("compiled"); while (true) {}'
  assert_failure 1
  assert_output $'code run failed (protocol): compiled program out of turn from the worker\nCaptured output:\nx'
  # A second one, after the worker's own (a program big enough for the program cache): the
  # cache keeps the real bytecode, which the next run of the same code runs.
  { printf '/*%40000s*/\n' ''; echo "if (typeof __oda_test_fault === 'function') __oda_test_fault('compiled'); return 'real'"; } > big.js
  run run-code big.js
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (protocol): compiled program out of turn from the worker" ]
  unset ODA_RUN_TEST_FAULTS
  run run-code big.js
  assert_success
  assert_output 'real'
  [ "$(ls "$ODA_STATE_DIR/lower-cache" | wc -l)" -eq 1 ]
}

# ---- records ----

@test "every run is recorded, listed by --history and printed by --show" {
  run-code --description 'first run' --code 'console.log("one"); return 1' >/dev/null
  run-code --description 'second run' --code 'throw new Error("two")' >/dev/null || true
  run run-code --history
  [ "$status" -eq 0 ]
  [ "${#lines[@]}" -eq 2 ]
  [[ "${lines[0]}" == *"  exception  "*"ms  second run" ]]
  [[ "${lines[1]}" == *"  ok  "*"ms  first run" ]]
  run run-code --history 1
  [ "${#lines[@]}" -eq 1 ]
  local id
  id=$(run-code --history 1 --json | sed 's/.*"runId":"\([^"]*\)".*/\1/')
  run run-code --show "$id"
  [ "$status" -eq 0 ]
  [[ "$output" == *"description: second run"* ]]
  [[ "$output" == *'throw new Error("two")'* ]]
  [[ "$output" == *"code run failed (exception): Error: two (line 1)"* ]]
  run run-code --show "$id" --json
  [[ "$output" == *'"code":"throw new Error(\"two\")"'* ]]
  [[ "$output" == *'"description":"second run"'* ]]
}

@test "--show of an unknown run fails" {
  run --separate-stderr run-code --show 20200101-000000-000-abcd
  [ "$status" -eq 1 ]
  [ "$stderr" = "run-code: error: no run '20200101-000000-000-abcd'" ]
}

@test "--history with nothing recorded" {
  run run-code --history
  [ "$status" -eq 0 ]
  [ "$output" = "(no runs recorded)" ]
}

@test "a million lines is the line cap: the run ends as output-limit" {
  local rc=0
  run-code --code 'while (true) console.log("")' > out.txt || rc=$?
  [ "$rc" -eq 1 ]
  [ "$(head -1 out.txt)" = "code run failed (output-limit): output limit reached (1048576 lines)" ]
  [ "$(wc -l < out.txt)" -eq $((1048576 + 2)) ]
}

@test "host replies and printed lines in both directions at once do not deadlock" {
  export ODA_RUN_TEST_FAULTS=1
  run run-code --timeout-ms 60000 --code '
    var ps = [];
    for (var i = 0; i < 20000; i++) {
      ps.push(__oda_host("test.echo", {i: i, pad: "x".repeat(200)}));
      console.log("line " + i + " ".repeat(200));
    }
    return Promise.all(ps).then(function (r) { return "replies: " + r.length })'
  [ "$status" -eq 0 ]
  [ "${lines[-1]}" = "replies: 20000" ]
}

@test "a worker guard that cannot apply its limits stops the run before the program" {
  export ODA_RUN_TEST_FAULTS=1 ODA_RUN_TEST_UNAVAILABLE='the kernel has no Landlock'
  run run-code --code 'console.log("ran")'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (sandbox-unavailable): the kernel has no Landlock" ]
}

@test "thousands of timers: each fires once, in order within a delay, cleared ones never" {
  run run-code --code '
    var fired = [], last = {};
    var ok = true, ids = [];
    for (var i = 0; i < 5000; i++) {
      (function (i) {
        ids.push(setTimeout(function () {
          var d = i % 5;
          if (last[d] !== undefined && last[d] > i) ok = false;
          last[d] = i;
          fired.push(i);
        }, i % 5));
      })(i);
    }
    for (var j = 0; j < 5000; j += 2) clearTimeout(ids[j]);
    return new Promise(function (r) { setTimeout(function () { r([fired.length, ok, fired.every(function (i) { return i % 2 === 1 })]) }, 50) })'
  [ "$status" -eq 0 ]
  [ "$output" = "[2500,true,true]" ]
}

@test "a worker stuck in native code is killed at the deadline and reported as a timeout" {
  export ODA_RUN_TEST_FAULTS=1
  run run-code --timeout-ms 500 --code 'console.log("stuck"); __oda_test_fault("hang")'
  [ "$status" -eq 124 ]
  [ "${lines[0]}" = "code run failed (timeout): execution deadline reached (500ms)" ]
  [ "${lines[2]}" = "stuck" ]
}

@test "an integer past 2^53 written with an exponent is refused before the run, as its digits are" {
  run --separate-stderr run-code --args '{"n":8e18}' --code 'return args'
  assert_equal "$status" 2
  assert_equal "$stderr" "run-code: error: invalid --args: number 8e18 is an integer past 2^53 and would not come back as written"
  run run-code --args '{"n":1e21,"m":9007199254740991}' --code 'return [args.n === 1e21, args.m]'
  assert_success
  assert_output '[true,9007199254740991]'
}
