#!/usr/bin/env bats
# The runtime built-ins (SPEC 5) through run-code: each program's output is what node prints
# for the same program (node v20, checked when the test was written).

load helpers

@test "Map, Set and WeakMap keep insertion order and count as node does" {
  cat > prog.js <<'EOF'
var words = 'the cat and the hat and the bat'.split(' ');
var counts = new Map();
words.forEach(function (w) { counts.set(w, (counts.get(w) || 0) + 1); });
var seen = new Set(words);
var order = [];
counts.forEach(function (n, w) { order.push(w + '=' + n); });
var keys = Array.from(counts.keys());
counts.forEach(function (n, w) { if (w === 'the') counts['delete']('cat'); });
var objKey = {id: 1}, meta = new WeakMap([[objKey, 'm']]);
console.log(order.join(' '));
console.log(JSON.stringify([seen.size, keys, counts.has('cat'), counts.size, meta.get(objKey), meta.has({})]));
console.log(JSON.stringify(Array.from(new Set([3, 1, 3, NaN, NaN, 0, -0]))));
console.log(Object.prototype.toString.call(counts), String(seen));
return JSON.stringify(Array.from(new Map([[1, 'a'], [2, 'b']]).entries()));
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
the=3 cat=1 and=2 hat=1 bat=1
[5,["the","cat","and","hat","bat"],false,4,"m",false]
[3,1,null,0]
[object Map] [object Set]
[[1,"a"],[2,"b"]]
EOF
}

@test "ES2023 Array methods and a stable sort give node's results" {
  cat > prog.js <<'EOF'
var people = [
  {name: 'ann', team: 'b', age: 31}, {name: 'bob', team: 'a', age: 25},
  {name: 'cid', team: 'b', age: 25}, {name: 'dee', team: 'a', age: 31},
  {name: 'eve', team: 'a', age: 25}
];
var byAge = people.slice().sort(function (x, y) { return x.age - y.age; }).map(function (p) { return p.name; });
console.log(byAge.join(','));
console.log(JSON.stringify([
  [1, 2, 3].includes(2), [NaN].includes(NaN), people.find(function (p) { return p.age > 30; }).name,
  people.findLast(function (p) { return p.age > 30; }).name, people.findIndex(function (p) { return p.team === 'z'; }),
  [1, [2, [3, [4]]]].flat(), [1, [2, [3, [4]]]].flat(Infinity), ['a b', 'c'].flatMap(function (s) { return s.split(' '); }),
  [5, 6, 7].at(-1), [3, 1, 2].toSorted(), [1, 2, 3].toReversed(), [1, 2, 3].with(0, 9), [1, 2, 3, 4].toSpliced(1, 2),
  Array.from({length: 3}, function (_, i) { return i * i; }), Array.of(1, 2), new Array(3).fill('x'),
  [1, 2, 3, 4, 5].copyWithin(0, 3), Array.from([7, 8].entries()), [10, 9, 1, 2].sort()
]));
return people.map(function (p) { return p.name; }).toSorted().join('');
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
bob,cid,eve,ann,dee
[true,true,"ann","dee",-1,[1,2,[3,[4]]],[1,2,3,4],["a","b","c"],7,[1,2,3],[3,2,1],[9,2,3],[1,4],[0,1,4],[1,2],["x","x","x"],[4,5,3,4,5],[[0,7],[1,8]],[1,10,2,9]]
annbobciddeeeve
EOF
}

