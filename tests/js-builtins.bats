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

@test "sort's comparator may throw mid-sort (array untouched), sort the same array again, be bound, a Proxy or a native" {
  cat > prog.js <<'EOF'
const base = [];
let x = 11;
for (let i = 0; i < 3000; i++) { x = (x * 48271) % 2147483647; base.push(x % 5000); }
let n = 0;
const a = base.slice();
try {
  a.sort((p, q) => { if (++n === 20000) throw new RangeError('cmp ' + p); return p - q; });
} catch (e) { console.log(e instanceof RangeError, e.message.slice(0, 4), n, a.every((v, i) => v === base[i])); }
n = 0;
try { base.slice().sort((p, q) => { if (++n === 5000) throw { code: 7 }; return q - p; }); } catch (e) { console.log(JSON.stringify(e), n); }
const again = [5, 3, 9, 1, 7];
let inner = [];
again.sort((p, q) => { inner.push(again.slice().sort((u, v) => v - u).join()); return p - q; });
console.log(again.join(), inner.length > 0, inner[0]);
const r = [4, 2, 8, 6];
let depth = 0;
r.sort(function (p, q) { depth++; if (depth < 3) r.sort((u, v) => u - v); depth--; return q - p; });
console.log(r.join(), depth);
const bound = function (k, p, q) { return k * (p - q); }.bind(null, -1);
console.log([3, 1, 2].sort(bound).join(), [3, 1, 2].sort(new Proxy((p, q) => p - q, {})).join(),
            ['b', 'a', 'c'].sort(String.prototype.localeCompare.call.bind(String.prototype.localeCompare)).join());
function deep(k) { return k === 0 ? [9, 7, 8].sort((p, q) => { try { throw p; } catch (e) { return e - q; } }).join() : deep(k - 1); }
console.log(deep(200));
console.log(base.slice().sort((p, q) => p < q ? -1 : p > q ? 1 : 0).slice(0, 5).join(),
            base.slice().sort((p, q) => '' + (q - p)).slice(0, 3).join());
EOF
  same_as_node
}

@test "sort's comparator may grow, shrink or freeze the array, see this and arguments, keep closures; Array.from's mapFn too" {
  cat > prog.js <<'EOF'
const grow = [5, 1, 4, 2, 3];
grow.sort((p, q) => { if (grow.length < 8) grow.push(0); grow[0] = 99; return p - q; });
console.log(grow.join());
const shrink = [5, 1, 4, 2, 3, 9, 8];
shrink.sort((p, q) => { shrink.length = 2; return p - q; });
console.log(shrink.join(), shrink.length);
const holes = [3, , undefined, 1, , 2];
Array.prototype[1] = 7;
console.log(holes.slice().sort((p, q) => p - q).join(), JSON.stringify(holes.sort()), holes.length);
delete Array.prototype[1];
const frozen = [2, 1, 3];
try { frozen.sort((p, q) => { Object.freeze(frozen); return p - q; }); } catch (e) { console.log(e.constructor.name, frozen.join()); }
for (const bad of [null, 1, 'x', {}]) {
  try { [2, 1].sort(bad); } catch (e) { console.log(e.constructor.name, e.message); }
}
const sloppy = [3, 1, 2].sort(function (p, q) { return this === globalThis ? p - q : q - p; });
const strict = [3, 1, 2].sort(function (p, q) { 'use strict'; return this === undefined ? p - q : q - p; });
const withArgs = [3, 1, 2].sort(function () { return arguments[0] - arguments[1]; });
const fns = [];
const closing = [3, 1, 2].sort((p, q) => { fns.push(() => p - q); return p - q; });
console.log(sloppy.join(), strict.join(), withArgs.join(), closing.join(), fns.length > 0, fns[0]() !== 0);
const like = { length: 4, 0: 'd', 1: 'b', 3: 'a' };
console.log(JSON.stringify(Array.prototype.sort.call(like, (p, q) => p < q ? -1 : 1)));
const objs = [{ k: 2 }, { k: 1 }, { k: 2 }, { k: 0 }];
console.log(JSON.stringify(objs.toSorted((p, q) => p.k - q.k)), JSON.stringify([3, undefined, 1].toSorted()));
console.log(JSON.stringify(Array.from({ length: 3 }, function (v, i) { return [v, i, this === globalThis]; })));
try { Array.from([1, 2, 3], (v) => { if (v === 2) throw new Error('map ' + v); return v; }); } catch (e) { console.log(e.message); }
const proxied = new Proxy([3, 1, 2], {});
console.log(proxied.sort((p, q) => p - q).join(), Array.from([1, 2], function (v) { return v * this.m; }, { m: 10 }).join());
function* gen(p, q) { return p - q; }
try { console.log([2, 1].sort(gen).join()); } catch (e) { console.log(e.constructor.name); }
const rec = [];
function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }
console.log([4, 2, 3].sort((p, q) => fact(p) - fact(q)).join(), [1, 2, 3].sort(async (p, q) => q - p).join());
EOF
  same_as_node
}

