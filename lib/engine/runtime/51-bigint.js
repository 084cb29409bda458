// BigInt: a BigInt is an immutable object of a class the engine knows, made in C (its value
// in binary below 2^127, else its decimal text: lib/engine/patches/0010 and 0085): typeof
// answers 'bigint', 0n is falsy, and ===, Object.is, Map and Set keys, indexOf and includes
// compare BigInts by value. A program that mentions BigInt (a literal or the name), and code
// built at run time (eval, Function) once BigInt is loaded, is lowered with its arithmetic,
// comparison, bitwise, shift and update operators as calls of __oda_BI
// (lib/js/lower_expr.cc), which fall through to the plain operator when no operand is a
// BigInt.
// @lazy: BigInt __oda_BI
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var native = global.__oda_bigint, bigop = global.__oda_bigop;
  var B = 10000000, BD = 7;

  function make(sign, mag) {
    while (mag.length && mag[mag.length - 1] === 0) mag.pop();
    return fromDigits(sign, magToString(mag, 10));
  }
  // The BigInt of sign and decimal digits (leading zeros allowed).
  function fromDigits(sign, digits) {
    var i = 0;
    while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
    if (i) digits = digits.slice(i);
    return native((sign < 0 && digits !== '0' ? '-' : '') + digits, 5);  // made in C
  }
  function tx(b) { return native(b, 1); }  // its decimal text
  function isBI(v) { return typeof v === 'bigint'; }
  // The operators of two BigInts are native (lib/engine/bignum.h, __oda_bigop), and what is
  // left here reads the sign and the magnitude from the decimal text.
  function sgn(b) { return tx(b).charCodeAt(0) === 45 ? -1 : 1; }
  function mag(b) {  // base-10^7 digits, least significant first
    var t = tx(b), start = t.charCodeAt(0) === 45 ? 1 : 0, m = [];
    for (var end = t.length; end > start; end -= BD) m.push(+t.slice(Math.max(start, end - BD), end));
    while (m.length && m[m.length - 1] === 0) m.pop();
    return m;
  }
  function mixError() { return new TypeError('Cannot mix BigInt and other types, use explicit conversions'); }

  // ---- magnitudes: arrays of base-10^7 digits, least significant first ----
  function addMag(a, b) {
    var r = [], c = 0, n = Math.max(a.length, b.length);
    for (var i = 0; i < n; i++) {
      var t = (a[i] || 0) + (b[i] || 0) + c;
      c = t >= B ? 1 : 0;
      r.push(c ? t - B : t);
    }
    if (c) r.push(c);
    return r;
  }
  function subMag(a, b) {  // a >= b
    var r = [], c = 0;
    for (var i = 0; i < a.length; i++) {
      var t = a[i] - (b[i] || 0) - c;
      c = t < 0 ? 1 : 0;
      r.push(c ? t + B : t);
    }
    while (r.length && r[r.length - 1] === 0) r.pop();
    return r;
  }
  function mulSmall(a, m, add) {  // a * m + add, m and add below B
    var r = [], c = add || 0;
    for (var i = 0; i < a.length; i++) {
      var t = a[i] * m + c;
      c = Math.floor(t / B);
      r.push(t - c * B);
    }
    while (c) { r.push(c % B); c = Math.floor(c / B); }
    while (r.length && r[r.length - 1] === 0) r.pop();
    return r;
  }
  function divSmall(a, d) {  // [quotient, remainder], d below B
    var q = new Array(a.length), rem = 0;
    for (var i = a.length - 1; i >= 0; i--) {
      var t = rem * B + a[i];
      q[i] = Math.floor(t / d);
      rem = t - q[i] * d;
    }
    while (q.length && q[q.length - 1] === 0) q.pop();
    return [q, rem];
  }
  // ---- conversions ----
  var DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
  function parseMag(s, radix) {  // s: digits only, valid for radix; null when not
    var mag = [], chunk = 1, len = 0, v = 0, per = Math.floor(Math.log(B) / Math.log(radix));
    if (!s.length) return null;
    for (var i = 0; i < s.length; i++) {
      var d = DIGITS.indexOf(s.charAt(i).toLowerCase());
      if (d < 0 || d >= radix) return null;
      v = v * radix + d;
      chunk *= radix;
      if (++len === per) { mag = mulSmall(mag, chunk, v); chunk = 1; len = 0; v = 0; }
    }
    if (len) mag = mulSmall(mag, chunk, v);
    return mag;
  }
  // StringToBigInt: null for text that is no integer.
  function fromString(str) {
    var s = String(str).replace(/^[\s\uFEFF\xA0]+|[\s\uFEFF\xA0]+$/g, '');
    if (s === '') return make(1, []);
    var radix = 10, sign = 1, m = /^0([xob])/i.exec(s);
    if (m) { radix = { x: 16, o: 8, b: 2 }[m[1].toLowerCase()]; s = s.slice(2); }
    else if (s.charAt(0) === '-' || s.charAt(0) === '+') { sign = s.charAt(0) === '-' ? -1 : 1; s = s.slice(1); }
    if (radix === 10) return /^[0-9]+$/.test(s) ? fromDigits(sign, s) : null;  // linear
    var mag = parseMag(s, radix);
    return mag ? make(sign, mag) : null;
  }
  function fromNumber(n) {  // n an integer
    // A safe integer's text is its exact digits (-0's is '0').
    if (n >= -9007199254740991 && n <= 9007199254740991) return native(String(n), 5);
    var sign = n < 0 ? -1 : 1;
    n = Math.abs(n);
    // Exact for every double: its decimal digits (toFixed is exact for integers below 1e21).
    var s = n < 1e21 ? n.toFixed(0) : exactDigits(n);
    return make(sign, parseMag(s, 10));
  }
  function exactDigits(n) {  // n >= 2^53: mantissa * 2^e
    var e = 0;
    while (n >= 9007199254740992) { n /= 2; e++; }
    var m = mag(fromNumber(n));
    while (e >= 20) { m = mulSmall(m, 1048576); e -= 20; }
    m = mulSmall(m, Math.pow(2, e));
    return magToString(m, 10);
  }
  function magToString(mag, radix) {
    if (!mag.length) return '0';
    var out = '', i;
    if (radix === 10) {
      out = String(mag[mag.length - 1]);
      for (i = mag.length - 2; i >= 0; i--) out += ('000000' + mag[i]).slice(-BD);
      return out;
    }
    var per = Math.floor(Math.log(B) / Math.log(radix)), chunk = Math.pow(radix, per), m = mag;
    while (m.length) {
      var qr = divSmall(m, chunk), piece = qr[1].toString(radix);
      m = qr[0];
      out = (m.length ? new Array(per - piece.length + 1).join('0') + piece : piece) + out;
    }
    return out;
  }
  function toText(b, radix) { return radix === 10 ? tx(b) : (sgn(b) < 0 ? '-' : '') + magToString(mag(b), radix); }
  function toNumber(b) { return Number(toText(b, 10)); }

  function toPrimitive(v, hint) {
    if (isBI(v) || v === null || (typeof v !== 'object' && typeof v !== 'function')) return v;
    var tp = v[Symbol.toPrimitive];
    if (tp !== undefined && tp !== null) {
      var p = tp.call(v, hint);
      if (p !== null && (typeof p === 'object' || typeof p === 'function') && !isBI(p)) throw new TypeError('Cannot convert object to primitive value');
      return p;
    }
    var order = hint === 'string' || (hint === 'default' && v instanceof Date) ? ['toString', 'valueOf'] : ['valueOf', 'toString'];
    for (var i = 0; i < 2; i++) {
      var f = v[order[i]];
      if (typeof f === 'function') {
        var r = f.call(v);
        if (r === null || (typeof r !== 'object' && typeof r !== 'function') || isBI(r)) return r;
      }
    }
    throw new TypeError('Cannot convert object to primitive value');
  }

  // ---- arithmetic on two BigInts ----
  var ADD = 0, SUB = 1, MUL = 2, DIV = 3, MOD = 4, CMP = 5;  // __oda_bigop's (and 6: shift)
  function add(a, b) { return bigop(ADD, a, b); }
  function neg(a) { return bigop(SUB, ZERO, a); }
  function sub(a, b) { return bigop(SUB, a, b); }
  function mul(a, b) { return bigop(MUL, a, b); }  // RangeError 'Division by zero' for 0n
  function divmod(a, b) { return [bigop(DIV, a, b), bigop(MOD, a, b)]; }
  function pow(a, b) {
    if (sgn(b) < 0) throw new RangeError('undefined must be positive');  // node 20's words
    var e = toNumber(b), r = ONE, base = a, t = tx(a), digits = t.length - (sgn(a) < 0 ? 1 : 0);
    if (e > 1 && t !== '0' && t !== '1' && t !== '-1' && e * digits > 7e6)
      throw new RangeError('Maximum BigInt size exceeded');
    while (e > 0) {
      if (e % 2 === 1) r = mul(r, base);
      e = Math.floor(e / 2);
      if (e > 0) base = mul(base, base);
    }
    return r;
  }
  function cmp(a, b) { return bigop(CMP, a, b); }
  // A BigInt against a number: -1, 0, 1, or undefined for NaN.
  function cmpNum(a, n) {
    if (n !== n) return undefined;
    if (n === Infinity) return -1;
    if (n === -Infinity) return 1;
    var f = Math.floor(n), c = cmp(a, fromNumber(f));
    return c !== 0 ? c : (f === n ? 0 : -1);
  }

  function numeric(v) {  // ToNumeric
    v = toPrimitive(v, 'number');
    return isBI(v) ? v : Number(v);
  }
  // Whether an operand of an arithmetic operator is a primitive other than a BigInt, which the
  // engine's own operator takes as it is (an object may turn into a BigInt: Object(1n) * 1).
  function plain(v) {
    var t = typeof v;
    return t === 'number' || t === 'string' || t === 'boolean' || t === 'undefined' || v === null;
  }
  // The number operators, for both() when neither operand turns out a BigInt.
  function numSub(x, y) { return x - y; }
  function numMul(x, y) { return x * y; }
  function numDiv(x, y) { return x / y; }
  function numMod(x, y) { return x % y; }
  function numAnd(x, y) { return x & y; }
  function numOr(x, y) { return x | y; }
  function numXor(x, y) { return x ^ y; }
  function numShl(x, y) { return x << y; }
  function numShr(x, y) { return x >> y; }
  function numUshr(x, y) { return x >>> y; }
  function quotient(x, y) { return bigop(DIV, x, y); }
  function remainder(x, y) { return bigop(MOD, x, y); }
  // A binary operator on ToNumeric of both: op for two BigInts, num for two numbers, else
  // the TypeError of mixing them.
  function both(a, b, op, num) {
    a = numeric(a);
    b = numeric(b);
    if (isBI(a) && isBI(b)) return op(a, b);
    if (!isBI(a) && !isBI(b)) return num(a, b);
    throw mixError();
  }
  // Relational comparison: -1, 0, 1, or undefined (NaN or unparsable text).
  function order(a, b) {
    a = toPrimitive(a, 'number');
    b = toPrimitive(b, 'number');
    if (typeof a === 'string' && isBI(b)) { a = fromString(a); if (a === null) return undefined; }
    if (typeof b === 'string' && isBI(a)) { b = fromString(b); if (b === null) return undefined; }
    if (isBI(a) && isBI(b)) return cmp(a, b);
    if (isBI(a)) return cmpNum(a, Number(b));
    var c = cmpNum(b, Number(a));
    return c === undefined ? undefined : -c;
  }
  // == of two values neither a BigInt: an object against a primitive (not null or undefined)
  // is converted here, as it may turn into one (Object(1n) == 1); the engine's == the rest.
  function isObj(v) { return v !== null && (typeof v === 'object' || typeof v === 'function'); }
  function plainEq(a, b) {
    var oa = isObj(a), ob = isObj(b);
    if (oa !== ob && (oa ? b : a) != null) {
      if (oa) a = toPrimitive(a, 'default');
      else b = toPrimitive(b, 'default');
      if (isBI(a) || isBI(b)) return looseEq(a, b);
    }
    return a == b;
  }
  function looseEq(a, b) {
    if (isBI(a) && isBI(b)) return cmp(a, b) === 0;
    if (!isBI(a)) { var t = a; a = b; b = t; }  // a is the BigInt
    if (b === null || b === undefined || typeof b === 'symbol') return false;
    if (typeof b === 'object' || typeof b === 'function') return looseEq(a, toPrimitive(b, 'default'));
    if (typeof b === 'string') { var s = fromString(b); return s !== null && cmp(a, s) === 0; }
    return cmpNum(a, Number(b)) === 0;
  }

  // ---- bitwise: two's complement over 15-bit limbs, least significant first ----
  var LB = 32768, LM = 32767;
  // x as limbs and the bit that repeats above them (1 for a negative x: ~(|x| - 1)).
  function limbs(x) {
    var neg = sgn(x) < 0, m = neg ? subMag(mag(x), [1]) : mag(x), r = [];
    while (m.length) { var qr = divSmall(m, LB); r.push(neg ? LM - qr[1] : qr[1]); m = qr[0]; }
    return [r, neg ? 1 : 0];
  }
  function fromLimbs(r, inf) {
    var mag = [];
    for (var i = r.length - 1; i >= 0; i--) mag = mulSmall(mag, LB, inf ? LM - r[i] : r[i]);
    return inf ? make(-1, addMag(mag, [1])) : make(1, mag);
  }
  function bitwise(a, b, f) {
    var x = limbs(a), y = limbs(b), n = Math.max(x[0].length, y[0].length), r = [];
    for (var i = 0; i < n; i++) {
      var u = i < x[0].length ? x[0][i] : (x[1] ? LM : 0), v = i < y[0].length ? y[0][i] : (y[1] ? LM : 0);
      r.push(f(u, v) & LM);
    }
    return fromLimbs(r, f(x[1], y[1]) & 1);
  }
  function and(a, b) { return bitwise(a, b, function (u, v) { return u & v; }); }
  function or(a, b) { return bitwise(a, b, function (u, v) { return u | v; }); }
  function xor(a, b) { return bitwise(a, b, function (u, v) { return u ^ v; }); }
  function not(a) { return sub(neg(a), ONE); }
  // a * 2^b for b >= 0, floor(a / 2^-b) for b < 0 (native).
  function shift(a, b) {
    if (a === ZERO) return a;
    if (toNumber(b) > 1e7) throw new RangeError('Maximum BigInt size exceeded');  // node's limit is 2^30 bits
    return bigop(6, a, b);
  }
  function shl(a, b) { return shift(a, b); }
  function shr(a, b) { return shift(a, neg(b)); }
  function ushr() { throw new TypeError('BigInts have no unsigned right shift, use >> instead'); }

  function modPow2(x, bits, signed) {
    var small = native(x, signed ? 7 : 6, bits);  // in C below 2^127
    if (small !== undefined) return small;
    var m = pow(make(1, [2]), fromNumber(bits)), r = divmod(x, m)[1];
    if (sgn(r) < 0) r = add(r, m);
    if (signed && bits > 0 && cmp(r, pow(make(1, [2]), fromNumber(bits - 1))) >= 0) r = sub(r, m);
    return r;
  }
  function toIndex(n) {
    n = +n;  // ToNumber: a BigInt, or an object that gives one, throws (Number() would convert)
    n = n !== n ? 0 : Math.trunc(n);
    if (n < 0 || n > 9007199254740991) throw new RangeError('Invalid value: not (convertible to) a safe integer');
    return n;
  }

  function toBigInt(v) {
    var p = toPrimitive(v, 'number');
    if (isBI(p)) return p;
    switch (typeof p) {
      case 'number':
        if (Math.floor(p) !== p || !isFinite(p))
          throw new RangeError('The number ' + String(p) + ' cannot be converted to a BigInt because it is not an integer');
        return fromNumber(p);
      case 'string': {
        var r = fromString(p);
        if (r === null) throw new SyntaxError('Cannot convert ' + p + ' to a BigInt');
        return r;
      }
      case 'boolean': return make(1, p ? [1] : []);
      default: throw new TypeError('Cannot convert ' + String(p) + ' to a BigInt');
    }
  }
  // ToBigInt, where BigInt() converts numbers: a typed array's store, asIntN, a DataView's set.
  function toBigIntStrict(v) {
    var p = toPrimitive(v, 'number');
    if (typeof p === 'number') throw new TypeError('Cannot convert ' + String(p) + ' to a BigInt');
    return toBigInt(p);
  }
  // The 64-bit words of a BigInt64Array's or a BigUint64Array's element
  // (lib/engine/runtime/52-bigint-arrays.js): the BigInt of two unsigned 32-bit halves, and
  // the halves of b modulo 2^64 (two's complement for a negative b).
  var W = 4294967296;
  function magOf(n) { var m = []; while (n > 0) { var r = n % B; m.push(r); n = (n - r) / B; } return m; }
  function negWords(lo, hi) {  // 2^64 - (hi * 2^32 + lo), for a value not 0
    return lo === 0 ? [0, W - hi] : [W - lo, W - 1 - hi];
  }
  function fromWords(lo, hi, signed) {
    var sign = 1;
    if (signed && hi >= 2147483648) {  // the value less 2^64: its magnitude is 2^64 - value
      sign = -1;
      var n = negWords(lo, hi);
      lo = n[0];
      hi = n[1];
    }
    if (hi < 2097152) return make(sign, magOf(hi * W + lo));  // below 2^53: exact
    return make(sign, addMag(mulSmall(mulSmall(magOf(hi), 65536), 65536), magOf(lo)));
  }
  function toWords(b) {
    var m = mag(b), d = [0, 0, 0, 0];  // 16-bit digits, least significant first
    for (var i = 0; i < 4 && m.length; i++) { var qr = divSmall(m, 65536); d[i] = qr[1]; m = qr[0]; }
    var lo = d[1] * 65536 + d[0], hi = d[3] * 65536 + d[2];
    return sgn(b) < 0 && (lo || hi) ? negWords(lo, hi) : [lo, hi];
  }
  var BigInt = function BigInt(value) { return toBigInt(value); };
  global.__oda_make_method(BigInt);
  if (rt.newTargetOnly) rt.newTargetOnly.push(BigInt);
  var P = Object.create(Object.prototype);
  native(P, 3);  // the prototype of every BigInt (made in C)
  Object.defineProperty(BigInt, 'prototype', { value: P, writable: false, enumerable: false, configurable: false });
  function thisBI(v, name) {
    if (isBI(v)) return v;
    var w = native(v, 0);  // Object(1n)
    if (w === undefined) throw new TypeError('BigInt.prototype.' + name + ' requires that \'this\' be a BigInt');
    return w;
  }
  rt.method(P, 'toString', function toString() {
    var b = thisBI(this, 'toString'), radix = arguments.length ? arguments[0] : undefined;
    radix = radix === undefined ? 10 : Math.trunc(Number(radix));
    if (!(radix >= 2 && radix <= 36)) throw new RangeError('toString() radix argument must be between 2 and 36');
    return toText(b, radix);
  }, 0);
  // As Intl formats the integer: a safe one as the Number it equals, a larger one with the
  // locale's group separator every three digits.
  rt.method(P, 'toLocaleString', function toLocaleString() {
    var b = thisBI(this, 'toLocaleString'), n = toNumber(b), nl = Number.prototype.toLocaleString;
    if (Math.abs(n) <= 9007199254740991) return nl.apply(n, arguments);
    var sep = nl.call(1000, arguments[0]).replace(/[0-9]/g, ''), digits = magToString(mag(b), 10), out = '';
    for (var i = digits.length; i > 0; i -= 3) out = digits.slice(Math.max(i - 3, 0), i) + (out ? sep + out : '');
    return (sgn(b) < 0 ? '-' : '') + out;
  }, 0);
  // The engine converts a BigInt to a number with node's TypeError (lib/engine/patches/0011).
  rt.method(P, 'valueOf', function valueOf() { return thisBI(this, 'valueOf'); }, 0);
  // JSON.stringify throws node's TypeError for a BigInt itself (lib/engine/patches/0014),
  // after toJSON and the replacer as the spec orders them: BigInt.prototype has no toJSON.
  Object.defineProperty(P, 'constructor', { value: BigInt, writable: true, enumerable: false, configurable: true });
  Object.defineProperty(P, Symbol.toStringTag, { value: 'BigInt', writable: false, enumerable: false, configurable: true });
  // bits is converted before bigint, as the specification orders them.
  rt.method(BigInt, 'asIntN', function asIntN(bits, bigint) { var n = toIndex(bits); return modPow2(toBigIntStrict(bigint), n, true); }, 2);
  rt.method(BigInt, 'asUintN', function asUintN(bits, bigint) { var n = toIndex(bits); return modPow2(toBigIntStrict(bigint), n, false); }, 2);

  var ZERO = make(1, []), ONE = make(1, [1]);
  var literals = Object.create(null);
  var ops = {
    // A literal's integer as the lexer kept it ("12", "0x1f", "0o17", "0b1"): decimal digits
    // taken as they are, as toBigInt's trimming (a regular expression built per call, compiled
    // each time) cost a literal 200,000 instructions.
    lit: function (text) {
      var b = literals[text];
      if (b === undefined) b = literals[text] = text.length > 1 && text.charCodeAt(1) > 57 ? toBigInt(text) : fromDigits(1, text);
      return b;
    },
    add: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(0, a, b);
      if (plain(a) && plain(b)) return a + b;
      a = toPrimitive(a, 'default');
      b = toPrimitive(b, 'default');
      // A Symbol throws here as `+` has it (String() would take it).
      if (typeof a === 'string' || typeof b === 'string') return '' + (isBI(a) ? String(a) : a) + (isBI(b) ? String(b) : b);
      if (isBI(a) && isBI(b)) return add(a, b);
      if (!isBI(a) && !isBI(b)) return a + b;
      throw mixError();
    },
    sub: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(1, a, b);
      return plain(a) && plain(b) ? a - b : both(a, b, sub, numSub);
    },
    mul: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(2, a, b);
      return plain(a) && plain(b) ? a * b : both(a, b, mul, numMul);
    },
    div: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(3, a, b);
      return plain(a) && plain(b) ? a / b : both(a, b, quotient, numDiv);
    },
    mod: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(4, a, b);
      return plain(a) && plain(b) ? a % b : both(a, b, remainder, numMod);
    },
    pow: function (a, b) { return plain(a) && plain(b) ? Math.pow(a, b) : both(a, b, pow, Math.pow); },
    // The fast paths above and below: two BigInts go straight to the native.
    lt: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(5, a, b) < 0;
      a = toPrimitive(a, 'number');
      b = toPrimitive(b, 'number');
      return !isBI(a) && !isBI(b) ? a < b : order(a, b) === -1;
    },
    gt: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(5, a, b) > 0;
      a = toPrimitive(a, 'number');
      b = toPrimitive(b, 'number');
      return !isBI(a) && !isBI(b) ? a > b : order(a, b) === 1;
    },
    le: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(5, a, b) <= 0;
      a = toPrimitive(a, 'number');
      b = toPrimitive(b, 'number');
      if (!isBI(a) && !isBI(b)) return a <= b;
      var c = order(a, b);
      return c === -1 || c === 0;
    },
    ge: function (a, b) {
      if (typeof a === 'bigint' && typeof b === 'bigint') return bigop(5, a, b) >= 0;
      a = toPrimitive(a, 'number');
      b = toPrimitive(b, 'number');
      if (!isBI(a) && !isBI(b)) return a >= b;
      var c = order(a, b);
      return c === 1 || c === 0;
    },
    eq: function (a, b) { return !isBI(a) && !isBI(b) ? plainEq(a, b) : looseEq(a, b); },
    ne: function (a, b) { return !isBI(a) && !isBI(b) ? !plainEq(a, b) : !looseEq(a, b); },
    and: function (a, b) { return plain(a) && plain(b) ? a & b : both(a, b, and, numAnd); },
    or: function (a, b) { return plain(a) && plain(b) ? a | b : both(a, b, or, numOr); },
    xor: function (a, b) { return plain(a) && plain(b) ? a ^ b : both(a, b, xor, numXor); },
    shl: function (a, b) { if (typeof a === 'bigint' && typeof b === 'bigint') return shl(a, b); return plain(a) && plain(b) ? a << b : both(a, b, shl, numShl); },
    shr: function (a, b) { if (typeof a === 'bigint' && typeof b === 'bigint') return shr(a, b); return plain(a) && plain(b) ? a >> b : both(a, b, shr, numShr); },
    ushr: function (a, b) { return plain(a) && plain(b) ? a >>> b : both(a, b, ushr, numUshr); },
    // An object may turn into a BigInt (-Object(1n)); the engine's - would throw for it.
    neg: function (a) { a = toPrimitive(a, 'number'); return isBI(a) ? neg(a) : -a; },
    not: function (a) { a = toPrimitive(a, 'number'); return isBI(a) ? not(a) : ~a; },
    // ++ and --: the new value of ToNumeric of the old one, which a postfix one's value is
    // (numeric: x++ is (t = numeric(x), x = inc(t), t), so an object's valueOf runs once).
    inc: function (v) { v = numeric(v); return isBI(v) ? add(v, ONE) : v + 1; },
    dec: function (v) { v = numeric(v); return isBI(v) ? sub(v, ONE) : v - 1; },
    numeric: numeric,
    num: function (v) { v = arguments.length ? toPrimitive(v, 'number') : 0; return isBI(v) ? toNumber(v) : Number(v); },
    // The lowered program's first call when it uses BigInt: from then on eval and Function
    // code is lowered for BigInt values (lib/engine/natives.cc).
    use: function () { native(undefined, 2); },
    toBigInt: toBigIntStrict, fromWords: fromWords, toWords: toWords,
    proto: P
  };
  // The operators of two BigInts or two numbers in C (lib/engine/natives.cc), which call the
  // ones above for anything else.
  native(ops, 4);
  Object.defineProperty(global, '__oda_BI', { value: ops, writable: false, enumerable: false, configurable: true });
  Object.defineProperty(global, 'BigInt', { value: BigInt, writable: true, enumerable: false, configurable: true });
})(this);
