#!/usr/bin/env bats
# BigInt: values of a class the engine knows (typeof, truth, equality: lib/engine/patches/0010),
# and a program that mentions BigInt lowered with its operators as runtime calls
# (lib/engine/runtime/51-bigint.js). Compared with node.

load helpers

@test "BigInt literals, BigInt(), arithmetic, comparisons, equality, typeof, toString, asIntN and errors as node" {
  cat > prog.js <<'EOF'
const out = [];
const p = (...v) => out.push(v.map((x) => typeof x === 'bigint' ? x.toString() + 'n' : String(x)).join(' '));
p(typeof 1n, typeof BigInt, typeof BigInt(5), 2n ** 64n, -(3n), 10n / 3n, -10n / 3n, 10n % -3n, -10n % 3n);
p(123456789012345678901234567890n * 987654321098765432109876543210n);
p(123456789012345678901234567890123456789n / 12345678901234567n, 123456789012345678901234567890123456789n % 12345678901234567n);
p((2n ** 200n).toString(16), (255n).toString(2), (-255n).toString(36), BigInt('0x1fffffffffffff'), BigInt(' 42 '), BigInt(true), BigInt(-0));
p(BigInt(Number.MAX_SAFE_INTEGER) + 2n, BigInt(1e21), BigInt(2 ** 70));
p(1n < 2, 2n > 1.5, 1n <= 1, 3n >= '3', 1n == 1, 1n == '1', 1n === 1n, 1n === 1, 0n == false, 1n != 2n, 2n !== 2n, NaN < 1n, 1n < Infinity);
p(BigInt.asIntN(8, 255n), BigInt.asUintN(8, -1n), BigInt.asIntN(64, 2n ** 63n), BigInt.asUintN(64, -(2n ** 63n)));
p('x' + 1n, `${10n}`, 1n + '', String(7n), Number(2n ** 60n), [3n, 1n, 2n].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join());
let i = 0n; i++; ++i; i += 5n; i *= 2n; i -= 1n; i **= 2n; let j = 5; j++; j += 1;
p(i, j);
let f = 1n; for (let k = 1n; k <= 30n; k++) f *= k; p(f);
const tries = [() => 1n + 1, () => 1n * 2, () => +1n, () => Math.max(1n), () => JSON.stringify({ a: 1n }), () => 1n / 0n, () => BigInt(1.5), () => BigInt('abc'), () => new BigInt(1), () => 2n ** -1n, () => BigInt(undefined)];
for (const t of tries) { try { p('ok', t()); } catch (e) { p(e.name + ': ' + e.message); } }
p(Object.prototype.toString.call(1n), 5n.constructor === BigInt, -0n === 0n);
console.log(out.join('\n'));
EOF
  same_as_node
}

@test "a program that never mentions BigInt keeps its operators; one on a path never taken runs" {
  printf 'let a = 1; a += 2; a++; return [a * 2 - 1, typeof a, -a]\n' > prog.js
  run run-code prog.js
  assert_output '[7,"number",-4]'
  run run-code --code $'const f = () => 2n\nreturn \'loaded\''
  assert_success
  assert_output 'loaded'
}

@test "0n is falsy wherever a truth value is taken, as in node" {
  cat > prog.js <<'EOF'
const out = [];
const zero = 0n, one = BigInt(1);
out.push(!0n, !!0n, !1n, 0n || 'x', 0n && 'y', 1n && 'z', 0n ? 'a' : 'b', -0n ? 'a' : 'b', Boolean(0n), Boolean(-1n));
if (zero) out.push('if'); else out.push('else');
let n = 0; while (0n) { n++; break; } do { n++; } while (zero); for (; 0n;) n += 10;
out.push(n, [0n, 1n, 0n, 2n].filter(Boolean).length, 0n ?? 'nullish', one - 1n ? 't' : 'f', !(2n - 2n));
console.log(out.map(String).join(','));
EOF
  same_as_node
}

@test "equal BigInts are one value: ===, Object.is, Map and Set keys, indexOf, includes as in node" {
  cat > prog.js <<'EOF'
const a = 12345678901234567890n, b = BigInt('12345678901234567890');
const m = new Map([[1n, 'one'], [a, 'big']]);
m.set(BigInt(1), 'uno');
const s = new Set([1n, BigInt(1), 2n, 2n * 1n, -0n, 0n]);
s.delete(BigInt(2));
console.log([a === b, a !== b, a == b, Object.is(a, b), Object.is(0n, -0n), 1n === 1, m.size, m.get(1n), m.get(b),
  m.has(12345678901234567890n), s.size, s.has(2n), [...s].join(' '), [5n, a].indexOf(b), [a].includes(b),
  [1n].lastIndexOf(1n), [0n, 1n].findIndex((x) => x === 1n)].map(String).join(','));
EOF
  same_as_node
}

@test "typeof is 'bigint' for BigInts and 'object' for Object(1n), whose methods and operators work as in node" {
  cat > prog.js <<'EOF'
const w = Object(5n);
const t = (f) => { try { return f(); } catch (e) { return e.name; } };
console.log([typeof 1n, typeof BigInt(2), typeof w, typeof Object(w), w instanceof BigInt, w.toString(), w.toString(2),
  w.valueOf() === 5n, w + 1n, w * w, w > 4n, w == 5n, w === 5n, Object.prototype.toString.call(w), !!Object(0n),
  typeof [1n][0], t(() => BigInt.prototype.toString.call({}))].map(String).join(','));
EOF
  same_as_node
}

