#!/usr/bin/env bats
# The code-function profile (SPEC 8, seed 003) through the real binary: the function
# definition as the request, parameters checked, the seed's limits, its answer (JSON cut to
# 15,000 characters, null for nothing), its error texts word for word, console lines kept out
# of the text, and response_variables.
load helpers

cf() { run --separate-stderr run-code --profile code-function "$@"; }

@test "a definition as --request runs and answers with the returned value as JSON" {
  cat > fn.json <<'JSON'
{"type": "code", "name": "quote", "description": "Price an order.",
 "code": "const total = Number(args.items) * Number(dv.unit_price || 0);\nreturn { total, eligible: total > 100, who: metadata.caller };",
 "parameters": {"type": "object", "required": ["items"], "properties": {"items": {"type": "integer", "minimum": 1}}},
 "timeout_ms": 5000, "response_variables": {"eligible": "$.eligible"}}
JSON
  cf --request fn.json --args '{"items": 30}' --dv '{"unit_price": "4"}' --metadata '{"caller": "+44"}'
  assert_success
  assert_output '{"total":120,"eligible":true,"who":"+44"}'
}

@test "the answer is JSON: a string keeps its quotes, nothing returned is null" {
  cf --code 'return "hello"'
  assert_output '"hello"'
  cf --code 'const x = 1;'
  assert_success
  assert_output 'null'
  cf --code 'return'
  assert_output 'null'
  # Serialised as JSON.stringify does: NaN is null, undefined members and functions go.
  cf --code 'return {a: undefined, b: NaN, f() {}, c: [undefined]}'
  assert_output '{"b":null,"c":[null]}'
}

@test "run_code.profile in the setup chooses the profile; --profile none wins" {
  ODA_PROFILE=code-function run run-code --code 'return "x"'
  assert_output '"x"'
  ODA_PROFILE=code-function run run-code --profile none --code 'return "x"'
  assert_output 'x'
  run --separate-stderr run-code --profile voice --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" "run-code: error: invalid --profile 'voice': expected one of none, code-function"
}

