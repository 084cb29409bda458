#!/usr/bin/env bats
# Sessions beyond this machine (issue 18): `term-open --type ssh` to an sshd the test starts on
# 127.0.0.1 (a free port, a key the test makes), logged in as a second local user where the
# test can create one, and `--type command` over a shell run as the program. The daemon's
# integration is installed in the far shell, so waits and exit statuses are exact there.
load helpers
load sshd

REMOTE_USER=oda-remote

setup_file() {
  # A user of the test's own, with a home and rc files that do nothing slow.
  if [[ $(id -u) == 0 ]] && ! id "$REMOTE_USER" >/dev/null 2>&1 && command -v useradd >/dev/null; then
    # Its home outside Bats' private folders (it must reach it), its account not locked ('*':
    # no password, a key only), or sshd turns it away.
    local home
    home=$(mktemp -d /tmp/oda-remote-XXXXXX) && chmod 0755 "$home" &&
      useradd -M -d "$home/home" -p '*' -s /bin/bash "$REMOTE_USER" && mkdir "$home/home" &&
      chown "$REMOTE_USER:" "$home/home" && echo "$home" >"$BATS_FILE_TMPDIR/made-user"
  fi
}

teardown_file() {
  [[ -f "$BATS_FILE_TMPDIR/made-user" ]] || return 0
  userdel "$REMOTE_USER" >/dev/null 2>&1 || true
  rm -rf "$(cat "$BATS_FILE_TMPDIR/made-user")"
}

remote_user() { id "$REMOTE_USER" >/dev/null 2>&1 && echo "$REMOTE_USER" || id -un; }

local_setup() {
  start_sshd "$(remote_user)"
}

local_teardown() {
  stop_termd
  stop_sshd
}

remote_gone() { ! pgrep -u "$(remote_user)" -f "$1" >/dev/null; }

session_exited() { term-list | grep -q ' exited'; }

open_remote() {
  term-open --type ssh --host oda-test "${ODA_SSH_OPTIONS[@]}" "$@"
}

@test "ssh: a session on the far host, its exit statuses exact, the list shows type and host" {
  run open_remote --name far
  assert_success
  assert_output $'started terminal session pty-1 (far) [type: ssh]\n(no startup output)'
  run term-send far "echo \"on \$(id -un)\"; (exit 3)"
  assert_output $'on '"$(remote_user)"$'\n[wait: prompt]\n[exit: 3]\n[session: running]'
  run term-send far 'sleep 1; echo slept'
  assert_output $'slept\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send far $'echo one\necho two; false'
  assert_output $'one\ntwo\n[wait: prompt]\n[exit: 1]\n[session: running]'
  # The first line's prompt comes well before the second's: the send waits for the last.
  run term-send far $'echo three\nsleep 0.3; false'
  assert_output $'three\n[wait: prompt]\n[exit: 1]\n[session: running]'
  run term-list
  assert_output --regexp '^pty-1 \(far\) \[ssh\] running [0-9]+ \[host: oda-test\]$'
  run term-list --json
  assert_output --partial '"type":"ssh","host":"oda-test"'
  # A second session to the host goes through the shared connection's control socket.
  run open_remote --name second --cwd /tmp
  assert_success
  run term-send second 'pwd'
  assert_output $'/tmp\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run find "$ODA_RUNTIME_DIR/ssh" -type s
  assert_output --regexp "^$ODA_RUNTIME_DIR/ssh/[0-9a-f]{16}$"
}

@test "ssh: read -p is an input wait, a 100,000-line output comes whole, Ctrl-C stops a remote sleep" {
  open_remote --name far >/dev/null
  run term-send far 'read -p "name? " x'
  assert_output $'name? \n[wait: input]\n[session: running]'
  run term-send far 'bob'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send far 'echo "got $x"'
  assert_output $'got bob\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send far --max-bytes 64 'seq 100000'
  assert_line '[wait: prompt]'
  assert_line '[exit: 0]'
  run term-read far --tail 2
  assert_output --regexp $'^99999\n100000\n\\[lines: [0-9]+-[0-9]+ of [0-9]+\\]$'
  run term-send far --wait-ms 300 'sleep 4731; echo not-reached'
  assert_output $'(no new output)\n[wait: timeout]\n[session: running]'
  run term-signal far INT
  assert_success
  run term-send --no-submit far ''
  assert_line '[wait: prompt]'
  assert_line '[exit: 130]'
  refute_output --partial not-reached
  run pgrep -u "$(remote_user)" -f 'sleep 4731'
  assert_failure
}

@test "ssh: a close leaves nothing on either side" {
  open_remote --name far >/dev/null
  run term-send far --wait-ms 300 'sleep 4732'
  assert_line '[wait: timeout]'
  pgrep -u "$(remote_user)" -f 'sleep 4732' >/dev/null
  local tag
  tag=$(tr '\0' '\n' <"/proc/$(term-list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["sessions"][0]["pid"])')/environ" | grep '^ODA_TERM_SESSION=')
  run term-close far
  assert_output 'closed terminal session pty-1'
  poll_until remote_gone 'sleep 4732'
  local p
  for p in /proc/[0-9]*; do
    if tr '\0' '\n' <"$p/environ" 2>/dev/null | grep -qx "$tag"; then
      echo "left: $(tr '\0' ' ' <"$p/cmdline")" >&2
      return 1
    fi
  done
}