@test "console.log shows a BigInt as node does (1n), alone and inside compact JSON data" {
  cat > prog.js <<'EOF'
console.log(1n, -20n, 2n ** 70n, 'x', 0n);
EOF
  same_as_node
  run run-code --code 'console.log([1n, -2n], {a: 3n, b: [0n]}); console.info(7n)'
  assert_success
  assert_output $'[1n,-2n] {"a":3n,"b":[0n]}\n7n'
}

@test "eval and Function code computes with BigInts as the program does, as in node" {
  cat > prog.js <<'EOF'
const add = new Function('a', 'b', 'return a + b * b');
const cmp = new Function('x', 'return [x == 1, x < 2, x > 0.5, -x, typeof x, x & 1n, x << 3n, ~x].map(String).join(" ")');
console.log(String(add(1n, 2n)), String(eval('3n * 4n - 1n')), String(eval('(x) => x % 2n')(7n)), cmp(1n),
  eval('let i = 1n; i++; i += 2n; String(i)'), String(add(1, 2)), add('a', 'b'));
EOF
  same_as_node
}

@test "bitwise operators and shifts on BigInts as node; >>> and mixing with numbers throw its TypeErrors" {
  cat > prog.js <<'EOF'
const out = [];
out.push(5n & 3n, 5n | 3n, 5n ^ 3n, ~5n, ~-1n, -5n & 3n, -5n | 3n, -5n ^ -3n, -12345678901234567890n & 0xffffffffn,
  (2n ** 100n - 1n) & -(2n ** 64n), 0n | -(2n ** 80n));
out.push(1n << 70n, -7n >> 1n, 7n >> 1n, -1n >> 100n, 5n << -1n, (2n ** 100n) >> 99n, -(2n ** 64n) ^ 12345n, -8n >> 2n, -9n >> 2n);
let a = 6n; a &= 3n; a |= 8n; a ^= 1n; a <<= 2n; a >>= 1n; out.push(a);
for (const t of [() => 1n >>> 0n, () => 1n & 1, () => 1 << 1n, () => { let b = 1n; b >>>= 1n; }])
  try { out.push(t()); } catch (e) { out.push(e.name + ': ' + e.message); }
out.push(5 & 3, 1 << 4, -16 >>> 28, ~7, 6 ^ 3);
console.log(out.map(String).join('\n'));
EOF
  same_as_node
}

@test "BigInt64Array and BigUint64Array: constructors, wrap-around, methods and bytes shared with the buffer as node" {
  cat > prog.js <<'EOF2'
const s = (a) => Array.from(a, (x) => String(x) + 'n').join(' ');
const a = new BigInt64Array([1n, -2n, 2n ** 63n, -(2n ** 63n) - 1n, 2n ** 64n + 5n]);
console.log(s(a), a.length, a.byteLength, a.byteOffset, a.buffer.byteLength);
console.log(Array.from(new Uint8Array(a.buffer)).join(','));
const u = new BigUint64Array(a.buffer, 8, 3);
console.log(s(u), u.length, u.byteOffset, s(new BigUint64Array([-1n, 2n ** 64n, 2n ** 64n - 1n, 12345678901234567890n])));
console.log(s(new BigInt64Array(new Set([3n, 4n]))), s(new BigInt64Array({ length: 2, 0: 7n, 1: '8' })), s(new BigInt64Array(3)),
  s(new BigInt64Array(u)), s(BigInt64Array.from([1n, 2n], (x) => x * 10n)), s(BigUint64Array.of(5n, 6n)));
const b = new BigInt64Array([5n, -3n, 10n, 0n, -3n]);
console.log(s(b.subarray(1, 3)), s(b.slice(-2)), b.indexOf(-3n), b.lastIndexOf(-3n), b.includes(10n), b.includes(10), b.join('|'), String(b), b.at(-1), b.toLocaleString());
b.subarray(1, 3).fill(9n); console.log(s(b));
console.log(s(b.sort()), s(b.sort((x, y) => (x > y ? -1 : x < y ? 1 : 0))), s(b.toSorted()), s(b.toReversed()), s(b.with(0, 1n)), s(b.map((x) => x * 2n)), s(b.filter((x) => x > 0n)));
console.log(b.reduce((x, y) => x + y, 0n), b.some((x) => x < 0n), b.every((x) => x > -10n), b.find((x) => x === 9n), b.findIndex((x) => x === 9n), [...b.keys()].join(), [...b.entries()].map(String).join(' '), [...b].length);
const c = new BigInt64Array(4); c.set([1n, 2n], 1); c.set(new BigInt64Array([7n]), 3); console.log(s(c), s(c.copyWithin(0, 2)), s(c.reverse()));
c[1] = 2n ** 64n + 3n; c[2] = -(2n ** 63n) - 1n; c['3'] = '42'; c[7] = 5n; c[-1] = 3n; c[1.5] = 3n;
console.log(s(c), c[7], c[-1], c[1.5], 1 in c, 7 in c, Object.keys(c).join(), c.hasOwnProperty(0), Object.hasOwn(c, 4), Object.entries(Object.getOwnPropertyDescriptor(c, 0)).map(String).join(' '));
console.log(BigInt64Array.BYTES_PER_ELEMENT, c.BYTES_PER_ELEMENT, BigUint64Array.name, BigInt64Array.length, Object.prototype.toString.call(c), ArrayBuffer.isView(c), c instanceof BigInt64Array, c instanceof BigUint64Array,
  typeof c[0], Object.getPrototypeOf(BigInt64Array) === Object.getPrototypeOf(Int8Array), c.constructor === BigInt64Array);
let sum = 0n; for (const x of new BigUint64Array([1n, 2n, 3n])) sum += x; for (const k in new BigInt64Array(2)) sum += BigInt(k);
class X extends BigInt64Array { sum() { return this.reduce((p, q) => p + q, 0n); } }
const x = new X([1n, 2n]);
console.log(sum, x instanceof X, x.sum(), x.length, x.constructor.name);
const v = new BigUint64Array(new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 128]).buffer);
console.log(v[0] + v[1], v[1] > v[0], -v[0], new BigInt64Array(v.buffer)[1]);
EOF2
  same_as_node
}