@test "the returned value's JSON is cut to 15,000 characters" {
  cf --code 'return "x".repeat(20000)'
  assert_success
  [[ ${#output} -eq 15000 ]]
  [[ "$output" == '"xxx'* ]]
  cf --code 'return "é".repeat(14998)'
  [[ ${#output} -eq 15000 ]]
  [[ "$output" == *'é"' ]]
  cf --code 'return "é".repeat(20000)'
  [[ ${#output} -eq 15000 ]]
}

@test "console lines are kept out of the answer: up to 200 in --json and the record" {
  cf --code 'for (let i = 1; i <= 250; i++) console.log("line " + i); return 1'
  assert_success
  assert_output '1'
  cf --json --code 'for (let i = 1; i <= 250; i++) console.log("line " + i); return 1'
  assert_success
  n=$(grep -o '"level":"log"' <<<"$output" | wc -l)
  [[ $n -eq 200 ]]
  assert_output --partial '{"level":"log","text":"line 200"}'
  refute_output --partial '"line 201"'
  assert_output --partial '"result":"1"'
  id=$(sed 's/.*"runId":"\([^"]*\)".*/\1/' <<<"$output")
  run run-code --show "$id" --json
  [[ $(grep -o '"level":"log"' <<<"$output" | wc -l) -eq 200 ]]
}

@test "response_variables read nested paths and arrays into --json's variables; no match is null" {
  printf '%s' '{"code": "return {a: {b: [10, {c: \"deep\"}]}, list: [\"x\", \"y\"], flag: false}",
    "response_variables": {"first": "$.a.b[0]", "deep": "$.a.b[1].c", "second": "$.list[1]",
                           "flag": "$.flag", "whole": "$.a", "none": "$.a.b[7]", "gone": "$.nothing.here",
                           "quoted": "$[\"list\"][0]"}}' > fn.json
  cf --request fn.json --json
  assert_success
  assert_output --partial '"variables":{"first":10,"deep":"deep","second":"y","flag":false,"whole":{"b":[10,{"c":"deep"}]},"none":null,"gone":null,"quoted":"x"}'
  cf --code 'return 1' --response-variables '{"bad": "a.b"}'
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: invalid response_variables: '"'"'bad'"'"': expected a JSON path such as $.a.b[0], got "a.b"'
}

@test "the arguments are checked against parameters with a clear error, before anything runs" {
  params='{"type": "object", "required": ["postcode"], "properties": {"postcode": {"type": "string"}, "items": {"type": "integer"}}, "additionalProperties": false}'
  cf --parameters "$params" --args '{"items": 2}' --code 'console.log("ran"); return 1'
  assert_failure 2
  assert_output ''
  assert_equal "$stderr" "run-code: error: invalid args: \$: missing required property 'postcode' (the function's parameters)"
  cf --parameters "$params" --args '{"postcode": "AB1", "items": "two"}' --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: invalid args: $.items: expected integer, got "two" (the function'"'"'s parameters)'
  cf --parameters "$params" --args '{"postcode": "AB1", "colour": "red"}' --code 'return 1'
  assert_equal "$stderr" "run-code: error: invalid args: \$: unknown property 'colour' (the function's parameters)"
  cf --parameters "$params" --args '{"postcode": "AB1", "items": 2}' --code 'return args.postcode + args.items'
  assert_success
  assert_output '"AB12"'
  cf --parameters '[1]' --code 'return 1'
  assert_equal "$stderr" 'run-code: error: invalid parameters: expected a JSON Schema object'
}

@test "dv values are strings; args and metadata are in scope" {
  cf --dv '{"unit_price": 2, "current_time": "noon"}' --code 'return [typeof dv.unit_price, dv.unit_price, dv.current_time]'
  assert_output '["string","2","noon"]'
  cf --args '{"n": 3}' --metadata '{"call_id": "c1"}' --code 'return [args.n, metadata.call_id]'
  assert_output '[3,"c1"]'
}

@test "the definition's fields are checked: type, code up to 20,000 characters, timeout_ms 1,000 to 60,000" {
  printf '{"type": "webhook", "code": "return 1"}' > fn.json
  cf --request fn.json
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: invalid type '"'"'webhook'"'"': a code function'"'"'s type is "code"'
  cf --code '   '
  assert_equal "$stderr" 'run-code: error: invalid code: expected a non-empty string'
  printf 'return 1;%19991s' '' > ok.js
  cf --code "$(cat ok.js)"
  assert_success
  printf 'return 1;%19992s' '' > long.js
  cf --code "$(cat long.js)"
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: invalid code: 20001 characters, the most is 20,000'
  for t in 999 60001; do
    cf --timeout-ms "$t" --code 'return 1'
    assert_failure 2
    assert_equal "$stderr" 'run-code: error: invalid timeout_ms: expected a whole number from 1000 to 60000'
  done
  printf '{"code": "return 1", "timeout_ms": 1500.5}' > fn.json
  cf --request fn.json
  assert_equal "$stderr" 'run-code: error: invalid timeout_ms: expected a whole number from 1000 to 60000'
}

@test "timeout_ms defaults to 10,000 and is capped by CODE_SANDBOX_MAX_MS" {
  cf --json --code 'return 1'
  id=$(sed 's/.*"runId":"\([^"]*\)".*/\1/' <<<"$output")
  run run-code --show "$id" --json
  assert_output --partial '"budgetMs":10000'
  CODE_SANDBOX_MAX_MS=1200 cf --timeout-ms 30000 --code 'await new Promise(r => setTimeout(r, 60000))'
  assert_failure 124
  assert_output 'Error: Code timed out after 1200 ms while waiting on a promise'
  CODE_SANDBOX_MAX_MS=soon cf --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" "run-code: error: invalid CODE_SANDBOX_MAX_MS 'soon': expected a whole number of ms from 1"
}

@test "its error texts, word for word" {
  cf --code 'throw new Error("boom")'
  assert_failure 1
  assert_output 'Error: boom'
  cf --code 'throw new TypeError("not a number")'
  assert_output 'Error: not a number'
  cf --code 'await Promise.reject(new Error("rejected"))'
  assert_output 'Error: rejected'
  cf --code 'return 1 +'
  assert_failure 1
  [[ "$output" == 'Error: '* && "$output" != *SyntaxError* ]]
  cf --timeout-ms 1000 --code 'await new Promise(r => setTimeout(r, 30000))'
  assert_failure 124
  assert_output 'Error: Code timed out after 1000 ms while waiting on a promise'
  cf --timeout-ms 1000 --code 'while (true) {}'
  assert_failure 124
  assert_output 'Error: interrupted'
  cf --timeout-ms 1000 --code 'await null; for (;;) {}'
  assert_output 'Error: interrupted'
  cf --code 'await new Promise(() => {})'
  assert_failure 1
  assert_output 'Error: Code finished without a result (unresolved promise)'
  ODA_RUN_TEST_FAULTS=1 ODA_RUN_TEST_UNAVAILABLE='no worker today' cf --code 'return 1'
  assert_failure 1
  assert_output 'Error: code sandbox unreachable: no worker today'
}

@test "32 MB of memory: what plain run-code holds fails here as out of memory" {
  prog='const a = []; for (let i = 0; i < 48; i++) a.push(new Uint8Array(1 << 20).fill(1)); return a.length'
  run run-code --code "$prog"
  assert_success
  assert_output '48'
  cf --code "$prog"
  assert_failure 1
  assert_output 'Error: out of memory'
  cf --code 'const a = []; for (let i = 0; i < 8; i++) a.push(new Uint8Array(1 << 20)); return a.length'
  assert_success
  assert_output '8'
}

@test "deep recursion fails with a stack overflow, which a program can catch" {
  cf --code 'function down(n) { return down(n + 1) + 1; } return down(0)'
  assert_failure 1
  assert_output 'Error: stack overflow'
  cf --code 'function down(n) { return down(n + 1) + 1; } try { down(0) } catch (e) { return e instanceof RangeError }'
  assert_success
  assert_output 'true'
}

@test "recursion stops where seed 003's 1 MB stack stops it, not at run-code's own depth" {
  # quickjs-ng's qjs on a 1 MB stack fails this at depth 1637 (a few frames are the profile's).
  local probe='let d = 0; function f() { d++; f(); } try { f() } catch (e) { return [d, e instanceof RangeError] }'
  cf --code "$probe"
  assert_success
  [[ $output =~ ^\[(1[56][0-9][0-9]),true\]$ ]]
  (( BASH_REMATCH[1] > 1600 && BASH_REMATCH[1] <= 1637 ))
  # Depth 1500 is within it; without the profile, 9,000 levels are.
  cf --code 'function down(n) { return n ? down(n - 1) + 1 : 0; } return down(1500)'
  assert_output '1500'
  run run-code --code 'function down(n) { return n ? down(n - 1) + 1 : 0; } return down(9000)'
  assert_output '9000'
}

@test "no require, process or Buffer: a ReferenceError names each" {
  for name in require process Buffer; do
    cf --code "try { $name; } catch (e) { return e.name + ': ' + e.message; }"
    assert_success
    assert_output "\"ReferenceError: $name is not defined\""
  done
  cf --code 'return require("fs")'
  assert_output "Error: require is not defined"
}

@test "no file system: fs is not in scope" {
  cf --code 'await fs.writeFile("x.txt", "x"); return 1'
  assert_failure 1
  assert_output "Error: fs is not defined"
  [[ ! -e x.txt ]]
  cf --code 'return typeof fs'
  assert_output '"undefined"'
}

@test "fetch is guarded: private networks refused unless SANDBOX_ALLOW_PRIVATE_NETWORK=1; bodies cut at 200,000 characters" {
  cf --code 'return fetch("http://127.0.0.1:9/").catch(e => e.message)'
  assert_output "\"fetch refused: '127.0.0.1' is a private network address\""
  python3 -c 'print("é" * 300000, end="")' > big.txt
  python3 -m http.server --bind 127.0.0.1 0 > server.log 2>&1 3>&- &
  echo $! > server.pid
  poll_until grep -q 'Serving HTTP on' server.log
  port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' server.log | head -1)
  SANDBOX_ALLOW_PRIVATE_NETWORK=1 cf --code "const t = await (await fetch('http://127.0.0.1:$port/big.txt')).text(); return [t.length, t[0]]"
  assert_success
  assert_output '[200000,"é"]'
}

local_teardown() {
  [[ -f server.pid ]] && kill "$(cat server.pid)" 2>/dev/null || true
}

@test "--schema shows the definition's fields; --help names the profile" {
  run run-code --profile code-function --schema
  assert_success
  assert_output --partial '"name": "code_function"'
  assert_output --partial '"description": "Run JavaScript and return a result."'
  for f in type name description code parameters timeout_ms response_variables; do
    assert_output --partial "\"$f\": {"
  done
  refute_output --partial '"timeoutMs"'
  refute_output --partial '"sandbox_permissions"'
}
