#!/usr/bin/env bats
# oda-mcp (SPEC section 6) driven by the official MCP TypeScript SDK's client
# (tests/mcp/client.mjs, the SDK from build/npm-mcp), and raw protocol edge cases written
# straight onto its stdin.
load helpers

client() { node "$ODA_ROOT/tests/mcp/client.mjs" "$@"; }

# Raw lines to oda-mcp's stdin; what it wrote is in $output, one message a line.
INIT='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}'
raw() { printf '%s\n' "$@" | oda-mcp; }
# Starts oda-mcp in the background on a fifo ($pid; its stdout in ./out) and writes the lines
# to it, keeping its stdin open on $fd until the test closes it (exec {fd}>&-).
serve_open() {
  mkfifo in
  oda-mcp <in >out 2>err &
  pid=$!
  exec {fd}>in
  printf '%s\n' "$INIT" "$@" >&"$fd"
}

@test "initialize answers with the server, its version and the tools capability" {
  run client list
  assert_success
  assert_line "server=oda-mcp 0.1.0"
  assert_line 'capabilities={"tools":{"listChanged":false}}'
}

@test "tools/list gives run_code and the six terminal tools with their --schema name, description and input schema" {
  mkdir schemas
  for c in run-code term-open term-send term-read term-signal term-close term-list; do
    tool=$(awk -v c="$c" '$1 == c {print $3}' "$ODA_ROOT/commands.list")
    "$c" --schema > "schemas/$tool.json"
  done
  run client schemas "$PWD/schemas"
  assert_success
  assert_output "$(printf 'same: %s\n' run_code terminal_open terminal_send terminal_read terminal_signal terminal_close terminal_list)"
}

@test "with catalogs and MCP configs, run_code's description carries the declarations run-code --schema gives" {
  echo '{"tools": [{"name": "say", "description": "says hi", "command": ["echo", "hi"],
    "input_schema": {"type": "object", "properties": {"to": {"type": "string"}}, "required": ["to"]}}]}' > cat.json
  echo '{"mcpServers": {"memory": {"command": "node", "args": ["'"$ODA_BUILD"'/npm-mcp/node_modules/@modelcontextprotocol/server-memory/dist/index.js"],
    "env": {"MEMORY_FILE_PATH": "'"$PWD"'/memory.jsonl"}}}}' > mcp.json
  mkdir schemas
  for c in run-code term-open term-send term-read term-signal term-close term-list; do
    tool=$(awk -v c="$c" '$1 == c {print $3}' "$ODA_ROOT/commands.list")
    "$c" --schema --tools "$PWD/cat.json" --mcp-config "$PWD/mcp.json" > "schemas/$tool.json" 2>/dev/null ||
      "$c" --schema > "schemas/$tool.json"
  done
  grep -q 'declare function say(args: { to: string }): Promise<unknown>;' schemas/run_code.json
  grep -q 'read_graph(args?: {}): Promise<' schemas/run_code.json
  run client schemas "$PWD/schemas" -- --tools "$PWD/cat.json" --mcp-config "$PWD/mcp.json"
  assert_success
  assert_output "$(printf 'same: %s\n' run_code terminal_open terminal_send terminal_read terminal_signal terminal_close terminal_list)"
}

@test "each tool has seed 004's card title and the hints that hold: read-only for read and list" {
  run client list
  assert_success
  titles=$(printf '%s\n' "${lines[@]}" | grep '^tool=' | sed -E 's/.*"annotations":(\{[^}]*\}).*/\1/')
  assert_equal "$titles" "$(printf '%s\n' '{"title":"Run code"}' '{"title":"Open terminal"}' \
    '{"title":"Send to terminal"}' '{"title":"Read terminal","readOnlyHint":true}' '{"title":"Signal terminal"}' \
    '{"title":"Close terminal","idempotentHint":true}' '{"title":"List terminal sessions","readOnlyHint":true}')"
  assert_line --partial '"name":"terminal_send","title":"Send to terminal"'
}

@test "a run with a value: the text is run-code's rendering, structuredContent its --json object" {
  run client call run_code '{"code": "console.log(\"hi\"); console.warn(\"careful\"); return {n: 6 * 7}", "description": "print and return a value"}'
  assert_success
  assert_line 'isError=false text="hi\n[warn] careful\n{\"n\":42}"'
  assert_line --regexp '^structured=\{"ok":true,"kind":null,"message":null,"output":\[\{"level":"log","text":"hi"\},\{"level":"warn","text":"careful"\}\],"value":\{"n":42\},"durationMs":[0-9.]+,"runId":"[0-9a-f-]+","calls":\[\]\}$'
  run run-code --code 'console.log("hi"); console.warn("careful"); return {n: 6 * 7}'
  assert_output "$(printf 'hi\n[warn] careful\n{"n":42}')"
}