@test "BigInt typed arrays and asIntN refuse a Number with node's TypeError; their other errors in node's words" {
  cat > prog.js <<'EOF2'
const t = (f) => { try { return f(); } catch (e) { return e.name + ': ' + e.message; } };
const a = new BigInt64Array(2);
console.log([t(() => a[0] = 1), t(() => a[0] = 1.5), t(() => a[0] = 'x'), t(() => a[0] = null), t(() => a[0] = Symbol()), t(() => a[0] = {}),
  t(() => { a[0] = true; return String(a[0]); }), t(() => new BigInt64Array([1])), t(() => a.fill(1)), t(() => BigInt64Array.of(1)), t(() => a.set([1])),
  t(() => { 'use strict'; a[2] = 1; }), t(() => { 'use strict'; delete a[0]; }), t(() => a.with(5, 1n)), t(() => a.with(0, 1)),
  t(() => new BigInt64Array(-1)), t(() => new BigInt64Array(new ArrayBuffer(16), 4)), t(() => new BigInt64Array(new ArrayBuffer(12))),
  t(() => new BigInt64Array(new ArrayBuffer(16), 24)), t(() => new BigInt64Array(new ArrayBuffer(16), 8, 2)), t(() => BigInt64Array(2)),
  t(() => new BigInt64Array(new Uint8Array(2))), t(() => new Uint8Array(a)), t(() => a.set(new Int8Array(1))), t(() => new Int8Array(1).set(a)),
  t(() => new Int8Array(2).set(a)), t(() => a.set([1n, 2n, 3n])), t(() => a.set([1n], -1)), t(() => BigInt64Array.prototype.fill.call([1], 1n)),
  t(() => JSON.stringify(a)), t(() => BigInt.asIntN(8, 255)), t(() => BigInt.asUintN(8, '255').toString())].join('\n'));
EOF2
  same_as_node
}

@test "DataView reads and writes 64-bit BigInts in either byte order as node" {
  cat > prog.js <<'EOF2'
const t = (f) => { try { return f(); } catch (e) { return e.name + ': ' + e.message; } };
const dv = new DataView(new ArrayBuffer(16));
dv.setBigInt64(0, -2n); dv.setBigUint64(8, 0x0102030405060708n, true);
console.log(dv.getBigInt64(0), dv.getBigUint64(0), dv.getBigInt64(0, true), dv.getBigUint64(8, true), dv.getBigUint64(8), Array.from(new Uint8Array(dv.buffer)).join(','));
dv.setBigUint64(0, 2n ** 64n + 1n, true); dv.setBigInt64(8, -(2n ** 63n));
console.log(dv.getBigUint64(0, true), dv.getBigInt64(8), dv.getBigUint64(8), new BigInt64Array(dv.buffer)[0], dv.getBigInt64.length, dv.setBigUint64.length);
console.log([t(() => dv.getBigInt64(9)), t(() => dv.getBigInt64(-1)), t(() => dv.setBigInt64(0, 1)), t(() => dv.setBigInt64(12, 1n)), t(() => dv.setBigUint64(0, 'z'))].join('\n'));
EOF2
  same_as_node
}

@test "console shows a BigInt64Array as it shows the other typed arrays (String(value): no data); structuredClone and crypto.getRandomValues take them" {
  run run-code --code 'console.log(new BigInt64Array([1n, -2n]), [new BigUint64Array(1)], new Int8Array([1, -2])); const a = new BigUint64Array([2n]), k = structuredClone(a); a[0] = 9n; const r = new BigInt64Array(4); return [k instanceof BigUint64Array, String(k[0]), crypto.getRandomValues(r) === r, r.some((x) => x !== 0n)]'
  assert_success
  assert_output $'1,-2 ["0"] 1,-2\n[true,"2",true,true]'
}

