#!/usr/bin/env bats
# Syntax the engine cannot run natively but real libraries hold: BigInt literals (a program
# holding one runs; BigInt itself is tests/js-bigint.bats) and `with` in sloppy code (lodash's and
# underscore's _.template). Expected values are what node prints for the same program.
load helpers

@test "a BigInt literal on a path never taken does not stop the program" {
  run run-code --code $'const f = () => 2n\nreturn \'loaded\''
  [ "$status" -eq 0 ]
  [ "$output" = "loaded" ]
}

@test "a BigInt literal reached is a BigInt value (tests/js-bigint.bats has the rest)" {
  run run-code --code $'const big = () => 0x1Fn\nreturn [typeof big(), String(big())]'
  assert_success
  assert_output '["bigint","31"]'
}

@test "BigInt literals as property keys name the property in decimal, as node does" {
  run run-code --code 'return Object.keys({0x10n: 1, 12n: 2, 0b11n: 3})'
  [ "$output" = '["3","12","16"]' ]
}

@test "malformed BigInt literals are syntax errors" {
  run run-code --code $'x = 1\ny = 1.5n'
  [ "$output" = "code run failed (exception): SyntaxError: invalid BigInt literal (line 2)" ]
}

@test "with in sloppy code: lodash-style templates through Function and a with in program code, as node" {
  run run-code "$ODA_ROOT/tests/js/lang-with.js"
  [ "$status" -eq 0 ]
  diff -u "$ODA_ROOT/tests/js/lang-with.out" <(printf '%s\n' "$output")
}

@test "the Function constructor compiles a with body (underscore's _.template)" {
  run run-code --code 'var f = new Function("obj", "var p=\"\"; with (obj) { p += name; } return p;"); return f({name: "ada"})'
  [ "$output" = "ada" ]
}

@test "with in strict code is a syntax error naming the line" {
  run run-code --code $'function f() {\n  "use strict"\n  with (o) {}\n}'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: Strict mode code may not include a with statement (line 3)" ]
  run run-code --code $'class A {\n  m() { with (o) {} }\n}'
  [ "$output" = "code run failed (exception): SyntaxError: Strict mode code may not include a with statement (line 2)" ]
}

@test "a cut \\u or \\x escape in a string is node's syntax error, not a run that never ends" {
  run run-code --code $'const a = "\\u{1F60s";\nreturn 1'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: Invalid Unicode escape sequence (line 1)" ]
  run run-code --code 'return "\u{1F60"'
  [ "$output" = "code run failed (exception): SyntaxError: Invalid Unicode escape sequence (line 1)" ]
  run run-code --code 'return "\x4g"'
  [ "$output" = "code run failed (exception): SyntaxError: Invalid hexadecimal escape sequence (line 1)" ]
  run run-code --code 'return ["\u{1F600}".length, "\u{61}", "\x41", "\\u{"]'
  [ "$output" = '[2,"a","A","\\u{"]' ]
}

@test "let, const and class redeclaring a var, function, parameter or catch name are node's SyntaxError before the run" {
  local c n=0
  while IFS= read -r c; do
    printf 'console.log("ran");\n%s\n' "$c" > prog.js
    run node prog.js
    local want="${lines[*]}"
    run run-code prog.js
    if [[ "$want" == *"SyntaxError: Identifier 'x' has already been declared"* ]]; then
      assert_failure 1
      assert_output "code run failed (exception): SyntaxError: Identifier 'x' has already been declared (line 2)"
    else
      assert_success
      assert_output 'ran'
    fi
    n=$((n + 1))
  done <<'EOF'
var x; let x;
function x() {} const x = 1;
var x; class x {}
let x; var x;
const x = 1; function x() {}
{ function x() {} let x; }
function f(x) { let x; }
function f() { var x; const x = 1; }
try {} catch (x) { let x; }
for (let x;;) { var x; }
let x; { var x; }
function f() { function x() {} let x; }
switch (1) { case 1: var x; case 2: let x; }
"use strict"; { function x() {} function x() {} }
function g() { "use strict"; { function x() {} function x() {} } }
class A { m() { { function x() {} function x() {} } } }
const f = (x) => { let x; };
var x; { let x; }
try {} catch (x) { var x; }
function x() {} var x;
{ function x() {} function x() {} }
switch (1) { case 1: function x() {} case 2: function x() {} }
EOF
  [ "$n" = 22 ]
}

