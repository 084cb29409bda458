#!/usr/bin/env bats
# Modern JavaScript through run-code: each corpus program under tests/js/ prints what node
# prints for it (the .out files come from tests/js/run-node), and syntax outside the supported
# set fails naming the construct and the line.
load helpers

CORPUS="$ODA_ROOT/tests/js"

# Runs tests/js/NAME.js through run-code and compares with NAME.out. Programs marked
# "// requires: runtime" need the built-ins (Map, Array.from, RegExp named groups...).
check_corpus() {
  local name=$1
  if head -3 "$CORPUS/$name.js" | grep -q '^// requires: runtime' &&
     [[ "$(run-code --code 'return typeof Map')" != function ]]; then
    skip "needs the runtime built-ins"
  fi
  run run-code "$CORPUS/$name.js"
  diff -u "$CORPUS/$name.out" <(printf '%s\n' "$output")
}

@test "lang-misc: destructuring, spread, optional chaining, ??, logical assignment, labels" { check_corpus lang-misc; }
@test "lang-array-patterns: array destructuring of arrays, strings, Maps, arguments, borrowed and own iterators" { check_corpus lang-array-patterns; }
@test "lang-cls: classes with fields, #private, static blocks, accessors, extends Error, new.target" { check_corpus lang-cls; }
@test "lang-gen: generators, yield*, return/throw, for-of closing, strings by code point" { check_corpus lang-gen; }
@test "lang-async: async functions, arrows and methods, async generators, for await" { check_corpus lang-async; }
@test "lang-delegate: yield* forwarding next, return and throw, sync and async" { check_corpus lang-delegate; }
@test "agent-pool: a bounded pool of tasks with Promise.all, allSettled, race, any" { check_corpus agent-pool; }
@test "agent-retry: retries with backoff and a custom error class" { check_corpus agent-retry; }
@test "agent-logs: log parsing with named groups, Map and Set" { check_corpus agent-logs; }
@test "agent-reshape: JSON reshaping with entries, grouping and sorting" { check_corpus agent-reshape; }
@test "agent-classes: inheritance, private state, iteration" { check_corpus agent-classes; }
@test "agent-generators: lazy pipelines that close their sources" { check_corpus agent-generators; }
@test "agent-errors: finally ordering, rethrow, optional catch binding" { check_corpus agent-errors; }
@test "lang-templates: template literals convert with ToString and string + chains as +, in node's order" { check_corpus lang-templates; }
@test "agent-patterns: Map entries, accessors, super in async methods, labels, defaults" { check_corpus agent-patterns; }

@test "unsupported syntax fails naming the construct and the line as written" {
  run run-code --code $'const a = 1\n\nimport fs from "fs"'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: import declarations are not supported (line 3)" ]
}

@test "a syntax error names the token and the line" {
  run run-code --code $'const ok = 1\nconst bad = ok +;\n'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: unexpected token ';' (line 2)" ]
}

@test "runtime errors point at the line the agent wrote" {
  run run-code --code $'const items = [1, 2]\n\nconst total = items\n  .map((x) => x * 2)\n  .reduce((a, b) => a + b)\nconst o = null\nconsole.log(`total ${total}`)\nreturn o.missing'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (exception): TypeError: Cannot read properties of null (reading 'missing') (line 8)" ]
  [ "${lines[2]}" = "total 6" ]
}

@test "the per-iteration bindings of let survive closures and await" {
  run run-code --code $'const fns = []\nfor (let i = 0; i < 3; i++) {\n  await null\n  fns.push(() => i)\n}\nreturn fns.map((f) => f())'
  [ "$status" -eq 0 ]
  [ "$output" = "[0,1,2]" ]
}