@test "BigInt.prototype.valueOf, toString and toLocaleString on a primitive and on Object(1n) as node; on a number they throw its TypeError" {
  cat > prog.js <<'EOF2'
const t = (f) => { try { const v = f(); return typeof v + ':' + String(v); } catch (e) { return e.name + ': ' + e.message; } };
const w = Object(5n), P = BigInt.prototype;
console.log([t(() => 5n.valueOf()), t(() => w.valueOf()), t(() => P.valueOf.call(7n)), t(() => P.valueOf.call(w)), t(() => P.valueOf.call(1)),
  t(() => P.valueOf.call({})), t(() => P.valueOf.call(undefined)), t(() => P.valueOf.call('1')), t(() => P.valueOf.call(Object(1))),
  t(() => 255n.toString(16)), t(() => w.toString(2)), t(() => P.toString.call(-255n, 36)), t(() => P.toString.call(w)), t(() => P.toString.call(1)),
  t(() => 12345n.toLocaleString()), t(() => w.toLocaleString()), t(() => P.toLocaleString.call(1)), t(() => P.toLocaleString.call(w)),
  t(() => 1234567n.toLocaleString('de-DE')), t(() => (2n ** 70n).toLocaleString()), t(() => (-(2n ** 70n)).toLocaleString('de-DE')),
  t(() => 5n.valueOf() === 5n), t(() => w.valueOf() === 5n), t(() => P.valueOf.length), t(() => P.valueOf.name), t(() => w + 1n), t(() => `${w}`),
  t(() => w.toString(1)), t(() => 5n.toString(37)), t(() => +1n), t(() => Math.max(1n)), t(() => new Date(1n)), t(() => isNaN(1n)),
  t(() => [1n, 2n].join()), t(() => String(-3n))].join('\n'));
EOF2
  same_as_node
}

@test "JSON.stringify hands a BigInt to the replacer or a program's toJSON first and throws node's TypeError for one left, as node" {
  cat > prog.js <<'EOF2'
const t = (f) => { try { return String(f()); } catch (e) { return e.name + ': ' + e.message; } };
const r = (k, v) => (typeof v === 'bigint' ? v.toString() + 'n' : v);
console.log([t(() => JSON.stringify({ a: 1n, b: [2n, { c: -3n }] }, r)), t(() => JSON.stringify({ a: 1n })), t(() => JSON.stringify(1n)),
  t(() => JSON.stringify([1n], null, 2)), t(() => JSON.stringify({ a: 1, b: 'x' }, null, 1)),
  t(() => JSON.stringify(Object(2n), r)), t(() => JSON.stringify({ a: 5n }, (k, v) => v)), t(() => JSON.stringify({ n: 1 }, (k, v) => (k === 'n' ? 9n : v))),
  t(() => { BigInt.prototype.toJSON = function () { return this.toString(); }; return JSON.stringify({ a: 7n, b: [8n] }); })].join('\n'));
EOF2
  same_as_node
}

@test "a BigInt typed array's prototype is its constructor's, or a subclass's, as node answers" {
  cat > prog.js <<'EOF'
class Sub extends BigUint64Array {}
const out = [];
for (const C of [BigInt64Array, BigUint64Array, Sub]) {
  const a = new C(2), b = new C(new ArrayBuffer(16), 8);
  out.push([C.name, Object.getPrototypeOf(a) === C.prototype, Object.getPrototypeOf(b) === C.prototype,
            Object.getPrototypeOf(C.prototype) === Object.getPrototypeOf(Int8Array.prototype)].join());
}
console.log(out.join('\n'));
EOF
  same_as_node
}

@test "an object whose value is a BigInt mixes with a number as node's does: arithmetic and bitwise operators throw, BigInt with BigInt computes, valueOf runs once" {
  cat > prog.js <<'EOF2'
const out = [];
let calls = 0;
const v = { valueOf() { calls++; return 5; } };
for (const f of [() => Object(1n) * 1, () => Object(1n) * 2n, () => Object(2n) ** 2n, () => Object(1n) ** 1,
                 () => Object(1n) + 1, () => Object(1n) - 1, () => Object(7n) % 2n, () => Object(7n) / 2n,
                 () => 1 & Object(1n), () => Object(1n) << 1n, () => Object(1n) >>> 1n, () => v * 2, () => v - 1n,
                 () => new Date(5) - new Date(2), () => Object(1n) + 'x', () => Object(3n) < 4, () => Object(1n) == 1]) {
  try { out.push(String(f())); } catch (e) { out.push(e.name + ': ' + e.message); }
}
out.push(calls);
console.log(out.join('\n'));
EOF2
  body_same_as_node
  run run-code prog.js
  assert_line --index 0 'TypeError: Cannot mix BigInt and other types, use explicit conversions'
  assert_line --index 1 '2'
}

