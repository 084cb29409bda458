#!/usr/bin/env bats
# Calls with many arguments (apply, spread, Reflect, new) through run-code: each program
# prints what node prints for it, node being run on the same file by the test itself.

load helpers

@test "apply, spread, push, Math.max, Reflect and new take 300, 10,000 and 100,000 arguments as in node" {
  cat > prog.js <<'EOF'
[300, 10000, 100000].forEach(function (n) {
  var nums = Array.from({length: n}, function (_, i) { return i % 1000; });
  function count() { return arguments.length; }
  function Box() { this.n = arguments.length; }
  // node's own limit for a construct call is lower (about 60,000 arguments on node 20).
  var some = nums.slice(0, 50000), pushed = [0];
  pushed.push.apply(pushed, nums);
  pushed.push(...nums);
  console.log(n, count.apply(null, nums), count(...nums), Reflect.apply(count, null, nums),
    new Box(...some).n, Reflect.construct(Box, some).n, pushed.length,
    Math.max(...nums), Math.min.apply(Math, nums), ((...rest) => rest.length)(...nums),
    Array.of(...nums).length, [].concat(...nums.map(function (x) { return [x]; })).length);
});
EOF
  same_as_node
}

@test "String.fromCharCode, atob and normalize of long strings give node's results" {
  cat > prog.js <<'EOF'
[300, 10000, 100000].forEach(function (n) {
  var units = Array.from({length: n}, function (_, i) { return 65 + i % 26; });
  var s = String.fromCharCode.apply(null, units), t = String.fromCharCode(...units);
  var bytes = atob('eHh4'.repeat(n)), nfd = '\u00e9'.repeat(n).normalize('NFD');
  console.log(n, s.length, s === t, s.slice(-3), String.fromCharCode.apply(null, new Array(n).fill(0x10041)).charCodeAt(n - 1),
    bytes.length, bytes.slice(0, 4), nfd.length, nfd.normalize('NFC') === '\u00e9'.repeat(n));
});
EOF
  same_as_node
}
