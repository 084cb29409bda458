#!/usr/bin/env bats
# Background jobs beside their session (SPEC 3.3, issue 12 defect 4): the session's shell
# stays free for foreground sends; a job starts in the session's folder and environment as
# they are at the send, its output and its status are its own, `exit` in it ends it, a read
# of it never comes back in a send, and a close leaves none of its processes.
load helpers

# Reads job $1 until it is no longer running; $job_out: all the output its reads returned
# (joined by newlines), $job_end: how the last read ended ([job: ...] and [exit: N]).
read_job_to_end() {
  job_out=""
  local deadline=$((SECONDS + 20)) body
  while :; do
    run term-read --job "$1"
    body=$(sed '/^\[job: /,$d' <<< "$output")
    [[ "$body" == '(no new output)' ]] || job_out+="${job_out:+$'\n'}$body"
    job_end=$(sed -n '/^\[job: /,$p' <<< "$output")
    [[ "$output" == *"[job: $1 running]"* ]] || return 0
    ((SECONDS < deadline)) || { echo "job $1 still running" >&2; return 1; }
    sleep 0.05
  done
}

@test "a job beside the session: the foreground send meanwhile gets its own output and status, the job its own" {
  term-open --name s
  run term-send --background s 'for i in 1 2; do echo line$i; sleep 0.7; done; (exit 4)'
  assert_output 'started background job job-1'
  run term-send s 'echo during-job'
  assert_output $'during-job\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send s '(exit 5)'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 5]\n[session: running]'
  read_job_to_end job-1
  assert_equal "$job_out" $'line1\nline2'
  assert_equal "$job_end" $'[job: job-1 finished]\n[exit: 4]'
  # Nothing of the job ever reaches the session's own output.
  run term-send s 'echo after'
  assert_output $'after\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-read s
  refute_output --partial line1
}

@test "exit in a job ends the job with its status, not the session" {
  term-open --name s
  term-send --background s 'echo bye; exit 3; echo never'
  read_job_to_end job-1
  assert_equal "$job_out" 'bye'
  assert_equal "$job_end" $'[job: job-1 finished]\n[exit: 3]'
  run term-send s 'echo still-here'
  assert_output $'still-here\n[wait: prompt]\n[exit: 0]\n[session: running]'
}

@test "a job starts in the session's folder and environment as they are at the send" {
  GONE=from-open term-open --name s
  term-send s 'cd /tmp; export X=1; unset GONE; LOCAL=not-exported'
  term-send --background s 'pwd; echo "X=$X GONE=${GONE-unset} LOCAL=${LOCAL-unset}"; echo "$ODA_CHAT"'
  read_job_to_end job-1
  assert_equal "$job_out" $'/tmp\nX=1 GONE=unset LOCAL=unset\n'"$ODA_CHAT"
  # A later change is seen by a later job, with a value no shell quoting hides.
  term-send s $'cd - >/dev/null; export X=$\'two\\nlines "q" \\\\ $HOME\''
  term-send --background s 'pwd; printf "%s\n" "$X"'
  read_job_to_end job-2
  assert_equal "$job_out" "$PWD"$'\ntwo\nlines "q" \\ $HOME'
}

@test "a zsh session's job gets its folder and exported variables too" {
  SHELL=/bin/zsh term-open --name z
  term-send z 'cd /tmp; export ZX=zed'
  term-send --background z 'pwd; echo $ZX; echo ${ZSH_VERSION:+zsh}'
  # The state written before each prompt leaves the prompt's status alone.
  run term-send z '(exit 5)'
  assert_output $'(no new output)\n[wait: prompt]\n[exit: 5]\n[session: running]'
  read_job_to_end job-1
  assert_equal "$job_out" $'/tmp\nzed\nzsh'
}

@test "what term-read --job returned never comes back in a send, nor in a later read" {
  term-open --name s
  term-send --background s 'echo job-out; until [ -e go ]; do sleep 0.02; done; echo job-end'
  poll_until eval '[[ $(term-read --job job-1) == job-out* ]]'
  run term-read --job job-1
  assert_output $'(no new output)\n[job: job-1 running]'
  run term-send s 'echo fg'
  assert_output $'fg\n[wait: prompt]\n[exit: 0]\n[session: running]'
  touch go
  read_job_to_end job-1
  assert_equal "$job_out" 'job-end'
  run term-send s ''
  assert_output --partial '(no new output)'
}

@test "several jobs at once, each with its own output and status" {
  term-open --name s
  for n in 1 2 3; do
    term-send --background s "echo start-$n; until [ -e go-$n ]; do sleep 0.02; done; echo end-$n; exit $((10 + n))"
  done
  run term-send s 'echo fg-while-three-run'
  assert_output $'fg-while-three-run\n[wait: prompt]\n[exit: 0]\n[session: running]'
  for n in 3 1 2; do
    touch "go-$n"
    read_job_to_end "job-$n"
    assert_equal "$job_out" $'start-'"$n"$'\nend-'"$n"
    assert_equal "$job_end" $'[job: job-'"$n"$' finished]\n[exit: '"$((10 + n))"']'
  done
}

# True when no process of this test's job is left (its sleeps carry the test's own numbers).
job_processes_gone() { ! pgrep -f "sleep 47$$[123]" >/dev/null; }

@test "closing a session with a running job leaves none of the job's processes" {
  term-open --name s
  term-send --background s "sleep 47${$}1 & (env -i setsid sleep 47${$}2 &); echo up; sleep 47${$}3"
  poll_until eval '[[ $(term-read --job job-1) == up* ]]'
  poll_until eval '[[ $(pgrep -fc "sleep 47$$[123]") == 3 ]]'
  run term-send s 'echo fg'
  assert_output $'fg\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-close s
  assert_output 'closed terminal session pty-1'
  poll_until --within 5 job_processes_gone
  run term-read --job job-1
  assert_output $'(no new output)\n[job: job-1 killed]'
}

@test "a job runs under its session's sandbox and sees the variables it exports there" {
  mkdir ws
  term-open --sandbox read-only --cwd "$PWD/ws" --name ro
  term-send ro 'export RO=seen'
  term-send --background ro 'echo $RO; touch made 2>&1 | sed "s/.*: //"; echo $ODA_SANDBOX'
  run term-send ro 'echo fg'
  assert_output $'fg\n[wait: prompt]\n[exit: 0]\n[session: running]'
  read_job_to_end job-1
  assert_equal "$job_out" $'seen\nPermission denied\nread-only'
  [[ ! -e ws/made ]]
}

@test "term-read --job is bounded by the caller's sandbox as the session's own calls are" {
  mkdir ws
  term-open --name wide
  term-send --background wide 'echo secret-output'
  term-open --sandbox read-only --cwd "$PWD/ws" --name narrow
  term-send --background narrow 'echo narrow-output'
  run --separate-stderr run-code --sandbox read-only --workspace "$PWD/ws" --code '
    const wide = await terminal_read({job: "job-1"}).then(r => r.output, e => e.message);
    let narrow;
    do narrow = (await terminal_read({job: "job-2"})).output; while (narrow === "");
    return [wide, narrow]'
  assert_success
  assert_output '["refused: terminal session pty-1 runs under danger-full-access, wider than this caller'"'"'s read-only","narrow-output"]'
  # The command line, unbounded, reads it.
  poll_until eval '[[ $(term-read --job job-1) == secret-output* ]]'
}