@test "BigInt operators on values from one digit to hundreds give node's digits (native arithmetic: lib/engine/bignum.h)" {
  # Operands of every size the native code treats differently: within 18 digits (machine
  # words), past them (base-10^9 limbs), divisors of one limb and of many (long division), and
  # shifts both ways. 0n >> -(10n ** 20n) is 0n in node; the runtime's shift threw RangeError.
  cat > prog.js <<'EOF2'
let seed = 12345n;
const next = (digits) => {
  let v = 0n;
  for (let i = 0; i < digits; i += 9) { seed = (seed * 1103515245n + 12345n) % 2147483648n; v = v * 1000000000n + seed % 1000000000n; }
  return (seed & 1n) ? -v - 1n : v + 1n;
};
const sizes = [1, 9, 17, 18, 19, 27, 40, 90, 300];
let h = 0n, lines = [];
for (const x of sizes) for (const y of sizes) {
  const a = next(x), b = next(y);
  const r = [a + b, a - b, a * b, a / b, a % b, a < b, a <= b, a > b, a >= b, a == b, a << 7n, a >> 5n, -a, a >> 200n];
  h = (h * 31n + r.filter((v) => typeof v === 'bigint').reduce((s, v) => s ^ v, 0n)) % (2n ** 127n - 1n);
  if (x === y) lines.push(r.map(String).join(' ').slice(0, 120));
}
console.log(String(h));
console.log(lines.join('\n'));
console.log(String(0n >> -(10n ** 20n)), String(0n << 10n ** 20n), String(-5n >> 1000n), String(5n >> 1000n));
try { 1n % 0n; } catch (e) { console.log(e.name + ': ' + e.message); }
EOF2
  same_as_node
}

@test "BigInt() of decimal text reads it in linear time: 200,000 digits, leading zeros, signs and refusals as node" {
  # The runtime multiplied a digit array for every 7 digits: 200,000 digits ran past the
  # two-minute deadline.
  cat > prog.js <<'EOF2'
const out = [];
for (const t of ['0', '000', '-0', '+0', '-007', '  42  ', '1'.repeat(50), '-' + '9'.repeat(40), '0x1F', '12a', '', '-', '1e3', '1.5']) {
  try { const b = BigInt(t); out.push(String(b) + ' ' + (b === 0n)); } catch (e) { out.push(e.name + ': ' + e.message); }
}
const big = '7'.repeat(200000);
out.push(String(BigInt(big) % 1000n), BigInt(big) === BigInt('000' + big), String(BigInt('-' + big) / BigInt('1' + '0'.repeat(199990))));
console.log(out.join('\n'));
EOF2
  same_as_node
}

@test "a BigInt wrapper converted to a number throws node's TypeError; as a string it is its digits" {
  cat > prog.js <<'EOF2'
const t = (f) => { try { return String(f()); } catch (e) { return e.constructor.name + ': ' + e.message; } };
const w = Object(1n);
console.log([t(() => +w), t(() => Math.pow(w, 1)), t(() => Number(w)), t(() => Math.max(w)), t(() => isNaN(w)),
  t(() => String(w)), t(() => `${w}`), t(() => [w].join()), t(() => ({ [w]: 1 })['1']),
  t(() => +{ valueOf() { return 2n; } }), t(() => String({ toString() { return 3n; } }))].join('\n'));
EOF2
  same_as_node
}

@test "BigInt.asIntN and asUintN convert bits first, and refuse a BigInt for bits, as node" {
  cat > prog.js <<'EOF2'
const log = [];
const bits = { valueOf() { log.push('bits'); return 8; } }, big = { valueOf() { log.push('bigint'); return 255n; } };
const t = (f) => { try { return String(f()); } catch (e) { return e.constructor.name + ': ' + e.message; } };
console.log([t(() => BigInt.asIntN(bits, big)), t(() => BigInt.asUintN(bits, big)), log.join(),
  t(() => BigInt.asIntN(1n, 0n)), t(() => BigInt.asUintN(Object(0n), 0n)), t(() => BigInt.asIntN('8', 300n))].join('\n'));
EOF2
  same_as_node
}

@test "new Number(1n) converts the BigInt as Number(1n) does, as node" {
  cat > prog.js <<'EOF2'
console.log(+new Number(0n), +new Number(2n ** 64n), +new Number(-5n), typeof new Number(3n), +new Number(Object(7n)), +new Number());
try { new Number(Symbol()); } catch (e) { console.log(e.constructor.name); }
EOF2
  same_as_node
}

@test "BigInt operators as natives: BigInt and number pairs, objects whose valueOf gives a BigInt, mixes, strings, division by zero and shift limits as node" {
  cat > prog.js <<'EOF2'
const out = [];
const p = (x) => out.push(typeof x === 'bigint' ? x + 'n' : typeof x === 'number' && Object.is(x, -0) ? '-0' : String(x));
const big = { valueOf() { return 12n; } }, num = { valueOf() { return 3; } }, str = { toString() { return '7'; }, valueOf: undefined };
const ops = [(a, b) => a + b, (a, b) => a - b, (a, b) => a * b, (a, b) => a / b, (a, b) => a % b, (a, b) => a < b, (a, b) => a > b,
             (a, b) => a <= b, (a, b) => a >= b, (a, b) => a == b, (a, b) => a != b, (a, b) => a << b, (a, b) => a >> b];
const pairs = [[7n, 2n], [-7n, 2n], [7, 2], [-7, 0], [0, -5], [2 ** 31, 33], [-1, 1], [big, 5n], [5n, big], [big, num], [num, 2],
               ['3', 4], ['a', 'b'], [7n, 0n], [0n, 0n], [1n, 2], [2, 1n], ['5', 5n], [5n, '5'], [null, 1], [undefined, 2], [true, 1n],
               [NaN, 1n], [1n, NaN], [18446744073709551615n, 6364136223846793005n], [-(2n ** 127n), -1n], [0n, 20000000n],
               [-5n, 1000n], [str, 1n], [3n, str]];
for (const [a, b] of pairs)
  for (const f of ops)
    try { p(f(a, b)); } catch (e) { out.push(e.name + ': ' + e.message); }
let i = 5n, j = 2.5, k = big, m = '9';
p(i++); p(i--); p(++i); p(--i); p(j++); p(j); p(--j); p(k++); p(k); p(m++); p(m);
console.log(out.join('\n'));
EOF2
  same_as_node
}

