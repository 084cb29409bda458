#!/usr/bin/env bats
# Terminal sessions under real programs (python3, bc, node, sqlite3, gdb, vim, less, top,
# watch): what a send returns is what the program printed for that send, with its status,
# as tmux (80x24, `bash --norc`) shows it.
load helpers

@test "sends to one session at once are served in arrival order, each with its own output and status" {
  term-open --name s
  term-send s 'cd "$ODA_TEST_DIR"' >/dev/null
  # A runs until the test lets it go, so B and C surely arrive while it still waits; the
  # folder in each text tells this test's clients from another's.
  term-send s "touch a-started; until [ -e go ]; do sleep 0.02; done; echo from-A; (exit 3) # $PWD" >a.out &
  local a=$!
  poll_until [ -e a-started ]
  term-send s "echo from-B; (exit 4) # $PWD" >b.out &
  local b=$!
  poll_until pgrep -f "from-B; \(exit 4\) # $PWD" >/dev/null
  term-send s "echo from-C # $PWD" >c.out &
  local c=$!
  poll_until pgrep -f "from-C # $PWD" >/dev/null
  touch go
  wait "$a" "$b" "$c"
  assert_equal "$(cat a.out)" $'from-A\n[wait: prompt]\n[exit: 3]\n[session: running]'
  assert_equal "$(cat b.out)" $'from-B\n[wait: prompt]\n[exit: 4]\n[session: running]'
  assert_equal "$(cat c.out)" $'from-C\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

# What tmux (80x24, `bash --norc`) shows for the same keys, the echo of each typed line taken
# off: `>>> 1` then `1`, `>>> [1,2,3]` then `[1, 2, 3]`, ...
@test "python3: output equal to the input is output, only the echo goes" {
  term-open --name s
  run term-send s 'python3 -q'
  assert_output $'>>> \n[wait: input]\n[session: running]'
  run term-send s '1'
  assert_output $'1\n>>> \n[wait: input]\n[session: running]'
  run term-send s '[1,2,3]'
  assert_output $'[1, 2, 3]\n>>> \n[wait: input]\n[session: running]'
  run term-send s 'print("print")'
  assert_output $'print\n>>> \n[wait: input]\n[session: running]'
  run term-send s 'True'
  assert_output $'True\n>>> \n[wait: input]\n[session: running]'
  run term-send s "'''x'''"
  assert_output $'\'x\'\n>>> \n[wait: input]\n[session: running]'
  run term-read s --tail 11
  assert_output $'>>> \n1\n>>> \n[1, 2, 3]\n>>> \nprint\n>>> \nTrue\n>>> \n\'x\'\n>>> \n[lines: 1-11 of 11]'
  # node echoes what it is typed whatever the terminal does, and shows a preview of the
  # value under the input line: neither is output.
  term-send s 'exit()' >/dev/null
  term-send s 'node' >/dev/null
  run term-send s '1'
  assert_output $'1\n> \n[wait: input]\n[session: running]'
  run term-send s '"a"'
  assert_output $'\'a\'\n> \n[wait: input]\n[session: running]'
}

@test "bc and sqlite3: a number typed is printed back, a query's result is its output" {
  term-open --name s
  term-send s 'bc -q'
  run term-send s '5'
  assert_output $'5\n[wait: input]\n[session: running]'
  run term-send s '2+3'
  assert_output $'5\n[wait: input]\n[session: running]'
  term-send s 'quit' >/dev/null
  term-send s 'sqlite3' >/dev/null
  run term-send s 'select 1;'
  assert_output $'1\nsqlite> \n[wait: input]\n[session: running]'
}

@test "read -n1: the answer typed is not taken off the output that starts with it" {
  term-open --name s
  run term-send s 'read -n1 -p "Proceed? [y/N] " a; echo; echo yes-chosen'
  assert_output $'Proceed? [y/N] \n[wait: input]\n[session: running]'
  run term-send --no-submit s 'y'
  assert_output $'yes-chosen\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a 2,000,000-character line is one line" {
  term-open --name s
  term-send s "python3 -c \"print('x' * 2000000); print('end')\"" >/dev/null
  run term-read s --offset 0 --max-bytes 4000000
  assert_success
  assert_equal "${#lines[@]}" 3
  assert_equal "${lines[0]}" "$(printf 'x%.0s' $(seq 2000000))"
  assert_equal "${lines[1]}" end
  assert_equal "${lines[2]}" '[lines: 1-2 of 2]'
}

# tmux shows the last state of a region redrawn with cursor-up: a3 b3 c3.
@test "a 3-line display redrawn 3 times with cursor-up returns its last 3 lines" {
  term-open --name s
  run term-send s 'for i in 1 2 3; do printf "a$i\nb$i\nc$i\n"; if [ $i -lt 3 ]; then printf "\e[3A"; fi; done'
  assert_output $'a3\nb3\nc3\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

# tmux: `$ cat`, then `[1]+  Stopped                 cat` on the next line, no blank line.
@test "Ctrl-Z: the job's Stopped notice comes without a blank line before it" {
  term-open --name s
  run term-send s 'cat'
  assert_output $'(no new output)\n[wait: input]\n[session: running]'
  run term-send -e --no-submit s '\x1a'
  assert_output $'[1]+  Stopped                 cat\n[wait: prompt]\n[exit: 148]\n[session: running]'
}

@test "gdb at a breakpoint: the source line, then (gdb), no blank line between" {
  printf 'int sq(int x) {\n  return x * x;\n}\nint main(void) { return sq(3); }\n' >sq.c
  cc -g -O0 -o sq sq.c
  term-open --name s
  term-send s 'gdb -q ./sq' >/dev/null
  run term-send s 'break sq'
  assert_output --regexp $'^Breakpoint 1 at 0x[0-9a-f]+: file sq.c, line 2.\n\\(gdb\\) \n\\[wait: input\\]\n\\[session: running\\]$'
  run term-send s 'run'
  assert_output --partial $'\n\nBreakpoint 1, sq (x=3) at sq.c:2\n2\t  return x * x;\n(gdb) \n[wait: input]\n[session: running]'
  run term-send s 'next'
  assert_output $'3\t}\n(gdb) \n[wait: input]\n[session: running]'
}

# tmux: `>>> for i in range(2):`, `...   print(i)`, `...`, `0`, `1`, `>>> `.
@test "python3: each continuation prompt of a multi-line input is on its own line" {
  term-open --name s
  term-send s 'python3 -q' >/dev/null
  run term-send s $'for i in range(2):\n  print(i)\n'
  assert_output $'... \n... \n0\n1\n>>> \n[wait: input]\n[session: running]'
}

# The answers come from the session's screen: it shows what programs printed (the commands
# themselves are not echoed), so the first line printed in a fresh session is row 1 where
# tmux, which shows `$ printf ...` above it, says row 2; the columns are the same.
@test "terminal queries are answered: cursor position, device attributes, window size, colours" {
  term-open --name s --cols 100 --rows 30
  run term-send s $'printf \'ab\\e[6n\'; read -rs -t 5 -d R x; echo; echo "cpr:${x#?}"'
  assert_output $'ab\ncpr:[1;3\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send s $'printf \'\\e[c\'; read -rs -t 5 -d c x; echo "da:${x#?}"'
  assert_output $'da:[?1;2\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send s $'printf \'\\e[18t\'; read -rs -t 5 -d t x; echo "size:${x#?}"'
  assert_output $'size:[8;30;100\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send s $'printf \'\\e]11;?\\e\\\\\'; read -rs -t 5 -d \'\\\' x; x=${x#*;}; echo "bg:${x%?}"'
  assert_output $'bg:rgb:0000/0000/0000\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

# tmux shows vim's screen: the three lines, 20 rows of ~, and the file's message.
@test "a send that ends on the alternate screen returns the screen: vim, less" {
  printf 'line one\nline two\nline three\n' >f.txt
  term-open --name s
  run term-send s 'vim -u NONE f.txt'
  local tildes
  tildes=$(printf '~\n%.0s' $(seq 20))
  assert_output "line one
line two
line three
${tildes}
\"f.txt\" 3 lines, 29 bytes
[wait: input]
[session: running]"
  run term-read s --screen
  assert_output "$(printf '%s\n' "line one" "line two" "line three")
${tildes}
\"f.txt\" 3 lines, 29 bytes"
  # Back on the main screen, nothing of vim's drawing comes as lines.
  run term-send s ':q'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send s 'less f.txt'
  assert_output $'line one\nline two\nline three\nf.txt (END)\n[wait: input]\n[session: running]'
  run term-send s 'q'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "watch and top: each send shows their one screen, not redraws glued into lines" {
  term-open --name s
  run term-send s --wait-ms 1500 'watch -n0.5 date +%s'
  assert_line --index 0 --regexp '^Every 0\.5s: date \+%s  +[^ ].*$'
  assert_line --index 1 --regexp '^[0-9]{10}$'
  assert_line --index 2 '[wait: timeout]'
  run term-send -e --no-submit s '\x03'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send s --wait-ms 1500 'top -d 0.5'
  assert_line --index 0 --regexp '^top - '
  assert_line --regexp '^ *PID +USER '
  run term-send --no-submit s 'q'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

# Relaying programs (issue 12 defect 2): sudo -i under Debian's `Defaults use_pty`, `su --pty`
# and `script` hold a pty master and poll the terminal all the time; a wait looks at the
# shell behind them instead, and ends when that shell is back at its prompt, never at once.
relay_can_sudo() {
  command -v sudo >/dev/null || skip "sudo is not installed"
  sudo -n true 2>/dev/null || skip "sudo asks for a password here"
}

@test "sudo -i: a wait ends on the nested shell, Ctrl-C reaches it, and nothing sent after exit is lost" {
  relay_can_sudo
  term-open --name s
  run term-send s 'sudo -i'
  assert_success
  assert_output --regexp $'# \n\\[wait: input\\]\n\\[session: running\\]$'
  run term-send s 'sleep 1; echo two'
  assert_output --regexp $'^two\n.*# \n\\[wait: input\\]\n\\[session: running\\]$'
  # The job behind the relay runs on: a wait on it ends at its deadline, not as input.
  run term-send s --wait-ms 300 'sleep 30; echo not-reached'
  assert_output $'(no new output)\n[wait: timeout]\n[session: running]'
  run term-signal s INT
  assert_success
  run term-send --no-submit s ''
  assert_output --regexp $'# \n\\[wait: input\\]'
  refute_output --partial not-reached
  # Two lines at once: the second is typed once the first (exit) is done with.
  run term-send s $'exit\necho after-$((6*7))'
  assert_output $'logout\nafter-42\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send s 'echo still-here'
  assert_output $'still-here\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "su --pty and script: read -p behind the relay is an input wait, the answer reaches it" {
  relay_can_sudo
  su --help 2>&1 | grep -q -- --pty || skip "su has no --pty"
  term-open --name s
  run term-send s "su --pty -s /bin/bash -c 'PS1=\"su\$ \" bash --norc' -"
  assert_output $'su$ \n[wait: input]\n[session: running]'
  run term-send s 'read -p "name? " x'
  assert_output $'name? \n[wait: input]\n[session: running]'
  run term-send s 'bob'
  assert_output $'su$ \n[wait: input]\n[session: running]'
  run term-send s 'echo "got $x"; exit 3'
  assert_output $'got bob\nexit\n[wait: prompt]\n[exit: 3]\n[session: running]'
  run term-send s "script -q /dev/null -c 'PS1=\"in-script\$ \" bash --norc'"
  assert_output $'in-script$ \n[wait: input]\n[session: running]'
  run term-send s 'sleep 1; echo "$((2+3))"'
  assert_output $'5\nin-script$ \n[wait: input]\n[session: running]'
  run term-send s 'exit'
  assert_output $'exit\n[wait: prompt]\n[exit: 0]\n[session: running]'
}
