#!/usr/bin/env bats
# Terminal sessions through the real binaries: the renderings of SPEC 3.2-3.7, the wait
# reasons, and the shell integration (prompt, echo and markers never in the output).
load helpers

@test "term-open prints the label, the type and (no startup output); term-list shows it" {
  run term-open
  assert_success
  assert_output $'started terminal session pty-1 [type: shell]\n(no startup output)'
  run term-open --name main
  assert_output $'started terminal session pty-2 (main) [type: shell]\n(no startup output)'
  run term-list
  assert_success
  assert_line --index 0 --regexp '^pty-1 \[shell\] running [0-9]+$'
  assert_line --index 1 --regexp '^pty-2 \(main\) \[shell\] running [0-9]+$'
}

@test "term-open --json gives id, name, type, pid, status and message" {
  run term-open --name j --json
  assert_success
  assert_output --regexp '^\{"id":"pty-1","name":"j","type":"shell","pid":[0-9]+,"status":"running","message":""\}$'
}

@test "a shell that ends before its first prompt is an error, not a session" {
  ln -s /bin/false bash
  SHELL="$PWD/bash" run --separate-stderr term-open
  assert_failure 1
  assert_equal "$stderr" "term-open: error: the shell '$PWD/bash' ended before its first prompt (code=1)"
  run term-list
  assert_output '(no terminal sessions)'
}

@test "term-open validates its values: env, cols, name, type, cwd" {
  run --separate-stderr term-open --env FOO
  assert_failure 2
  assert_equal "$stderr" "term-open: error: invalid env 'FOO': expected K=V"
  run --separate-stderr term-open --cols 1
  assert_failure 2
  assert_equal "$stderr" "term-open: error: invalid cols '1': expected a whole number from 2 to 1000"
  run --separate-stderr term-open --name pty-3
  assert_failure 2
  assert_equal "$stderr" "term-open: error: invalid name 'pty-3': expected letters, digits, '.', '-' or '_', not an id like 'pty-1'"
  run --separate-stderr term-open --type python
  assert_failure 2
  assert_equal "$stderr" "term-open: error: unknown session type 'python' (expected shell, ssh or command)"
  run --separate-stderr term-open --cwd "$PWD/nowhere"
  assert_failure 1
  assert_equal "$stderr" "term-open: error: no such folder '$PWD/nowhere'"
}

@test "a name already taken in the chat is refused" {
  term-open --name main
  run --separate-stderr term-open --name main
  assert_failure 1
  assert_equal "$stderr" "term-open: error: name 'main' is already taken in chat '$ODA_CHAT'"
}

@test "echo returns exactly its text, then the prompt, its exit status and the session state" {
  term-open
  run term-send pty-1 'echo hello'
  assert_success
  assert_output $'hello\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a failing command reports its exit status, and nothing new is (no new output)" {
  term-open
  run term-send pty-1 '(exit 3)'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 3]\n[session: running]'
}

@test "several lines sent at once settle after the last: its exit status, all the output" {
  term-open
  run term-send pty-1 $'echo a\nsleep 0.2\necho b\n(exit 4)'
  assert_output $'a\nb\n[wait: prompt]\n[exit: 4]\n[session: running]'
  run term-send pty-1 $'head -1\nline for head\nfor i in 1 2; do\necho $i\ndone'
  assert_output $'line for head\n1\n2\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "the environment carries PAGER=cat, GIT_PAGER=cat and the chat; --env and --cwd apply" {
  mkdir work
  term-open --env FOO=bar --cwd "$PWD/work"
  run term-send pty-1 'echo "$PAGER $GIT_PAGER $FOO $ODA_CHAT"; pwd'
  assert_output $'cat cat bar '"$ODA_CHAT"$'\n'"$PWD/work"$'\n[wait: prompt]\n[exit: 0]\n[session: running]'
  term-open --chat other
  run term-send --chat other pty-2 'echo $ODA_CHAT'
  assert_line --index 0 'other'
}