@test "BigInt literals made once keep node's values: eval, new Function, nested functions and loops, defaults, generators, and a program naming the lowering's locals" {
  cat > prog.js <<'EOF2'
const out = [];
function outer(n) {
  const inner = (x = 2n) => x * 3n + 1n;
  let s = 0n;
  for (let i = 0; i < n; i++) s += inner(BigInt(i)) - 1n;
  return s + inner();
}
function* gen() { yield 10n; yield 10n * 10n; }
out.push(outer(5), [...gen()].join(), eval('1n + 2n * 3n'), eval('(() => 5n ** 3n)()'), new Function('a', 'return a * 4n + 1n')(2n),
         new Function('return 0x10n + 0b11n + 0o7n')(), eval('var q = 9n; q * q'), eval('let z = 1n; for (let r = 0; r < 3; r++) z <<= 2n; z'));
const f1 = eval('(function () { return 7n; })'), f2 = eval('(function () { return 8n; })');
out.push(f1() + f2(), f1() === 7n, 123456789012345678901234567890n === 123456789012345678901234567890n);
var __tbmul = 'mine', __tbl0 = 'also mine', __tebadd = 'eval name';
function shadow(__tbsub) { return [__tbsub, 6n - 1n, 2n * 5n]; }
out.push(__tbmul, __tbl0, 3n * 3n, shadow('param').join(), eval('__tebadd + 1n'), eval('var __tebsub = 4; 9n - 2n + BigInt(__tebsub)'));
console.log(out.map((x) => typeof x === 'bigint' ? x + 'n' : String(x)).join('\n'));
EOF2
  same_as_node
}