@test "a block function beside a let, const, class or parameter of its name stays in its block (annex B), as node" {
  cat > prog.js <<'EOF2'
const out = [];
const run = (f) => { try { out.push(String(f())); } catch (e) { out.push(e.name + ': ' + e.message); } };
run(() => { { function x() {} } let x; return typeof x; });
run(() => { let x; { function x() {} } return typeof x; });
run(() => { { function x() {} } let x = 1; return typeof x; });
run(() => { let x = 1; { function x() {} } return typeof x; });
run(() => { { function x() {} } const x = 1; return typeof x; });
run(() => { { function x() {} } class x {} return typeof x; });
run(() => { { function x() {} } var x = 1; return typeof x; });
run(() => { { function x() {} } return typeof x; });
run(() => { { let x; { function x() {} } } return typeof x; });
run(() => { try { throw 1; } catch (x) { { function x() {} } } return typeof x; });
run(() => { try { throw 0; } catch ({ m }) { { function m() {} } } return typeof m; });
run(() => (function (x) { { function x() { return 2; } out.push(x(), x.name); } return x; })(5));
run(() => { let x = 1; { out.push(typeof x, x.name, x()); function x() { return 'in'; } } return typeof x; });
run(() => { for (let f = 0; f < 1; f++) { function f() {} out.push(typeof f); } return typeof f; });
run(() => { const g = 3; switch (1) { case 1: function g() { return 'sw'; } out.push(g()); } return g; });
run(() => { { let h = 1; { function h() { return 'deep'; } out.push(h()); } out.push(h); } return typeof h; });
run(() => { let y = 0; const fs = []; for (let i = 0; i < 2; i++) { function y() { return i; } fs.push(y); } return fs.map((q) => q()).join() + typeof y; });
let top = 'let'; { function top() {} } out.push(typeof top);
console.log(out.join('\n'));
EOF2
  same_as_node
}

@test "let before a line break where only a statement may stand is the name let, as in node" {
  cat > prog.js <<'EOF'
var let = 'name', n = 0;
for (; n < 1; n++) let // ASI
{}
if (true) let
x = 1;
L: let
y = 2;
console.log(let, n, x, y);
EOF
  same_as_node
}

@test "a class's heritage cannot name the class's own private names: a SyntaxError before the run, as node" {
  run run-code --code $'console.log("ran")\nclass C extends (o => o.#x) { #x; }'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: private field '#x' must be declared in an enclosing class (line 2)" ]
}

@test "a class named by one of strict mode's reserved words (let, static, yield, escaped too) is a SyntaxError before the run, as node" {
  run run-code --code $'console.log("ran")\nx = class l\\u0065t {}'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: unexpected strict mode reserved word 'let' (line 2)" ]
}

@test "an async arrow's rest parameter must be last, with no comma after it: a SyntaxError before the run, as node" {
  run run-code --code $'console.log("ran")\nconst f = async (...a,) => a'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: Rest parameter must be last formal parameter (line 2)" ]
  run run-code --code $'console.log("ran")\nconst f = async (...a, b) => a'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: Rest parameter must be last formal parameter (line 2)" ]
  # A call of something named async keeps its trailing comma and spreads anywhere.
  run run-code --code 'const async = (...x) => x.length; const g = async (a, ...b) => b; return [async(...[1, 2], 3,), g.length]'
  assert_success
  assert_output '[3,1]'
}

@test "yield spelled with an escape is a label in sloppy code, as node" {
  cat > prog.js <<'EOF2'
yi\u0065ld: for (;;) { break yield; }
console.log(eval('yi\\u0065ld: for (;;) { break yield; } "after"'));
EOF2
  same_as_node
}

@test "await is no label, name nor reference inside a class's static block: a SyntaxError before the run, as node" {
  for src in 'class C { static { await: 0; } }' 'class C { static { await; } }' 'class C { static { let await; } }' \
    'class C { static { function await() {} } }'; do
    run run-code --code $'console.log("ran")\n'"$src"
    [ "$status" -eq 1 ]
    [[ "$output" == "code run failed (exception): SyntaxError: "*"(line 2)" ]]
  done
  run run-code --code 'class C { static { var f = function await() {}; this.v = f.name; } } return C.v'
  assert_success
  assert_output 'await'
}

@test "a function expression inside a generator may be named yield, and a rest element refuses a trailing comma in a pattern, as node" {
  cat > prog.js <<'EOF2'
function* g() { yield (function yield() { return 1; }).name; }
console.log(JSON.stringify(g().next()));
async function af() { return (function await() {}).name; }
af().then(n => console.log(n));
for (const src of ['function* g() { (function* yield() {}) }', 'async function f() { (async function await() {}) }',
                   '[...x,] = [1]', 'for ([...x,] of [[]]) ;', 'var [...y,] = []', '[...x, ] ', 'var x; [...x] = [1, 2]']) {
  try { new Function(src); console.log('parses'); } catch (e) { console.log(e.constructor.name); }
}
EOF2
  same_as_node
}

@test "a template's backslash before U+2028 or U+2029 continues the line: nothing in the cooked text, as node" {
  cat > prog.js <<'EOF2'
const ls = eval('`a\\\u2028b`'), ps = eval('`a\\\u2029b`');
console.log(ls, ls.length, ps.length, eval('String.raw`\\\u2028`').length);
EOF2
  same_as_node
}
