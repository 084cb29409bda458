#!/usr/bin/env bats
# What the engine's speed work changed (lib/engine/patches, the lowering of `+` chains and
# template literals) still answers as node does: strings built by `s += piece` in place,
# strings held elsewhere while the building goes on, and the long-string hash. No timings
# here (bench/js-workloads measures); one test checks a long build ends inside the default
# budget, which it did not before.

load helpers

@test "s += piece builds long strings node's way: ASCII, accents, astral characters, numbers" {
  cat > prog.js <<'EOF'
function build(n, piece) {
  var s = '';
  for (var i = 0; i < n; i++) s += piece(i);
  return s;
}
var ascii = build(3000, function (i) { return 'line ' + i + '\n'; });
var accents = build(2000, function (i) { return i % 3 ? 'é' + i : 'x'; });
var astral = build(1500, function (i) { return i % 2 ? '😀' : 'ab'; });
let nums = 'n:'.repeat(200);
for (let i = 0; i < 2000; i++) { nums += i; nums += -i / 4; nums += ''; }
const joined = Array.from({ length: 3000 }, (_, i) => 'line ' + i + '\n').join('');
for (const s of [ascii, accents, astral, nums]) {
  console.log(s.length, s.charCodeAt(s.length - 1), s.charCodeAt(257), s.slice(-12), s.indexOf('99'),
              s.split('\n').length, s.lastIndexOf('1'), encodeURIComponent(s).length);
}
console.log(ascii === joined, ascii.length === joined.length, astral.codePointAt(astral.length - 2));
const o = {}; o[ascii] = 1; const m = new Map([[joined, 2]]);
console.log(o[joined], m.get(ascii), new Set([ascii, joined]).size, JSON.stringify(accents).length);
EOF
  same_as_node
}

@test "a string held by a variable, an array, an object or a closure keeps its value while s += goes on" {
  cat > prog.js <<'EOF'
let s = 'seed '.repeat(100);
const snaps = [], holder = {};
let kept;
const closures = [];
for (let i = 0; i < 2000; i++) {
  if (i % 500 === 0) { snaps.push(s); holder['k' + i] = s; kept = s; const c = s; closures.push(() => c); }
  s += 'piece ' + i + ';';
}
console.log(s.length, snaps.map(x => x.length).join(','), kept.length);
console.log(Object.keys(holder).map(k => holder[k].length).join(','), closures.map(f => f().length).join(','));
console.log(snaps.every((x, i) => s.startsWith(x) && x.endsWith(i ? ';' : ' ')));
let t = 'y'.repeat(400);
t += t;
t += t;
console.log(t.length, t === 'y'.repeat(1600));
EOF
  same_as_node
}

@test "an append that makes a string equal to one that exists is that string: keys, ===, Map and Set" {
  cat > prog.js <<'EOF'
var big = 'k'.repeat(5000);
var want = big + 'tail';
var table = {};
table[want] = 'found';
var s = 'k'.repeat(5000);
s += 'tail';
console.log(s === want, table[s], new Set([s, want]).size, new Map([[want, 1]]).get(s));
var keys = {};
for (var i = 0; i < 200; i++) {
  var k = 'prefix '.repeat(1000);
  k += i;
  k += ' middle ';
  k += 'suffix'.repeat(60);
  keys[k] = i;
}
var hits = 0;
for (var j = 0; j < 200; j++) if (keys['prefix '.repeat(1000) + j + ' middle ' + 'suffix'.repeat(60)] === j) hits++;
console.log(Object.keys(keys).length, hits);
EOF
  same_as_node
}

@test "a += loop of 300,000 lines ends within run-code's default budget and answers as node" {
  cat > prog.js <<'EOF'
let out = '';
for (let i = 0; i < 300000; i++) out += 'line ' + i + ' of the log\n';
console.log(out.length, out.slice(-24), out.split('\n').length);
EOF
  same_as_node
}

@test "template literal substitutions convert with ToString, in the order written, as node does" {
  cat > prog.js <<'EOF'
const log = [];
const both = { valueOf() { log.push('valueOf'); return 42; }, toString() { log.push('toString'); return 'str'; } };
const onlyValueOf = { valueOf() { return 7; } };
class Money { constructor(n) { this.n = n; } toString() { return '$' + this.n; } valueOf() { return this.n; } }
const fn = function f() {};
fn.valueOf = () => 'fn-valueOf';
fn.toString = () => 'fn-toString';
const o = { get b() { log.push('get b'); return both; } };
console.log(`${both}|${onlyValueOf}|${new Money(5)}|${[1, [2, 3]]}|${null}|${undefined}|${fn}|${1 + 2}|${'s'}`);
console.log(`${(log.push('first'), both)}-${o.b}`, log.join(','));
console.log(`${new Date(0).getTime()}`, `${{}}`, `a${`b${both}c`}d`, `${Object(Symbol('w')).toString()}`);
try { console.log(`${Symbol('x')}`); } catch (e) { console.log(e instanceof TypeError); }
console.log("plus" + both, `${both}` === String(both));
EOF
  same_as_node
}
