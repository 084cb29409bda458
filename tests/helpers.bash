# Shared by every Bats suite: each test runs in its own folder with a private runtime
# folder, state folder, HOME and chat, against the binaries in build/bin (or $ODA_BUILD/bin:
# tests/run sets it), and the termd it started (if any) is stopped by pid in teardown.
bats_require_minimum_version 1.5.0
load '/usr/lib/bats/bats-support/load'
load '/usr/lib/bats/bats-assert/load'

ODA_ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
ODA_BUILD="${ODA_BUILD:-$ODA_ROOT/build}"
export PATH="$ODA_BUILD/bin:$PATH"

setup() {
  export ODA_TEST_DIR="$BATS_TEST_TMPDIR"
  export ODA_RUNTIME_DIR="$BATS_TEST_TMPDIR/run"
  export ODA_STATE_DIR="$BATS_TEST_TMPDIR/state"
  export HOME="$BATS_TEST_TMPDIR/home"
  export ODA_CHAT="chat-$BATS_TEST_NUMBER"
  unset ODA_CODE_MODE ODA_TOOLS ODA_APPROVER ODA_SANDBOX XDG_RUNTIME_DIR XDG_STATE_HOME
  # The setup (lib/config): no file but the test's own, no key from the caller's environment.
  unset ODA_CONFIG XDG_CONFIG_HOME ODA_MAX_TIMEOUT_MS ODA_HONOURS_TIMEOUT_MS ODA_HONOURS_SANDBOX_PERMISSIONS \
    ODA_ALLOW_NO_DEADLINE ODA_PROFILE ODA_BACKGROUND_SENDS ODA_TERM_MAX_BYTES ODA_TERM_TYPE ODA_TERM_COLS \
    ODA_TERM_ROWS ODA_TERM_SANDBOX CODE_SANDBOX_MAX_MS
  mkdir -p "$HOME"
  cd "$BATS_TEST_TMPDIR" || return 1
  if declare -F local_setup >/dev/null; then local_setup; fi
}

teardown() {
  if declare -F local_teardown >/dev/null; then local_teardown; fi
  stop_termd
  keep_failed_test_dir
}

# A failed test's folder (its files, runtime and state folders, HOME) is copied to
# $ODA_KEEP_FAILED/<suite>-<number> when tests/run sets it, so what the test left can be read
# after Bats has removed its own copy. BATS_TEST_COMPLETED is set only when the test passed.
keep_failed_test_dir() {
  [[ -n "${ODA_KEEP_FAILED:-}" && -z "${BATS_TEST_COMPLETED:-}" ]] || return 0
  local dest
  dest="$ODA_KEEP_FAILED/$(basename "$BATS_TEST_FILENAME" .bats)-$BATS_TEST_NUMBER"
  mkdir -p "$dest" && cp -a "$BATS_TEST_TMPDIR/." "$dest/" 2>/dev/null
  return 0
}

# Stops this test's daemon (and with it its sessions) by the pid it wrote, waiting until it
# has exited: a zombie waiting for a slow init to reap it counts as gone.
stop_termd() {
  local pidfile="$ODA_RUNTIME_DIR/termd.pid" pid state
  [[ -f "$pidfile" ]] || return 0
  pid=$(cat "$pidfile")
  [[ -n "$pid" ]] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 250); do
    state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null) || break
    [[ -z "$state" || "$state" == Z ]] && break
    sleep 0.02
  done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

# The commands of the table (commands.list), one per line.
oda_commands() {
  awk '!/^#/ && NF {print $1}' "$ODA_ROOT/commands.list"
}

# Runs "$@" until it succeeds, looking again every 20 ms, for at most --within SECONDS
# (default 10); fails naming the condition when the time runs out. For waiting on a state
# (a pid gone, a socket there, a job's output) instead of sleeping for a guessed time.
poll_until() {
  local within=10
  if [[ "$1" == --within ]]; then within=$2; shift 2; fi
  local deadline=$((SECONDS + within))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      echo "poll_until: still not true after ${within}s: $*" >&2
      return 1
    fi
    sleep 0.02
  done
}

# Runs prog.js under node and under run-code: the outputs must be the same lines (a program
# written for both: console.log only, a top-level return of a promise to wait on).
# Asserts that node prints TEXT for prog.js (run-code was just checked to print it); skips
# where node is not installed, after run-code's own check has run.
node_prints() {
  command -v node >/dev/null || skip "node is not installed"
  run node prog.js
  assert_output "$1"
}

same_as_node() {
  command -v node >/dev/null || skip "node is not installed"
  run node prog.js
  assert_success
  local expected="$output"
  run run-code prog.js
  assert_success
  assert_output "$expected"
}

# Sends each line of stdin to termd as a raw client after the hello, and prints each reply's
# error message (or "ok") on its own line.
raw_client() {
  python3 -c '
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rwb")
def ask(line):
    f.write(line.encode() + b"\n"); f.flush()
    return json.loads(f.readline())
ask(json.dumps({"hello": "termd", "version": 1}))
for line in sys.stdin.read().splitlines():
    r = ask(line)
    print("ok" if r["ok"] else r["error"])' "$ODA_RUNTIME_DIR/termd.sock"
}

# Runs prog.js, a program body with a top-level return or await, through run-code and through
# node under run-code's wrapping (tests/js/run-node): the outputs must be the same lines.
body_same_as_node() {
  command -v node >/dev/null || skip "node is not installed"
  run "$ODA_ROOT/tests/js/run-node" prog.js
  local expected="$output"
  run timeout 120 run-code prog.js
  assert_output "$expected"
}