@test "a failed run is isError with the seed's failure text and kind" {
  run client call run_code '{"code": "console.log(\"before\"); throw new Error(\"boom\")", "description": "fail on purpose"}'
  assert_success
  assert_line 'isError=true text="code run failed (exception): Error: boom (line 1)\nCaptured output:\nbefore"'
  assert_line --partial 'structured={"ok":false,"kind":"exception","message":"Error: boom (line 1)"'
}

@test "a refused run is isError with the seed's exact refusal, and nothing runs" {
  run client calls '[["run_code", {"code": "return 1", "description": " "}],
    ["run_code", {"code": "return 1", "description": "d", "justification": "because"}],
    ["run_code", {"code": "return 1", "description": "d", "timeoutMs": -5}],
    ["run_code", {"code": "return 1"}],
    ["run_code", {"code": "return 1", "description": "d", "colour": "red"}]]'
  assert_success
  assert_output "$(printf '%s\n' 'run_code: isError=true text="invalid description: expected a non-empty string"' \
    'run_code: isError=true text="invalid escalation: justification is only valid together with sandbox_permissions"' \
    'run_code: isError=true text="invalid timeoutMs: expected a positive finite number"' \
    'run_code: isError=true text="invalid description: expected a non-empty string"' \
    "run_code: isError=true text=\"unknown field 'colour' in the arguments\"")"
  run run-code --history
  assert_output "(no runs recorded)"
}

@test "a terminal open, send, list and close round trip reads as the term-* commands print" {
  run client calls '[["terminal_open", {"name": "main"}],
    ["terminal_send", {"session": "main", "text": "echo mcp-$((6 * 7))"}],
    ["terminal_list", {}], ["terminal_close", {"session": "main"}], ["terminal_close", {"session": "pty-1"}]]'
  assert_success
  assert_line 'terminal_open: isError=false text="started terminal session pty-1 (main) [type: shell]\n(no startup output)"'
  assert_line 'terminal_send: isError=false text="mcp-42\n[wait: prompt]\n[exit: 0]\n[session: running]"'
  assert_line --regexp '^terminal_list: isError=false text="pty-1 \(main\) \[shell\] running [0-9]+"$'
  assert_line 'terminal_close: isError=false text="closed terminal session pty-1"'
  assert_line 'terminal_close: isError=false text="terminal session pty-1 was already closing"'
}

@test "a terminal refusal is isError with term-send's message" {
  run client calls '[["terminal_open", {"name": "main"}], ["terminal_send", {"session": "mian", "text": "true"}],
    ["terminal_signal", {"session": "main", "signal": "SIGUSR1"}], ["terminal_send", {"text": "x"}]]'
  assert_success
  assert_line "terminal_send: isError=true text=\"no session 'mian' in chat '$ODA_CHAT' (did you mean 'main'?)\""
  assert_line --partial "terminal_signal: isError=true text=\"unknown signal 'SIGUSR1'"
  assert_line 'terminal_send: isError=true text="missing \"session\" in the arguments"'
  run --separate-stderr term-send mian true
  assert_equal "$stderr" "term-send: error: no session 'mian' in chat '$ODA_CHAT' (did you mean 'main'?)"
}

@test "an unknown tool is the specification's invalid-params error" {
  run client fails terminal_lsit '{}'
  assert_success
  assert_output "code=-32602 message=MCP error -32602: unknown tool 'terminal_lsit'"
}

@test "two calls at once: a terminal_list answers while a run is still under way" {
  run client concurrent
  assert_success
  assert_output "$(printf '%s\n' 'list: isError=false text="(no terminal sessions)"' 'run: isError=false text="released"')"
}

@test "a cancel in the middle of a run ends it as abort, and the server stays usable" {
  run client cancel
  assert_success
  assert_line 'next: isError=false text="2"'
  run run-code --history
  assert_line --regexp '^[0-9a-f-]+  [0-9T:.Z-]+  abort  [0-9]+ms  start and wait$'
}

@test "without a chat each connection is a chat of its own; two connections never see each other's sessions" {
  unset ODA_CHAT
  run client chats
  assert_success
  assert_line 'a open: isError=false text="started terminal session pty-1 (mine) [type: shell]\n(no startup output)"'
  assert_line 'b list: isError=false text="(no terminal sessions)"'
  assert_line 'a list: pty-1 (mine) [shell] running PID'
}

@test "--chat names the chat every call works in" {
  run client calls '[["terminal_open", {"name": "shared"}]]' -- --chat side
  assert_success
  run term-list --chat side
  assert_output --regexp '^pty-1 \(shared\) \[shell\] running [0-9]+$'
  run term-list
  assert_output '(no terminal sessions)'
}