@test "read -p waits for input; the answer then reaches the shell" {
  term-open
  run term-send pty-1 'read -p "Name: " x'
  assert_output $'Name: \n[wait: input]\n[session: running]'
  run term-send pty-1 'bob'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send pty-1 'echo "hi $x"'
  assert_output $'hi bob\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a password prompt on /dev/tty (getpass) is an input wait; the answer is never shown" {
  command -v python3 || skip "no python3"
  term-open
  run term-send pty-1 "python3 -c 'import getpass; print(\"got\", len(getpass.getpass(\"Password: \")))'"
  assert_output $'Password: \n[wait: input]\n[session: running]'
  run term-send pty-1 'sekrit'
  assert_output $'got 6\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-read pty-1
  assert_output $'Password: \ngot 6\n[lines: 1-2 of 2]'
}

@test "a python3 REPL: the prompt is an input wait, 6*7 gives 42 without its echo, exit() returns" {
  command -v python3 || skip "no python3"
  term-open
  run term-send pty-1 'python3 -q'
  assert_output $'>>> \n[wait: input]\n[session: running]'
  run term-send pty-1 '6*7'
  assert_output $'42\n>>> \n[wait: input]\n[session: running]'
  run term-send pty-1 'exit()'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a node REPL (waiting in epoll, raw mode) is an input wait too" {
  command -v node || skip "no node"
  term-open
  run term-send pty-1 'node'
  assert_line --index 2 '> '
  assert_line '[wait: input]'
  run term-send pty-1 '6*7'
  assert_output $'42\n> \n[wait: input]\n[session: running]'
  run term-send pty-1 '.exit'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a long command times out, SIGINT stops it, and the shell still works" {
  term-open
  run term-send --wait-ms 300 pty-1 'sleep 100'
  assert_output $'(no new output)\n[wait: timeout]\n[session: running]'
  run term-signal pty-1 SIGINT
  assert_success
  assert_output --regexp '^delivered SIGINT to foreground process group [0-9]+$'
  run term-send pty-1 'echo still here'
  assert_line 'still here'
  assert_line '[wait: prompt]'
  assert_line '[exit: 0]'
}

@test "a job stopped by SIGINT leaves no blank line behind; a program's own blank line stays" {
  term-open
  term-send --wait-ms 300 pty-1 'sleep 100'
  term-signal pty-1 SIGINT
  run term-send pty-1 'echo hi'
  assert_output $'hi\n[wait: prompt]\n[exit: 0]\n[session: running]'
  term-send --wait-ms 300 pty-1 'sleep 100'
  term-send -e --no-submit pty-1 '\x03'
  run term-send pty-1 'echo again'
  assert_output $'again\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-read pty-1
  assert_output $'hi\nagain\n[lines: 1-2 of 2]'
  term-send --wait-ms 300 pty-1 'bash -c "trap \"echo; exit 3\" INT; sleep 100 & wait"'
  term-signal pty-1 SIGINT
  run term-send pty-1 'echo after'
  assert_output $'\nafter\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "SIGKILL at an idle shell is refused" {
  term-open
  run --separate-stderr term-signal pty-1 SIGKILL
  assert_failure 1
  assert_equal "$stderr" "term-signal: error: refused: SIGKILL would end the session's shell; close the session instead"
}

@test "signal names: INT, int and 2 are SIGINT; an unknown one is refused" {
  term-open
  term-send --wait-ms 200 pty-1 'sleep 100'
  run term-signal pty-1 int
  assert_output --regexp '^delivered SIGINT to foreground process group [0-9]+$'
  term-send --wait-ms 200 pty-1 'sleep 100'
  run term-signal pty-1 2
  assert_output --regexp '^delivered SIGINT to foreground process group [0-9]+$'
  run --separate-stderr term-signal pty-1 SIGFOO
  assert_failure 2
  assert_equal "$stderr" "term-signal: error: unknown signal 'SIGFOO': expected one of SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP"
}

