#!/usr/bin/env bats
# The file sandbox's modes as a user meets them through run-code (SPEC 4.7): what each mode
# lets a program change, and what a denied change says. These run as whoever runs the
# suite; under root they show that the mode binds root too.
load helpers

local_setup() {
  mkdir -p ws outside tmp
  # The temp folder is writable in workspace-write; keep it apart from this test's folder
  # (itself under /tmp) so "outside" really is outside.
  export TMPDIR="$PWD/tmp"
  WS="$PWD/ws"
  OUT="$PWD/outside"
}

# Runs a program (the text in $1) with the given extra options, in the workspace ws.
prog() {
  local code=$1
  shift
  run --separate-stderr run-code --workspace "$WS" "$@" --code "$code"
}

@test "read-only denies a write with the exact line, and nothing is written" {
  prog 'return fs.writeFile("a.txt", "x")' --sandbox read-only
  assert_failure 1
  assert_output "code run failed (exception): Error: File sandbox: read-only; enforcement: full; operation denied: writeFile 'a.txt'"
  [[ ! -e ws/a.txt ]]
}

@test "read-only denies every kind of change, even in the workspace" {
  touch ws/keep
  for code in 'return fs.appendFile("keep", "x")' 'return fs.mkdir("d")' 'return fs.rm("keep")' \
              'return fs.rename("keep", "moved")'; do
    prog "$code" --sandbox read-only
    assert_failure 1
    assert_output --partial "File sandbox: read-only; enforcement: full; operation denied: "
  done
  [[ -e ws/keep && ! -s ws/keep && ! -e ws/d && ! -e ws/moved ]]
}

@test "read-only still reads" {
  echo hello > ws/in.txt
  prog 'return fs.readFile("in.txt", "utf8")' --sandbox read-only
  assert_success
  assert_output "hello"
}

@test "workspace-write (the default) allows changes inside the workspace and the run's temp folder" {
  prog "return fs.mkdir('sub/deeper', {recursive: true}).then(function () {
          return fs.writeFile('sub/deeper/r.txt', 'report');
        }).then(function () { return fs.writeFile(os.tmpdir() + '/t.txt', 't'); })
        .then(function () { return fs.readFile(os.tmpdir() + '/t.txt', 'utf8'); })"
  assert_success
  assert_output t
  [[ $(cat ws/sub/deeper/r.txt) == report ]]
}

@test "workspace-write denies /etc" {
  prog 'return fs.writeFile("/etc/oda-sandbox-test", "x")'
  assert_failure 1
  assert_output "code run failed (exception): Error: File sandbox: workspace-write; enforcement: full; operation denied: writeFile '/etc/oda-sandbox-test'"
  [[ ! -e /etc/oda-sandbox-test ]]
}

@test "workspace-write denies a .. escape" {
  prog 'return fs.writeFile("../outside/x.txt", "x")'
  assert_failure 1
  assert_output --partial "operation denied: writeFile '../outside/x.txt'"
  [[ ! -e outside/x.txt ]]
  prog 'return fs.mkdir("new/../../outside/d", {recursive: true})'
  assert_failure 1
  assert_output --partial "operation denied: mkdir"
  [[ ! -e outside/d ]]
}

@test "workspace-write denies escapes through symlinks, to folders and to files" {
  ln -s "$OUT" ws/link
  ln -s "$OUT/target.txt" ws/flink
  prog 'return fs.writeFile("link/x.txt", "x")'
  assert_failure 1
  assert_output --partial "operation denied: writeFile 'link/x.txt'"
  prog 'return fs.appendFile("flink", "x")'
  assert_failure 1
  assert_output --partial "operation denied: appendFile 'flink'"
  prog 'return fs.rename("flink", "link/moved")'
  assert_failure 1
  assert_output --partial "operation denied: rename 'link/moved'"
  [[ -z $(ls outside) ]]
  # The links themselves live in the workspace: removing them is allowed, and leaves the
  # folder they point to alone.
  touch outside/keep
  prog 'return fs.rm("link", {recursive: true}).then(function () { return fs.rm("flink"); })'
  assert_success
  [[ ! -L ws/link && -e outside/keep ]]
}

@test "workspace-write cannot remove the workspace itself" {
  prog 'return fs.rm(".", {recursive: true, force: true})'
  assert_failure 1
  assert_output --partial "operation denied: rm '.'"
  [[ -d ws ]]
}

@test "danger-full-access allows changes outside the workspace" {
  prog "return fs.writeFile('$OUT/free.txt', 'free')" --sandbox danger-full-access
  assert_success
  [[ $(cat outside/free.txt) == free ]]
}

@test "ODA_SANDBOX sets the mode and --sandbox wins over it" {
  ODA_SANDBOX=read-only prog 'return fs.writeFile("a.txt", "x")'
  assert_failure 1
  assert_output --partial "File sandbox: read-only; enforcement: full"
  ODA_SANDBOX=read-only prog 'return fs.writeFile("a.txt", "x")' --sandbox workspace-write
  assert_success
  [[ -e ws/a.txt ]]
}

@test "an unknown mode is a usage error" {
  prog 'return 1' --sandbox everything
  assert_failure 2
  assert_equal "$stderr" "run-code: error: unknown sandbox mode 'everything' (expected read-only, workspace-write or danger-full-access)"
  ODA_SANDBOX=open prog 'return 1'
  assert_failure 2
}

@test "relative paths start at --workspace, which defaults to the current folder" {
  echo in-ws > ws/f.txt
  prog 'return fs.readFile("f.txt", "utf8")'
  assert_output "in-ws"
  cd ws
  run run-code --code 'return fs.writeFile("here.txt", "x")'
  assert_success
  [[ -e here.txt ]]
}

@test "a caught denial is still repeated when the run fails" {
  prog 'return fs.writeFile("a.txt", "x").catch(function (e) {
          console.log(e.code);
          throw new Error("gave up");
        })' --sandbox read-only
  assert_failure 1
  assert_line --index 0 --partial "code run failed (exception): Error: gave up"
  assert_line --index 1 "File sandbox: read-only; enforcement: full; operation denied: writeFile 'a.txt'"
  assert_line --index 2 "Captured output:"
  assert_line --index 3 "ERR_ACCESS_DENIED"
}

@test "--json carries the denial and the run record keeps the mode" {
  prog 'return fs.writeFile("a.txt", "x")' --sandbox read-only --json
  assert_failure 1
  [[ $output == *'"message":"Error: File sandbox: read-only; enforcement: full; operation denied: writeFile '"'a.txt'"'"'* ]]
  id=$(sed -n 's/.*"runId":"\([^"]*\)".*/\1/p' <<<"$output")
  run run-code --show "$id" --json
  assert_success
  assert_output --partial '"sandbox":{"mode":"read-only","workspace":"'"$WS"'","writableRoots":[],"chatMode":"read-only","enforcement":"full","escalation":null}'
}

@test "a timeout after a caught denial still repeats the denial" {
  prog 'return fs.writeFile("a.txt", "x").catch(function () { while (true) {} })' --sandbox read-only --timeout-ms 300
  assert_failure 124
  assert_line --index 0 "code run failed (timeout): execution deadline reached (300ms)"
  assert_line --index 1 "File sandbox: read-only; enforcement: full; operation denied: writeFile 'a.txt'"
}