@test "the harness-wide options apply to every run: --sandbox read-only" {
  run client call run_code '{"code": "await fs.writeFile(\"x.txt\", \"x\")", "description": "write a file"}' -- --sandbox read-only
  assert_success
  assert_line --partial 'isError=true text="code run failed (exception): '
  assert_line --partial 'File sandbox: read-only; enforcement: '
  [[ ! -e x.txt ]]
}

@test "terminal_open through oda-mcp runs the shell under the harness's --sandbox, else ODA_SANDBOX, else terminal.sandbox" {
  mkdir ws
  run client calls '[["terminal_open", {"name": "h", "cwd": "'"$PWD/ws"'"}], ["terminal_send", {"session": "h", "text": "echo x > '"$PWD"'/outside"}]]' -- --chat hs --sandbox workspace-write
  assert_success
  assert_line --partial "outside: Permission denied"
  [[ ! -e outside ]]
  ODA_SANDBOX=read-only run client calls '[["terminal_open", {"name": "e"}]]' -- --chat es
  ODA_TERM_SANDBOX=read-only run client calls '[["terminal_open", {"name": "c"}]]' -- --chat cs
  run term-list --chat hs
  assert_output --regexp '^pty-1 \(h\) \[shell\] running [0-9]+ \[sandbox: workspace-write\]$'
  run term-list --chat es
  assert_output --regexp '^pty-2 \(e\) \[shell\] running [0-9]+ \[sandbox: read-only\]$'
  run term-list --chat cs
  assert_output --regexp '^pty-3 \(c\) \[shell\] running [0-9]+ \[sandbox: read-only\]$'
  # A caller bound by its mode reaches no session wider than it.
  term-open --chat hs --name wide
  run client calls '[["terminal_send", {"session": "wide", "text": "echo hi"}]]' -- --chat hs --sandbox read-only
  assert_line --partial "isError=true text=\"refused: terminal session pty-4 runs under danger-full-access, wider than this caller's read-only\""
}

