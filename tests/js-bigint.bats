#!/usr/bin/env bats
# BigInt: values of an internal class, and a program that mentions BigInt lowered with its
# operators as runtime calls (lib/engine/runtime/51-bigint.js). Compared with node. What is not
# done throws a TypeError when reached; the limits are the last test.

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

@test "limits: bitwise operators on a BigInt throw a TypeError; equal BigInts are distinct keys" {
  run run-code --code 'try { return 1n | 0 } catch (e) { return e.name + ": " + e.message }'
  assert_output 'TypeError: Cannot convert a BigInt value to a number'
  run run-code --code 'return new Set([BigInt(1), BigInt(1)]).size'
  assert_output '2'
}