@test "closures made in a loop body keep each iteration's bindings, whether the body runs in place or as a function per iteration, as node" {
  cat > prog.js <<'EOF'
const out = [];
const run = (fns) => fns.map((f) => f());
{ const fns = []; for (let i = 0; i < 3; i++) { const y = i * 10; fns.push(() => [i, y]); } out.push(run(fns)); }
{ const fns = []; for (const [a, b] of [[1, 2], [3, 4]]) fns.push(() => a + b); out.push(run(fns)); }
{ const fns = []; for (const k in { p: 1, q: 2 }) fns.push(() => () => k); out.push(fns.map((f) => f()())); }
{ const fns = []; let n = 0; while (n < 3) { const m = n++; fns.push(() => m); } out.push(run(fns)); }
{ const fns = []; for (let i = 0; i < 2; i++) fns.push(function named(a) { return [named.name, named.length, i, arguments.length]; }); out.push(fns.map((f) => f(1, 2))); }
for (let i = 0; i < 1; i++) { const f = (a, b) => i; out.push([f.name, f.length]); }
{ const fns = []; for (let i = 0; i < 2; i++) for (let j = 0; j < 4; j++) { if (j % 2) j++; fns.push(() => i * 10 + j); } out.push(run(fns)); }
{ const fns = []; for (let i = 0; i < 3; i++) { for (let j = 0; j < 2; j++) fns.push(() => i * 10 + j); if (i == 1) i++; } out.push(run(fns)); }
{ const o = { v: 7, m() { const fns = []; for (let i = 0; i < 2; i++) fns.push(() => this.v + i); return run(fns); } }; out.push(o.m()); }
{ function g() { const fns = []; for (let i = 0; i < 2; i++) fns.push(() => arguments[i]); return run(fns); } out.push(g('a', 'b')); }
{ function h() { const fns = []; for (let i = 0; i < 10; i++) { if (i == 1) continue; fns.push(() => i); if (i == 3) break; }
    for (let k = 0; k < 10; k++) { fns.push(() => k); if (k == 2) return run(fns); } } out.push(h()); }
{ function* gen() { for (let i = 0; i < 3; i++) yield () => i; } out.push(run([...gen()])); }
{ const fs = []; for (let i = 0; i < 2; i++) { const f = () => i; fs.push(f, f); } out.push([fs[0] === fs[1], fs[0] === fs[2]]); }
for (let i = 0; i < 1; i++) { const boom = () => { throw new Error('x' + i); }; try { boom(); } catch (e) { out.push(e.stack.split('\n')[1].trim().split(' ')[1]); } }
{ const fns = []; for (let i = 0; i < 2; i++) fns.push((a = () => i) => a(), () => new (class { v() { return i; } })().v()); out.push(run(fns)); }
(async () => {
  const fns = [];
  for (let i = 0; i < 3; i++) { await null; const z = i + 1; fns.push(() => z * i); }
  out.push(run(fns));
  console.log(JSON.stringify(out));
})();
EOF
  same_as_node
}

@test "a class declared in a loop body and captured by a closure is each iteration's own" {
  run run-code --code $'const fs = [], ks = []\nfor (let i = 0; i < 3; i++) {\n  class K { v() { return i } }\n  fs.push(() => new K().v())\n  ks.push(() => K)\n}\nreturn [fs.map((f) => f()), ks[0] === ks[1]]'
  [ "$status" -eq 0 ]
  [ "$output" = "[[0,1,2],false]" ]
}

@test "a block function is hoisted to its function in sloppy code only, and strict code has none under if or a label" {
  cat > prog.js <<'EOF'
function strict() { 'use strict'; { function f() { return 1 } } return typeof f }
class C { m() { if (true) { function h() {} } return typeof h } }
function sloppy() { { function q() {} } return typeof q }
function inner() { 'use strict'; { function r() { return 2 } return r() } }
return [strict(), new C().m(), sloppy(), inner()]
EOF
  run run-code prog.js
  [ "$output" = '["undefined","undefined","function",2]' ]
  run run-code --code $'"use strict"\nif (1) function f() {}'
  [ "$output" = "code run failed (exception): SyntaxError: In strict mode code, functions can only be declared at top level or inside a block. (line 2)" ]
  run run-code --code $'"use strict"\nl: function f() {}'
  [ "$status" -eq 1 ]
}

@test "new.target is undefined in methods, accessors, async functions and generators" {
  cat > prog.js <<'EOF'
const o = { get g() { return new.target }, m() { return new.target } }
class C { static s() { return new.target } async a() { return (() => new.target)() } }
async function af() { return new.target }
function* gen() { yield new.target }
function F() { return new.target === F }
return [o.g, o.m(), C.s(), await new C().a(), await af(), gen().next().value, new F(), F()].map((v) => typeof v)
EOF
  run run-code prog.js
  [ "$output" = '["undefined","undefined","undefined","undefined","undefined","undefined","object","boolean"]' ]
}

@test "assigning a const throws a TypeError" {
  run run-code --code $'const limit = 1\nlimit = 2'
  [ "$output" = "code run failed (exception): TypeError: Assignment to constant variable. (line 2)" ]
}

@test "a template literal or + chain throws node's TypeError for a Symbol, on its line" {
  run run-code --code $'const a = 1\n\nconst s = `x${a}\n${Symbol()}`\n'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): TypeError: Cannot convert a Symbol value to a string (line 4)" ]
  run run-code --code $'const a = 1\nconst s = "x" + a + Symbol() + a\n'
  [ "$output" = "code run failed (exception): TypeError: Cannot convert a Symbol value to a string (line 2)" ]
}

@test "BigInts in template literals and + chains print their digits" {
  run run-code --code $'let a = 1n\nreturn [`${a}|${-a}|${a * 2n}|${Object(3n)}`, "s" + a + 2n + a, `${a}${(a = 5n)}${a}`]'
  [ "$status" -eq 0 ]
  [ "$output" = '["1|-1|2|3","s121","155"]' ]
}