@test "Object, String, Number and Math methods give node's results" {
  cat > prog.js <<'EOF'
var cfg = {host: 'h', port: 80, tags: ['a']};
var flipped = Object.fromEntries(Object.entries(cfg).map(function (e) { return [e[0].toUpperCase(), e[1]]; }));
console.log(JSON.stringify([flipped, Object.values(cfg), Object.hasOwn(cfg, 'port'), Object.is(-0, 0)]));
console.log(JSON.stringify(Object.assign({}, cfg, {port: 81})));
console.log(['id', '7', 'x'].map(function (s) { return s.padStart(4, '.') + '|' + s.padEnd(3) + '|'; }).join(' '));
console.log('a.b.c'.replaceAll('.', '/'), 'abc'.at(-1), '  hi  '.trimStart() + '|', '  hi  '.trimEnd() + '|');
console.log('ab'.repeat(2), 'hello'.startsWith('he'), 'hello'.endsWith('lo'), 'hello'.includes('ll'), String.raw({raw: ['x', 'y']}, 1));
console.log(JSON.stringify(Array.from('a\ud83d\ude00b')), '\ud83d\ude00'.codePointAt(0), String.fromCodePoint(0x1F600).length);
console.log(Number.isInteger(5), Number.isSafeInteger(Math.pow(2, 53)), Number.EPSILON > 0, Number.parseFloat('1.5'));
console.log(Math.trunc(-4.7), Math.sign(-3), Math.cbrt(27), Math.log2(8), Math.log10(1000), Math.hypot(3, 4), Math.clz32(1), Math.fround(5.5), Math.imul(3, 4));
return typeof globalThis;
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
[{"HOST":"h","PORT":80,"TAGS":["a"]},["h",80,["a"]],true,false]
{"host":"h","port":81,"tags":["a"]}
..id|id | ...7|7  | ...x|x  |
a/b/c c hi  |   hi|
abab true true true x1y
["a","😀","b"] 128512 2
true false true 1.5
-4 -1 3 3 3 5 31 5.5 12
object
EOF
}

@test "RegExp named groups, lookbehind, s u y d flags and String methods parse a log as node does" {
  cat > prog.js <<'EOF'
var log = [
  '2024-05-01T10:00:00Z INFO  api GET /users 200 12ms',
  '2024-05-01T10:00:01Z ERROR api POST /orders 500 340ms',
  '2024-05-01T10:00:02Z WARN  db slow query 1200ms',
  '2024-05-01T10:00:03Z ERROR api GET /users/7 404 8ms'
].join('\n');
var line = new RegExp('^(?<ts>\\S+) (?<level>[A-Z]+)\\s+(?<svc>\\w+) (?<rest>.*)$', 'gm');
var errors = [];
var it = log.matchAll(line);
for (var s = it.next(); !s.done; s = it.next()) {
  var g = s.value.groups;
  if (g.level === 'ERROR') errors.push(g.svc + ':' + g.rest.split(' ')[1]);
}
console.log(errors.join(' '));
var ms = log.match(/\d+(?=ms)/g).map(Number);
console.log(ms.join(','), Math.max.apply(null, ms));
console.log(JSON.stringify('price: $42, tax: $3'.match(new RegExp('(?<=\\$)\\d+', 'g'))));
console.log('2024-05-01'.replace(new RegExp('(?<y>\\d+)-(?<m>\\d+)-(?<d>\\d+)'), '$<d>/$<m>/$<y>'));
console.log('a1b22c333'.replace(/\d+/g, function (m) { return '<' + m.length + '>'; }));
console.log(JSON.stringify('one, two,three ,four'.split(/\s*,\s*/)), JSON.stringify('a1b2'.split(new RegExp('(\\d)'))));
var sticky = new RegExp('\\w+', 'y');
sticky.lastIndex = 4;
console.log(sticky.test('foo bar'), sticky.lastIndex, new RegExp('a.b', 's').test('a\nb'), new RegExp('^.$', 'u').test('\ud83d\ude00'));
var d = new RegExp('b(?<c>c)', 'd').exec('abc');
console.log(JSON.stringify([d.indices[0], d.indices.groups.c, new RegExp('x', 'dgimsuy').flags, String(new RegExp('a/b', 'g'))]));
console.log('x'.search(/y/), 'xyz'.search(new RegExp('z')), 'The Cat'.replace(/cat/i, '$&!'), 'abc'.replace('b', "[$`$'$$]"));
return log.split('\n').filter(function (l) { return /ERROR/.test(l); }).length;
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
api:/orders api:/users/7
12,340,1200,8 1200
["42","3"]
01/05/2024
a<1>b<2>c<3>
["one","two","three","four"] ["a","1","b","2",""]
true 7 true true
[[1,3],[2,3],"dgimsuy","/a\\/b/g"]
-1 2 The Cat! a[ac$]c
2
EOF
}

