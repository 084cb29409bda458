#!/usr/bin/env bats
# The lowering cache: a big program's lowered form is kept under the state folder
# ($ODA_STATE_DIR/lower-cache) by its content and the build, and read back the next time;
# a corrupt entry or a folder that cannot be written never changes a run's outcome.

load helpers

# A program of over 32 KiB (the smallest the cache keeps) in modern syntax, and its answer.
big_program() {
  {
    for i in $(seq 600); do
      printf 'const f%d = (x, { k = %d } = {}) => [x, k].map((v) => v * 2);\n' "$i" "$i"
    done
    printf 'let sum = 0;\nfor (let i = 1; i <= 600; i++) sum += eval(`f${i}`)(1)[1];\nreturn `sum ${sum}`;\n'
  } > prog.js
  [ "$(stat -c %s prog.js)" -gt 32768 ]
}

entries() { ls "$ODA_STATE_DIR/lower-cache" 2>/dev/null; }

@test "a big program is lowered once: the second run reads the kept entry" {
  big_program
  run run-code prog.js
  assert_success
  assert_output 'sum 360600'
  [ "$(entries | wc -l)" = 1 ]
  local entry="$ODA_STATE_DIR/lower-cache/$(entries)"
  [[ "$(entries)" =~ ^[0-9a-f]{32}$ ]]
  run head -c 18 "$entry"
  assert_output 'oda-lower-cache 1 '
  [ "$(stat -c %a "$ODA_STATE_DIR/lower-cache")" = 700 ]
  # A hit marks the entry used: an old time becomes now.
  touch -d '2001-01-01' "$entry"
  run run-code prog.js
  assert_success
  assert_output 'sum 360600'
  [ "$(stat -c %Y "$entry")" -gt "$(date -d '2020-01-01' +%s)" ]
  [ "$(entries | wc -l)" = 1 ]
}

@test "another program, or the same one changed by a byte, gets its own entry" {
  big_program
  run run-code prog.js
  assert_output 'sum 360600'
  sed -i 's/^return `sum/return `total/' prog.js
  run run-code prog.js
  assert_output 'total 360600'
  [ "$(entries | wc -l)" = 2 ]
}

@test "a truncated or corrupt entry is passed over and written again" {
  big_program
  run run-code prog.js
  local entry="$ODA_STATE_DIR/lower-cache/$(entries)" size
  size=$(stat -c %s "$entry")
  truncate -s 5000 "$entry"
  run run-code prog.js
  assert_success
  assert_output 'sum 360600'
  [ "$(stat -c %s "$entry")" = "$size" ]
  # Same length, other bytes: the checksum refuses it.
  printf 'return "stale";' | dd of="$entry" bs=1 seek=$((size - 100)) conv=notrunc 2>/dev/null
  run run-code prog.js
  assert_success
  assert_output 'sum 360600'
}

@test "a state folder that cannot hold the cache never fails a run" {
  big_program
  mkdir -p "$ODA_STATE_DIR"
  printf 'not a folder' > "$ODA_STATE_DIR/lower-cache"
  run run-code prog.js
  assert_success
  assert_output 'sum 360600'
  rm "$ODA_STATE_DIR/lower-cache"
  printf 'not a folder' > "$BATS_TEST_TMPDIR/file"
  # No state folder at all: the run's record cannot be written either (said on stderr).
  ODA_STATE_DIR="$BATS_TEST_TMPDIR/file/state" run run-code prog.js
  assert_success
  assert_line 'sum 360600'
}

@test "small programs and programs that do not lower are not kept" {
  printf 'const a = [1, 2].map((x) => x * 2);\nreturn a;\n' > small.js
  run run-code small.js
  assert_output '[2,4]'
  big_program
  printf 'const x = ;\n' >> prog.js
  run run-code prog.js
  assert_failure 1
  assert_output --partial 'SyntaxError'
  [ -z "$(entries)" ]
}