@test "ssh: the connection killed from the server side ends the session with its reason" {
  open_remote --name far >/dev/null
  run term-send far 'echo up'
  assert_output --partial '[exit: 0]'
  # sshd's processes for this login (the user's own: the listener runs as the test's user).
  local pids
  pids=$(pgrep -u "$(remote_user)" -x sshd || pgrep -f "sshd: $(remote_user)")
  [[ -n "$pids" ]]
  kill -KILL $pids
  poll_until session_exited
  run term-list
  assert_output 'pty-1 (far) [ssh] exited [host: oda-test]'
  # ssh's own last words are the session's last output.
  run term-read far --tail 1
  assert_output --regexp 'closed.*'$'\n''\[lines: '
  run term-send far 'echo again'
  assert_failure 1
  assert_output 'term-send: error: refused: terminal session pty-1 has exited (code=255 signal=null)'
}

@test "ssh: bad calls are refused with the reason" {
  run term-open --type ssh
  assert_failure 2
  assert_output 'term-open: error: missing host: --type ssh needs --host [USER@]HOST'
  run term-open --host h
  assert_failure 2
  assert_output 'term-open: error: --host and --ssh-option are for --type ssh only'
  run term-open --type telnet
  assert_failure 2
  assert_output "term-open: error: unknown session type 'telnet' (expected shell, ssh or command)"
  run term-open --type ssh --host oda-test --ssh-option BatchMode=yes --ssh-option Port=1 --ssh-option HostName=127.0.0.1
  assert_failure 1
  assert_output --regexp "^term-open: error: the shell '.*ssh' ended before its first prompt \(code=255: .*Connection refused\)$"
  run bash -c 'term-open --schema | python3 -c "import json,sys; print(json.load(sys.stdin)[\"input_schema\"][\"properties\"][\"type\"][\"enum\"])"'
  assert_output "['shell', 'ssh', 'command']"
}

@test "command: bash --norc and sh run as the program get the integration" {
  run term-open --type command --name b -- bash --norc
  assert_output $'started terminal session pty-1 (b) [type: command]\n(no startup output)'
  run term-send b 'echo "in ${0##*/}"; (exit 6)'
  assert_output $'in bash\n[wait: prompt]\n[exit: 6]\n[session: running]'
  run term-send b 'read -p "name? " x'
  assert_output $'name? \n[wait: input]\n[session: running]'
  term-send b bob >/dev/null
  run term-send b 'echo "got $x"'
  assert_output $'got bob\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-open --type command --name s -- sh
  assert_success
  run term-send s 'echo in-sh; (exit 7)'
  assert_output $'in-sh\n[wait: prompt]\n[exit: 7]\n[session: running]'
  run term-list
  assert_line --regexp '^pty-2 \(s\) \[command\] running [0-9]+$'
  # A job would run on this machine, not behind the program: refused, nothing started.
  run term-send --background s 'echo from-a-job'
  assert_failure 1
  assert_output "term-send: error: refused: background jobs run on this machine, and terminal session pty-2 runs its shell elsewhere: send without run_in_background"
  run term-send s 'echo still-here'
  assert_output $'still-here\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-open --type command -- no-such-program-oda
  assert_failure 1
  assert_output "term-open: error: no program 'no-such-program-oda' to run (not found on PATH)"
  run term-open --type command
  assert_failure 2
  assert_output 'term-open: error: missing program: --type command needs -- ARGV...'
}

@test "ssh: a host-key question ends the open as input, and the answer goes on to the far shell" {
  : >"$BATS_TEST_TMPDIR/empty_known_hosts"
  local opts=() o
  # The fixture's options with an empty known-hosts file and questions allowed.
  for o in "${ODA_SSH_OPTIONS[@]}"; do
    case $o in
      UserKnownHostsFile=*) o=UserKnownHostsFile=$BATS_TEST_TMPDIR/empty_known_hosts ;;
      StrictHostKeyChecking=*) o=StrictHostKeyChecking=ask ;;
      BatchMode=*) o=BatchMode=no ;;
    esac
    opts+=("$o")
  done
  run term-open --type ssh --host oda-test --name q "${opts[@]}"
  assert_success
  assert_line --index 0 'started terminal session pty-1 (q) [type: ssh]'
  assert_output --partial "The authenticity of host '[127.0.0.1]:$SSHD_PORT"
  assert_output --regexp 'continue connecting \(yes/no/\[fingerprint\]\)\? $'
  run term-send q yes
  assert_success
  assert_line '[exit: 0]'
  run term-send q 'echo known; (exit 5)'
  assert_output $'known\n[wait: prompt]\n[exit: 5]\n[session: running]'
  # The key was kept (Debian's ssh hashes the host's name there).
  run grep -c ssh-ed25519 "$BATS_TEST_TMPDIR/empty_known_hosts"
  assert_output 1
}
