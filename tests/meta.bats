#!/usr/bin/env bats
# Meta-tests over the command table (commands.list): every binary answers --help, --version
# and --schema, refuses bad usage with exit 2, has a man page whose SYNOPSIS is its usage
# line and which names every option, and completions in three shells naming every option.
load helpers

each_command() {
  local fn=$1 c
  for c in $(oda_commands); do "$fn" "$c" || { echo "failed for $c"; return 1; }; done
}

options_of() {
  "$1" --completion-spec | awk -F'\t' '$1 == "option" {print $2}'
}

man_text() {
  local c=$1 page
  page=$(ls "$ODA_ROOT/man/$c".[18])
  MANWIDTH=200 man -l "$page" 2>/dev/null | col -b
}

check_help() {
  run --separate-stderr "$1" --help
  [[ $status -eq 0 ]] && [[ -z "$stderr" ]] && [[ "${lines[0]}" == "Usage: $1 "* ]]
}
@test "every command's --help exits 0 with its usage and nothing on stderr" {
  each_command check_help
}

check_version() {
  run "$1" --version
  [[ $status -eq 0 ]] && [[ "$output" == "$1 (oda tools) "[0-9]* ]]
}
@test "every command answers --version" {
  each_command check_version
}

check_schema() {
  local tool
  tool=$(awk -v c="$1" '$1 == c {print $3}' "$ODA_ROOT/commands.list")
  [[ $tool == - ]] && return 0
  run "$1" --schema
  [[ $status -eq 0 ]] && [[ "$output" == *"\"name\": \"$tool\""* ]] && [[ "$output" == *'"input_schema"'* ]]
}
@test "every tool command prints its schema under its tool name" {
  each_command check_schema
}

check_usage_error() {
  run --separate-stderr "$1" --no-such-option
  [[ $status -eq 2 ]] && [[ "$stderr" == "$1: error: "* ]]
}
@test "an unknown option is a usage error: exit 2 and '<command>: error: ...'" {
  each_command check_usage_error
}

check_option_hint() {
  run --separate-stderr "$1" --hepl
  [[ $status -eq 2 ]] && [[ "$stderr" == "$1: error: unknown option '--hepl' (did you mean '--help'?)" ]]
}
@test "a mistyped option gets a 'did you mean' in every command" {
  each_command check_option_hint
}

