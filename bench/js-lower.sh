#!/bin/sh
# Measures the modern-JavaScript lowering: (1) lowering time of a ~300-line agent program
# (the corpus programs of tests/js, each wrapped in a function), goal under 1 ms; (2) the same
# algorithm as lowered modern code and as hand-written ES5 through run-code, goal within 1.2x.
# Usage: bench/js-lower.sh   (after make; uses build/js-lower and build/bin/run-code)
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for f in "$root"/tests/js/agent-*.js "$root"/tests/js/lang-*.js; do
  n=$((n + 1))
  printf 'async function part%d() {\n' $n
  cat "$f"
  printf '}\n'
done > "$tmp/program.js"
lines=$(wc -l < "$tmp/program.js")
head -n 300 "$tmp/program.js" > /dev/null
echo "lowering: $lines-line program"
"$root/build/js-lower" --time 2000 "$tmp/program.js"
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
