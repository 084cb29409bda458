#!/usr/bin/env bats
# Catalog tools called from inside a run-code program (SPEC 4.5): arguments and results,
# failures, concurrency, the end of a program, name rules, approvals, args/dv/metadata.
load helpers

local_setup() {
  mkdir -p stamps
  cat > tools.json <<'JSON'
{"tools": [
  {"name": "echo_args", "description": "prints its arguments", "command": ["cat"]},
  {"name": "say", "command": ["sh", "-c", "echo plain words"]},
  {"name": "fail_tool", "command": ["sh", "-c", "echo 'disk quota exceeded' >&2; exit 3"]},
  {"name": "nap", "command": ["sh", "-c", "d=$STAMP_DIR; n=$$; date +%s%N > $d/start.$n; sleep 0.5; date +%s%N > $d/end.$n; echo true"],
   "env": ["STAMP_DIR"]},
  {"name": "mark", "command": ["sh", "-c", "sleep 0.3; cat > $STAMP_DIR/mark.$(date +%s%N); echo marked"],
   "env": ["STAMP_DIR"]},
  {"name": "slow", "command": ["sh", "-c", "sleep 2; touch $STAMP_DIR/slow-finished"], "env": ["STAMP_DIR"]},
  {"name": "quick_timeout", "command": ["sleep", "5"], "timeoutMs": 200},
  {"name": "show_env", "command": ["sh", "-c", "echo \"[$SECRET_TOKEN][$PASSED_NAME][$PATH]\""], "env": ["PASSED_NAME"]},
  {"name": "guarded", "command": ["sh", "-c", "touch $STAMP_DIR/guarded-ran; echo ran"], "env": ["STAMP_DIR"],
   "approval": "always"}
]}
JSON
  export STAMP_DIR="$PWD/stamps"
}

@test "a catalog tool gets its arguments as JSON on stdin and its JSON stdout comes back" {
  run run-code --tools tools.json --code 'return echo_args({city: "Oslo", days: [1, 2]})'
  assert_success
  assert_output '{"city":"Oslo","days":[1,2]}'
}

@test "stdout that is not JSON comes back as a string" {
  run run-code --tools tools.json --code 'return say().then(function (s) { return typeof s + ":" + s; })'
  assert_success
  assert_output 'string:plain words'
}

@test "tools are members of \$tools too" {
  run run-code --tools tools.json --code 'return [typeof $tools.echo_args, typeof $tools.terminal_list, $tools.say === say]'
  assert_success
  assert_output '["function","function",true]'
}

@test "a failing tool's stderr reaches the catch" {
  run run-code --tools tools.json --code 'return fail_tool({}).catch(function (e) { return e.name + " / " + e.message; })'
  assert_success
  assert_output 'Error / disk quota exceeded'
}

@test "an uncaught tool failure fails the run with its stderr" {
  run run-code --tools tools.json --code 'return fail_tool({})'
  assert_failure 1
  assert_output 'code run failed (exception): Error: disk quota exceeded'
}

@test "NaN in arguments fails the run with the binding line" {
  run run-code --tools tools.json --code 'return echo_args({x: NaN})'
  assert_failure 1
  assert_output 'code run failed (exception): TypeError: binding arguments must be lossless JSON'
}

@test "a result past 2^53 fails with the resolution line" {
  cat > big.json <<'JSON'
{"tools": [{"name": "big", "command": ["sh", "-c", "echo 9007199254740993"]}]}
JSON
  run run-code --tools big.json --code 'return big()'
  assert_failure 1
  assert_output 'code run failed (exception): TypeError: binding resolution must be lossless JSON'
}

# The intervals [start, end] of the nap calls, as "start end" lines sorted by start.
intervals() {
  local f
  for f in stamps/start.*; do echo "$(cat "$f") $(cat "${f/start/end}")"; done | sort -n
}

@test "six calls in Promise.all run at once" {
  run run-code --tools tools.json --code 'return Promise.all([1,2,3,4,5,6].map(function () { return nap(); })).then(function (r) { return r.length; })'
  assert_success
  assert_output '6'
  [ "$(intervals | wc -l)" -eq 6 ]
  # Every call started before the first one ended: all six overlapped.
  last_start=$(intervals | awk '{print $1}' | sort -n | tail -1)
  first_end=$(intervals | awk '{print $2}' | sort -n | head -1)
  [ "$last_start" -lt "$first_end" ]
}

@test "--max-concurrent-calls 1 runs calls one after another" {
  run run-code --tools tools.json --max-concurrent-calls 1 --code 'return Promise.all([nap(), nap(), nap()]).then(function (r) { return r.length; })'
  assert_success
  assert_output '3'
  prev_end=0
  while read -r start end; do
    [ "$start" -ge "$prev_end" ]
    prev_end=$end
  done < <(intervals)
}

