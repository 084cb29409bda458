#!/usr/bin/env bats
# A program tried as an attacker would try it (SPEC 4.7, issue 13): it reads no other
# process's environment, command line or memory, not its own pipes to the supervisor, holds no
# capability, and has its own temp folder, not all of /tmp.
load helpers

local_setup() {
  mkdir -p ws
  WS="$PWD/ws"
  # The caller's own temp folder stays out of reach: each run gets a folder of its own in it.
  mkdir -p tmp
  export TMPDIR="$PWD/tmp"
  export SECRET_TOKEN="hostile-secret-$$"
}

local_teardown() {
  [[ -z "${NOBODY_DIR:-}" ]] || rm -rf "$NOBODY_DIR"
  rm -f "/tmp/oda-hostile-$BATS_TEST_NUMBER-$$"
}

prog() {  # CODE [OPTIONS...]: run CODE in the workspace
  local code=$1
  shift
  run --separate-stderr run-code --workspace "$WS" "$@" --code "$code"
}

# The program's own pid and its parent's (run-code), from its own /proc/self/stat.
PIDS='var st = (await fs.readFile("/proc/self/stat", "utf8")).split(" "); var me = st[0], ppid = st[3];'

# Each probe returns what it read, or the refusal's message.
probe() {  # JS-PATH-EXPRESSION [OPTIONS...]
  local path=$1
  shift
  prog "$PIDS try { return 'read ' + (await fs.readFile($path, 'utf8')).length; } catch (e) { return e.message; }" "$@"
}

OTHER="(a program reads no other process's /proc entries: environment, command line or memory)"
FDS="(a program reaches no file descriptor through /proc/self/fd, /proc/self/fdinfo or /dev/fd)"

@test "run-code's environment, command line, maps and memory are refused, in every mode" {
  for mode in read-only workspace-write danger-full-access; do
    for f in environ cmdline maps mem; do
      probe '"/proc/" + ppid + "/'$f'"' --sandbox "$mode"
      assert_success
      assert_output --regexp "^File sandbox: $mode; enforcement: [a-z]+; operation denied: readFile '/proc/[0-9]+/$f' "
      assert_output --partial "' $OTHER"
      refute_output --partial "$SECRET_TOKEN"
    done
  done
}

@test "another process's /proc is refused through .., a symlink and the root link" {
  ln -s "/proc/$$/environ" ws/env-link
  ln -s /proc ws/procs
  for path in '"/proc/self/../" + ppid + "/environ"' '"/proc/" + me + "/../" + ppid + "/environ"' \
    '"env-link"' '"procs/" + ppid + "/cmdline"' '"/proc/self/root/proc/" + ppid + "/environ"' \
    '"/proc/thread-self/../../../" + ppid + "/maps"' '"/proc/1/environ"'; do
    probe "$path" --sandbox danger-full-access
    assert_success
    assert_output --partial "$OTHER"
  done
  prog 'return fs.stat("/proc/" + (await fs.readFile("/proc/self/stat", "utf8")).split(" ")[3])'
  assert_failure 1
  assert_output --partial "$OTHER"
}

@test "the program's own pipes are out of reach: /proc/self/fd, fdinfo, /dev/fd, /dev/stdin" {
  for path in '"/proc/self/fd/3"' '"/proc/self/fd/4"' '"/dev/fd/4"' '"/dev/fd/3"' '"/proc/" + me + "/fd/4"' \
    '"/proc/thread-self/fd/3"' '"/proc/self/task/" + me + "/fd/4"' '"/proc/self/fdinfo/4"' '"/dev/stdin"'; do
    # (Before the rule, reading fd 3 waited on the supervisor's pipe until the deadline.)
    probe "$path" --sandbox danger-full-access --timeout-ms 10000
    assert_success
    assert_output --partial "$FDS"
  done
  # Writing fd 4 would put frames of the program's making into the supervisor's stream.
  prog 'return fs.writeFile("/dev/fd/4", "O0forged\n")' --sandbox danger-full-access
  assert_failure 1
  assert_output "code run failed (exception): Error: File sandbox: danger-full-access; enforcement: full; operation denied: writeFile '/dev/fd/4' $FDS"
  prog 'return fs.readdir("/proc/self/fd")' --sandbox danger-full-access
  assert_failure 1
  assert_output --partial "$FDS"
}

@test "the program's own /proc files stay readable, and it holds no capability" {
  for mode in read-only workspace-write danger-full-access; do
    prog 'var s = await fs.readFile("/proc/self/status", "utf8");
          return s.split("\n").filter(function (l) { return /^(Cap(Inh|Prm|Eff|Bnd|Amb)|NoNewPrivs):/.test(l); }).join(" ")' \
      --sandbox "$mode"
    assert_success
    assert_output "$(printf 'CapInh:\t0000000000000000 CapPrm:\t0000000000000000 CapEff:\t0000000000000000 CapBnd:\t0000000000000000 CapAmb:\t0000000000000000 NoNewPrivs:\t1')"
  done
  probe '"/proc/self/cmdline"'
  assert_success
  assert_output --regexp '^read [0-9]+$'
}

