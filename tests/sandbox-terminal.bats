#!/usr/bin/env bats
# Terminal sessions under the file sandbox (SPEC 3.2, 4.7): term-open --sandbox MODE runs the
# shell under Landlock with the workspace at --cwd; a program's sessions run under its run's
# mode, in its run's empty environment, and it reaches no session wider than its run; a
# shell inside a sandboxed session is bound the same way; term-list shows the modes.
load helpers

local_setup() {
  mkdir -p ws outside
  WS="$PWD/ws"
  OUTSIDE="$PWD/outside"
  export SECRET_TOKEN="terminal-secret-$$"
}

@test "a read-only run's session changes no file and holds none of the caller's environment" {
  run --separate-stderr run-code --sandbox read-only --workspace "$WS" --code '
    const s = await terminal_open({});
    const w = await terminal_send({session: s.id, text: "echo pwned > '"$OUTSIDE"'/new; echo pwned > here"});
    const e = await terminal_send({session: s.id, text: "env"});
    return [(await terminal_list()).sessions[0].sandbox, w.exit, w.output, e.output]'
  assert_success
  [[ ! -e $OUTSIDE/new && ! -e $WS/here ]]
  [[ $output == '["read-only",1,"bash: '"$OUTSIDE"'/new: Permission denied\nbash: here: Permission denied",'* ]]
  [[ $output != *SECRET_TOKEN* && $output != *terminal-secret* ]]
  [[ $output == *'ODA_SANDBOX=read-only'* && $output == *'PATH=/usr/local/bin:/usr/bin:/bin'* ]]
  run term-list
  assert_output --regexp '^pty-1 \[shell\] running [0-9]+ \[sandbox: read-only\]$'
}

@test "a workspace-write session changes its folder and its own temp folder, nothing outside" {
  term-open --sandbox workspace-write --cwd "$WS" --name w
  run term-send w "echo in > inside; echo out > $OUTSIDE/x; t=\$(mktemp); echo tmp > \$t; echo \$t"
  assert_line "bash: $OUTSIDE/x: Permission denied"
  [[ $(cat ws/inside) == in && ! -e $OUTSIDE/x ]]
  tmpfile=$(grep -m1 '/oda-term-' <<< "$output")
  [[ $(cat "$tmpfile") == tmp ]]
  run term-send w "touch /tmp/oda-sandbox-terminal-$$"
  assert_line "touch: cannot touch '/tmp/oda-sandbox-terminal-$$': Permission denied"
  run term-close w
  assert_output "closed terminal session pty-1"
  poll_until bash -c "[[ ! -e $(dirname "$tmpfile") ]]"
}

@test "term-open --sandbox read-only bounds the shell, and ODA_SANDBOX does the same" {
  term-open --sandbox read-only --cwd "$WS" --name ro
  run term-send ro 'echo x > f; echo rc=$?'
  assert_line 'rc=1'
  [[ ! -e ws/f ]]
  ODA_SANDBOX=workspace-write term-open --cwd "$WS" --name env
  run env ODA_SANDBOX=workspace-write term-send env 'echo x > f; echo rc=$?; echo $ODA_SANDBOX'
  assert_line 'rc=0'
  assert_line 'workspace-write'
  # Without either, a command-line session is unrestricted.
  term-open --cwd "$WS" --name free
  run term-send free "echo x > $OUTSIDE/free; echo rc=\$?"
  assert_line 'rc=0'
  [[ -e $OUTSIDE/free ]]
}

@test "term-list and --json show each session's mode" {
  term-open --name free
  term-open --sandbox read-only --name ro
  term-open --sandbox workspace-write --cwd "$WS"
  term-open --sandbox danger-full-access
  run term-list
  assert_success
  assert_output --regexp '^pty-1 \(free\) \[shell\] running [0-9]+
pty-2 \(ro\) \[shell\] running [0-9]+ \[sandbox: read-only\]
pty-3 \[shell\] running [0-9]+ \[sandbox: workspace-write\]
pty-4 \[shell\] running [0-9]+$'
  run term-list --json
  [[ $(grep -o '"sandbox":"[a-z-]*"' <<< "$output" | tr '\n' ' ') == '"sandbox":"danger-full-access" "sandbox":"read-only" "sandbox":"workspace-write" "sandbox":"danger-full-access" ' ]]
}

