// The ES2015 Math functions Duktape lacks (Number already has the ES2015 set).
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var M = Math;
  function fill(name, fn, len) { if (typeof M[name] !== 'function') rt.method(M, name, fn, len); }
  fill('expm1', function (x) {
    x = +x;
    if (x === 0 || x !== x) return x;
    if (Math.abs(x) < 1e-5) return x + x * x / 2 + x * x * x / 6;
    return Math.exp(x) - 1;
  }, 1);
  fill('log1p', function (x) {
    x = +x;
    if (x === 0 || x !== x) return x;
    if (Math.abs(x) < 1e-4) return x - x * x / 2 + x * x * x / 3;
    return Math.log(1 + x);
  }, 1);
  fill('sinh', function (x) { x = +x; if (x === 0) return x; return (Math.expm1(x) - Math.expm1(-x)) / 2; }, 1);
  fill('cosh', function (x) { x = +x; var e = Math.exp(Math.abs(x)); return (e + 1 / e) / 2; }, 1);
  fill('tanh', function (x) {
    x = +x;
    if (x === 0 || x !== x) return x;
    if (x > 20) return 1;
    if (x < -20) return -1;
    var a = Math.expm1(2 * x);
    return a / (a + 2);
  }, 1);
  fill('asinh', function (x) {
    x = +x;
    if (x === 0 || !isFinite(x)) return x;
    var a = Math.abs(x), r = Math.log(a + Math.sqrt(a * a + 1));
    if (a < 1e-4) r = a - a * a * a / 6;
    return x < 0 ? -r : r;
  }, 1);
  fill('acosh', function (x) { x = +x; return Math.log(x + Math.sqrt(x * x - 1)); }, 1);
  fill('atanh', function (x) { x = +x; if (x === 0) return x; return Math.log1p(2 * x / (1 - x)) / 2; }, 1);
  // Duktape's cbrt is off by an ulp on exact cubes (cbrt(27) is 3.0000000000000004): one
  // Newton step on the pow() estimate lands on them.
  var pow = Math.pow;
  rt.method(M, 'cbrt', function (x) {
    x = +x;
    if (x === 0 || x !== x || x === Infinity || x === -Infinity) return x;
    var a = Math.abs(x), r = pow(a, 1 / 3);
    r = r - (r * r * r - a) / (3 * r * r);
    return x < 0 ? -r : r;
  }, 1);
  var f32 = new Float32Array(1);
  fill('fround', function (x) { f32[0] = x; return f32[0]; }, 1);
  // Number.parseFloat and Number.parseInt are the global functions themselves.
  if (Number.parseFloat !== global.parseFloat) rt.def(Number, 'parseFloat', global.parseFloat);
  if (Number.parseInt !== global.parseInt) rt.def(Number, 'parseInt', global.parseInt);
})(this);

