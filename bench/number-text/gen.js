// The doubles bench/number-text/run checks, one category a run, the same in node and
// run-code: prints each value's bits and its String(x). The driver sets CATEGORY, COUNT and
// SEED above this text.
const buf = new ArrayBuffer(8), f64 = new Float64Array(buf), u32 = new Uint32Array(buf);
// Little-endian words: u32[0] is the low half of the double's bits.
let state = SEED >>> 0 || 1;
function rnd() { // xorshift32: the same sequence in both engines
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
}
function fromBits(hi, lo) { u32[1] = hi >>> 0; u32[0] = lo >>> 0; return f64[0]; }
function next(x, up) { // the neighbouring double of a finite x > 0
  f64[0] = x;
  let lo = u32[0], hi = u32[1];
  if (up) { lo = (lo + 1) >>> 0; if (lo === 0) hi++; } else { if (lo === 0) hi--; lo = (lo - 1) >>> 0; }
  return fromBits(hi, lo);
}
// Each category makes value number i (0 <= i < COUNT).
const pow2 = [], pow10 = [], exact10 = [1];
for (let k = 1; k <= 22; k++) exact10.push(exact10[k - 1] * 10);
for (let e = -1074; e <= 1023; e++) pow2.push(Math.pow(2, e));
for (let e = -323; e <= 308; e++) pow10.push(Number('1e' + e));
function around(list, i) { // each listed value and its two neighbours
  const x = list[Math.floor(i / 3) % list.length], k = i % 3;
  return k === 0 ? x : next(x, k === 1);
}
// (Decimal literals and Number() of a text are Duktape's own parse, which misses some halfway
// cases (1e23 is a unit off): the driver counts such values apart.)
const make = {
  bits: () => { let x; do x = fromBits(rnd(), rnd()); while (!isFinite(x)); return x; },
  subnormal: () => fromBits(rnd() & 0xfffff, rnd()),
  integers: () => Math.floor((rnd() * 4294967296 + rnd()) / Math.pow(2, rnd() % 12)) * Math.pow(2, rnd() % 40),
  sevenths: (i) => (i + 1) / 7,
  tenths: (i) => (i + 1) / 10,
  thirds: (i) => (i + 1) / 3,
  scaled: (i) => { // single correctly rounded operations, so both engines make the same value
    const x = ((rnd() % 100000) + 1) / [3, 7, 10, 100, 1000, 1e6][i % 6], p = exact10[rnd() % 23];
    return rnd() % 2 ? x * p : x / p;
  },
  powers: (i) => around(i % 2 ? pow2 : pow10, i >> 1),
  decades: (i) => { // 1eK and 9.99..9eK-1 of each length, with their neighbours
    const k = (i >> 6) % 630 - 322, n = (i >> 1) % 32 % 18;
    const x = Number(n ? '9'.repeat(n) + 'e' + (k - n) : '1e' + k);
    return i & 1 ? next(x, (i >> 5) & 1) : x;
  },
  halfway: () => { // m * 2^-q near 2^53: the exact value ends in 5 where the shortest digits stop
    const q = 1 + rnd() % 4, m = 4503599627370496 + (rnd() % 1048576) * 4294967296 + rnd();
    return m / Math.pow(2, q) * (rnd() % 2 ? 1 : Math.pow(2, (rnd() % 64) - 32));
  },
  edges: (i) => [5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 2.225073858507201e-308,
                 1e21, 999999999999999900000, 1e-7, 1e-6, 0.000001234, 123456789012345680000,
                 4294967295, 4294967296, 9007199254740991, 9007199254740992, 0.1, 0.2, 0.3,
                 1125899906842624.25, 1125899906842624.75, fromBits(0x44b52d02, 0xc7e14af6) /* 1e23 */, 5e-310, 1.5e-323][i % 22],
};
const gen = make[CATEGORY], lines = [];
for (let i = 0; i < COUNT; i++) {
  let x = gen(i);
  if (i % 2 && CATEGORY !== 'edges') x = -x;
  f64[0] = x;
  lines.push((u32[1] >>> 0).toString(16).padStart(8, '0') + (u32[0] >>> 0).toString(16).padStart(8, '0') + ' ' + String(x));
  if (lines.length === 10000) { console.log(lines.join('\n')); lines.length = 0; }
}
if (lines.length) console.log(lines.join('\n'));