@test "--max-concurrent-calls must be a whole number from 1" {
  run run-code --max-concurrent-calls 0 --code 'return 1'
  assert_failure 2
  assert_output 'run-code: error: invalid --max-concurrent-calls: expected a whole number from 1'
}

@test "a call started but not awaited still completes after the program returns" {
  run run-code --tools tools.json --json --code 'mark({n: 1}); return "returned"'
  assert_success
  assert_output --partial '"value":"returned"'
  assert_output --partial '"tool":"mark","arguments":{"n":1},"ok":true,"status":"ok","result":"marked"'
  run cat stamps/mark.*
  assert_output '{"n":1}'
}

@test "a call scheduled by a timer that never fires never runs" {
  run run-code --tools tools.json --json --code 'setTimeout(function () { mark({n: 2}); }, 60000); return "returned"'
  assert_success
  assert_output --partial '"calls":[]'
  sleep 0.5
  run ls stamps
  assert_output ''
}

@test "calls still queued when the program returns are dropped, never run" {
  run run-code --tools tools.json --json --max-concurrent-calls 1 --code 'mark({n: 1}); mark({n: 2}); mark({n: 3}); return "returned"'
  assert_success
  assert_output --partial '"arguments":{"n":1},"ok":true'
  assert_output --partial '"arguments":{"n":2},"ok":false,"status":"dropped"'
  assert_output --partial '"arguments":{"n":3},"ok":false,"status":"dropped"'
  sleep 0.5
  run cat stamps/mark.*
  assert_output '{"n":1}'
}

@test "a tool's own timeout rejects its call" {
  run run-code --tools tools.json --code 'return quick_timeout().catch(function (e) { return e.message; })'
  assert_success
  assert_output "tool 'quick_timeout' timed out after 200ms"
}

@test "a timed-out run stops the calls under way and records them cancelled" {
  run run-code --tools tools.json --json --timeout-ms 500 --code 'return slow()'
  assert_failure 124
  assert_output --partial '"kind":"timeout"'
  assert_output --partial '"tool":"slow","arguments":{},"ok":false,"status":"cancelled"'
  sleep 2.5
  [ ! -e stamps/slow-finished ]
}

@test "a tool sees only the environment names its entry lists, and a minimal PATH" {
  SECRET_TOKEN=hunter2 PASSED_NAME=visible run run-code --tools tools.json --code 'return show_env()'
  assert_success
  assert_output '[][visible][/usr/local/bin:/usr/bin:/bin]'
}

@test "ODA_TOOLS lists catalogs separated by colons" {
  cat > more.json <<'JSON'
{"tools": [{"name": "other", "command": ["sh", "-c", "echo 7"]}]}
JSON
  ODA_TOOLS="$PWD/tools.json:$PWD/more.json" run run-code --code 'return Promise.all([say(), other()])'
  assert_success
  assert_output '["plain words",7]'
}

@test "each bad tool name is refused before the run starts, naming the tool and the reason" {
  for name in my-tool '$tools' 1st; do
    printf '{"tools": [{"name": "%s", "command": ["cat"]}]}' "$name" > bad.json
    run run-code --tools bad.json --code 'return 1'
    assert_failure 2
    assert_output "run-code: error: catalog 'bad.json': tool '$name' is not a plain identifier"
  done
  for name in class lambda await yield let static; do
    printf '{"tools": [{"name": "%s", "command": ["cat"]}]}' "$name" > bad.json
    run run-code --tools bad.json --code 'return 1'
    assert_failure 2
    assert_output "run-code: error: catalog 'bad.json': tool '$name' is reserved by the language"
  done
  for name in console fetch fs args dv metadata Promise JSON setTimeout structuredClone terminal_send; do
    printf '{"tools": [{"name": "%s", "command": ["cat"]}]}' "$name" > bad.json
    run run-code --tools bad.json --code 'return 1'
    assert_failure 2
    assert_output "run-code: error: catalog 'bad.json': tool '$name' is kept by the run's environment"
  done
}

@test "an unreadable catalog, bad JSON and a missing command refuse the request" {
  run run-code --tools nope.json --code 'return 1'
  assert_failure 2
  assert_output --partial "run-code: error: catalog 'nope.json': cannot read it"
  echo '{"tools": [' > broken.json
  run run-code --tools broken.json --code 'return 1'
  assert_failure 2
  assert_output --partial "run-code: error: catalog 'broken.json': invalid JSON"
  echo '{"tools": [{"name": "ghost", "command": ["no-such-command-here"]}]}' > ghost.json
  run run-code --tools ghost.json --code 'return 1'
  assert_failure 2
  assert_output "run-code: error: catalog 'ghost.json': tool 'ghost': command 'no-such-command-here' not found on PATH"
}

@test "the same name in two catalogs is refused" {
  cp tools.json again.json
  run run-code --tools tools.json --tools again.json --code 'return 1'
  assert_failure 2
  assert_output "run-code: error: catalog 'again.json': tool 'echo_args' is already defined in catalog 'tools.json'"
}

