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