@test "callbacks called by natives (forEach, map, reduce, filter, a replacer, toJSON, replace, Array.from) throw, catch, recurse and see this as in node" {
  cat > prog.js <<'EOF'
const out = [];
try { [1, 2, 3].forEach((v) => { if (v === 2) throw new TypeError('at ' + v); out.push(v); }); } catch (e) { out.push(e.name + ': ' + e.message); }
out.push([1, 2, 3].map((v) => { try { if (v & 1) throw v; return v; } catch (e) { return -e; } }).join());
out.push([1, 2, 3, 4].reduce(function (a, b) { return a + b * (this === globalThis ? 1 : 0); }, 0));
out.push([5, 6].filter(function () { 'use strict'; return this === undefined; }).length);
out.push(JSON.stringify({ a: 1, b: { toJSON(k) { return 'J' + k; } } }, (k, v) => typeof v === 'number' ? v * 10 : v));
out.push('a-b-c'.replace(/-/g, (m, at) => '[' + at + ']'));
let depth = 0;
function down(n) { depth = n; return [n].map((x) => down(x + 1)); }
try { down(0); } catch (e) { out.push(e instanceof RangeError, depth > 100); }
function* g() { yield* [1, 2].map((v) => v * 3); }
out.push([...g()].join());
const counter = { n: 0, bump() { return [1, 2, 3].map(function (v) { return v + this.n; }, this); } };
out.push(counter.bump().join());
out.push([3, 1, 2].map(function f(v, i, arr) { return arguments.length + ':' + (arr.length === 3) + (typeof f); }).join());
out.push(Array.from(new Set([1, 2]), (v) => { const inner = () => v * 2; return inner(); }).join());
class K { constructor(v) { this.v = v; } }
try { [1].map(K); } catch (e) { out.push(e.constructor.name); }
out.push([1, 2].some(async () => false), [[2, 1], [4, 3]].map((p) => p.sort((x, y) => x - y).join('')).join());
console.log(out.join('\n'));
EOF
  same_as_node
}

@test "exec's match array: index, input and groups defined (no setter of Array.prototype sees them), over ASCII, accents, astral and lone surrogates" {
  cat > prog.js <<'EOF'
let seen = 0;
Object.defineProperty(Array.prototype, 'index', { set(v) { seen++; }, get() { return 'proto'; }, configurable: true });
Object.defineProperty(Array.prototype, 'input', { set(v) { seen++; }, configurable: true });
const m = /(\d+)-(\w+)?/.exec('ab 12- cd');
console.log(JSON.stringify(m), m.index, m.input, m.groups, seen, Object.keys(m).join());
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(m, 'index')), JSON.stringify(Object.getOwnPropertyDescriptor(m, 'groups')));
delete Array.prototype.index; delete Array.prototype.input;
const n = /(?<y>\d{4})-(?<mo>\d\d)/u.exec('date: 2026-12 ok');
console.log(n.index, JSON.stringify(n.groups), Object.keys(n).join());
for (const s of ['héllo wörld', 'emoji 😀 here 😀!', 'lone \ud800 x \udc00 y', '日本語テキスト 123', '']) {
  const r = /(\S+)\s*(\d*)$/u.exec(s), q = /o|😀|\ud800|語/g;
  console.log(JSON.stringify(r), r && r.index, JSON.stringify(s.match(q)), s.search(/\d/), s.replace(/[^\x00-\x7f]/g, '?'));
}
m.index = 5; delete m.input;
console.log(m.index, 'input' in m, /x/.exec('y'));
EOF
  same_as_node
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