// Number.prototype toFixed, toExponential and toPrecision up to 100 digits (ES2018; Duktape
// stops at 20 and 21): the exact decimal expansion of the double, rounded as the spec says
// (a tie rounds up). Duktape's own still serve the digit counts it has.
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var NP = Number.prototype, BASE = 10000000;
  var nativeFixed = NP.toFixed, nativeExp = NP.toExponential, nativePrec = NP.toPrecision;
  var valueOf = NP.valueOf;

  // Big naturals as little-endian base-10^7 limbs.
  function mulSmall(limbs, k) {
    var carry = 0;
    for (var i = 0; i < limbs.length; i++) {
      var v = limbs[i] * k + carry;
      carry = Math.floor(v / BASE);
      limbs[i] = v - carry * BASE;
    }
    while (carry > 0) { var c = Math.floor(carry / BASE); limbs.push(carry - c * BASE); carry = c; }
  }
  function limbString(limbs) {
    var s = String(limbs[limbs.length - 1]);
    for (var i = limbs.length - 2; i >= 0; i--) s += ('000000' + limbs[i]).slice(-7);
    return s;
  }
  // x > 0 finite -> { d: its significant digits, p: the decimal exponent of the first digit }
  // so that x = 0.d * 10^(p + 1)... kept simply as x = d[0].d[1..] * 10^p.
  function exactDigits(x) {
    var m = x, e = 0;
    while (m % 1 !== 0) { m *= 2; e--; }
    while (m > 9007199254740992) { m /= 2; e++; }
    var limbs = [];
    while (m > 0) { var q = Math.floor(m / BASE); limbs.push(m - q * BASE); m = q; }
    var k;
    if (e >= 0) for (k = 0; k < e; k++) mulSmall(limbs, 2);
    else for (k = 0; k < -e; k++) mulSmall(limbs, 5);
    var s = limbString(limbs), intLen = e >= 0 ? s.length : s.length + e;  // digits before the point
    var lead = 0;
    while (s.charAt(lead) === '0') lead++;
    var end = s.length;
    while (end > lead + 1 && s.charAt(end - 1) === '0') end--;
    return { d: s.slice(lead, end), p: intLen - lead - 1 };
  }
  // The first n digits of ds rounded half up: { d, carry } (carry: one more leading digit).
  function roundDigits(ds, n) {
    if (ds.length <= n) { while (ds.length < n) ds += '0'; return { d: ds, carry: false }; }
    var kept = ds.slice(0, n);
    if (ds.charCodeAt(n) < 53) return { d: kept, carry: false };
    var digits = kept.split(''), i = n - 1;
    while (i >= 0 && digits[i] === '9') digits[i--] = '0';
    if (i < 0) return { d: '1' + digits.join('').slice(0, n - 1), carry: true };
    digits[i] = String.fromCharCode(digits[i].charCodeAt(0) + 1);
    return { d: digits.join(''), carry: false };
  }
  var classOf = Object.prototype.toString;
  function thisNumber(v, name) {
    if (typeof v === 'number') return v;
    if (v !== null && typeof v === 'object' && classOf.call(v) === '[object Number]') return valueOf.call(v);
    throw new TypeError('Number.prototype.' + name + " requires that 'this' be a Number");
  }
  function zeros(n) { var s = ''; while (n-- > 0) s += '0'; return s; }
  function expForm(d, p) {
    return (d.length > 1 ? d.charAt(0) + '.' + d.slice(1) : d) + 'e' + (p >= 0 ? '+' : '-') + Math.abs(p);
  }

  rt.method(NP, 'toFixed', function (fractionDigits) {
    var x = thisNumber(this, 'toFixed'), f = rt.toIntegerOrInfinity(fractionDigits);
    if (f <= 20 && f >= 0 || f !== f) return nativeFixed.call(x, fractionDigits);
    if (!(f >= 0 && f <= 100)) throw new RangeError('toFixed() digits argument must be between 0 and 100');
    if (x !== x) return 'NaN';
    if (Math.abs(x) >= 1e21) return String(x);
    var sign = x < 0 ? '-' : '';
    x = Math.abs(x);
    if (x === 0) return sign === '-' ? '0.' + zeros(f) : '0.' + zeros(f);
    var ex = exactDigits(x), n = ex.p + 1 + f;  // the digits kept
    var r;
    if (n <= 0) r = { d: n === 0 && ex.d.charCodeAt(0) >= 53 ? '1' : '', carry: n === 0 && ex.d.charCodeAt(0) >= 53 };
    else r = roundDigits(ex.d, n);
    var all = r.carry ? r.d + '0' : r.d, intLen = ex.p + 1 + (r.carry ? 1 : 0);  // a carry adds a place
    if (n <= 0) { all = r.carry ? '1' : ''; intLen = r.carry ? 1 - f : 0; }
    // all holds the digits from 10^(intLen-1) down to 10^-f.
    var digits = intLen > 0 ? all : zeros(-intLen) + all;
    while (digits.length < f + 1) digits = '0' + digits;
    var cut = digits.length - f;
    return sign + digits.slice(0, cut) + '.' + digits.slice(cut);
  }, 1);

  rt.method(NP, 'toExponential', function (fractionDigits) {
    var x = thisNumber(this, 'toExponential'), f = rt.toIntegerOrInfinity(fractionDigits);
    if (fractionDigits === undefined || (f >= 0 && f <= 20) || x !== x || !isFinite(x)) return nativeExp.call(x, fractionDigits);
    if (!(f >= 0 && f <= 100)) throw new RangeError('toExponential() argument must be between 0 and 100');
    var sign = x < 0 ? '-' : '';
    x = Math.abs(x);
    if (x === 0) return sign + expForm('0' + zeros(f), 0).replace('-', '+');
    var ex = exactDigits(x), r = roundDigits(ex.d, f + 1);
    return sign + expForm(r.d, ex.p + (r.carry ? 1 : 0));
  }, 1);

  rt.method(NP, 'toPrecision', function (precision) {
    var x = thisNumber(this, 'toPrecision');
    if (precision === undefined) return nativePrec.call(x, precision);
    var p = rt.toIntegerOrInfinity(precision);
    if (x !== x || !isFinite(x)) return String(x);
    if (!(p >= 1 && p <= 100)) throw new RangeError('toPrecision() argument must be between 1 and 100');
    var sign = x < 0 ? '-' : '';
    x = Math.abs(x);
    if (x === 0) return sign + (p > 1 ? '0.' + zeros(p - 1) : '0');
    var ex = exactDigits(x), r = roundDigits(ex.d, p), e = ex.p + (r.carry ? 1 : 0), d = r.d;
    if (e < -6 || e >= p) return sign + expForm(d, e);
    if (e >= 0) return sign + d.slice(0, e + 1) + (p > e + 1 ? '.' + d.slice(e + 1) : '');
    return sign + '0.' + zeros(-e - 1) + d;
  }, 1);
})(this);