check_man_synopsis() {
  local usage synopsis
  usage=$("$1" --help | head -1 | sed 's/^Usage: //')
  synopsis=$(man_text "$1" | awk '/^SYNOPSIS/ {on=1; next} /^[A-Z]/ {on=0} on' | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//')
  [[ "$synopsis" == "$usage" ]] || { echo "man: '$synopsis' usage: '$usage'"; return 1; }
}
@test "every man page's SYNOPSIS is the command's usage line" {
  each_command check_man_synopsis
}

check_man_options() {
  local text o
  text=$(man_text "$1")
  for o in $(options_of "$1"); do
    [[ "$text" == *"--$o"* ]] || { echo "man $1 lacks --$o"; return 1; }
  done
}
@test "every man page names every option" {
  each_command check_man_options
}

check_completions() {
  local o f
  for o in $(options_of "$1"); do
    for f in "completions/bash/$1" "completions/zsh/_$1" "completions/fish/$1.fish"; do
      grep -q -- "$o" "$ODA_ROOT/$f" || { echo "$f lacks $o"; return 1; }
    done
  done
}
@test "completions for bash, zsh and fish name every option" {
  each_command check_completions
}

@test "committed completions are what the binaries generate now" {
  OUT="$BATS_TEST_TMPDIR/fresh" "$ODA_ROOT/tools/gen-completions" "$ODA_BUILD/bin" $(oda_commands)
  run diff -r "$ODA_ROOT/completions" "$BATS_TEST_TMPDIR/fresh"
  assert_success
}

@test "bash completion parses and completes options" {
  source "$ODA_ROOT/completions/bash/term-send"
  COMP_WORDS=(term-send --he); COMP_CWORD=1
  _oda_term_send
  [[ " ${COMPREPLY[*]} " == *" --help "* ]]
}

@test "man -l renders every page" {
  for c in $(oda_commands); do
    run man_text "$c"
    assert_success
    [[ "$output" == *NAME* ]]
  done
}

@test "zsh completion files parse" {
  for c in $(oda_commands); do
    run zsh -n "$ODA_ROOT/completions/zsh/_$c"
    assert_success
  done
}

@test "make install puts binaries, man pages and completions under DESTDIR; uninstall removes them" {
  dest="$BATS_TEST_TMPDIR/dest"
  run make -s -C "$ODA_ROOT" B="$ODA_BUILD" install DESTDIR="$dest" PREFIX=/usr/local
  assert_success
  for c in $(oda_commands); do
    [[ -x "$dest/usr/local/bin/$c" ]]
    [[ -f "$dest/usr/local/share/bash-completion/completions/$c" ]]
    [[ -f "$dest/usr/local/share/zsh/site-functions/_$c" ]]
    [[ -f "$dest/usr/local/share/fish/vendor_completions.d/$c.fish" ]]
  done
  [[ -f "$dest/usr/local/share/man/man1/run-code.1" ]]
  [[ -f "$dest/usr/local/share/man/man8/termd.8" ]]
  run make -s -C "$ODA_ROOT" B="$ODA_BUILD" uninstall DESTDIR="$dest" PREFIX=/usr/local
  assert_success
  run find "$dest" -type f
  assert_output ""
}

@test "CXXFLAGS on the make command line keeps the flags the code needs" {
  run make -s -n -W lib/sys/clock.cc -C "$ODA_ROOT" CXXFLAGS="-O1 -DODA_USER_FLAG" build/obj/lib/sys/clock.o
  assert_success
  assert_line --partial "-O1 -DODA_USER_FLAG"
  assert_line --partial "-std=c++20 -Wall -Wextra"
}

@test "make demo prints each command as a user would type it, variables included" {
  run "$ODA_ROOT/tools/demo"
  assert_success
  assert_line "\$ run-code --timeout-ms 500 --code 'console.log(\"spinning\"); while (true) {}'"
  assert_line --regexp "^\\\$ ODA_SANDBOX_FORCE_ABI=0 run-code --workspace [^ ]+ --sandbox read-only --code 'await fs.rm\\(\"notes\", \\{ recursive: true \\}\\)'\$"
  assert_line --regexp "^\\\$ run-code --description 'summarise a small data set' --code '\$"
  assert_line "\$ term-send main 'cd /etc && ls -d host*; (exit 3)'"
}

@test "tests/run keeps a failed test's folder and prints its path" {
  # Written with printf: Bats rewrites every line of this file that starts with @test.
  printf '%s\n' "load '$ODA_ROOT/tests/helpers'" \
    '@test "fails on purpose" { echo left-behind > evidence.txt; false; }' \
    '@test "passes" { echo gone > passed.txt; }' > "$BATS_TEST_TMPDIR/probe.bats"
  # A clean environment: the outer Bats puts its own libexec first on PATH and exports its
  # variables, either of which would steer the inner one.
  run env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$HOME" ODA_KEEP_FAILED="$BATS_TEST_TMPDIR/kept" ODA_SKIP_UNIT=1 \
    "$ODA_ROOT/tests/run" "$BATS_TEST_TMPDIR/probe.bats"
  assert_failure
  assert_line "  kept the failed test's folder: $BATS_TEST_TMPDIR/kept/probe-1"
  assert_line "1 passed, 1 failed, 0 skipped"
  [[ "$(cat "$BATS_TEST_TMPDIR/kept/probe-1/evidence.txt")" == left-behind ]]
  [[ ! -e "$BATS_TEST_TMPDIR/kept/probe-2" ]]
}

@test "the layout holds: lib/js has no Duktape, run-code's core names no part, termd no tool name outside its table" {
  cd "$ODA_ROOT"
  run grep -l 'duktape.h' lib/js/*.cc lib/js/*.h
  assert_output ""
  run grep -E '#include "(calls|sandbox)/' lib/run/worker.cc lib/run/command.cc lib/run/supervisor.cc cmd/run-code.cc
  assert_output ""
  # Only the table (tools.cc) and the wire/client plumbing may spell a tool's name.
  run grep -lE '"terminal_(open|send|read|signal|close|list)"' lib/term/server.cc lib/term/session.cc lib/term/waits.cc
  assert_output ""
}

@test "tests/run tests the binaries of the build folder ODA_BUILD names" {
  mkdir -p other/bin
  printf '#!/bin/sh\necho "from the other build"\n' > other/bin/run-code
  chmod +x other/bin/run-code
  printf '%s\n' "load '$ODA_ROOT/tests/helpers'" \
    '@test "which run-code" { [[ "$(run-code)" == "from the other build" ]]; }' > probe.bats
  run env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$HOME" ODA_SKIP_UNIT=1 ODA_BUILD="$BATS_TEST_TMPDIR/other" \
    "$ODA_ROOT/tests/run" "$BATS_TEST_TMPDIR/probe.bats"
  assert_success
  assert_line "1 passed, 0 failed, 0 skipped"
}

@test "every fuzz target has a small seed corpus and make fuzz runs it" {
  cd "$ODA_ROOT/tests/fuzz"
  targets=$(sed -n 's/^FUZZ_TARGETS := //p' fuzz.mk)
  for src in *.cc; do
    t=${src%.cc}
    [[ " $targets " == *" $t "* ]] || { echo "fuzz.mk does not run $t"; return 1; }
    n=$(find "corpus/$t" -type f | wc -l)
    (( n >= 5 && n <= 50 )) || { echo "corpus/$t has $n files"; return 1; }
    run find "corpus/$t" -type f -size +4k
    assert_output ""
  done
}

@test "a build folder's config.mk sets how it is built, for every later make in it" {
  b="$BATS_TEST_TMPDIR/b"
  mkdir -p "$b"
  printf '%s\n' 'CXXFLAGS := -O1 -DODA_REMEMBERED' 'DUK_EXTRA_CFLAGS := -DODA_ENGINE_REMEMBERED' 'DUK_PGO := 0' > "$b/config.mk"
  run make -s -n -W lib/sys/clock.cc -C "$ODA_ROOT" B="$b" "$b/obj/lib/sys/clock.o"
  assert_success
  assert_line --partial "-O1 -DODA_REMEMBERED -std=c++20"
  run make -s -n -C "$ODA_ROOT" B="$b" "$b/duktape/duktape.o"
  assert_success
  assert_line --partial "-DODA_ENGINE_REMEMBERED -c $b/duktape/duktape.c"
  assert_output --partial 'if [ "0" = 1 ]'
}
