#!/usr/bin/env bats
# Deep nesting through run-code: left-deep chains of any length run as in node, anything
# that nests deeper than the documented limit (750 levels) is a SyntaxError naming the line,
# and no shape crashes the worker. Each shape is 30,000 deep, issue 13's probe.
load helpers

N=30000

# rep STR COUNT: STR repeated COUNT times.
rep() { awk -v s="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

# Runs the program in file prog.js and checks it failed with the nesting SyntaxError.
refused() {
  run run-code prog.js
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): SyntaxError: program nests deeper than 750 levels (line ${1:-1})" ]
}

@test "a 30,000-term 'a'+'a'+... runs" {
  { printf "return ("; rep "'a'+" $((N - 1)); printf "'a').length"; } > prog.js
  run run-code prog.js
  [ "$status" -eq 0 ]
  [ "$output" = "30000" ]
}

@test "a 30,000-link member chain a.b.b... runs" {
  { printf "const a = {}; a.b = a; return typeof a"; rep ".b" $N; } > prog.js
  run run-code prog.js
  [ "$output" = "object" ]
}

@test "a 30,000-link call chain f()()... runs" {
  { printf "function f() { return f } return typeof f"; rep "()" $N; } > prog.js
  run run-code prog.js
  [ "$output" = "function" ]
}

@test "new new ... X, 30,000 deep, is refused" {
  { printf "function X() { return X }\nreturn typeof "; rep "new " $N; printf "X"; } > prog.js
  refused 2
}

@test "a**a**..., 30,000 terms, is refused" {
  { printf "return "; rep "1**" $N; printf "1"; } > prog.js
  refused
}

@test "a??a??..., 30,000 terms, is refused" {
  { printf "const a = null; return "; rep "a??" $N; printf "5"; } > prog.js
  refused
}

@test "nested array and object patterns, 30,000 deep, are refused" {
  { printf "const v = 7; const "; rep "[" $N; printf "x"; rep "]" $N; printf " = v"; } > prog.js
  refused
  { printf "const v = 7; const "; rep "{a:" $N; printf "x"; rep "}" $N; printf " = v"; } > prog.js
  refused
}

@test "class extends class extends ..., 30,000 deep, is refused" {
  { printf "const C = "; rep "class extends " $N; printf "Object"; rep " {}" $N; } > prog.js
  refused
}

@test "deep parentheses, array and object literals are refused" {
  { printf "return "; rep "(" $N; printf "1"; rep ")" $N; } > prog.js
  refused
  { printf "return "; rep "[" $N; printf "1"; rep "]" $N; } > prog.js
  refused
  { printf "return "; rep "{a:" $N; printf "1"; rep "}" $N; } > prog.js
  refused
}

@test "nested functions, arrows, blocks and ifs are refused" {
  { printf "return "; rep "(function(){return " $N; printf "1"; rep "})()" $N; } > prog.js
  refused
  { printf "return "; rep "(() => " $N; printf "1"; rep ")()" $N; } > prog.js
  refused
  { rep "{" $N; printf "var z = 1"; rep "}" $N; } > prog.js
  refused
  { rep "if (true) " $N; printf "return 1"; } > prog.js
  refused
}

@test "nesting just under the limit runs, Duktape's own compiler included" {
  { printf "const a = null; return "; rep "a ?? " 740; printf "5"; } > prog.js
  run run-code prog.js
  [ "$output" = "5" ]
  { rep "if (true) " 740; printf "return 1"; } > prog.js
  run run-code prog.js
  [ "$output" = "1" ]
  { printf "return "; rep "(" 740; printf "1"; rep ")" 740; } > prog.js
  run run-code prog.js
  [ "$output" = "1" ]
  { printf "const C = "; rep "class extends " 740; printf "Object"; rep " {}" 740; printf "\nreturn typeof C"; } > prog.js
  run run-code prog.js
  [ "$output" = "function" ]
}

@test "the limit names the line where the program goes too deep, in eval and Function too" {
  { printf "const ok = 1\n\nx = "; rep "[" 800; rep "]" 800; } > prog.js
  refused 3
  run run-code --code "try { new Function('return ' + '('.repeat(5000) + '1' + ')'.repeat(5000)) } catch (e) { return e.name + ': ' + e.message }"
  [[ "$output" == "SyntaxError: program nests deeper than 750 levels (line "* ]]
}
