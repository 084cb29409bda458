#!/usr/bin/env bats
# termd: the runtime folder checks, auto-start under a lock, stale sockets, the version
# handshake, idle exit and the commands' answers when no daemon runs (SPEC 3.1).
load helpers

# The process is gone (a zombie waiting for its reaper counts as gone).
gone() {
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 0
  [[ -z "$state" || "$state" == Z ]]
}

@test "with no daemon, term-list prints (no terminal sessions) and the rest exit 3" {
  run term-list
  assert_success
  assert_output '(no terminal sessions)'
  run --separate-stderr term-send pty-1 'echo'
  assert_failure 3
  assert_equal "$stderr" "term-send: error: no terminal daemon running at $ODA_RUNTIME_DIR/termd.sock"
  for c in term-read term-close; do
    run --separate-stderr $c pty-1
    assert_failure 3
    assert_equal "$stderr" "$c: error: no terminal daemon running at $ODA_RUNTIME_DIR/termd.sock"
  done
  run --separate-stderr term-signal pty-1 INT
  assert_failure 3
  [[ ! -e "$ODA_RUNTIME_DIR/termd.pid" ]]
}

@test "term-open starts the daemon: runtime folder 0700, socket, pid file" {
  term-open
  [[ "$(stat -c %a "$ODA_RUNTIME_DIR")" == 700 ]]
  [[ -S "$ODA_RUNTIME_DIR/termd.sock" ]]
  pid=$(cat "$ODA_RUNTIME_DIR/termd.pid")
  kill -0 "$pid"
  [[ "$(cat /proc/$pid/comm)" == termd ]]
}

@test "an unsafe runtime folder is refused: a link, not a folder, open to others" {
  mkdir real && chmod 700 real
  ln -s real link
  ODA_RUNTIME_DIR="$PWD/link" run --separate-stderr term-open
  assert_failure 3
  assert_equal "$stderr" "term-open: error: runtime folder '$PWD/link' is a symbolic link"
  touch file
  ODA_RUNTIME_DIR="$PWD/file" run --separate-stderr term-open
  assert_failure 3
  assert_equal "$stderr" "term-open: error: runtime folder '$PWD/file' is not a directory"
  mkdir open && chmod 755 open
  ODA_RUNTIME_DIR="$PWD/open" run --separate-stderr term-open
  assert_failure 3
  assert_equal "$stderr" "term-open: error: runtime folder '$PWD/open' is open to others (mode 0755)"
  ODA_RUNTIME_DIR="$PWD/open" run --separate-stderr termd --foreground
  assert_failure 1
  assert_equal "$stderr" "termd: error: runtime folder '$PWD/open' is open to others (mode 0755)"
}

@test "the daemon killed with SIGKILL leaves a stale socket; the next term-open starts a new one" {
  term-open
  old=$(cat "$ODA_RUNTIME_DIR/termd.pid")
  kill -KILL "$old"
  poll_until gone "$old"
  [[ -S "$ODA_RUNTIME_DIR/termd.sock" ]]
  run term-list
  assert_output '(no terminal sessions)'
  run --separate-stderr term-send pty-1 'echo'
  assert_failure 3
  run term-open
  assert_output $'started terminal session pty-1 [type: shell]\n(no startup output)'
  new=$(cat "$ODA_RUNTIME_DIR/termd.pid")
  [[ "$new" != "$old" ]]
  run term-send pty-1 'echo back'
  assert_line --index 0 'back'
}

@test "four clients starting the daemon at once give one daemon" {
  for i in 1 2 3 4; do term-open >"out.$i" 2>&1 & done
  wait
  cat out.*
  run term-list --ids
  assert_output $'pty-1\npty-2\npty-3\npty-4'
  [[ $(grep -c '^started terminal session pty-[1-4] \[type: shell\]$' out.*| awk -F: '{s+=$2} END {print s}') -eq 4 ]]
}

@test "a client of another protocol version is told the mismatch and exits 3" {
  term-open
  ODA_TERM_PROTOCOL=99 run --separate-stderr term-list
  assert_failure 3
  assert_equal "$stderr" "term-list: error: protocol version mismatch (client 99, daemon 1)"
}

@test "termd --foreground serves attached; a second daemon refuses to start" {
  mkdir -p "$ODA_RUNTIME_DIR" && chmod 700 "$ODA_RUNTIME_DIR"
  termd --foreground --idle-exit 30 3>&- &
  fg=$!
  poll_until test -S "$ODA_RUNTIME_DIR/termd.sock"
  [[ "$(cat "$ODA_RUNTIME_DIR/termd.pid")" == "$fg" ]]
  run term-open
  assert_success
  run --separate-stderr termd --foreground
  assert_failure 1
  assert_equal "$stderr" "termd: error: a terminal daemon already runs at $ODA_RUNTIME_DIR/termd.sock"
  kill -TERM "$fg"
  wait "$fg"
  [[ ! -e "$ODA_RUNTIME_DIR/termd.sock" ]]
}

@test "the daemon exits by itself after --idle-exit seconds without a session" {
  mkdir -p "$ODA_RUNTIME_DIR" && chmod 700 "$ODA_RUNTIME_DIR"
  termd --idle-exit 1
  pid=$(cat "$ODA_RUNTIME_DIR/termd.pid")
  kill -0 "$pid"
  poll_until --within 6 gone "$pid"
  [[ ! -e "$ODA_RUNTIME_DIR/termd.sock" ]]
}

@test "termd refuses bad option values" {
  run --separate-stderr termd --max-lines 10
  assert_failure 2
  assert_equal "$stderr" "termd: error: invalid max-lines '10': expected at least 100000"
}

@test "the daemon serves only its own user: another uid's connection gets nothing" {
  command -v python3 || skip "no python3"
  command -v setpriv || skip "no setpriv"
  [[ $(id -u) -eq 0 ]] || skip "needs root to run the daemon as another user"
  other=$(mktemp -d /tmp/oda-uid.XXXXXX)
  chmod 755 "$other"
  export ODA_RUNTIME_DIR="$other/run"
  mkdir -m 700 "$ODA_RUNTIME_DIR" && chown 65534:65534 "$ODA_RUNTIME_DIR"
  setpriv --reuid=65534 --regid=65534 --clear-groups "$ODA_BUILD/bin/termd" --idle-exit 5
  run python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.settimeout(3)
try:
    s.sendall(b"{\"hello\":\"termd\",\"version\":1}\n")
    print("closed" if s.recv(100) == b"" else "answered")
except (BrokenPipeError, ConnectionResetError):
    print("closed")' "$ODA_RUNTIME_DIR/termd.sock"
  kill "$(cat "$ODA_RUNTIME_DIR/termd.pid")"
  rm -rf "$other"
  assert_output closed
}