@test "an approver that exits 0 allows the call and sees it as JSON" {
  run run-code --tools tools.json --approver "cat > $PWD/asked.json" --code 'return guarded({why: "test"})'
  assert_success
  assert_output 'ran'
  [ -e stamps/guarded-ran ]
  run cat asked.json
  assert_output '{"tool":"guarded","arguments":{"why":"test"}}'
}

@test "an approver that refuses denies the call, which rejects without running" {
  ODA_APPROVER='echo not today >&2; exit 1' run run-code --tools tools.json --code 'return guarded().catch(function (e) { return e.message; })'
  assert_success
  assert_output "call to 'guarded' denied by the approver: not today"
  [ ! -e stamps/guarded-ran ]
}

@test "with no approver and no terminal the call is denied" {
  run setsid -w run-code --tools tools.json --code 'return guarded().catch(function (e) { return e.message; })'
  assert_success
  assert_output "call to 'guarded' denied: no approver and no terminal to ask"
  [ ! -e stamps/guarded-ran ]
}

@test "args, dv and metadata are in scope, {} by default, dv values as strings" {
  run run-code --code 'return [args, dv, metadata]'
  assert_success
  assert_output '[{},{},{}]'
  run run-code --args '{"items": 3}' --dv '{"unit_price": 2.5, "vip": true, "name": "Ada"}' --metadata '{"call": {"id": "c-1"}}' \
    --code 'return [args.items * Number(dv.unit_price), dv, metadata.call.id]'
  assert_success
  assert_output '[7.5,{"unit_price":"2.5","vip":"true","name":"Ada"},"c-1"]'
}

@test "--args must be a JSON object" {
  run run-code --args '[1]' --code 'return 1'
  assert_failure 2
  assert_output 'run-code: error: invalid --args: expected a JSON object'
}

@test "every call is recorded with the run and shown by --show" {
  run run-code --tools tools.json --json --code 'return echo_args({q: 1}).then(function () { return fail_tool(); }).catch(function () { return "handled"; })'
  assert_success
  run_id=$(echo "$output" | sed -n 's/.*"runId":"\([^"]*\)".*/\1/p')
  assert_output --regexp '"calls":\[\{"id":1,"tool":"echo_args","arguments":\{"q":1\},"ok":true,"status":"ok","result":\{"q":1\},"startedMs":[0-9]+,"durationMs":[0-9]+\},\{"id":2,"tool":"fail_tool","arguments":\{\},"ok":false,"status":"error","error":"disk quota exceeded"'
  run run-code --show "$run_id"
  assert_success
  assert_output --partial '"tool":"fail_tool"'
  assert_output --partial '"error":"disk quota exceeded"'
}

@test "with no approver the controlling terminal is asked: y allows, anything else denies" {
  command -v script >/dev/null || skip "script(1) is not installed"
  prog='return guarded({a: 1}).catch(function (e) { return e.message; })'
  run bash -c "(sleep 0.5; printf 'y\n') | script -qec \"run-code --tools tools.json --code '$prog'\" /dev/null"
  assert_success
  assert_output --partial "run-code: allow a call to 'guarded' with {\"a\":1}? [y/N] "
  assert_output --partial 'ran'
  [ -e stamps/guarded-ran ]
  rm stamps/guarded-ran
  run bash -c "(sleep 0.5; printf 'n\n') | script -qec \"run-code --tools tools.json --code '$prog'\" /dev/null"
  assert_success
  assert_output --partial "call to 'guarded' denied on the terminal"
  [ ! -e stamps/guarded-ran ]
}

@test "waiting for an approval counts against the run's budget" {
  run run-code --tools tools.json --approver 'sleep 5' --timeout-ms 500 --json --code 'return guarded()'
  assert_failure 124
  assert_output --partial '"kind":"timeout"'
  assert_output --partial '"tool":"guarded","arguments":{},"ok":false,"status":"cancelled"'
  [ ! -e stamps/guarded-ran ]
}

@test "an aborted run stops the calls under way" {
  run-code --tools tools.json --json --code 'return slow()' > out.json 3>&- &
  pid=$!
  sleep 0.5
  kill -INT "$pid"
  code=0
  wait "$pid" || code=$?
  [ "$code" -eq 130 ]
  run cat out.json
  assert_output --partial '"kind":"abort"'
  assert_output --partial '"tool":"slow","arguments":{},"ok":false,"status":"cancelled"'
  sleep 2.5
  [ ! -e stamps/slow-finished ]
}

@test "a program that fails stops the calls it left running" {
  run run-code --tools tools.json --json --code 'slow(); throw new Error("gave up")'
  assert_failure 1
  assert_output --partial '"kind":"exception","message":"Error: gave up'
  assert_output --partial '"tool":"slow","arguments":{},"ok":false,"status":"cancelled"'
  sleep 2.5
  [ ! -e stamps/slow-finished ]
}
