#!/usr/bin/env bats
# The setup (SPEC 7) through the real binaries: the file ($ODA_CONFIG, XDG, ~/.config), the
# environment and the options in that order of strength, --show-config, bad files refused,
# and each key doing what it says in run-code and the terminal tools.
load helpers

conf() { mkdir -p "$(dirname "$1")" && printf '%s\n' "$2" > "$1"; }

@test "--show-config prints every key at its default, on run-code and term-open alike" {
  run --separate-stderr run-code --show-config
  assert_success
  assert_line 'run_code.max_timeout_ms = 600000  (default)'
  assert_line 'run_code.honours_timeout_ms = true  (default)'
  assert_line 'run_code.honours_sandbox_permissions = true  (default)'
  assert_line 'run_code.code_mode = false  (default)'
  assert_line 'run_code.sandbox = workspace-write  (default)'
  assert_line 'run_code.allow_no_deadline = false  (default)'
  assert_line 'run_code.profile = none  (default)'
  assert_line 'terminal.background_sends = true  (default)'
  assert_line 'terminal.max_bytes = 262144  (default)'
  assert_line 'terminal.type = shell  (default)'
  assert_line 'terminal.cols = 80  (default)'
  assert_line 'terminal.rows = 24  (default)'
  assert_line 'terminal.sandbox = danger-full-access  (default)'
  [[ ${#lines[@]} -eq 13 ]]
  local from_run=$output
  run term-open --show-config
  assert_success
  assert_equal "$output" "$from_run"
  # It runs nothing: no daemon was started.
  [[ ! -e "$ODA_RUNTIME_DIR/termd.sock" ]]
}

@test "the file is \$ODA_CONFIG, else \$XDG_CONFIG_HOME/oda/config.json, else ~/.config/oda/config.json" {
  conf "$HOME/.config/oda/config.json" '{"terminal": {"cols": 101}}'
  run run-code --show-config
  assert_line "terminal.cols = 101  (file $HOME/.config/oda/config.json)"
  conf "$PWD/xdg/oda/config.json" '{"terminal": {"cols": 102}}'
  XDG_CONFIG_HOME="$PWD/xdg" run run-code --show-config
  assert_line "terminal.cols = 102  (file $PWD/xdg/oda/config.json)"
  conf "$PWD/mine.json" '{"terminal": {"cols": 103}}'
  XDG_CONFIG_HOME="$PWD/xdg" ODA_CONFIG="$PWD/mine.json" run run-code --show-config
  assert_line "terminal.cols = 103  (file $PWD/mine.json)"
}

@test "the environment wins over the file and an option over both" {
  conf "$PWD/c.json" '{"run_code": {"sandbox": "read-only"}, "terminal": {"max_bytes": 1000, "rows": 30}}'
  export ODA_CONFIG="$PWD/c.json"
  run term-open --show-config
  assert_line "terminal.max_bytes = 1000  (file $PWD/c.json)"
  ODA_TERM_MAX_BYTES=2000 run term-open --show-config
  assert_line 'terminal.max_bytes = 2000  (environment ODA_TERM_MAX_BYTES)'
  assert_line "terminal.rows = 30  (file $PWD/c.json)"
  ODA_TERM_MAX_BYTES=2000 run term-open --max-bytes 3000 --rows 40 --show-config
  assert_line 'terminal.max_bytes = 3000  (option --max-bytes)'
  assert_line 'terminal.rows = 40  (option --rows)'
  ODA_SANDBOX=danger-full-access run run-code --show-config
  assert_line 'run_code.sandbox = danger-full-access  (environment ODA_SANDBOX)'
  ODA_SANDBOX=danger-full-access run run-code --sandbox workspace-write --show-config
  assert_line 'run_code.sandbox = workspace-write  (option --sandbox)'
}

@test "--show-config --json gives each setting's value, source and origin" {
  conf "$PWD/c.json" '{"terminal": {"type": "shell"}}'
  ODA_CONFIG="$PWD/c.json" ODA_CODE_MODE=1 run run-code --show-config --json
  assert_success
  assert_output --partial "{\"file\":\"$PWD/c.json\",\"settings\":{"
  assert_output --partial '"run_code.code_mode":{"value":true,"source":"environment","from":"ODA_CODE_MODE","env":"ODA_CODE_MODE"}'
  assert_output --partial "\"terminal.type\":{\"value\":\"shell\",\"source\":\"file\",\"from\":\"$PWD/c.json\",\"env\":\"ODA_TERM_TYPE\"}"
  assert_output --partial '"terminal.cols":{"value":80,"source":"default","from":null,"env":"ODA_TERM_COLS"}'
}

@test "a bad file is refused with the file, the key and the reason, and nothing runs" {
  export ODA_CONFIG="$PWD/c.json"
  conf c.json '{"terminal": {"max_byte": 100}}'
  run --separate-stderr run-code --code 'return 1'
  assert_failure 2
  assert_output ''
  assert_equal "$stderr" "run-code: error: config file '$PWD/c.json': unknown key 'terminal.max_byte' (did you mean 'terminal.max_bytes'?)"
  conf c.json '{"terminal": {"max_bytes": 63}}'
  run --separate-stderr term-list
  assert_failure 2
  assert_equal "$stderr" "term-list: error: config file '$PWD/c.json': key 'terminal.max_bytes': expected a whole number from 64 to 67108864, got 63"
  conf c.json '{"terminal": {"background_sends": "off"}}'
  run --separate-stderr term-send --schema
  assert_failure 2
  assert_equal "$stderr" "term-send: error: config file '$PWD/c.json': key 'terminal.background_sends': expected true or false, got \"off\""
  conf c.json '{"run_code": {"max_timeout_ms": 1000},'
  run --separate-stderr run-code --show-config
  assert_failure 2
  [[ "$stderr" == "run-code: error: config file '$PWD/c.json': malformed JSON: "* ]]
  rm c.json
  run --separate-stderr run-code --show-config
  assert_failure 2
  assert_equal "$stderr" "run-code: error: cannot read config file '$PWD/c.json': No such file or directory"
}

@test "a bad environment value is refused naming the variable and the key" {
  ODA_MAX_TIMEOUT_MS=soon run --separate-stderr run-code --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" "run-code: error: environment variable ODA_MAX_TIMEOUT_MS (key 'run_code.max_timeout_ms'): expected a whole number from 1 to 600000, got 'soon'"
  ODA_CODE_MODE=yes run --separate-stderr term-list
  assert_failure 2
  assert_equal "$stderr" "term-list: error: environment variable ODA_CODE_MODE (key 'run_code.code_mode'): expected true or false, got 'yes'"
}

@test "run_code.max_timeout_ms: a lower ceiling caps a request and the default budget" {
  conf c.json '{"run_code": {"max_timeout_ms": 300}}'
  export ODA_CONFIG="$PWD/c.json"
  run run-code --timeout-ms 600000 --code 'while (true) {}'
  assert_failure 124
  assert_output 'code run failed (timeout): execution deadline reached (300ms)'
  run run-code --code 'while (true) {}'
  assert_failure 124
  assert_output 'code run failed (timeout): execution deadline reached (300ms)'
  ODA_MAX_TIMEOUT_MS=200 run run-code --code 'while (true) {}'
  assert_output 'code run failed (timeout): execution deadline reached (200ms)'
}

@test "run_code.honours_timeout_ms off: timeoutMs leaves --schema and is refused with seed 000's words" {
  run run-code --schema
  assert_output --partial '"timeoutMs"'
  export ODA_HONOURS_TIMEOUT_MS=false
  run run-code --schema
  assert_success
  refute_output --partial '"timeoutMs"'
  run --separate-stderr run-code --timeout-ms 1000 --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: timeoutMs is not available for this PTC runtime'
  printf '{"description": "add one and one", "code": "return 1 + 1", "timeoutMs": 5000}' > req.json
  run --separate-stderr run-code --request req.json
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: timeoutMs is not available for this PTC runtime'
  run run-code --code 'return 1 + 1'
  assert_success
  assert_output '2'
}

@test "run_code.honours_sandbox_permissions off: the field leaves --schema and is refused with seed 000's words" {
  run run-code --schema
  assert_output --partial '"sandbox_permissions"'
  conf c.json '{"run_code": {"honours_sandbox_permissions": false}}'
  export ODA_CONFIG="$PWD/c.json"
  run run-code --schema
  refute_output --partial '"sandbox_permissions"'
  refute_output --partial '"justification"'
  printf '{"description": "write a file", "code": "return 1", "sandbox_permissions": "danger-full-access", "justification": "It must write outside."}' > req.json
  run --separate-stderr run-code --request req.json
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: sandbox_permissions is not available for this PTC runtime'
}

@test "run_code.code_mode from the file refuses term-* directly; the tools still work in a program" {
  conf "$HOME/.config/oda/config.json" '{"run_code": {"code_mode": true}}'
  run --separate-stderr term-list
  assert_failure 1
  assert_equal "$stderr" 'term-list: error: terminal_list is reachable only from a program: call it inside run-code'
  run run-code --code 'return (await terminal_list()).sessions.length'
  assert_success
  assert_output '0'
  ODA_CODE_MODE=0 run term-list
  assert_success
  assert_output '(no terminal sessions)'
}

@test "run_code.sandbox from the file is the run's default mode; --sandbox wins" {
  conf "$HOME/.config/oda/config.json" '{"run_code": {"sandbox": "read-only"}}'
  run run-code --code 'await fs.writeFile("x.txt", "x"); return "wrote"'
  assert_failure 1
  assert_output --partial 'File sandbox: read-only'
  [[ ! -e x.txt ]]
  run run-code --sandbox workspace-write --code 'await fs.writeFile("x.txt", "x"); return "wrote"'
  assert_success
  assert_output 'wrote'
}

@test "--no-deadline is refused unless the setup allows it, and only on the command line" {
  run --separate-stderr run-code --no-deadline --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: refused: --no-deadline is not allowed in this setup (run_code.allow_no_deadline is false)'
  export ODA_ALLOW_NO_DEADLINE=1
  run --separate-stderr run-code --no-deadline --json --code 'await new Promise(r => setTimeout(r, 20)); return 7'
  assert_success
  [[ "$output" == '{"ok":true,'*'"value":7,'* ]]
  id=$(sed 's/.*"runId":"\([^"]*\)".*/\1/' <<<"$output")
  run run-code --show "$id" --json
  assert_output --partial '"budgetMs":null'
  run --separate-stderr run-code --no-deadline --timeout-ms 100 --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" 'run-code: error: give --timeout-ms or --no-deadline, not both'
  # Never through a request: the tool has no such field.
  printf '{"description": "wait for ever", "code": "return 1", "no_deadline": true}' > req.json
  run --separate-stderr run-code --request req.json
  assert_failure 2
  assert_equal "$stderr" "run-code: error: unknown field 'no_deadline' in --request"
  run run-code --schema
  refute_output --partial 'deadline'
}

@test "terminal.sandbox is the mode of a session opened without --sandbox; --sandbox wins, and it bounds no other call" {
  mkdir ws
  conf "$PWD/c.json" '{"terminal": {"sandbox": "read-only"}}'
  export ODA_CONFIG="$PWD/c.json"
  run term-open --show-config
  assert_line "terminal.sandbox = read-only  (file $PWD/c.json)"
  ODA_TERM_SANDBOX=workspace-write run term-open --show-config
  assert_line 'terminal.sandbox = workspace-write  (environment ODA_TERM_SANDBOX)'
  ODA_TERM_SANDBOX=workspace-write run term-open --sandbox danger-full-access --show-config
  assert_line 'terminal.sandbox = danger-full-access  (option --sandbox)'
  term-open --cwd "$PWD/ws" --name ro
  ODA_TERM_SANDBOX=workspace-write term-open --cwd "$PWD/ws" --name ww
  ODA_TERM_SANDBOX=workspace-write term-open --sandbox danger-full-access --cwd "$PWD/ws" --name wide
  run term-list
  assert_line --index 0 --regexp '^pty-1 \(ro\) \[shell\] running [0-9]+ \[sandbox: read-only\]$'
  assert_line --index 1 --regexp '^pty-2 \(ww\) \[shell\] running [0-9]+ \[sandbox: workspace-write\]$'
  assert_line --index 2 --regexp '^pty-3 \(wide\) \[shell\] running [0-9]+$'
  # The mode is the session's: a read-only shell changes no file, a workspace-write one its
  # workspace only.
  run term-send ro 'touch made-ro'
  assert_line --index 0 "touch: cannot touch 'made-ro': Permission denied"
  run term-send ww "touch made-ww $PWD/outside-ww"
  assert_line --index 0 "touch: cannot touch '$PWD/outside-ww': Permission denied"
  [[ ! -e ws/made-ro && -e ws/made-ww && ! -e outside-ww ]]
  # The key is the default of an open, not a bound on the caller: the wider session answers.
  run term-send wide 'echo reached'
  assert_line --index 0 'reached'
  # Without the key (or at its default), a session is unrestricted as before.
  printf "{}" > empty.json
  ODA_CONFIG="$PWD/empty.json" term-open --name plain
  run term-list
  assert_line --index 3 --regexp '^pty-4 \(plain\) \[shell\] running [0-9]+$'
  ODA_TERM_SANDBOX=closed run --separate-stderr term-open
  assert_failure 2
  assert_equal "$stderr" "term-open: error: environment variable ODA_TERM_SANDBOX (key 'terminal.sandbox'): expected one of read-only, workspace-write, danger-full-access, got 'closed'"
}

@test "terminal.background_sends off: run_in_background leaves the schema and a send asking for it is refused" {
  run term-send --schema
  assert_output --partial '"run_in_background"'
  export ODA_BACKGROUND_SENDS=false
  run term-send --schema
  assert_success
  refute_output --partial 'run_in_background'
  term-open --name main >/dev/null
  run --separate-stderr term-send --background main 'echo hi'
  assert_failure 1
  assert_equal "$stderr" 'term-send: error: refused: background sends are off in this setup (terminal.background_sends is false): send without run_in_background'
  printf '{"session": "main", "text": "echo hi", "run_in_background": true}' > req.json
  run --separate-stderr term-send --request req.json
  assert_failure 1
  assert_equal "$stderr" 'term-send: error: refused: background sends are off in this setup (terminal.background_sends is false): send without run_in_background'
  run run-code --code 'return terminal_send({session: "main", text: "echo hi", run_in_background: true}).catch(e => e.message)'
  assert_success
  assert_output 'refused: background sends are off in this setup (terminal.background_sends is false): send without run_in_background'
  # A send in front still works.
  run term-send main 'echo front'
  assert_success
  assert_line --index 0 'front'
}

@test "terminal.max_bytes from the file is the terminal tools' ceiling; --max-bytes wins" {
  conf "$HOME/.config/oda/config.json" '{"terminal": {"max_bytes": 100}}'
  term-open --name main >/dev/null
  run term-send main 'seq 1 200'
  assert_success
  assert_output --partial '[output truncated]'
  [[ ${#output} -lt 200 ]]
  run term-read main --max-bytes 100000
  assert_success
  assert_line '200'
  refute_output --partial '[output truncated]'
  # A program reaches a session opened unrestricted only from a run of the same width.
  run run-code --sandbox danger-full-access --code 'return (await terminal_read({session: "main"})).output.length < 100'
  assert_output 'true'
}

@test "terminal.cols, .rows and .type are the defaults of a session opened without them" {
  conf "$HOME/.config/oda/config.json" '{"terminal": {"cols": 101, "rows": 33}}'
  term-open --name main >/dev/null
  run term-send main 'stty size'
  assert_line --index 0 '33 101'
  term-open --name narrow --cols 40 >/dev/null
  run term-send narrow 'stty size'
  assert_line --index 0 '33 40'
  ODA_TERM_TYPE=teletype run --separate-stderr term-open --name t
  assert_failure 2
  assert_equal "$stderr" "term-open: error: unknown session type 'teletype' (expected shell, ssh or command)"
}