@test "join gives node's text for arrays of strings, holes, numbers, symbols, proxies and array-likes" {
  cat > prog.js <<'EOF'
const lines = Array.from({ length: 5000 }, (_, i) => 'line ' + i + ' \u00e9\u{1F600}');
const out = lines.join('\n');
console.log(out.length, out.slice(0, 20), out.slice(-20), lines.join().length, lines.join(undefined).slice(0, 12));
console.log(['a', 'b'].join({ toString() { return '<>'; } }), ['a', 'b', 'c'].join(''), ['x', 'y'].join(1), [''].join('-'), [].join('-'));
const holes = ['a', , 'c']; holes[5] = 'f';
console.log(JSON.stringify(holes.join('|')), ['a', 1, null, undefined, 'e', 2.5].join('|'));
const withProto = ['p', 'q']; Object.setPrototypeOf(withProto, Object.assign(Object.create(Array.prototype), { 2: 'proto' }));
withProto.length = 3;
console.log(withProto.join('+'), new Proxy(['s', 't'], {}).join('='), Array.prototype.join.call({ length: 2, 0: 'u', 1: 'v' }, '/'));
try { ['a', Symbol('s')].join(); } catch (e) { console.log(e.constructor.name); }
const grown = ['a', 'b']; grown.length = 4; console.log(JSON.stringify(grown.join('.')));
console.log(['a', 'b'].toLocaleString(), ['z', { toString() { return 'obj'; } }].join(':'));
EOF
  same_as_node
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

@test "RegExp exec's match is an array with own index, input and groups, unseen by Array.prototype setters, as node's" {
  cat > prog.js <<'EOF'
Object.defineProperty(Array.prototype, 'input', { set: function () { console.log('setter'); }, configurable: true });
var m = /(a)(x)?(?<n>b)/.exec('zab'), p = /c/.exec('abc');
delete Array.prototype.input;
console.log(JSON.stringify(m), m.length, m.index, m.input, JSON.stringify(m.groups), Object.getPrototypeOf(m.groups));
console.log(JSON.stringify(Object.getOwnPropertyNames(p)), JSON.stringify(Object.getOwnPropertyDescriptor(p, 'index')), p.groups);
m.push('q'); delete m.index; m.z = 1;
console.log(m.length, Object.keys(m).join(), /x/.exec({ toString: function () { return 'axb'; } }).index, /1/.exec(212).index);
try { RegExp.prototype.exec.call({}, 'a'); } catch (e) { console.log(e.name); }
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
["ab","a",null,"b"] 4 1 zab {"n":"b"} null
["0","length","index","input","groups"] {"value":2,"writable":true,"enumerable":true,"configurable":true} undefined
5 0,1,2,3,4,input,groups,z 1 1
TypeError
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

@test "accessors a program puts on Array.prototype[0] and [1] leave promises, console and the outcome alone" {
  cat > prog.js <<'EOF'
Object.defineProperty(Array.prototype, '0', { get: function () { return 'proto'; }, configurable: true });
Object.defineProperty(Array.prototype, '1', { get: function () { return 'proto'; }, configurable: true });
var p = Promise.resolve('v');
p.then(function () {}); p.then(function () {});
var all = await Promise.all([p, 'b']);
await null;
console.log(all[0], all[1], all.length, Object.getOwnPropertyNames(all).join());
console.log(['x', 'y'], {k: ['z']});
await new Promise(function (resolve) { setTimeout(resolve, 1); });
return ['r', 's'];
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
v b 2 0,1,length
["x","y"] {"k":["z"]}
["r","s"]
EOF
  cat > fail.js <<'EOF'
Object.defineProperty(Array.prototype, '0', { get: function () { return 'proto'; }, configurable: true });
throw new RangeError('late');
EOF
  run run-code fail.js
  assert_failure 1
  assert_output 'code run failed (exception): RangeError: late (line 2)'
}

@test "built-in methods written in JavaScript are no constructors and have no prototype, as in node" {
  cat > prog.js <<'EOF'
var fns = [String.prototype.match, String.prototype.split, Array.prototype.at, Array.prototype.concat,
  Object.hasOwn, Array.from, Object.getOwnPropertyDescriptor(Map.prototype, 'size').get];
var out = fns.map(function (f) {
  var made;
  try { new f(); made = 'made'; } catch (e) { made = e.name; }
  return f.name + ':' + ('prototype' in f) + ':' + made;
});
console.log(out.join(' '));
console.log([1, 2, 3].at(-1), 'a-b'.split('-').length, Object.hasOwn({x: 1}, 'x'));
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
match:false:TypeError split:false:TypeError at:false:TypeError concat:false:TypeError hasOwn:false:TypeError from:false:TypeError get size:false:TypeError
3 2 true
EOF
}

@test "Array methods on array-likes read the length with ToLength and skip the holes of huge ones, as node does" {
  cat > prog.js <<'EOF'
var AP = Array.prototype, neg = {0: 'a', 1: 'b', length: -4294967294}, wrap = {0: 'x', 1: 'y', length: 4294967297};
var big = {length: Number.MAX_SAFE_INTEGER};
big[Number.MAX_SAFE_INTEGER - 1] = 1; big[Number.MAX_SAFE_INTEGER - 3] = 3;
var seen = [], total;
try { AP.reduceRight.call(big, function (a, v) { if (v === 3) throw a + v; return a + v; }, 0); } catch (t) { total = t; }
AP.forEach.call(neg, function (v) { seen.push(v); });
console.log(seen.length, AP.every.call(neg, function () { return false; }), AP.some.call(wrap, function (v) { return v === 'y'; }));
console.log(AP.indexOf.call(wrap, 'y'), AP.lastIndexOf.call({0: 3, 5: 3, length: 5}, 3), total);
var errs = [];
try { AP.map.call(wrap, function (v) { return v; }); } catch (e) { errs.push(e.name); }
try { AP.slice.call(wrap, 0); } catch (e) { errs.push(e.name); }
console.log(errs.join(), AP.filter.call({0: 1, 1: 2, 2: 3, length: 3}, function (v) { return v > 1; }).join(), [3, 1, 3].lastIndexOf(3, 1));
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
0 true true
1 0 4
RangeError,RangeError 2,3 0
EOF
}

@test "Object.assign, Object.hasOwn with symbol-valued key objects, the immutable Object.prototype and Promise[Symbol.species] behave as in node" {
  cat > prog.js <<'EOF'
var sym = Symbol('s'), obj = {}, errs = [];
obj[sym] = 1;
var key = { toString: function () { return sym; } };
console.log(Object.hasOwn(obj, key), Object.hasOwn(obj, 'x'));
var src = { a: 1 }; src[sym] = 2;
var copy = Object.assign({}, src, null, 'hi');
console.log(copy.a, copy[sym], copy[0], copy[1], Object.keys(copy).join());
try { Object.assign(Object.freeze({ a: 0 }), { a: 1 }); } catch (e) { errs.push(e.name); }
try { Object.assign(Object.preventExtensions({}), { b: 1 }); } catch (e) { errs.push(e.name); }
var hits = 0, target = Object.freeze(Object.defineProperty({}, 'x', { set: function () { hits++; }, enumerable: true }));
Object.assign(target, { x: 5 });
try { Object.setPrototypeOf(Object.prototype, {}); } catch (e) { errs.push(e.name); }
console.log(errs.join(), hits, Object.setPrototypeOf(Object.prototype, null) === Object.prototype);
console.log(typeof Object.getOwnPropertyDescriptor(Promise, Symbol.species).get, Promise[Symbol.species] === Promise);
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
true false
1 2 h i 0,1,a
TypeError,TypeError,TypeError 1 true
function true
EOF
}

@test "Symbol().description is undefined and Symbol(\"\").description is empty, as in node" {
  cat > prog.js <<'EOF'
console.log(JSON.stringify([Symbol().description, Symbol('').description, Symbol('a b').description, Symbol.for('k').description,
  Symbol.iterator.description, Object(Symbol('w')).description]));
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
[null,"","a b","k","Symbol.iterator","w"]
EOF
}

@test "Reflect.construct with a newTarget gives the object newTarget's prototype, or the target's when that is not an object, as node does" {
  cat > prog.js <<'EOF'
function F() {}
var d = Reflect.construct(Date, [0], F), u = Reflect.construct(Uint8Array, [2], F);
function G() {} G.prototype = null;
var t = Reflect.construct(Uint16Array, [3], G), errs = [];
var bad = function () {}.bind(null);
Object.defineProperty(bad, 'prototype', { get: function () { throw new RangeError('proto'); } });
try { Reflect.construct(Int8Array, [], bad); } catch (e) { errs.push(e.name); }
try { Reflect.construct(Date, [], Math.max); } catch (e) { errs.push(e.name); }
console.log(Object.getPrototypeOf(d) === F.prototype, Date.prototype.getTime.call(d), u instanceof F, Object.getPrototypeOf(t) === Uint16Array.prototype, t.length, errs.join());
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
true 0 true true 3 RangeError,TypeError
EOF
}

@test "%TypedArray%.prototype buffer, byteLength and byteOffset are configurable named getters that refuse DataViews, as in node" {
  cat > prog.js <<'EOF'
var TAP = Object.getPrototypeOf(Int8Array.prototype), a = new Int16Array(new ArrayBuffer(8), 2, 2), out = [];
['buffer', 'byteLength', 'byteOffset'].forEach(function (k) {
  var d = Object.getOwnPropertyDescriptor(TAP, k), err = '-';
  try { d.get.call(new DataView(new ArrayBuffer(4))); } catch (e) { err = e.name; }
  out.push([k, d.get.name, d.get.length, d.configurable, d.enumerable, typeof d.set, err].join(':'));
});
console.log(out.join(' '));
console.log(a.byteLength, a.byteOffset, a.buffer.byteLength, new DataView(new ArrayBuffer(6), 1).byteLength);
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
buffer:get buffer:0:true:false:undefined:TypeError byteLength:get byteLength:0:true:false:undefined:TypeError byteOffset:get byteOffset:0:true:false:undefined:TypeError
4 2 8 5
EOF
}

@test "typed array constructors collect array values first and honour a replaced array iterator; Object helpers survive a replaced global Object, as in node" {
  cat > prog.js <<'EOF'
var arr = [1, { valueOf: function () { arr[2] = 7; return 2; } }, 3];
var t = new Float64Array(arr), errs = [];
try { new Int8Array({ length: Math.pow(2, 53) }); } catch (e) { errs.push(e.name); }
var oldNext = Object.getPrototypeOf([][Symbol.iterator]()).next;
Object.getPrototypeOf([][Symbol.iterator]()).next = function () { var r = oldNext.call(this); if (!r.done) r.value *= 10; return r; };
var u = new Uint8Array([1, 2]);
Object.getPrototypeOf([][Symbol.iterator]()).next = oldNext;
console.log(Array.from(t).join(), errs.join(), Array.from(u).join(), Object.prototype.hasOwnProperty.call(Uint8Array, 'from'), Uint8Array.from([5, 6]).join(), Uint16Array.of(7).join());
console.log(Reflect.setPrototypeOf(Object.prototype, {}), Reflect.setPrototypeOf(Object.prototype, null), JSON.stringify(Object.fromEntries([[{ toString: function () { return 'k'; } }, 1]])));
var realObject = Object;
Object = function () { throw new Error('replaced'); };
var vals = realObject.values({ a: 1 }), ents = realObject.entries({ b: 2 });
Object = realObject;
console.log(vals.join(), ents.join());
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
1,2,3 RangeError 10,20 false 5,6 7
false true {"k":1}
1 b,2
EOF
}

@test "Array.prototype.splice on array-likes follows the spec up to lengths near 2^53, as node does" {
  cat > prog.js <<'EOF'
var AP = Array.prototype;
function show(o) { var r = []; for (var k in o) r.push(k + '=' + o[k]); return r.join(','); }
var o1 = {0: 'a', 1: 'b', 2: 'c', 3: 'd', length: 4};
var r1 = AP.splice.call(o1, 1, 2, 'X');
var o2 = {0: 'a', 1: 'b', length: 2};
var r2 = AP.splice.call(o2, 1, 0, 'P', 'Q');
var big = {length: Math.pow(2, 53) - 1};
big[Math.pow(2, 53) - 3] = 'y'; big[Math.pow(2, 53) - 2] = 'z';
var r3 = AP.splice.call(big, Math.pow(2, 53) - 3, 1);
var neg = {0: 'n', length: -1};
var r4 = AP.splice.call(neg, 0, 1, 'w'), errs = [];
try { AP.splice.call({length: Math.pow(2, 53) - 1}, 0, 0, 'over'); } catch (e) { errs.push(e.name); }
console.log(r1.join(), show(o1), '|', r2.length, show(o2), '|', r3.join(), big.length, big[Math.pow(2, 53) - 3], '|', r4.length, show(neg), errs.join());
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
b,c 0=a,1=X,2=d,length=3 | 0 0=a,1=P,2=Q,3=b,length=4 | y 9007199254740990 z | 0 0=w,length=1 TypeError
EOF
}

@test "String.fromCharCode takes code units modulo 2^16, as node does" {
  cat > prog.js <<'EOF'
var s = String.fromCharCode(-1, 65, 65536 + 66, '-1.234', 0x10FFFF), codes = [];
for (var i = 0; i < s.length; i++) codes.push(s.charCodeAt(i));
console.log(codes.join(), String.fromCharCode(-32767).charCodeAt(0), String.fromCharCode().length, String.fromCharCode.length);
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
65535,65,66,65535,65535 32769 0 1
EOF
}

@test "Date: setters with no argument, Date.UTC(year), TimeClip without -0 and year -000000 behave as in node" {
  cat > prog.js <<'EOF'
var d = new Date(2016, 6), r = [];
r.push(d.setHours(), new Date(2016, 6).setMinutes(), Date.UTC(1970), Date.UTC(2000, 1, 2));
r.push(Object.is(new Date(-0).getTime(), 0), Object.is(new Date(-0.5).valueOf(), 0), new Date(8.64e15 + 1).getTime(), Date.parse('-000000-01-01T00:00:00Z'));
r.push(Date.parse('2024-05-01T00:00:00Z'), Date.prototype[Symbol.toPrimitive].name, Date.prototype.setHours.length);
console.log(r.join(' '));
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
NaN NaN 0 949449600000 true true NaN NaN 1714521600000 [Symbol.toPrimitive] 4
EOF
}

@test "toFixed, toExponential and toPrecision take up to 100 digits and round as node does" {
  cat > prog.js <<'EOF'
var out = [];
[[3, 100], [1.005, 25], [0.000001, 22], [123.456, 21], [-0.5, 30], [1e20, 21], [0, 21], [2.5, 0], [1.45, 1]].forEach(function (c) { out.push(c[0].toFixed(c[1])); });
[[3, 100], [1.2345e27, 25], [5e-324, 30], [0, 22], [-98765.4321, 21], [9.5, 0]].forEach(function (c) { out.push(c[0].toExponential(c[1])); });
[[3, 100], [10, 1], [17, 1], [1.2345e27, 3], [0.000001234, 2], [1e-7, 3], [123.456, 25], [0, 30], [-42, 1], [99.99, 3], [1e21, 22]].forEach(function (c) { out.push(c[0].toPrecision(c[1])); });
var errs = [];
[function () { (3).toFixed(101); }, function () { (3).toExponential(101); }, function () { (3).toPrecision(0); }].forEach(function (f) { try { f(); } catch (e) { errs.push(e.name); } });
console.log(out.join('\n'));
console.log(errs.join(), (25).toFixed(), (1.5).toExponential(), (123.456).toPrecision());
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
3.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
1.0049999999999998934185896
0.0000010000000000000000
123.456000000000003069545
-0.500000000000000000000000000000
100000000000000000000.000000000000000000000
0.000000000000000000000
3
1.4
3.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000e+0
1.2344999999999999618402222e+27
4.940656458412465441765687928682e-324
0.0000000000000000000000e+0
-9.876543210000000544824e+4
1e+1
3.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
1e+1
2e+1
1.23e+27
0.0000012
1.00e-7
123.4560000000000030695446
0.00000000000000000000000000000
-4e+1
100
1000000000000000000000
RangeError,RangeError,RangeError 25 1.5e+0 123.456
EOF
}

@test "Object.prototype.__proto__'s accessors are named as in node" {
  run run-code --code 'var d = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__"); return [d.get.name, d.set.name]'
  assert_success
  assert_output '["get __proto__","set __proto__"]'
}

@test "Reflect.has takes symbol keys on typed arrays, as in node" {
  run run-code --code 'var t = new Uint8Array(2), k = Symbol("k"), before = Reflect.has(t, k); Object.defineProperty(t, k, { value: 1 }); return [before, Reflect.has(t, k), Reflect.has(t, "1"), Reflect.has(t, "5")]'
  assert_success
  assert_output '[false,true,true,false]'
}

@test "natives the runtime installs are no constructors, and new Date(object) converts it with the default hint, as in node" {
  cat > prog.js <<'EOF'
var made;
try { new String.fromCharCode(65); made = 'made'; } catch (e) { made = e.name; }
var hints = [], d = new Date({ [Symbol.toPrimitive]: function (h) { hints.push(h); return '2016-06-05T00:00:00Z'; } });
console.log(made, hints.join(), d.getTime(), new Date({ valueOf: function () { return 5; } }).getTime());
EOF
  run run-code prog.js
  assert_success
  assert_output 'TypeError default 1465084800000 5'
}

@test "slice and Array.from keep trailing holes in the length; TypedArray.from maps and stores in turn, as node does" {
  cat > prog.js <<'EOF'
console.log([,,42,,44,,].length, Float64Array.from([,,42,,44,,]).length, Array.from([1,,]).length, [1,2,,].slice().length, [1,2,,,].slice(1, -1).length, [1,2,3].slice(1).join(), [1,2,3].slice(-2, 10).length);
var lv;
try { Int8Array.from([1, {valueOf: function () { throw new RangeError('x'); }}, 3], function (v) { lv = v; return v; }); } catch (e) { console.log(e.name, lv === 3 ? 'mapped ahead' : 'stopped'); }
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
6 6 2 3 2 2,3 2
RangeError stopped
EOF
}

@test "join and reverse on array-likes read the length with ToLength, as node does" {
  cat > prog.js <<'EOF'
var AP = Array.prototype, o = {0: 'a', 1: 'b', 3: 'd', length: 4};
AP.reverse.call(o);
var neg = {0: 'x', 1: 'y', length: -4294967294};
AP.reverse.call(neg);
console.log(JSON.stringify(o), neg[0], [1, 2, 3].reverse().join(), new Int8Array([1, 2, 3]).reverse().join());
console.log(AP.join.call({0: 'x', 1: null, 2: 'z', length: 3}, '-'), AP.join.call({0: 'x', length: -4294967294}), [1, [2, 3]].join(';'));
var err;
try { AP.join.call(undefined, { toString: function () { throw new Error('sep first'); } }); } catch (e) { err = e.name; }
console.log(err);
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
{"0":"d","2":"b","3":"a","length":4} x 3,2,1 3,2,1
x--z  1;2,3
TypeError
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

@test "numbers become node's shortest nearest digits: halfway ties to even, Grisu3's undecided cases, the layout's borders" {
  cat > prog.js <<'EOF2'
var f = new Float64Array(1), u = new Uint32Array(f.buffer);
function bits(hi, lo) { u[1] = hi; u[0] = lo; return f[0]; }
var xs = [bits(0x43100000, 1), bits(0x43100000, 3), bits(0xc30d0815, 0x39ed365a), bits(0x1255273c, 0x7f8434bc),
  bits(0x7142d763, 0x2179ca34), bits(0x44b52d02, 0xc7e14af6), 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308,
  1e21, 999999999999999900000, 1e-7, 0.000001, 0.1 + 0.2, 1 / 3, -1 / 7, 100 / 7, 4294967296.5, -0];
console.log(xs.map(String).join(' '));
console.log(xs.map(function (x) { return '' + x; }).join(' ') === xs.map(String).join(' '), `${xs[0]}|${xs[13]}`);
console.log(JSON.stringify(xs.slice(0, 6)), JSON.stringify({v: 1 / 7, w: -1.5e-9}));
var o = {}; o[1 / 3] = 1; console.log(Object.keys(o)[0], (1 / 7).toFixed(3), (1 / 3).toPrecision(4), (123.456).toExponential(2));
EOF2
  run run-code prog.js
  assert_success
  assert_output - <<'EOF2'
1125899906842624.2 1125899906842624.8 -1021457697973963.2 2.3407801788530437e-220 3.8340587213042945e+237 1e+23 5e-324 1.7976931348623157e+308 2.2250738585072014e-308 1e+21 999999999999999900000 1e-7 0.000001 0.30000000000000004 0.3333333333333333 -0.14285714285714285 14.285714285714286 4294967296.5 0
true 1125899906842624.2|0.30000000000000004
[1125899906842624.2,1125899906842624.8,-1021457697973963.2,2.3407801788530437e-220,3.8340587213042945e+237,1e+23] {"v":0.14285714285714285,"w":-1.5e-9}
0.3333333333333333 0.143 0.3333 1.23e+2
EOF2
}

@test "Array.from over an array-like: many keys, a prototype with an index, a callback adding one, as node reads them" {
  cat > prog.js <<'EOF2'
// An array-like with more keys than the skip check looks at, with and without a callback.
const big = { length: 3 };
for (let i = 0; i < 3000; i++) big['k' + i] = i;
big[1] = 'one';
console.log(JSON.stringify(Array.from(big)), JSON.stringify(Array.from(big, (v, i) => [v, i])));
const wide = { length: 4 };
for (let i = 0; i < 3000; i++) wide['k' + i] = i;
console.log(JSON.stringify(Array.from(wide, (v, i) => v === undefined ? i : 'x')));
// A callback that adds an index key to the source: later reads see it.
const o = { length: 4 };
console.log(JSON.stringify(Array.from(o, (v, i) => { if (i === 1) { o[2] = 'added'; o[3] = 'too'; } return v; })));
// An index on the prototype, and one added to it by the callback.
const proto = { 0: 'p0' }, child = Object.create(proto);
child.length = 3;
console.log(JSON.stringify(Array.from(child, (v, i) => { if (i === 0) proto[2] = 'p2'; return v; })));
// No callback: one check for the whole loop.
console.log(JSON.stringify(Array.from({ length: 3 })), Array.from({ length: 100000 }).length);
EOF2
  same_as_node
}

@test "a typed array's refused length is shown as the number given, in node's words" {
  cat > prog.js <<'EOF2'
for (const n of [-1.5, -1, -0.5e-3, -Infinity, -(2 ** 40)]) {
  try { new Uint8Array(n); console.log('made', n); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
}
EOF2
  same_as_node
}

@test "Date.prototype is no Date: its toString throws node's TypeError; U+180E is not white space, as node" {
  cat > prog.js <<'EOF2'
for (const v of [undefined, Date.prototype, {}, 0]) {
  try { console.log(Date.prototype.toString.call(v)); } catch (e) { console.log(e.constructor.name); }
}
console.log(String(new Date(0).toString().length > 0), Number('\u180E'), Number(' 1\u180E'), '\u180E'.trim().length, parseFloat('\u180E1'));
console.log(/\s/.test('\u180E'), JSON.stringify(' \u180E\u1680 '.trim()));
EOF2
  same_as_node
}

@test "Symbol and BigInt are constructors that refuse new: either may be Reflect.construct's newTarget, as node" {
  cat > prog.js <<'EOF2'
for (const C of [Symbol, BigInt]) {
  const o = Reflect.construct(function () {}, [], C);
  console.log(Object.getPrototypeOf(o) === C.prototype);
  try { new C(1); } catch (e) { console.log(e.constructor.name); }
}
try { Reflect.construct(function () {}, [], Math.max); } catch (e) { console.log(e.constructor.name); }
EOF2
  same_as_node
}
