#!/usr/bin/env bats
# A session's shell and what stands around it: the environment it starts in (the caller's,
# never the daemon's nor another chat's), the prompt integration surviving what users and rc
# files do to the prompt, term-open --rc, and no process outliving its session.
load helpers

# The send's output lines alone, without the [wait: ...] and [session: ...] lines.
sent() {
  term-send "$@" | grep -v -E '^\[(wait|exit|session): '
}

@test "each session starts in the environment of its own term-open, not the daemon starter's" {
  FIRST=one term-open --name h1
  SECOND=two term-open --name h2
  run term-send h2 'echo "${FIRST-unset} ${SECOND-unset}"'
  assert_output $'unset two\n[wait: prompt]\n[exit: 0]\n[session: running]'
  run term-send h1 'echo "${FIRST-unset} ${SECOND-unset}"'
  assert_line --index 0 'one unset'
}

@test "the caller's PATH and activated venv reach the session; --env and the toolkit's names win" {
  term-open --name first
  mkdir -p venv/bin
  printf '#!/bin/sh\necho venv-tool ran\n' >venv/bin/venv-tool
  chmod +x venv/bin/venv-tool
  VIRTUAL_ENV="$PWD/venv" PATH="$PWD/venv/bin:$PATH" PAGER=less ODA_RUNTIME_DIR_X=1 \
    term-open --name venv --env EXTRA=yes
  run term-send venv 'venv-tool; echo "$VIRTUAL_ENV $EXTRA $PAGER $ODA_CHAT $ODA_RUNTIME_DIR"'
  assert_output "venv-tool ran
$PWD/venv yes cat $ODA_CHAT $ODA_RUNTIME_DIR
[wait: prompt]
[exit: 0]
[session: running]"
  run term-send first 'command -v venv-tool || echo none'
  assert_line --index 0 none
}

@test "a variable of one chat's caller never shows in another chat's sessions" {
  SECRET=chat-a term-open --chat a
  term-open --chat b
  run term-send --chat b pty-2 'echo "${SECRET-unset} $ODA_CHAT"'
  assert_line --index 0 'unset b'
}

@test "termd checks the environment it is sent; a client that sends none gets the system's names" {
  DAEMON_ONLY=leak term-open
  run raw_client <<EOF2
{"tool":"terminal_open","chat":"$ODA_CHAT","environ":["NOEQUALS"],"args":{}}
{"tool":"terminal_open","chat":"$ODA_CHAT","environ":"X=1","args":{}}
{"tool":"terminal_open","chat":"$ODA_CHAT","args":{"name":"bare"}}
EOF2
  assert_output $'invalid environ entry "NOEQUALS": expected a K=V string\ninvalid environ \'"X=1"\': expected a list\nok'
  run term-send bare 'echo "${DAEMON_ONLY-unset} $PATH"'
  assert_line --index 0 'unset /usr/local/bin:/usr/bin:/bin'
}