@test "run-code is not dumpable: a tool of the same user cannot read its environment" {
  # As root every /proc file is readable, so run-code runs as nobody here; otherwise as us.
  local as=()
  NOBODY_DIR=$(mktemp -d /tmp/oda-hostile-nobody.XXXXXX)
  chmod 755 "$NOBODY_DIR"
  mkdir -p "$NOBODY_DIR/ws" "$NOBODY_DIR/state"
  cat > "$NOBODY_DIR/tools.json" <<'JSON'
{"tools": [{"name": "peek", "command": ["sh", "-c", "cat /proc/$PPID/environ >/dev/null 2>&1 && echo readable || echo refused"]}]}
JSON
  if [[ $(id -u) == 0 ]]; then
    chown -R nobody "$NOBODY_DIR"
    as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  fi
  cd "$NOBODY_DIR/ws"
  run --separate-stderr env ODA_STATE_DIR="$NOBODY_DIR/state" TMPDIR="$NOBODY_DIR" HOME="$NOBODY_DIR" \
    "${as[@]}" "$(command -v run-code)" --tools ../tools.json --code 'return peek()'
  assert_success
  assert_output "refused"
}

@test "workspace-write changes the run's own temp folder, not the rest of /tmp nor the caller's TMPDIR" {
  unset TMPDIR
  prog 'return fs.writeFile("/tmp/oda-hostile-'"$BATS_TEST_NUMBER-$$"'", "x")'
  assert_failure 1
  assert_output "code run failed (exception): Error: File sandbox: workspace-write; enforcement: full; operation denied: writeFile '/tmp/oda-hostile-$BATS_TEST_NUMBER-$$'"
  [[ ! -e "/tmp/oda-hostile-$BATS_TEST_NUMBER-$$" ]]
  export TMPDIR="$PWD/tmp"
  prog 'return fs.writeFile("'"$TMPDIR"'/x", "x")'
  assert_failure 1
  assert_output --partial "operation denied: writeFile '$TMPDIR/x'"
  prog 'var t = os.tmpdir(); await fs.mkdir(t + "/sub"); await fs.writeFile(t + "/sub/f", "kept");
        return [t, await fs.readFile(t + "/sub/f", "utf8"), (await fs.stat(t)).mode & 511]'
  assert_success
  assert_output --regexp "^\[\"$TMPDIR/oda-run-[A-Za-z0-9]{6}\",\"kept\",448\]\$"
}

@test "the run's temp folder is gone after the run, also after a failed or killed one" {
  prog 'await fs.writeFile(os.tmpdir() + "/f", "x"); return os.tmpdir()'
  assert_success
  [[ $output == "$TMPDIR"/oda-run-* && ! -e $output ]]
  prog 'await fs.writeFile(os.tmpdir() + "/f", "x"); throw new Error(os.tmpdir())'
  assert_failure 1
  local t=${output#code run failed (exception): Error: }
  [[ $t == "$TMPDIR"/oda-run-* && ! -e $t ]]
  # Killed at its deadline: the folder it printed is removed all the same.
  prog 'await fs.writeFile(os.tmpdir() + "/f", "x"); console.log(os.tmpdir()); for (;;) {}' --timeout-ms 300
  assert_failure 124
  assert_line --index 0 "code run failed (timeout): execution deadline reached (300ms)"
  t=$(tail -n 1 <<< "$output")
  [[ $t == "$TMPDIR"/oda-run-* && ! -e $t ]]
  # run-code itself stopped with SIGTERM mid-run.
  run-code --workspace "$WS" --code 'await fs.writeFile(os.tmpdir() + "/f", "x");
    await fs.writeFile("where", os.tmpdir()); for (;;) {}' >/dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 500); do [[ -s ws/where ]] && break; sleep 0.02; done
  t=$(cat ws/where)
  [[ -e $t/f ]]
  kill -TERM "$pid"
  wait "$pid" || true
  [[ $t == "$TMPDIR"/oda-run-* && ! -e $t ]]
  [[ -z $(ls tmp) ]]
}

# Starts a run that writes into its temp folder, tells where it is (ws/where) and spins;
# prints run-code's pid and the folder.
spinning_run() {
  run-code --workspace "$WS" --code 'await fs.writeFile(os.tmpdir() + "/f", "x");
    await fs.writeFile("where", os.tmpdir()); for (;;) {}' >/dev/null 2>&1 &
  local pid=$!
  poll_until test -s ws/where
  echo "$pid $(cat ws/where)"
  rm ws/where
}

@test "a run killed with SIGKILL or SIGHUP leaves a folder the next run sweeps away" {
  read -r pid t < <(spinning_run)
  [[ $t == "$TMPDIR"/oda-run-* && -e $t/f ]]
  kill -KILL "$pid"
  poll_until bash -c "! kill -0 $pid 2>/dev/null"
  [[ -e $t/f ]]
  read -r pid2 t2 < <(spinning_run)
  kill -HUP "$pid2"
  poll_until bash -c "! kill -0 $pid2 2>/dev/null"
  # The next run sweeps both, and leaves a live run's folder and other folders alone.
  mkdir "$TMPDIR/oda-runner"
  read -r pid3 t3 < <(spinning_run)
  [[ ! -e $t && ! -e $t2 && -e $t3/f && -d $TMPDIR/oda-runner ]]
  kill -TERM "$pid3"
  poll_until bash -c "[[ ! -e $t3 ]]"
}
