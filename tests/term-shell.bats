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

# The send's result for a command that printed `out` and ended with status `code`.
done_with() {
  printf '%s\n[wait: prompt]\n[exit: %s]\n[session: running]' "$1" "$2"
}

@test "bash: a PS1, a PROMPT_COMMAND, then PROMPT_COMMAND unset and PS1 set keep the prompt tracked" {
  term-open
  run term-send pty-1 "PS1='\$ '"
  assert_output "$(printf '(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]')"
  run term-send pty-1 'echo one; (exit 3)'
  assert_output "$(done_with one 3)"
  run term-send pty-1 "PROMPT_COMMAND='PS1=\"[\\u@\\h \\W]\\\$ \"'"
  run term-send pty-1 'echo two; (exit 4)'
  assert_output "$(done_with two 4)"
  run term-send pty-1 'unset PROMPT_COMMAND'
  run term-send pty-1 "PS1='gone> '"
  run term-send pty-1 'echo three; (exit 5)'
  assert_output "$(done_with three 5)"
}

@test "bash: a starship-style prompt (a precmd in PROMPT_COMMAND, a two-line coloured PS1) stays out" {
  term-open
  term-send pty-1 'starship_precmd() { local s=$?; PS1="\n\[\e[1;36m\]\w\[\e[0m\] via \$(echo py)\n\[\e[1;32m\]❯\[\e[0m\] "; return $s; }'
  term-send pty-1 'PROMPT_COMMAND="starship_precmd;${PROMPT_COMMAND:-}"'
  run term-send pty-1 'echo four; (exit 6)'
  assert_output "$(done_with four 6)"
}

@test "an activated venv adds no (venv) line to the results" {
  python3 -m venv --without-pip venv || skip "python3 cannot make a venv here"
  term-open
  run term-send pty-1 'source venv/bin/activate'
  assert_output "$(printf '(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]')"
  run term-send pty-1 'echo "$VIRTUAL_ENV"; command -v python3'
  assert_output "$(done_with "$PWD/venv
$PWD/venv/bin/python3" 0)"
}

@test "exec bash and exec zsh, each with rc files that set the prompt, keep the prompt tracked" {
  printf '%s\n' "PS1='rc-bash\$ '" "PROMPT_COMMAND='echo -n'" >"$HOME/.bashrc"
  printf '%s\n' "PS1='%n@%m %# '" "precmd() { PS1='rc-zsh%# ' }" >"$HOME/.zshrc"
  term-open
  run term-send pty-1 'exec bash'
  assert_output "$(printf '(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]')"
  run term-send pty-1 'echo "in bash ${BASH_VERSION%%.*}"; (exit 7)'
  assert_output "$(done_with "in bash ${BASH_VERSION%%.*}" 7)"
  run term-send pty-1 'exec zsh'
  assert_output "$(printf '(no new output)\n[wait: prompt]\n[exit: 0]\n[session: running]')"
  run term-send pty-1 'echo "in $ZSH_NAME"; (exit 8)'
  assert_output "$(done_with 'in zsh' 8)"
  run term-send pty-1 'read "x?Name: "'
  assert_output $'Name: \n[wait: input]\n[session: running]'
  run term-send pty-1 'bob'
  run term-send pty-1 'echo "hi $x"'
  assert_output "$(done_with 'hi bob' 0)"
}

@test "zsh: a PS1, a precmd, a starship-style hook and a hook added later keep the prompt tracked" {
  SHELL=$(command -v zsh) term-open
  term-send pty-1 "PS1='zsh\$ '; precmd() { PS1='pre%# ' }"
  run term-send pty-1 'echo one; (exit 3)'
  assert_output "$(done_with one 3)"
  term-send pty-1 'setopt prompt_subst; starship_precmd() { STARSHIP_X=1 }; precmd_functions+=(starship_precmd); PROMPT=$'"'"'\n%F{cyan}%~%f $(echo py)\n❯ '"'"
  run term-send pty-1 'echo two; (exit 4)'
  assert_output "$(done_with two 4)"
  # A hook that sets the prompt, added after the daemon's: the next prompt is the daemon's again.
  term-send pty-1 'mine() { PS1="mine> " }; precmd_functions+=(mine)'
  run term-send pty-1 'echo three; (exit 5)'
  assert_output "$(done_with three 5)"
}

