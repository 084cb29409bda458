#!/bin/sh
# Measures the modern-JavaScript lowering: (1) lowering time of a ~300-line agent program
# (the agent-* corpus programs of tests/js, each wrapped in a function; then the whole corpus),
# goal under 1 ms for 300 lines; (2) the same
# algorithm as lowered modern code and as hand-written ES5 through run-code, goal within 1.2x.
# Usage: bench/js-lower.sh   (after make; uses build/js-lower and build/bin/run-code)
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wrap() {  # the given programs, each as the body of a function, as one program
  n=0
  for f in "$@"; do
    n=$((n + 1))
    printf 'async function part%d() {\n' $n
    cat "$f"
    printf '}\n'
  done
}
wrap "$root"/tests/js/agent-*.js > "$tmp/agents.js"
wrap "$root"/tests/js/*.js > "$tmp/corpus.js"
for p in agents corpus; do
  printf 'lowering %s (%d lines): ' "$p" "$(wc -l < "$tmp/$p.js")"
  "$root/build/js-lower" --time 2000 "$tmp/$p.js"
done
best() {  # best wall time of 3 runs of run-code on $1, in ms
  b=""
  for _ in 1 2 3; do
    s=$(date +%s%N)
    "$root/build/bin/run-code" --timeout-ms 600000 "$1" > "$tmp/out.txt"
    e=$(date +%s%N)
    t=$(( (e - s) / 1000000 ))
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  echo "$b"
}
m=$(best "$root/bench/js-lower/algo-modern.js"); mo=$(cat "$tmp/out.txt")
e=$(best "$root/bench/js-lower/algo-es5.js"); eo=$(cat "$tmp/out.txt")
[ "$mo" = "$eo" ] || { echo "outputs differ: '$mo' vs '$eo'"; exit 1; }
echo "algorithm: lowered modern ${m} ms, hand-written ES5 ${e} ms, ratio $(awk "BEGIN{printf \"%.2f\", $m/$e}") (goal <= 1.2)"
# (3) Whole run of a typical 20-line agent program (tests/js/lang-async.js): run-code vs node.
wall() {  # best wall time in ms of 3 runs of the command
  b=""
  for _ in 1 2 3; do
    s=$(date +%s%N)
    "$@" > /dev/null
    e=$(date +%s%N)
    t=$(( (e - s) / 1000000 ))
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  echo "$b"
}
r=$(wall "$root/build/bin/run-code" "$root/tests/js/lang-async.js")
n=$(wall "$root/tests/js/run-node" "$root/tests/js/lang-async.js")
echo "whole run of a 20-line program: run-code ${r} ms, node ${n} ms"