@test "++ and -- on a BigInt held by a property, an element, a private or static field, or an object whose valueOf gives one, as node" {
  cat > prog.js <<'EOF2'
const o = { x: 1n, y: 5 }, k = 'x', arr = [10n, 2.5];
const r = o.x++;
o['x'] += 2n; --o.x; o[k]++;
const s = arr[0]--, t = ++arr[1], u = o.y++;
class C { #p = 1n; bump() { this.#p++; return this.#p; } static q = 3n; static #s = 1n; static n() { return C.#s++ + C.#s; } }
C.q--;
let big = { valueOf() { return 12n; } }, calls = 0, counted = { valueOf() { calls++; return 7n; } };
const old = big++, held = { v: counted }, was = held.v--;
console.log(String(r), String(o.x), String(s), String(arr[0]), t, u, o.y, String(new C().bump()), String(C.q), String(C.n()),
            String(o[k]--), String(o.x), String(old), String(big), String(was), String(held.v), calls);
try { C.prototype.bump.call({}); } catch (e) { console.log(e.name); }
EOF2
  same_as_node
}

@test "+ with a string and a Symbol throws in a program that uses BigInt, as node (the operator call used to print Symbol(s))" {
  cat > prog.js <<'EOF2'
const s = Symbol('s'), o = { valueOf() { return 2n; } };
const out = [];
for (const [x, y] of [['a', s], [s, 'a'], ['a', 1n], [1n, 'a'], ['a', o], [o, 'a'], ['x', null], [undefined, 'y'], ['z', 1.5]]) {
  try { out.push(x + y); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
}
let t = 'q';
try { t += s; } catch (e) { out.push(e.message, t); }
console.log(JSON.stringify(out));
EOF2
  same_as_node
}

@test "BigInt values near 2^127 and 2^128 of both signs, shifts, ++ and --, divisions by zero, mixes, Map and Set keys made different ways, typed arrays and a long LCG as node" {
  cat > prog.js <<'EOF'
const out = [];
const p = (...v) => out.push(v.map((x) => typeof x === 'bigint' ? x + 'n' : String(x)).join(' '));
const top = 2n ** 127n, big = 2n ** 128n;
const vals = [0n, 1n, -1n, 7n, -7n, 2n ** 64n - 1n, -(2n ** 64n), top - 1n, -(top - 1n), top, -top, top + 1n, big, -big, big + 1n, -(big + 1n)];
for (const a of vals) {
  let c = a, d = a;
  c++; d--;
  p(a + 1n, a - 1n, a * 2n, a * -3n, a / 3n, a % 5n, -a / 7n, a << 1n, a << 60n, a >> 1n, a >> 64n, a >> 300n, a << -2n, c, d);
  for (const b of [1n, -2n, 2n ** 63n, -(top - 1n), top]) p(a + b, a - b, a * b, a / b, a % b, a < b, a >= b);
}
for (const b of [0n, -0n]) { try { p(5n / b); } catch (e) { p(e.name, e.message); } try { p((top - 1n) % b); } catch (e) { p(e.name, e.message); } }
const tries = [() => 1n + 1, () => 2 * 3n, () => 1n < {}, () => 5n >> 1, () => (2n ** 64n) - 1];
for (const t of tries) { try { p(t()); } catch (e) { p(e.name, e.message); } }
const obj = { valueOf() { return 2n ** 70n; } };
p(obj + 1n, obj * 2n, obj > 1n, 3n - obj, obj << 1n);
const m = new Map([[12345678901234567890n, 'lit']]);
const made = 1234567890123456789n * 10n;
m.set(made, 'made'); m.set(BigInt('12345678901234567890'), 'parsed'); m.set(eval('12345678901234567890n'), 'eval');
m.set(new Function('return 12345678901234567891n - 1n')(), 'fn');
p(m.size, m.get(12345678901234567890n), new Set([made, made + 0n, 12345678901234567890n, -(-made)]).size, made === 12345678901234567890n);
try { JSON.stringify({ v: made * made }); } catch (e) { p(e.name, e.message); }
const ta = new BigInt64Array([made - 2n ** 64n, -(2n ** 63n), 2n ** 63n - 1n]), ua = new BigUint64Array([2n ** 64n - 1n, made]);
p(ta[0], ta[1] - 1n, ta[2] + 1n, ua[0] + 1n, ua[1] === made);
const M = 1n << 64n; let a = 1n, s = 0n;
for (let i = 0; i < 2000; i++) { a = (a * 6364136223846793005n + 1442695040888963407n) % M; s += a >> 40n; }
const seen = [];
for (let i = 0; i < 600; i++) seen.push(BigInt(i) * 1000000007n + 3n);
let t = 0n; for (const x of seen) t += x % 1000n;
p(s, a, t, seen[599]);
console.log(out.join('\n'));
EOF
  same_as_node
}

@test "a let or const holding only numbers beside BigInts, and ones made BigInts by =, a closure, destructuring or for-of, by eval or inside with, as node" {
  cat > prog.js <<'EOF'
const N = 5; let out = [];
for (let i = 0; i < N; i++) out.push(typeof i);
let j = 0; j = 10n; for (; j < 12n; j++) out.push(typeof j, String(j));
let k = 0; (() => { k = 3n; })(); out.push(String(k + 1n), k < 4);
let p = 1; { let p = 2n; out.push(String(p * 3n)); } out.push(p < 2, p + 1);
let q = 0; q++; q--; ++q; out.push(q, q < 1, q * 2);
let r = 0; [r] = [7n]; out.push(String(r), r > 6n);
let s = 0; ({ s } = { s: 9n }); out.push(String(s), s >= 9n);
let t = 0; t += 1; out.push(t);
let u = 0; function f() { u = 2n ** 3n; } f(); out.push(String(u + 1n));
let v = 0; for (v of [1n, 2n]) ; out.push(String(v + 1n));
const w = 2; out.push(w + 3, w << 2, w ** 3, (w + 1) * w, w > 1);
let x = 0; const o = { x: 5n }; out.push(x < 1);
let y = 1; y = y; out.push(y);
let z = 0; for (let a = 0; a < 3; a++) { z++; } out.push(z, z * 2 < 7);
let big = 0; big = 1n << 70n; out.push(String(big >> 3n));
console.log(out.join(' '));
EOF
  same_as_node
  cat > prog.js <<'EOF'
const N = 3, out = [];
let m = 0; eval('m = 5n'); out.push(String(m), typeof m, m < 6n);
for (let i = 0; i < N; i++) out.push(i < 2);
let i = 0; with ({ i: 5n }) { out.push(String(i + 1n), i < 6n); } out.push(i < 1);
console.log(out.join(' '));
EOF
  same_as_node
}

@test "BigInts just under and over 2^63, 2^64, 2^127 and 2^128 of both signs as text, keys, truth values, comparisons, typed array elements and wrappers, before and after their text is read, as node" {
  cat > prog.js <<'EOF'
const out = [];
const p = (...v) => out.push(v.map((x) => typeof x === 'bigint' ? 'big:' + x : String(x)).join(' '));
const edges = [];
for (const e of [63n, 64n, 127n, 128n]) {
  const x = 1n << e;
  for (const v of [x - 1n, x, x + 1n]) edges.push(v, -v);
}
for (const v of edges) {
  // Made four ways: arithmetic (above), its text parsed, a literal through eval, and a number when exact.
  const parsed = BigInt(String(v)), lit = eval(v + 'n'), viaNum = BigInt(Number(v)) === v ? BigInt(Number(v)) : v;
  p(v, `${v}`, '' + v, v + '', v.toString(16), v.toString(2).length, v.toString(36), typeof v, !!v,
    v === parsed, Object.is(v, lit), v === viaNum, v == String(v), v == Number(v), v < Number(v) + 1e30, v > String(v - 1n), v <= `${v}`,
    [parsed].includes(lit), [lit].indexOf(v));
}
// Equal BigInts made different ways are one key, before and after anything asks for their text.
for (const [a, b, c, d] of [[5n, 10n / 2n, BigInt('5'), BigInt(5)], [2n ** 64n, 1n << 64n, BigInt('18446744073709551616'), BigInt(2 ** 64)],
    [-(2n ** 63n), -1n << 63n, BigInt('-9223372036854775808'), BigInt(-(2 ** 63))], [2n ** 127n, 1n << 127n, BigInt('170141183460469231731687303715884105728'), BigInt(2 ** 127)],
    [2n ** 126n - 1n, (1n << 126n) - 1n, BigInt('85070591730234615865843651857942052863'), 2n ** 126n - 1n]]) {
  const m = new Map([[a, 'a']]);
  m.set(b, 'b');
  const s = new Set([c]);
  p(m.size, m.get(c), m.get(d), s.has(d), s.has(a), a === b, b === c, Object.is(c, d));
  String(b); `${d}`;
  m.set(d, 'd');
  p(m.size, m.get(a), s.has(b), a === d, new Set([a, b, c, d]).size);
}
// Truth of zeros however made, and of values whose text was or was not asked for.
const zeros = [0n, -0n, 5n - 5n, BigInt('-0'), BigInt(0), BigInt(-0), 0n * -7n, (2n ** 130n) % 2n, -(2n ** 70n) / (2n ** 71n)];
p(zeros.map((z) => (z ? 't' : 'f') + (z === 0n) + Object.is(z, -0n) + String(z)).join());
p([1n, -1n, 2n ** 64n, -(2n ** 128n)].map((z) => (z ? 't' : 'f') + !z).join(), 0n || 'or', 1n && 'and', 0n ?? 'nn');
p((12345678901234567890n).toLocaleString('en-US'), (-(2n ** 64n)).toLocaleString('en-US'), (123n).toLocaleString(), (2n ** 127n).toLocaleString('de-DE'));
for (const v of [1n, 2n ** 64n, 2n ** 130n, { a: [-(2n ** 63n)] }]) { try { JSON.stringify(v); p('no throw'); } catch (e) { p(e.name, e.message); } }
const w = Object(2n ** 64n), w2 = Object(-3n);
p(typeof w, w instanceof BigInt, w + 1n, w2 * w2, w == 2n ** 64n, w === 2n ** 64n, `${w}`, w.valueOf() === 2n ** 64n, w2.toString(2), String(w2));
const ta = new BigInt64Array(edges.length), ua = new BigUint64Array(edges.length);
edges.forEach((v, i) => { ta[i] = v; ua[i] = v; });
p(Array.from(ta).join(), Array.from(ua).join());
p(Array.from(ta).map((v, i) => v === BigInt.asIntN(64, edges[i])).join(), BigInt.asUintN(64, -1n), BigInt.asIntN(64, 2n ** 63n), BigInt.asUintN(128, -(2n ** 127n)));
p([10n, 2n ** 64n, -3n, 2n ** 130n, 0n].sort().join(), [3n, 1n, 2n].map(String).join('|'), String([1n, -(2n ** 127n)]));
console.log(out.join('\n'));
EOF
  same_as_node
}

@test "unary - and ~, &, |, ^, ** and asIntN/asUintN of BigInts around 2^63, 2^64, 2^127 and past them, numbers and objects whose valueOf gives a BigInt, as node" {
  cat > prog.js <<'EOF'
const out = [];
const p = (...v) => out.push(v.map((x) => typeof x === 'bigint' ? x + 'n' : String(x)).join(' '));
const top = 2n ** 127n;
const vals = [0n, 1n, -1n, 2n, -2n, 3n, -7n, 255n, -256n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 64n, -(2n ** 64n) + 1n, top - 1n, -(top - 1n), top - 2n, -(top - 2n), top, -top, 2n ** 130n + 5n, -(2n ** 130n) - 3n];
for (const a of vals) {
  p(-a, ~a, -(-a) === a, ~~a === a);
  for (const b of [0n, 1n, -1n, 6n, -(2n ** 64n) - 1n, top - 1n, -(top - 1n), -top, 2n ** 129n]) p(a & b, a | b, a ^ b);
  for (const e of [0n, 1n, 2n, 3n, 7n, 63n, 64n, 126n, 127n, 128n]) { try { const r = a ** e; p(r.toString().length > 80 ? r.toString().length : r); } catch (e) { p(e.name, e.message); } }
  for (const n of [0, 1, 2, 7, 8, 63, 64, 65, 126, 127, 128, 129, 200]) p(BigInt.asIntN(n, a), BigInt.asUintN(n, a));
}
for (const t of [() => 2n ** -1n, () => 0n ** 0n, () => (-3n) ** 3n, () => 1 & 3, () => 5 | 2, () => 6 ^ 3, () => -(5), () => ~5.7, () => 2 ** 10, () => (-8) ** (1 / 3), () => 1n & 1, () => -'3', () => ~'7', () => -({ valueOf() { return 4n; } }), () => ~Object(9n), () => 2n ** Object(3n), () => BigInt.asIntN(64, Object(-1n)), () => BigInt.asUintN(-1, 1n), () => BigInt.asIntN(2 ** 53, 1n)]) {
  try { p(t()); } catch (e) { p(e.name, e.message); }
}
let x = 5n; x **= 3n; x &= 0x7fn; x |= 256n; x ^= 3n; p(x, -x, ~x);
console.log(out.join('\n'));
EOF
  same_as_node
}