# An rc file that does what rc files do to a shell: prints, takes the prompt, sets -u,
# aliases cd, adds a precmd and moves away.
hostile_bashrc() {
  printf '%s\n' 'echo rc says hello' "PS1='hostile\$ '" "PROMPT_COMMAND='PS1=\"pc> \"'" 'set -u' \
    "alias cd='echo hijacked-cd'" "precmd() { PS1='precmd> '; }" 'builtin cd /' >"$HOME/.bashrc"
}

@test "term-open --rc loads a hostile ~/.bashrc, the integration re-asserted after it; without, a clean shell" {
  hostile_bashrc
  mkdir work
  run term-open
  assert_output $'started terminal session pty-1 [type: shell]\n(no startup output)'
  run term-send pty-1 'type -t cd; echo "[${nope}]"'
  assert_output "$(done_with $'builtin\n[]' 0)"
  term-close pty-1
  run term-open --rc --cwd "$PWD/work"
  assert_output $'started terminal session pty-2 [type: shell]\nrc says hello'
  run term-send pty-2 'pwd; cd sub'
  assert_output "$(done_with "$PWD/work
hijacked-cd sub" 0)"
  run term-send pty-2 'echo "$nope"'
  assert_output "$(done_with 'bash: nope: unbound variable' 1)"
  run term-send pty-2 'echo fine; (exit 2)'
  assert_output "$(done_with fine 2)"
}

@test "term-open --rc with zsh loads a hostile ~/.zshrc (prompt, precmd, hook, nounset, alias)" {
  printf '%s\n' 'echo zrc says hello' "PS1='z> '" "precmd() { PS1='zp> ' }" 'setopt nounset' \
    "alias cd='echo hijacked-cd'" "myhook() { PS1='hook> ' }" 'precmd_functions+=(myhook)' >"$HOME/.zshrc"
  SHELL=$(command -v zsh) run term-open --rc
  assert_output $'started terminal session pty-1 [type: shell]\nzrc says hello'
  run term-send pty-1 'cd sub; echo $ZSH_NAME; (exit 3)'
  assert_output "$(done_with $'hijacked-cd sub\nzsh' 3)"
  # (zsh keeps the last status over an expansion error, as it does on a terminal.)
  run term-send pty-1 'echo "$nope"'
  assert_output "$(done_with 'zsh: nope: parameter not set' 3)"
}

@test "term-open --rc with dash loads the caller's \$ENV" {
  [[ -x /bin/dash ]] || skip "no dash"
  printf '%s\n' 'echo env file says hello' 'greet() { echo "hi $1"; }' "PS1='d> '" >shrc
  SHELL=/bin/dash ENV="$PWD/shrc" run term-open --rc
  assert_output $'started terminal session pty-1 [type: shell]\nenv file says hello'
  run term-send pty-1 'greet you; (exit 4)'
  assert_output "$(done_with 'hi you' 4)"
}

# No process whose command line matches $1 is left.
none_left() { ! pgrep -f "$1" >/dev/null; }

@test "term-close ends what left the session, its environment and its parent (env -i setsid, double forks)" {
  term-open --name a
  term-send a '(env -i setsid sleep 47311 &)'
  term-send a 'env -i setsid sh -c "sleep 47312 & exit"'
  poll_until pgrep -f 'sleep 47311'
  poll_until pgrep -f 'sleep 47312'
  run term-close a
  assert_output 'closed terminal session pty-1'
  none_left 'sleep 4731[12]'
}

@test "a session whose shell exited still takes its orphans along when closed" {
  term-open --name b
  term-send b '(env -i setsid sleep 47313 &)'
  poll_until pgrep -f 'sleep 47313'
  run term-send b 'exit 3'
  assert_output $'exit\n[wait: exit]\n[session: exited code=3 signal=null]'
  pgrep -f 'sleep 47313'
  run term-close b
  assert_output 'closed terminal session pty-1'
  none_left 'sleep 47313'
}