@test "a \\r progress bar gives its last state" {
  term-open
  run term-send pty-1 'for i in 1 2 3; do printf "\r%d%%" $((i * 33)); sleep 0.05; done; echo'
  assert_output $'99%\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "backspaces and line erases are applied, escapes removed" {
  term-open
  run term-send pty-1 $'printf "abx\\bc\\n\\e[31mred\\e[0m\\nold\\r\\e[Knew\\n"'
  assert_output $'abc\nred\nnew\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a line printed in two parts with a pause between comes back whole" {
  term-open
  run term-send pty-1 'printf abc; sleep 0.7; echo def'
  assert_output $'abcdef\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a forged completion marker printed by a program neither ends the wait nor shows" {
  term-open
  run term-send pty-1 'printf "\e]6973;0123456789abcdef;0\a"; printf "\e]6973;x;0\aone\n"; sleep 0.3; echo two'
  assert_output $'one\ntwo\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "200,000 lines: the first and the last page, and --tail" {
  term-open
  run term-send pty-1 'seq 1 200000 >/dev/null; seq 1 200000' --max-bytes 64
  assert_line '[wait: prompt]'
  run term-read pty-1 --count 3
  assert_output $'1\n2\n3\n[lines: 1-3 of 200000]'
  run term-read pty-1 --offset 199998
  assert_output $'199999\n200000\n[lines: 199999-200000 of 200000]'
  run term-read pty-1 --tail 2
  assert_output $'199999\n200000\n[lines: 199999-200000 of 200000]'
}

@test "old lines drop past the daemon's --max-lines; numbers never shift" {
  mkdir -p "$ODA_RUNTIME_DIR" && chmod 700 "$ODA_RUNTIME_DIR"
  termd --max-lines 100000
  term-open
  term-send --max-bytes 64 pty-1 'seq 1 150000' >/dev/null
  run term-read pty-1 --count 1
  first=${lines[0]}
  assert_equal "${lines[1]}" "[lines: $first-$first of 150000]"
  (( first > 1 && 150000 - first + 1 >= 100000 ))
  run term-read pty-1 --offset 0 --count 2
  assert_output "$first"$'\n'"$((first + 1))"$'\n'"[lines: $first-$((first + 1)) of 150000]"
  run term-read pty-1 --offset 149999
  assert_output $'150000\n[lines: 150000-150000 of 150000]'
}

@test "a result over --max-bytes is cut at a character boundary and marked" {
  term-open
  run term-send pty-1 'seq 1 100' --max-bytes 64
  assert_success
  assert_output $'1\n[output truncated]\n[wait: prompt]\n[exit: 0]\n[session: running]'
  [[ $(printf %s "$output" | wc -c) -le 64 ]]
  run term-send pty-1 'seq 1 100' --max-bytes 80
  assert_output $'1\n2\n3\n4\n5\n6\n7\n8\n9\n[output truncated]\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send pty-1 'echo ééééééééééééééééééééééé' --max-bytes 80
  assert_output $'éééééééé\n[output truncated]\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-read pty-1 --max-bytes 64
  assert_output --partial $'[output truncated]\n[lines: 1-'
  run --separate-stderr term-send pty-1 'echo' --max-bytes 63
  assert_failure 2
  assert_equal "$stderr" "term-send: error: invalid max-bytes '63': the smallest accepted is 64"
}