@test "structuredClone, atob, btoa, TextEncoder and TextDecoder give node's results" {
  cat > prog.js <<'EOF'
var data = {when: new Date(0), list: [1, {deep: true}], tags: new Set(['x']), index: new Map([['k', [1]]])};
data.self = data;
var copy = structuredClone(data);
console.log(JSON.stringify([copy !== data, copy.self === copy, copy.when.getTime(), copy.list[1].deep, copy.tags.has('x'), copy.index.get('k')[0], copy.list !== data.list]));
console.log(btoa('hello, world'), atob('aGVsbG8sIHdvcmxk'), atob(btoa('\u00e9\u00ff')) === '\u00e9\u00ff');
var bytes = new TextEncoder().encode('h\u00e9\u20ac');
console.log(JSON.stringify(Array.from(bytes)), new TextDecoder().decode(bytes) === 'h\u00e9\u20ac');
try { btoa('\u20ac'); } catch (e) { console.log(e.name); }
try { structuredClone(function () {}); } catch (e) { console.log(e.name); }
return typeof globalThis.Map;
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
[true,true,0,true,true,1,true]
aGVsbG8sIHdvcmxk hello, world true
[104,195,169,226,130,172] true
InvalidCharacterError
DataCloneError
function
EOF
}
@test "an invalid pattern fails the run with node's SyntaxError text" {
  run run-code --code "new RegExp('(a');"
  assert_failure 1
  assert_output --partial 'code run failed (exception): SyntaxError: Invalid regular expression: /(a/: Unterminated group'
}

@test "calling Map without new is node's TypeError" {
  run run-code --code "Map();"
  assert_failure 1
  assert_output --partial "code run failed (exception): TypeError: Constructor Map requires 'new'"
}

@test "replaceAll with a non-global RegExp is node's TypeError" {
  run run-code --code "'a'.replaceAll(/a/, 'b');"
  assert_failure 1
  assert_output --partial 'code run failed (exception): TypeError: String.prototype.replaceAll called with a non-global RegExp argument'
}

@test "built-in methods are not enumerable and keep the spec's lengths" {
  run run-code --code "var n = 0; for (var k in []) n++; for (k in new Map()) n++; return [n, Map.prototype.set.length, Array.from.length, String.prototype.padStart.length, RegExp.length];"
  assert_success
  assert_output '[0,2,1,1,2]'
}

@test "URL and URLSearchParams build and read query strings as node does" {
  cat > prog.js <<'EOF2'
var u = new URL('/v1/items?tag=x', 'https://API.example.com:443/base/');
u.searchParams.set('page', '2');
u.searchParams.append('q', 'a b&c');
console.log(u.href, u.origin, u.pathname, JSON.stringify(Array.from(u.searchParams.keys())));
console.log(new URL('../up?z#f', 'http://h.com/a/b/c').href, new URLSearchParams({n: 1, s: 'é'}).toString());
try { new URL('nope'); } catch (e) { console.log(e.name + ': ' + e.message); }
EOF2
  run run-code prog.js
  assert_success
  assert_output - <<'EOF2'
https://api.example.com/v1/items?tag=x&page=2&q=a+b%26c https://api.example.com /v1/items ["tag","page","q"]
http://h.com/a/up?z#f n=1&s=%C3%A9
TypeError: Invalid URL
EOF2
}

