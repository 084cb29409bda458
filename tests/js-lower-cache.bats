#!/usr/bin/env bats
# The program cache: a big program's compiled form (Duktape bytecode of the ES5 it lowers to)
# is kept under the state folder ($ODA_STATE_DIR/lower-cache) by its content and the build,
# and loaded the next time instead of lowered and compiled; a corrupt entry or a folder that
# cannot be written never changes a run's outcome.

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

@test "a big program is compiled once: the second run loads the kept bytecode" {
  big_program
  run run-code prog.js
  assert_success
  assert_output 'sum 360600'
  [ "$(entries | wc -l)" = 1 ]
  local entry="$ODA_STATE_DIR/lower-cache/$(entries)"
  [[ "$(entries)" =~ ^[0-9a-f]{32}$ ]]
  run head -c 18 "$entry"
  assert_output 'oda-lower-cache 1 '
  # After the header line, Duktape's bytecode (its first byte is 0xBF), not text.
  [ "$(sed -n 2p "$entry" | head -c 1 | od -An -tx1 | tr -d ' ')" = bf ]
  [ "$(stat -c %a "$ODA_STATE_DIR/lower-cache")" = 700 ]
  # A hit marks the entry used: an old time becomes now.
  touch -d '2001-01-01' "$entry"
  run run-code prog.js
  assert_success
  assert_output 'sum 360600'
  [ "$(stat -c %Y "$entry")" -gt "$(date -d '2020-01-01' +%s)" ]
  [ "$(entries | wc -l)" = 1 ]
}

# What compiled bytecode must keep that a load could lose: function names and lengths, a
# named function expression's own binding, which functions construct, eval's view of
# locals, per-iteration bindings, generators, async code, private fields, tagged templates'
# per-site objects, RegExp literals, BigInt, strictness, and the lines errors name.
@test "a program loaded from its kept bytecode answers as node, as when it was compiled" {
  {
    printf '/*%40000s*/\n' ''
    cat <<'JS'
const out = [];
function f(a, b = 1, ...c) { return arguments.length; }
out.push(f.length, f.name, f(1, 2, 3));
const g = function fact(n) { return n < 2 ? 1 : n * fact(n - 1); };
out.push(g(5), g.name);
try { new (() => 1)(); out.push('constructed'); } catch (e) { out.push(e.constructor.name); }
class A { #x = 7; static s = 2; get x() { return this.#x; } static m() { return A.s; } #p() {} static pn(a) { return a.#p.name; } }
try { A(); } catch (e) { out.push(e.constructor.name); }
out.push(new A().x, A.m(), Object.getOwnPropertyNames(A.prototype).join());
out.push(Object.getOwnPropertyDescriptor(A.prototype, 'x').get.name, A.pn(new A()), ({ [Symbol('k')]: () => 1 })[Object.getOwnPropertySymbols({ [Symbol('k')]: 1 })[0]]?.name);
function h() { var loc = 5; return eval('loc + 1'); }
out.push(h());
const fns = [];
for (let i = 0; i < 3; i++) fns.push(() => i);
out.push(fns.map((fn) => fn()).join());
function* gen() { yield 1; yield* [2, 3]; }
out.push([...gen()].join());
out.push(await (async () => (await Promise.resolve(3)) + 1)());
const tag = (s) => s;
const site = () => tag`a${1}b`;
out.push(site() === site(), site().raw.join('|'));
out.push(/(\d+)-(?<y>\d+)/u.exec('12-34').groups.y);
out.push(String(2n ** 70n));
out.push((function () { 'use strict'; return this; })() === undefined);
const { p = 4, ...rest } = { q: 1, r: 2 };
out.push(p, JSON.stringify(rest), rest?.q ?? 0);
outer: for (const k in { u: 1, v: 2 }) { for (;;) { out.push(k); continue outer; } }
console.log(out.join(' '));
function fail() {
  throw new Error('boom');
}
fail();
JS
  } > prog.js
  local line
  line=$(grep -n "throw new Error('boom')" prog.js | cut -d: -f1)
  command -v node >/dev/null || skip "node is not installed"
  run "$ODA_ROOT/tests/js/run-node" prog.js
  local expected="${lines[0]}"
  [ "$expected" = '1 f 3 120 fact TypeError TypeError 7 2 constructor,x get x #p  6 0,1,2 1,2,3 4 true a|b 34 1180591620717411303424 true 4 {"q":1,"r":2} 1 u v' ]
  for pass in compiled loaded; do
    run run-code prog.js
    assert_failure 1
    assert_output "code run failed (exception): Error: boom (line $line)
Captured output:
$expected"
    [ "$(entries | wc -l)" = 1 ]
  done
}

# Append-in-place (engine patch 0002) knows `s += f(x)` by the first temporary register
# the compiler records for each function: loaded bytecode must keep it, or this loop turns
# quadratic (minutes instead of about a second).
@test "a loaded program appends in place: a += loop of 300,000 lines stays linear" {
  { printf '/*%40000s*/\n' ''; cat <<'JS'
let out = '';
for (let i = 0; i < 300000; i++) out += 'line ' + i + ' of the log\n';
return [out.length, out.slice(-24)];
JS
  } > prog.js
  for pass in compiled loaded; do
    run run-code --timeout-ms 30000 prog.js
    assert_success
    assert_output '[6788890,"\nline 299999 of the log\n"]'  # node's answer
  done
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