@test "nothing twice: a send shows only what no earlier send or read returned" {
  term-open
  term-send --wait-ms 200 pty-1 'echo one; sleep 0.5; echo two; : >two.done'
  poll_until test -e two.done
  run term-send --no-submit pty-1 ''
  assert_output $'two\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send --no-submit pty-1 ''
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "an empty read is (no retained output); pages validate offset and count" {
  term-open
  run term-read pty-1
  assert_output '(no retained output)'
  run --separate-stderr term-read pty-1 --offset -1
  assert_failure 2
  assert_equal "$stderr" "term-read: error: invalid offset '-1': expected a whole number not below zero"
  run --separate-stderr term-read pty-1 --count 0
  assert_failure 2
  assert_equal "$stderr" "term-read: error: invalid count '0': expected a whole number of at least one"
  term-send pty-1 'echo a'
  run term-read pty-1 --offset 5
  assert_output $'(no lines from 6)\n[lines: none of 1]'
}

@test "an unknown session names the near miss" {
  term-open --name main
  run --separate-stderr term-send mian 'echo'
  assert_failure 1
  assert_equal "$stderr" "term-send: error: no session 'mian' in chat '$ODA_CHAT' (did you mean 'main'?)"
  run --separate-stderr term-read pty-9
  assert_failure 1
  assert_equal "$stderr" "term-read: error: no session 'pty-9' in chat '$ODA_CHAT' (did you mean 'pty-1'?)"
}

@test "the shell exiting with 7 ends the session: wait exit and its code" {
  term-open
  run term-send pty-1 'exit 7'
  assert_output $'exit\n[wait: exit]\n[session: exited code=7 signal=null]'
  run term-list
  assert_output 'pty-1 [shell] exited'
}

@test "a shell ended by a signal reports it: code=null signal=SIGHUP" {
  term-open
  run term-send pty-1 'kill -HUP $$'
  assert_output $'(no new output)\n[wait: exit]\n[session: exited code=null signal=SIGHUP]'
  run --separate-stderr term-signal pty-1 INT
  assert_failure 1
  assert_equal "$stderr" "term-signal: error: terminal session pty-1 is not running"
}

@test "close ends the whole tree, even processes that ignore hangups or left the session" {
  term-open
  term-send pty-1 'sleep 1001 & (trap "" HUP TERM; sleep 1002) & setsid sleep 1003 & echo started'
  pids=$(pgrep -f '^sleep 100[123]' | tr '\n' ' ')
  [[ -n "$pids" ]]
  run term-close pty-1
  assert_output 'closed terminal session pty-1'
  for p in $pids; do run kill -0 "$p"; assert_failure; done
  run term-close pty-1
  assert_success
  assert_output 'terminal session pty-1 was already closing'
  run term-list
  assert_output '(no terminal sessions)'
}

@test "a repeated close by name is safe too" {
  term-open --name main
  run term-close main
  assert_output 'closed terminal session pty-1'
  run term-close main
  assert_output 'terminal session pty-1 was already closing'
}

@test "a repeated close by name of a session whose shell exited is safe; a new owner of the name is closed" {
  term-open --name S
  term-send S 'exit 7'
  run term-close S
  assert_output 'closed terminal session pty-1'
  run term-close S
  assert_success
  assert_output 'terminal session pty-1 was already closing'
  term-open --name S
  run term-close S
  assert_output 'closed terminal session pty-2'
  run term-close S
  assert_output 'terminal session pty-2 was already closing'
}

# Reads job $1 once; true when the read returned output ($output keeps the read).
job_has_output() {
  run term-read --job "$1"
  [[ "${lines[0]}" != '(no new output)' ]]
}

# Reads job $1 once; true when it reports finished.
job_finished() {
  run term-read --job "$1"
  [[ "$output" == *finished* ]]
}

@test "a background job: read before, during and after, never twice" {
  term-open
  run term-send --background pty-1 'until [ -e a ]; do sleep 0.02; done; echo first; until [ -e b ]; do sleep 0.02; done; echo second'
  assert_output 'started background job job-1'
  run term-read --job job-1
  assert_output $'(no new output)\n[job: job-1 running]'
  touch a
  poll_until job_has_output job-1
  assert_output $'first\n[job: job-1 running]'
  run term-read --job job-1
  assert_output $'(no new output)\n[job: job-1 running]'
  touch b
  poll_until job_has_output job-1
  assert_line --index 0 'second'
  if [[ "${lines[1]}" == '[job: job-1 running]' ]]; then
    # The output came before the prompt: the state follows on the next read.
    poll_until job_finished job-1
    assert_output $'(no new output)\n[job: job-1 finished]\n[exit: 0]'
  else
    assert_output $'second\n[job: job-1 finished]\n[exit: 0]'
  fi
  run term-read --job job-1
  assert_output $'(no new output)\n[job: job-1 finished]\n[exit: 0]'
}

@test "a background job ends killed when its session closes" {
  term-open
  term-send --background pty-1 'sleep 100'
  term-close pty-1
  run term-read --job job-1
  assert_output $'(no new output)\n[job: job-1 killed]'
}

@test "chats are isolated: list, send and close see only their own sessions" {
  term-open --chat a --name main
  term-open --chat b
  run term-list --chat a
  assert_output --regexp '^pty-1 \(main\) \[shell\] running [0-9]+$'
  run term-list --chat b
  assert_output --regexp '^pty-2 \[shell\] running [0-9]+$'
  run --separate-stderr term-send --chat b pty-1 'echo'
  assert_failure 1
  assert_equal "$stderr" "term-send: error: no session 'pty-1' in chat 'b' (did you mean 'pty-2'?)"
  run term-close --chat b main
  assert_failure 1
  run term-open --chat b --name main
  assert_success
}

@test "a call with no chat is refused" {
  unset ODA_CHAT
  run --separate-stderr term-open
  assert_failure 1
  assert_equal "$stderr" "term-open: error: refused: no chat: pass --chat ID or set ODA_CHAT"
  run --separate-stderr term-list
  assert_failure 1
  assert_equal "$stderr" "term-list: error: refused: no chat: pass --chat ID or set ODA_CHAT"
}

@test "code-call mode refuses direct term-* calls with the command's tool name" {
  export ODA_CODE_MODE=1
  run --separate-stderr term-send pty-1 'echo'
  assert_failure 1
  assert_equal "$stderr" "term-send: error: terminal_send is reachable only from a program: call it inside run-code"
  run --separate-stderr term-list
  assert_failure 1
  assert_equal "$stderr" "term-list: error: terminal_list is reachable only from a program: call it inside run-code"
}

@test "vim through --screen shows the screen a terminal would" {
  command -v vim || skip "no vim"
  printf 'alpha\nbeta\n' > f.txt
  term-open --cols 40 --rows 8
  run term-send pty-1 'vim -u NONE -N f.txt'
  assert_line '[wait: input]'
  run term-read pty-1 --screen
  assert_line --index 0 'alpha'
  assert_line --index 1 'beta'
  assert_line --index 2 '~'
  assert_line --index 7 --regexp '^"f.txt" 2L, 11B'
  run term-send pty-1 ':q!'
  assert_line '[wait: prompt]'
}

@test "-e reads escapes: Ctrl-C as \\x03 stops a running command" {
  term-open
  term-send --wait-ms 200 pty-1 'sleep 100'
  run term-send -e --no-submit pty-1 '\x03'
  assert_line '[wait: prompt]'
  assert_line '[exit: 130]'
  run --separate-stderr term-send -e pty-1 '\q'
  assert_failure 2
}

@test "--request takes the seed's fields; --json gives the send's facts" {
  term-open --name r
  echo '{"session": "r", "text": "echo via request"}' > req.json
  run term-send --request req.json
  assert_output $'via request\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send --json r '(exit 4)'
  assert_output '{"session":"pty-1","output":"","truncated":false,"wait":"prompt","exit":4,"status":"running","code":null,"signal":null}'
}

@test "term-list --ids prints each id and name one per line" {
  term-open --name main
  term-open
  run term-list --ids
  assert_output $'pty-1\nmain\npty-2'
}

@test "a zsh session has the same integration" {
  command -v zsh || skip "no zsh"
  SHELL=/bin/bash term-open
  SHELL=$(command -v zsh) term-open
  run term-send pty-2 'echo $ZSH_NAME; (exit 5)'
  assert_output $'zsh\n[wait: prompt]\n[exit: 5]\n[session: running]'
  run term-send pty-2 'read "x?Name: "'
  assert_output $'Name: \n[wait: input]\n[session: running]'
  run term-send pty-2 'bob'
  run term-send pty-2 'echo "hi $x"'
  assert_output $'hi bob\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send pty-1 'echo ${BASH_VERSION%%.*}'
  assert_output --regexp '^[0-9]+'
}

@test "a POSIX sh session (dash) has the same integration; another shell gets bash" {
  [[ -x /bin/dash ]] || skip "no dash"
  SHELL=/bin/dash term-open
  run term-send pty-1 'echo $0; (exit 6)'
  assert_output $'/bin/dash\n[wait: prompt]\n[exit: 6]\n[session: running]'
  SHELL=/usr/bin/fish term-open
  run term-send pty-2 'echo $0'
  assert_output $'/bin/bash\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a send stopped by SIGINT prints terminal send aborted; what it wrote stays written" {
  term-open
  term-send --background pty-1 'true' >/dev/null
  term-send pty-1 'sleep 1.01; echo late' >aborted.out &
  poll_until pgrep -f '^sleep 1.01'
  kill -INT $!
  rc=0
  wait $! || rc=$?
  assert_equal "$rc" 1
  assert_equal "$(cat aborted.out)" 'terminal send aborted'
  run term-send --wait-ms 5000 --no-submit pty-1 ''
  assert_output $'late\n[wait: prompt]\n[exit: 0]\n[session: running]'
}