@test "Date formats, Intl and localeCompare print what node prints (UTC options)" {
  cat > prog.js <<'EOF2'
var d = new Date(Date.UTC(2024, 4, 1, 13, 5, 3));
console.log(d.toUTCString(), '|', new Date('May 1, 2024 10:00 UTC').toISOString(), '|', Date.parse('Wed, 01 May 2024 10:05:03 GMT'));
console.log(d.toLocaleString('en-US', {timeZone: 'UTC'}), '|', d.toLocaleDateString('en-US', {timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric'}));
console.log((1234567.891).toLocaleString(), new Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD'}).format(1234.5), new Intl.NumberFormat('en', {notation: 'compact'}).format(1530000), (0.256).toLocaleString('en-US', {style: 'percent'}));
console.log(['b', 'B', 'a', 'A', 'é', 'e', '_x', '10', '9'].sort(function (x, y) { return x.localeCompare(y); }).join(' '));
console.log(['item10', 'item2', 'Item1'].sort(new Intl.Collator(undefined, {numeric: true, sensitivity: 'base'}).compare).join(' '));
console.log(new Intl.ListFormat('en').format(['red', 'green', 'blue']), new Intl.RelativeTimeFormat('en', {numeric: 'auto'}).format(-1, 'day'));
EOF2
  run run-code prog.js
  assert_success
  assert_output - <<'EOF2'
Wed, 01 May 2024 13:05:03 GMT | 2024-05-01T10:00:00.000Z | 1714557903000
5/1/2024, 1:05:03 PM | Wednesday, May 1, 2024
1,234,567.891 $1,234.50 1.5M 26%
_x 10 9 a A b B e é
Item1 item2 item10
red, green, and blue yesterday
EOF2
}

@test "a modern agent program over the built-ins prints what node prints" {
  cat > prog.js <<'EOF2'
const log = `2024-05-01T10:00:00Z ERROR api req=17 took=340ms path=/orders
2024-05-01T10:00:01Z INFO  db  req=18 took=12ms path=/users
2024-05-01T10:00:02Z ERROR db  req=19 took=1200ms path=/users/7
2024-05-01T10:00:03Z WARN  api req=20 took=95ms path=/health`;
const line = /^(?<ts>\S+) (?<level>[A-Z]+)\s+(?<svc>\w+)\s+req=(?<id>\d+) took=(?<ms>\d+)ms path=(?<path>\S+)$/gm;
const rows = [...log.matchAll(line)].map(({ groups: g }) => ({ ...g, id: Number(g.id), ms: Number(g.ms) }));
const bySvc = new Map();
for (const r of rows) bySvc.set(r.svc, [...(bySvc.get(r.svc) ?? []), r]);
const summary = Object.fromEntries([...bySvc].map(([svc, rs]) => [svc, {
  count: rs.length,
  errors: rs.filter((r) => r.level === 'ERROR').length,
  p50: rs.map((r) => r.ms).toSorted((a, b) => a - b).at(Math.floor(rs.length / 2)),
}]));
console.log(JSON.stringify(summary));
const levels = new Set(rows.map((r) => r.level));
console.log([...levels].join(','), levels.has('WARN'), [...new Set('mississippi')].join(''));
console.log(log.split('\n').map((l) => l.match(/(?<=took=)\d+/)?.[0]).join(' '));
console.log(rows.findLast((r) => r.level === 'ERROR')?.path, rows.findIndex((r) => r.ms > 1000));
const paths = rows.map(({ path }) => path.replace(/\/\d+$/, '/:id').replaceAll('/', '.').padEnd(10, '_'));
console.log(JSON.stringify(paths));
class Counter extends Map {
  hit(key) { this.set(key, (this.get(key) ?? 0) + 1); return this; }
  get top() { return [...this.entries()].toSorted(([, a], [, b]) => b - a)[0]; }
}
const c = new Counter();
'the cat and the hat and the bat'.split(' ').forEach((w) => c.hit(w));
console.log(JSON.stringify(c.top), c instanceof Map, c.size);
const copy = structuredClone({ when: new Date(0), tags: new Set(['x']), nested: { deep: [1, 2] } });
console.log(copy.when.toISOString(), copy.tags.has('x'), copy.nested.deep.with(0, 9).join());
console.log(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(rows.reduce((s, r) => s + r.ms, 0) / 100));
console.log(btoa('agent:secret'), new TextDecoder().decode(new TextEncoder().encode('héllo')).length);
const url = new URL('https://api.example.com/v1/search');
url.searchParams.set('q', 'status:error level>=warn');
console.log(url.href);
return { ok: true, ids: rows.map((r) => r.id) };
EOF2
  run run-code prog.js
  assert_success
  assert_output - <<'EOF2'
{"api":{"count":2,"errors":1,"p50":340},"db":{"count":2,"errors":1,"p50":1200}}
ERROR,INFO,WARN true misp
340 12 1200 95
/users/7 2
[".orders___",".users____",".users.:id",".health___"]
["the",3] true 5
1970-01-01T00:00:00.000Z true 9,2
$16.47
YWdlbnQ6c2VjcmV0 5
https://api.example.com/v1/search?q=status%3Aerror+level%3E%3Dwarn
{"ok":true,"ids":[17,18,19,20]}
EOF2
}

@test "iterator helpers work on generators, arrays and Map iterators (ES2025, as node 22)" {
  cat > prog.js <<'EOF2'
function* nat() { let n = 0; while (true) yield n++; }
console.log(nat().filter((x) => x % 2).map((x) => x * x).take(4).toArray().join());
const m = new Map([['a', 1], ['b', 2], ['c', 3]]);
console.log(m.values().reduce((a, b) => a + b), m.keys().some((k) => k === 'b'), m.entries().find(([, v]) => v > 1)?.[0]);
console.log([...[1, 2, 3].values().flatMap((x) => [x, x * 10]).drop(1)].join(), Iterator.from({ next() { return { done: true }; } }).toArray().length);
console.log(typeof Iterator, [].values() instanceof Iterator, nat() instanceof Iterator);
EOF2
  run run-code prog.js
  assert_success
  assert_output - <<'EOF2'
1,9,25,49
6 true b
10,2,20,3,30 0
function true true
EOF2
}

@test "Array.fromAsync awaits async iterables, iterables and array-likes (ES2024, as node 22)" {
  cat > prog.js <<'EOF2'
async function* gen() { yield 1; yield 2; }
const a = await Array.fromAsync(gen());
const b = await Array.fromAsync([Promise.resolve(3), 4], (x) => x * 2);
const c = await Array.fromAsync({ length: 2, 0: 'x', 1: Promise.resolve('y') });
console.log(JSON.stringify([a, b, c]));
EOF2
  run run-code prog.js
  assert_success
  assert_output '[[1,2],[6,8],["x","y"]]'
}

@test "typed array map, filter, slice and subarray create through Symbol.species as node does" {
  cat > prog.js <<'EOF'
class Vec extends Float64Array {}
var v = new Vec([1, 2, 3, 4]);
var m = v.map(function (x) { return x * 2; }), f = v.filter(function (x) { return x > 1; });
var s = v.slice(1, 3), sub = v.subarray(1, 3);
console.log(m instanceof Vec, f instanceof Vec, s instanceof Vec, sub instanceof Vec, Array.from(sub).join());
var u = new Uint8Array([1, 2, 3]);
u.constructor = undefined;
console.log(Object.getPrototypeOf(u.slice(1)) === Uint8Array.prototype);
var errs = [];
try { u.constructor = {}; u.constructor[Symbol.species] = function () { return {}; }; u.map(String); } catch (e) { errs.push(e.name); }
try { Uint8Array.from.call({}, [1]); } catch (e) { errs.push(e.name); }
try { Uint8Array.of.call(function () { return new Uint8Array(1); }, 1, 2); } catch (e) { errs.push(e.name); }
try { Uint8Array.prototype.values.call([1]); } catch (e) { errs.push(e.name); }
console.log(errs.join());
return Array.from(Int16Array.of(1, -2, 70000)).join();
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
true true true true 2,3
true
TypeError,TypeError,TypeError,TypeError
1,-2,4464
EOF
}

@test "array map, filter, slice, concat and splice create through Symbol.species as node does" {
  cat > prog.js <<'EOF'
class List extends Array {}
var l = List.from([1, 2, 3, 4]);
var r = [l.map(function (x) { return x * 2; }), l.filter(function (x) { return x % 2; }), l.slice(1, 3), l.concat([5], 6), l.splice(1, 2)];
console.log(r.map(function (a) { return (a instanceof List) + ':' + JSON.stringify(a); }).join(' '), JSON.stringify(l));
var a = [1, 2];
a.constructor = {};
a.constructor[Symbol.species] = function (n) { this.made = n; };
var m = a.map(function (x) { return x + 1; });
console.log(m.made, m[0], m[1], m.length, Array.isArray(m));
var errs = [];
a.constructor = null;
try { a.slice(); } catch (e) { errs.push(e.name); }
a.constructor = {};
a.constructor[Symbol.species] = function () { Object.preventExtensions(this); };
try { a.filter(function () { return true; }); } catch (e) { errs.push(e.name); }
console.log(errs.join(), JSON.stringify([[1, 2].map(String), [3].concat([4], 5), [1, 2, 3].splice(1)]));
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
true:[2,4,6,8] true:[1,3] true:[2,3] true:[1,2,3,4,5,6] true:[2,3] [1,4]
2 2 3 undefined false
TypeError,TypeError [["1","2"],[3,4,5],[2,3]]
EOF
}

@test "Symbol.asyncIterator is a constant and Symbol.prototype[Symbol.toPrimitive] has its spec name and length" {
  cat > prog.js <<'EOF'
var f = Symbol.prototype[Symbol.toPrimitive];
console.log(f.name, f.length, JSON.stringify(Object.getOwnPropertyDescriptor(Symbol, 'asyncIterator')));
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
[Symbol.toPrimitive] 1 {"writable":false,"enumerable":false,"configurable":false}
EOF
}

@test "RegExp exec and test read lastIndex once even without the g or y flag, as node does" {
  cat > prog.js <<'EOF'
var re = /b/, reads = 0;
re.lastIndex = { valueOf: function () { reads++; return 5; } };
var m = re.exec('abc');
console.log(reads, m.index, re.test('xyz'), reads);
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
1 1 false 2
EOF
}

@test "typed array set, with, toSorted, toReversed and toLocaleString follow the spec as node does" {
  cat > prog.js <<'EOF'
var a = new Int8Array([3, 1, 2]);
var errs = [];
try { a.set([1], -1); } catch (e) { errs.push(e.name); }
try { a.set(null); } catch (e) { errs.push(e.name); }
try { a.with(5, { valueOf: function () { throw new SyntaxError('v'); } }); } catch (e) { errs.push(e.name); }
try { new Int8Array({ length: 1, [Symbol.iterator]: 1 }); } catch (e) { errs.push(e.name); }
a.set('45', 1);
Number.prototype.toLocaleString = function () { return '<' + this + '>'; };
console.log(errs.join(), a.join(), a.toLocaleString(), Object.getPrototypeOf(Int8Array).prototype.constructor === Object.getPrototypeOf(Int8Array));
a.constructor = {};
a.constructor[Symbol.species] = function () { throw new Error('species'); };
console.log(a.toSorted().join(), a.toReversed().join(), a.with(0, 9).join());
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
RangeError,TypeError,SyntaxError,TypeError 3,4,5 <3>,<4>,<5> true
3,4,5 5,4,3 9,4,5
EOF
}

@test "%TypedArray%.prototype.length is a getter that rejects other receivers, as node does" {
  cat > prog.js <<'EOF'
var TAP = Object.getPrototypeOf(Int8Array.prototype);
var d = Object.getOwnPropertyDescriptor(TAP, 'length'), errs = [];
try { TAP.length; } catch (e) { errs.push(e.name); }
try { d.get.call({}); } catch (e) { errs.push(e.name); }
console.log(d.get.name, d.get.length, d.configurable, d.enumerable, d.set, d.get.call(new Float32Array(3)), new Uint8Array(5).length, errs.join());
class B extends Uint16Array {}
try { Uint8Array.prototype.length; } catch (e) { console.log(new B(4).length, e.name); }
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
get length 0 true false undefined 3 5 TypeError,TypeError
4 TypeError
EOF
}

@test "RegExp Unicode property escapes match as node's and name errors read as node's" {
  cat > prog.js <<'EOF'
const text = 'Ωmega café Ж 42 😀 ΣΊΣΥΦΟΣ';
console.log(text.match(/\p{Script=Greek}+/gu).join(' '));
console.log(text.match(/\p{L}+/gu).join('|'), text.replace(/\P{L}/gu, '').length);
console.log(/^\p{Lu}+$/iu.test('abc'), /^[^\p{Lu}]$/iu.test('A'), /[\P{Nd}]/u.test('7'), /\p{scx=Grek}/u.test('\u0342'));
console.log(/^\p{Emoji_Presentation}$/u.test('😀'), /\p{gc=Decimal_Number}+/u.exec('ab٤٢')[0], /\p{L}/.test('p{L}'));
for (const src of ['\\p{Lettre}', '[\\p{ascii}]', '\\p{Script=greek}']) {
  try { new RegExp(src, 'u'); } catch (e) { console.log(e.name + ': ' + e.message); }
}
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
Ω ΣΊΣΥΦΟΣ
Ωmega|café|Ж|ΣΊΣΥΦΟΣ 17
true false false true
true ٤٢ true
SyntaxError: Invalid regular expression: /\p{Lettre}/u: Invalid property name
SyntaxError: Invalid regular expression: /[\p{ascii}]/u: Invalid property name in character class
SyntaxError: Invalid regular expression: /\p{Script=greek}/u: Invalid property name
EOF
}