@test "a program reaches no session wider than its run, naming both modes" {
  term-open --name wide
  term-open --sandbox read-only --name narrow
  run --separate-stderr run-code --sandbox read-only --workspace "$WS" --code '
    const out = [];
    for (const call of [() => terminal_send({session: "wide", text: "touch '"$OUTSIDE"'/w"}),
                        () => terminal_read({session: "wide"}),
                        () => terminal_signal({session: "wide", signal: "INT"}),
                        () => terminal_close({session: "wide"})])
      out.push(await call().then(() => "reached", e => e.message));
    out.push((await terminal_send({session: "narrow", text: "echo reached"})).output);
    return out'
  assert_success
  local refusal='refused: terminal session pty-1 runs under danger-full-access, wider than this caller'"'"'s read-only'
  assert_output "[\"$refusal\",\"$refusal\",\"$refusal\",\"$refusal\",\"reached\"]"
  [[ ! -e $OUTSIDE/w ]]
  # A workspace-write run reaches a read-only session, and no unrestricted one.
  run --separate-stderr run-code --workspace "$WS" --code '
    return [(await terminal_send({session: "narrow", text: "echo ok"})).output,
            await terminal_send({session: "wide", text: "true"}).catch(e => e.message)]'
  assert_output '["ok","refused: terminal session pty-1 runs under danger-full-access, wider than this caller'"'"'s workspace-write"]'
}

@test "a workspace-write run opens sessions only under its workspace" {
  run --separate-stderr run-code --workspace "$WS" --code '
    const s = await terminal_open({});
    const r = await terminal_send({session: s.id, text: "pwd; echo x > made"});
    const e = await terminal_open({cwd: "'"$OUTSIDE"'"}).catch(e => e.message);
    return [(await terminal_list()).sessions[0].sandbox, r.output, e]'
  assert_success
  assert_output "[\"workspace-write\",\"$WS\",\"refused: this caller's workspace-write opens sessions only under its workspace '$WS', not in '$OUTSIDE'\"]"
  [[ -e ws/made ]]
}

@test "a shell inside a sandboxed session is bound too, whatever it does to its environment" {
  term-open --name wide
  term-open --sandbox read-only --name ro
  run term-send ro "env -u ODA_SANDBOX term-send wide 'touch $OUTSIDE/escaped'; env -i PATH=\$PATH ODA_CHAT=$ODA_CHAT ODA_RUNTIME_DIR=$ODA_RUNTIME_DIR term-open --name nested >/dev/null; echo rc=\$?"
  assert_line "term-send: error: refused: terminal session pty-1 runs under danger-full-access, wider than this caller's read-only"
  assert_line 'rc=0'
  [[ ! -e $OUTSIDE/escaped ]]
  run term-list
  assert_line --regexp '^pty-3 \(nested\) \[shell\] running [0-9]+ \[sandbox: read-only\]$'
}

@test "where Landlock cannot bound a shell, --sandbox fails instead of running unconfined" {
  run --separate-stderr env ODA_SANDBOX_FORCE_ABI=2 term-open --sandbox workspace-write
  assert_failure 1
  assert_equal "$stderr" "term-open: error: cannot run the shell under workspace-write: the kernel offers Landlock ABI 2, a sandboxed shell needs 3 or later"
  run term-list
  assert_output '(no terminal sessions)'
  run --separate-stderr term-open --sandbox open
  assert_failure 2
  assert_equal "$stderr" "term-open: error: unknown sandbox mode 'open' (expected read-only, workspace-write or danger-full-access)"
}
