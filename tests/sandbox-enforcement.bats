#!/usr/bin/env bats
# How much of the file sandbox the host enforces (SPEC 4.7): the partial-enforcement line,
# a run that cannot be bounded (sandbox-unavailable), and run-code --probe-sandbox.
# ODA_SANDBOX_FORCE_ABI=N makes this capable kernel behave as one offering Landlock ABI N
# (0: no Landlock).
load helpers

local_setup() {
  mkdir -p ws tmp
  export TMPDIR="$PWD/tmp"
  WS="$PWD/ws"
}

need_landlock() {
  local abi
  abi=$(run-code --probe-sandbox --json | sed -n 's/.*"kernelAbi":\([0-9]*\).*/\1/p')
  [[ ${abi:-0} -ge 3 ]] || skip "this kernel offers Landlock ABI ${abi:-0}"
}

@test "without Landlock the run goes on with our checks, and its failure says enforcement is partial" {
  export ODA_SANDBOX_FORCE_ABI=0
  run --separate-stderr run-code --workspace "$WS" --sandbox read-only --code 'return fs.writeFile("a.txt", "x")'
  assert_failure 1
  assert_line --index 0 "code run failed (exception): Error: File sandbox: read-only; enforcement: partial; operation denied: writeFile 'a.txt'"
  assert_line --index 1 "File sandbox enforcement is partial on this host."
  [[ ! -e ws/a.txt ]]
}

@test "every failure carries the partial line, not only denials" {
  export ODA_SANDBOX_FORCE_ABI=0
  run --separate-stderr run-code --workspace "$WS" --code 'throw new Error("boom")'
  assert_failure 1
  assert_line --index 1 "File sandbox enforcement is partial on this host."
  run --separate-stderr run-code --workspace "$WS" --timeout-ms 200 --code 'while (true) {}'
  assert_failure 124
  assert_output --partial "File sandbox enforcement is partial on this host."
}

@test "a finished run says nothing about enforcement" {
  export ODA_SANDBOX_FORCE_ABI=0
  run --separate-stderr run-code --workspace "$WS" --code 'return fs.writeFile("a.txt", "x")'
  assert_success
  assert_output "(run_code completed with no output)"
}

@test "an ABI below 3 is partial too; 3 and later are full" {
  need_landlock
  ODA_SANDBOX_FORCE_ABI=2 run --separate-stderr run-code --workspace "$WS" --sandbox read-only --code 'return fs.mkdir("d")'
  assert_failure 1
  assert_line --index 0 --partial "File sandbox: read-only; enforcement: partial; operation denied: mkdir 'd'"
  assert_line --index 1 "File sandbox enforcement is partial on this host."
  ODA_SANDBOX_FORCE_ABI=3 run --separate-stderr run-code --workspace "$WS" --sandbox read-only --code 'return fs.mkdir("d")'
  assert_failure 1
  assert_output --partial "enforcement: full"
  refute_output --partial "partial on this host"
}

@test "a mode that cannot be applied: the run does not start (sandbox-unavailable)" {
  run --separate-stderr run-code --workspace "$PWD/missing" --code 'return fs.writeFile("/tmp/never", "x")'
  assert_failure 1
  assert_output "code run failed (sandbox-unavailable): cannot apply workspace-write: workspace '$PWD/missing' cannot be used (No such file or directory)"
  run --separate-stderr run-code --workspace "$PWD/missing" --json --code 'return 1'
  assert_failure 1
  assert_output --partial '"kind":"sandbox-unavailable"'
}

@test "--probe-sandbox tells the ABI and each mode's enforcement" {
  need_landlock
  run --separate-stderr run-code --probe-sandbox --workspace "$WS"
  assert_success
  assert_line --index 1 "full enforcement needs ABI 3 or later"
  assert_line "workspace: $WS"
  assert_line "workspace-write may change: $WS and the run's own temp folder (under $PWD/tmp)"
  assert_line "read-only: available, enforcement full"
  assert_line "workspace-write: available, enforcement full"
  assert_line "danger-full-access: available, enforcement full (nothing to restrict)"
}

@test "--probe-sandbox says why enforcement is partial on a lesser host" {
  ODA_SANDBOX_FORCE_ABI=0 run --separate-stderr run-code --probe-sandbox
  assert_success
  assert_line --index 0 --regexp "^Landlock ABI: none"
  assert_line "read-only: available, enforcement partial (Landlock is not available on this kernel; only the toolkit's own checks apply)"
  need_landlock
  ODA_SANDBOX_FORCE_ABI=1 run --separate-stderr run-code --probe-sandbox --json
  assert_success
  assert_output --partial '"landlockAbi":1,'
  assert_output --partial '"forcedAbi":1,'
  assert_output --partial '{"mode":"workspace-write","available":true,"enforcement":"partial","reason":"Landlock ABI 1 cannot govern renames across folders (ABI 2) or truncation (ABI 3)"}'
}

@test "an invalid ODA_SANDBOX_FORCE_ABI is a usage error" {
  ODA_SANDBOX_FORCE_ABI=old run --separate-stderr run-code --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" "run-code: error: invalid ODA_SANDBOX_FORCE_ABI 'old' (expected a whole number)"
}

@test "the kernel itself denies: with our own check set aside, root still cannot write outside" {
  need_landlock
  mkdir -p outside
  export ODA_SANDBOX_TEST_KERNEL_ONLY=1
  run --separate-stderr run-code --workspace "$WS" --code "return fs.writeFile('$PWD/outside/x.txt', 'x')"
  assert_failure 1
  assert_output "code run failed (exception): Error: EACCES: permission denied, open '$PWD/outside/x.txt'"
  [[ ! -e outside/x.txt ]]
  run --separate-stderr run-code --workspace "$WS" --sandbox read-only --code 'return fs.mkdir("d")'
  assert_output "code run failed (exception): Error: EACCES: permission denied, mkdir 'd'"
  [[ ! -e ws/d ]]
  run --separate-stderr run-code --workspace "$WS" --code 'return fs.writeFile("in.txt", "x")'
  assert_success
  [[ -e ws/in.txt ]]
}

@test "setting our own check aside is ignored where the kernel cannot enforce" {
  export ODA_SANDBOX_TEST_KERNEL_ONLY=1 ODA_SANDBOX_FORCE_ABI=0
  run --separate-stderr run-code --workspace "$WS" --sandbox read-only --code 'return fs.mkdir("d")'
  assert_failure 1
  assert_line --index 0 --partial "File sandbox: read-only; enforcement: partial; operation denied: mkdir 'd'"
  [[ ! -e ws/d ]]
}
