#!/usr/bin/env bats
# Asking a wider file sandbox for one run (SPEC 4.7): sandbox_permissions with its
# justification, shown and answered before anything runs.
load helpers

local_setup() {
  mkdir -p ws tmp outside
  export TMPDIR="$PWD/tmp"
  WS="$PWD/ws"
  OUT="$PWD/outside"
}

# A program that leaves a mark in the workspace first, then writes outside it.
WIDE='return fs.writeFile("ran.txt", "1").then(function () { return fs.writeFile("'
wide() { echo "${WIDE}$OUT/wide.txt\", \"w\"); })"; }

escalate() {
  run --separate-stderr run-code --workspace "$WS" --description "Write outside the workspace" \
    --sandbox-permissions danger-full-access --justification "The report goes next to the data." \
    "$@" --code "$(wide)"
}

@test "without the escalation the outside write is denied" {
  run --separate-stderr run-code --workspace "$WS" --code "$(wide)"
  assert_failure 1
  assert_output --partial "File sandbox: workspace-write; enforcement: full; operation denied: writeFile '$OUT/wide.txt'"
}

@test "--approve-escalation allows it for this run, and the justification is shown first" {
  escalate --approve-escalation
  assert_success
  [[ $(cat outside/wide.txt) == w ]]
  assert_equal "$stderr" "run-code: this run asks for the file sandbox mode danger-full-access (the chat's mode is workspace-write): The report goes next to the data."
}

@test "the approver gets the question as JSON on stdin and allows with exit 0" {
  export ODA_APPROVER="cat > '$PWD/question.json'"
  escalate
  assert_success
  [[ -e outside/wide.txt ]]
  run cat question.json
  assert_output '{"type":"sandbox_escalation","tool":"run_code","description":"Write outside the workspace","mode":"workspace-write","requested":"danger-full-access","justification":"The report goes next to the data.","workspace":"'"$WS"'"}'
}

@test "a denying approver refuses the run and nothing runs" {
  export ODA_APPROVER=false
  escalate
  assert_failure 2
  assert_equal "${stderr_lines[1]}" "run-code: error: escalation to 'danger-full-access' denied by the approver; nothing ran"
  [[ ! -e ws/ran.txt && ! -e outside/wide.txt ]]
}

@test "a denial carries what the approver said on stderr" {
  export ODA_APPROVER='echo "ask again on Monday" >&2; exit 1'
  escalate
  assert_failure 2
  assert_equal "${stderr_lines[1]}" "run-code: error: escalation to 'danger-full-access' denied by the approver: ask again on Monday; nothing ran"
  [[ ! -e ws/ran.txt ]]
}

@test "with no approver and no terminal the escalation is denied" {
  run --separate-stderr setsid run-code --workspace "$WS" --sandbox-permissions danger-full-access \
    --justification "Needs it." --code "$(wide)" </dev/null
  assert_failure 2
  assert_equal "${stderr_lines[1]}" "run-code: error: escalation to 'danger-full-access' denied: no approver and no terminal to ask (pass --approve-escalation to allow it in a script); nothing ran"
  [[ ! -e ws/ran.txt ]]
}

@test "the record keeps the chat's mode, the run's mode and who allowed it" {
  escalate --approve-escalation --json
  assert_success
  id=$(sed -n 's/.*"runId":"\([^"]*\)".*/\1/p' <<<"$output")
  run run-code --show "$id" --json
  assert_output --partial '"sandbox":{"mode":"danger-full-access","workspace":"'"$WS"'","writableRoots":["/"],"chatMode":"workspace-write","enforcement":"full","escalation":{"mode":"danger-full-access","justification":"The report goes next to the data.","approvedBy":"--approve-escalation"}}'
}

@test "the widening covers that run only" {
  escalate --approve-escalation
  assert_success
  rm outside/wide.txt
  run --separate-stderr run-code --workspace "$WS" --code "$(wide)"
  assert_failure 1
  [[ ! -e outside/wide.txt ]]
}

@test "a mode no wider than the chat's needs no answer" {
  export ODA_APPROVER=false
  run --separate-stderr run-code --workspace "$WS" --sandbox-permissions read-only \
    --justification "Only reads." --code 'return fs.writeFile("a.txt", "x")'
  assert_failure 1
  assert_output --partial "File sandbox: read-only; enforcement: full; operation denied: writeFile 'a.txt'"
  assert_equal "$stderr" ""
}

@test "an unknown sandbox_permissions mode is refused" {
  run --separate-stderr run-code --sandbox-permissions root --justification "x" --code 'return 1'
  assert_failure 2
  assert_equal "$stderr" "run-code: error: invalid sandbox_permissions: expected read-only, workspace-write or danger-full-access"
}

@test "the escalation comes through --request as the seed's fields" {
  printf '{"code": %s, "description": "Write outside", "sandbox_permissions": "danger-full-access", "justification": "Needed."}' \
    "$(wide | sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$/"/')" > req.json
  run --separate-stderr run-code --workspace "$WS" --approve-escalation --request req.json
  assert_success
  [[ -e outside/wide.txt ]]
}

@test "a request cannot choose the chat's mode or approve its own escalation" {
  printf '{"code": "return 1", "description": "Try to widen", "sandbox": "danger-full-access"}' > a.json
  run --separate-stderr run-code --request a.json
  assert_failure 2
  assert_equal "$stderr" "run-code: error: unknown field 'sandbox' in --request"
  printf '{"code": "return 1", "description": "Try to widen", "sandbox_permissions": "danger-full-access", "justification": "x", "approve-escalation": true}' > b.json
  run --separate-stderr run-code --request b.json
  assert_failure 2
  assert_equal "$stderr" "run-code: error: unknown field 'approve-escalation' in --request"
}