@test "--code-mode lists only run_code, refuses direct terminal calls with seed 000's answer, and programs still call them" {
  run client list -- --code-mode
  assert_success
  run grep -c '^tool=' <<<"$output"
  assert_output 1
  run client calls '[["terminal_list", {}], ["run_code", {"code": "await terminal_open({name: \"inner\"}); return (await terminal_list()).sessions.map(s => s.name)", "description": "open and list inside a program"}]]' -- --code-mode
  assert_success
  assert_output "$(printf '%s\n' 'terminal_list: isError=true text="terminal_list is reachable only from a program: call it inside run-code"' \
    'run_code: isError=false text="[\"inner\"]"')"
  ODA_CODE_MODE=1 run client fails terminal_send '{"session": "x"}'
  assert_output "no error"
}

@test "a run that asked for progress hears of it while it runs" {
  ODA_MCP_PROGRESS_MS=50 run client progress
  assert_success
  assert_output "$(printf '%s\n' 'run: isError=false text="released"' 'progress increases: true' 'message: still running after N s')"
}

@test "raw: malformed JSON gets a parse error with a null id, and the server goes on" {
  run raw 'not json' "$INIT" '{"jsonrpc":"2.0","id":1,"method":"ping"}'
  assert_success
  assert_line --index 0 '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: expected a value at byte 0"}}'
  assert_line --index 2 '{"jsonrpc":"2.0","id":1,"result":{}}'
}

@test "raw: a request before initialize is refused; ping is answered" {
  run raw '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' '{"jsonrpc":"2.0","id":2,"method":"ping"}'
  assert_success
  assert_output "$(printf '%s\n' '{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"invalid request: not initialized: the first request must be initialize"}}' \
    '{"jsonrpc":"2.0","id":2,"result":{}}')"
}

@test "raw: an unknown method is method-not-found and a notification gets no answer" {
  run raw "$INIT" '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":"u","method":"prompts/list"}'
  assert_success
  assert_equal "${#lines[@]}" 2
  assert_line --index 1 "{\"jsonrpc\":\"2.0\",\"id\":\"u\",\"error\":{\"code\":-32601,\"message\":\"method not found: 'prompts/list'\"}}"
}

@test "raw: a 100 MB line is refused without being kept, and the next message is answered" {
  { printf '%s\n' "$INIT"; head -c 100000000 /dev/zero | tr '\0' x; printf '\n%s\n' '{"jsonrpc":"2.0","id":9,"method":"ping"}'; } >big
  run --separate-stderr oda-mcp <big
  assert_success
  assert_line --index 1 '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: message longer than 33554432 bytes"}}'
  assert_line --index 2 '{"jsonrpc":"2.0","id":9,"result":{}}'
}

@test "raw: stdin closed mid-call ends the run as abort, answers nothing more and exits 0" {
  serve_open '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"await fs.writeFile(\"started\", \"\"); await new Promise(r => setTimeout(r, 60000))","description":"wait a minute"}}}'
  poll_until test -e started
  exec {fd}>&-
  wait "$pid"
  run cat out
  assert_equal "${#lines[@]}" 1
  run run-code --history
  assert_line --regexp '  abort  [0-9]+ms  wait a minute$'
}

@test "stdout carries protocol messages only" {
  run --separate-stderr raw "$INIT" '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' 'x'
  for l in "${lines[@]}"; do
    [[ "$l" == '{"jsonrpc":"2.0",'* ]]
  done
  assert_equal "${#lines[@]}" 3
}

catalog() {
  printf '%s\n' '{"tools": [{"name": "greet", "description": "say hi", "command": ["sh", "-c", "echo hi"],' \
    '"input_schema": {"type": "object"}, "approval": "always"}]}' >cat.json
}
GREET='{"code": "return await greet({who: 1})", "description": "greet someone"}'
WIDE='{"code": "return 5", "description": "widen the sandbox", "sandbox_permissions": "danger-full-access", "justification": "It writes outside."}'

@test "an approval-always call asks the client through elicitation: accept runs it, decline denies it" {
  catalog
  run client elicit accept run_code "$GREET" -- --tools cat.json
  assert_success
  assert_output "$(printf '%s\n' 'isError=false text="hi"' \
    "asked: A run_code program calls 'greet' with {\"who\":1}. Allow this call?")"
  run client elicit decline run_code "$GREET" -- --tools cat.json --approver 'exit 0'
  assert_success
  assert_line "isError=true text=\"code run failed (exception): Error: call to 'greet' denied by the approver: the user chose decline\""
}

@test "an escalation with sandbox_permissions asks the client through elicitation" {
  run client elicit accept run_code "$WIDE"
  assert_success
  assert_output "$(printf '%s\n' 'isError=false text="5"' \
    "asked: run_code asks for 'danger-full-access' file access (the chat has 'workspace-write') for one run, 'widen the sandbox': It writes outside. Allow it?")"
  run client elicit cancel run_code "$WIDE"
  assert_line "isError=true text=\"escalation to 'danger-full-access' denied by the approver: the user chose cancel; nothing ran\""
}

@test "a client without elicitation falls back to the approver, else the call is denied" {
  catalog
  run client call run_code "$GREET" -- --tools cat.json --approver 'exit 0'
  assert_success
  assert_line 'isError=false text="hi"'
  run client call run_code "$GREET" -- --tools cat.json
  assert_success
  assert_line "isError=true text=\"code run failed (exception): Error: call to 'greet' denied: no approver and no terminal to ask\""
}

@test "a connection's own chat has its sessions closed when the connection ends" {
  unset ODA_CHAT
  run client calls '[["terminal_open", {}], ["terminal_list", {}]]'
  assert_success
  pid=$(sed -nE 's/^terminal_list: .* running ([0-9]+)"$/\1/p' <<<"$output")
  [[ -n "$pid" ]]
  poll_until bash -c "! kill -0 $pid 2>/dev/null"
}

@test "after a run a run-code waits for the next one, and it ends with the connection" {
  serve_open '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"return 1","description":"return one"}}}'
  poll_until grep -q '"id":1,' out
  children() { cat /proc/"$pid"/task/*/children 2>/dev/null; }
  poll_until test -n "$(children)"
  waiting=$(children)
  exec {fd}>&-
  wait "$pid"
  for c in $waiting; do
    ! kill -0 "$c" 2>/dev/null
  done
}

@test "a bad option value is a usage error before anything is served" {
  run --separate-stderr oda-mcp --max-bytes 10 </dev/null
  assert_failure 2
  assert_equal "$stderr" "oda-mcp: error: invalid max-bytes '10': the smallest accepted is 64"
  assert_output ""
}

@test "a cancel in the middle of a send stops its wait: no answer for it, and the server ends at once with stdin" {
  serve_open '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"terminal_open","arguments":{"name":"m"}}}'
  poll_until grep -q '"id":1,' out
  printf '%s\n' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"terminal_send","arguments":{"session":"m","text":"touch sent; sleep 1000","wait_ms":600000}}}' >&"$fd"
  poll_until test -e sent
  printf '%s\n' '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}' \
    '{"jsonrpc":"2.0","id":3,"method":"ping"}' >&"$fd"
  poll_until grep -q '"id":3,' out
  exec {fd}>&-
  # Were the send still waiting, oda-mcp would wait for it (its wait is 600 s).
  poll_until --within 30 bash -c "! kill -0 $pid 2>/dev/null"
  wait "$pid"
  run grep -c '"id":2,' out
  assert_output 0
}
