#!/usr/bin/env bats
# Modern JavaScript conformance beyond the core lowering: regex literal early errors, eval and
# the Function constructor on modern code, `this` through optional calls, function names
# from keys, and Error options with a cause. Expected outputs come from tests/js/run-node.
load helpers

CORPUS="$ODA_ROOT/tests/js"

check_corpus() {
  run run-code "$CORPUS/$1.js"
  diff -u "$CORPUS/$1.out" <(printf '%s\n' "$output")
}

@test "lang-eval: direct eval keeps the caller's scope, indirect eval and Function lower modern code" { check_corpus lang-eval; }
@test "lang-optcall: (a?.b)(), a?.b() and a?.[k]() call with this = a" { check_corpus lang-optcall; }
@test "lang-names: anonymous functions take names from string, numeric and computed keys" { check_corpus lang-names; }
@test "lang-cause: new Error(msg, { cause }) sets an own non-enumerable cause, through super too" { check_corpus lang-cause; }

@test "an invalid regex literal fails before the run, with node's words and its line" {
  run run-code --code $'console.log("never printed")\nconst r = /(/;'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: Invalid regular expression: /(/: Unterminated group (line 2)" ]
  run run-code --code $'\n\nreturn /a/gg.test("a")'
  [ "$output" = "code run failed (exception): SyntaxError: Invalid regular expression flags (line 3)" ]
  run run-code --code 'return [/(?<y>\d+)(?<=\d)/u.exec("12").groups.y, /a/dgimsy.flags]'
  [ "$output" = '["12","dgimsy"]' ]
}

@test "a syntax error inside eval or Function is a catchable SyntaxError naming its line" {
  run run-code --code $'try { eval("1;\\n(x) => {") } catch (e) { return e.name + ": " + e.message }'
  [ "$output" = "SyntaxError: unexpected end of input (line 2)" ]
  run run-code --code $'try { Function("a", "return a +") } catch (e) { return e.name }'
  [ "$output" = "SyntaxError" ]
}

@test "errors keep the program's line: thrown with a cause, from eval, from a Function body" {
  run run-code --code $'const x = 1;\nthrow new Error("boom", { cause: x })'
  [ "$output" = "code run failed (exception): Error: boom (line 2)" ]
  run run-code --code $'const f = new Function("a", "throw new Error(`in body ${a}`)");\n\nf(1)'
  [ "$output" = "code run failed (exception): Error: in body 1 (line 3)" ]
  run run-code --code $'\neval("null.x")'
  [ "$output" = "code run failed (exception): TypeError: Cannot read properties of null (reading 'x') (line 2)" ]
}
