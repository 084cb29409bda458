// BigInt64Array and BigUint64Array, and DataView's getBigInt64, setBigInt64, getBigUint64 and
// setBigUint64, which Duktape lacks. An array is a Duktape proxy (the one 49-typedarray.js
// kept) over a target that carries its record (a Uint32Array over the same bytes, two words
// an element in the host's order, as node has them): the traps read and store the elements
// as BigInts, wrapping as asIntN/asUintN do and converting a stored value by ToBigInt (a
// Number throws node's TypeError). The target's prototype is the kind's, whose parent is
// %TypedArray%.prototype: its generic methods (40-array.js) serve these arrays too, and what
// they cannot (a number conversion, a native call) the kind's prototype has its own.
// @lazy: BigInt64Array BigUint64Array DataView.prototype.getBigInt64/1 DataView.prototype.setBigInt64/2 DataView.prototype.getBigUint64/1 DataView.prototype.setBigUint64/2
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var BI = global.__oda_BI, toBigInt = BI.toBigInt, fromWords = BI.fromWords, toWords = BI.toWords;
  var REC = rt.bigArrayKey, NativeProxy = rt.NativeProxy, isBigArray = rt.isBigArray;
  var TA = Object.getPrototypeOf(global.Uint8Array), TAP = TA.prototype;
  var defProp = Object.defineProperty, ownKeys = Reflect.ownKeys;
  var LE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1, LO = LE ? 0 : 1, HI = 1 - LO;

  var mixError = rt.bigMixError;
  function recOf(o) {
    var r = rt.isObject(o) ? o[REC] : undefined;
    if (r === undefined) throw new TypeError('this is not a typed array.');
    return r;
  }
  function read(r, i) { return fromWords(r.u[2 * i + LO], r.u[2 * i + HI], r.signed); }
  function write(r, i, b) { var w = toWords(b); r.u[2 * i + LO] = w[0]; r.u[2 * i + HI] = w[1]; }
  // A property key as a typed array reads it: its index, -2 for a numeric key that is no
  // index of r (1.5, -0, 7 past the end), -1 for any other key. Duktape passes a[0]'s key as
  // a number.
  function indexOf(k, n) {
    if (typeof k === 'number') return (k >>> 0) === k && k < n ? k >>> 0 : -2;
    if (typeof k !== 'string') return -1;
    var c = k.charCodeAt(0);
    if (!((c >= 48 && c <= 57) || c === 45 || c === 73 || c === 78)) return -1;  // a digit, -, Infinity, NaN
    if (k === '-0') return -2;
    var x = +k;
    if (String(x) !== k) return -1;
    return (x >>> 0) === x && x < n ? x : -2;
  }
  var handler = {
    get: function (t, k) {
      var r = t[REC], i = indexOf(k, r.n);
      return i >= 0 ? read(r, i) : i === -2 ? undefined : t[k];
    },
    set: function (t, k, v) {
      var r = t[REC], i = indexOf(k, r.n);
      if (i === -1) { t[k] = v; return true; }
      var b = toBigInt(v);  // converted even for an index past the end, as node does
      if (i >= 0) write(r, i, b);
      return true;
    },
    has: function (t, k) {
      var i = indexOf(k, t[REC].n);
      return i === -1 ? k in t : i >= 0;
    },
    deleteProperty: function (t, k) {
      var i = indexOf(k, t[REC].n);
      if (i >= 0) throw new TypeError('Cannot delete property \'' + String(k) + '\' of [object ' + t[REC].name + ']');
      return i === -2 || delete t[k];
    },
    // Duktape keeps only the keys its target has as enumerable properties: the target gets a
    // stand-in for each index the first time the keys are asked for.
    ownKeys: function (t) {
      var r = t[REC], keys = [], i;
      for (i = 0; i < r.n; i++) keys.push(String(i));
      if (!r.keyed) {
        for (i = 0; i < r.n; i++) defProp(t, keys[i], { value: undefined, writable: true, enumerable: true, configurable: true });
        r.keyed = true;
      }
      var own = ownKeys(t);
      for (i = 0; i < own.length; i++) if (indexOf(own[i], r.n) === -1) keys.push(own[i]);
      return keys;
    }
  };

  function toIndex(v, what) {
    var n = v === undefined ? 0 : rt.toIntegerOrInfinity(v);
    if (n < 0 || n > 9007199254740991) throw new RangeError(what + String(v));
    return n;
  }
  // The values an array-like or iterable source gives, in order.
  function valuesOf(src) {
    var it = src[Symbol.iterator];
    if (it !== undefined && it !== null) {
      if (typeof it !== 'function') throw new TypeError('Symbol.iterator is not a function');
      return Array.from(src);
    }
    return Array.prototype.slice.call(src);
  }

  function makeKind(name, signed) {
    var proto = Object.create(TAP);
    var make = function (buffer, offset, n, parent) {
      var t = Object.create(parent);
      defProp(t, REC, { value: { u: new Uint32Array(buffer, offset, 2 * n), buffer: buffer, offset: offset, n: n,
                                 signed: signed, name: name, keyed: false } });
      // Duktape answers Object.getPrototypeOf on a proxy from the proxy object itself
      // (null), never from its target: the chain is set on both.
      var p = new NativeProxy(t, handler);
      Object.setPrototypeOf(p, parent);
      return p;
    };
    var Ctor = function (a, b, c) {
      if (!(this instanceof Ctor)) throw new TypeError('Constructor ' + name + ' requires \'new\'');
      var parent = Object.getPrototypeOf(this), o, i, vals;  // a subclass's prototype
      if (!rt.isObject(a)) {
        var n = toIndex(a, 'Invalid typed array length: ');
        return make(new ArrayBuffer(8 * n), 0, n, parent);
      }
      if (a instanceof ArrayBuffer) {
        var off = toIndex(b, 'Start offset '), size = a.byteLength, len;
        if (off % 8) throw new RangeError('start offset of ' + name + ' should be a multiple of 8');
        if (c === undefined) {
          if (size % 8) throw new RangeError('byte length of ' + name + ' should be a multiple of 8');
          if (off > size) throw new RangeError('Start offset ' + off + ' is outside the bounds of the buffer');
          len = (size - off) / 8;
        } else {
          len = toIndex(c, 'Invalid typed array length: ');
          if (off + 8 * len > size) throw new RangeError('Invalid typed array length: ' + len);
        }
        return make(a, off, len, parent);
      }
      if (isBigArray(a)) {
        var r = a[REC];
        o = make(new ArrayBuffer(8 * r.n), 0, r.n, parent);
        o[REC].u.set(r.u);
        return o;
      }
      if (ArrayBuffer.isView(a) && !(a instanceof DataView)) throw mixError();
      vals = valuesOf(a);
      o = make(new ArrayBuffer(8 * vals.length), 0, vals.length, parent);
      for (i = 0; i < vals.length; i++) write(o[REC], i, toBigInt(vals[i]));
      return o;
    };
    Object.defineProperty(Ctor, 'name', { value: name, configurable: true });
    Object.defineProperty(Ctor, 'length', { value: 3, configurable: true });
    Object.setPrototypeOf(Ctor, TA);
    Ctor.prototype = proto;
    Object.defineProperty(Ctor, 'prototype', { writable: false, enumerable: false, configurable: false });
    rt.constant(Ctor, 'BYTES_PER_ELEMENT', 8);
    rt.constant(proto, 'BYTES_PER_ELEMENT', 8);
    rt.def(proto, 'constructor', Ctor);
    rt.def(global, name, Ctor);
    return Ctor;
  }

  // What %TypedArray%.prototype's generic methods cannot do for these arrays: its getters
  // and set and subarray are Duktape's, and fill, with and the default sort convert to numbers.
  function copy(o) { var r = recOf(o); return new (r.signed ? BigInt64Array : BigUint64Array)(o); }
  function sorted(o, cmp) {
    if (cmp !== undefined && typeof cmp !== 'function') throw new TypeError('The comparison function must be either a function or undefined');
    var r = recOf(o), vals = [], i;
    for (i = 0; i < r.n; i++) vals.push(read(r, i));
    vals.sort(cmp ? function (x, y) { var v = +cmp(x, y); return v !== v ? 0 : v; }
      : function (x, y) { return BI.lt(x, y) ? -1 : BI.gt(x, y) ? 1 : 0; });
    for (i = 0; i < r.n; i++) write(r, i, vals[i]);
    return o;
  }
  var shared = {
    set: [function set(src, offset) {
      var r = recOf(this), off = rt.toIntegerOrInfinity(offset), i;
      if (off < 0) throw new RangeError('offset is out of bounds');
      if (isBigArray(src)) {
        var s = src[REC];
        if (s.n + off > r.n) throw new RangeError('offset is out of bounds');
        r.u.set(s.u, 2 * off);
        return undefined;
      }
      var o = rt.toObject(src), len = rt.toLength(o.length);
      if (len + off > r.n) throw new RangeError('offset is out of bounds');
      if (ArrayBuffer.isView(src) && !(src instanceof DataView)) throw mixError();
      for (i = 0; i < len; i++) write(r, off + i, toBigInt(o[i]));
      return undefined;
    }, 1],
    subarray: [function subarray(begin, end) {
      var r = recOf(this), s = rt.relIndex(begin, r.n, 0), e = rt.relIndex(end, r.n, r.n);
      return new this.constructor(r.buffer, r.offset + 8 * s, Math.max(e - s, 0));
    }, 2],
    fill: [function fill(value, start, end) {
      var r = recOf(this), b = toBigInt(value), s = rt.relIndex(start, r.n, 0), e = rt.relIndex(end, r.n, r.n);
      for (var i = s; i < e; i++) write(r, i, b);
      return this;
    }, 1],
    sort: [function sort(cmp) { return sorted(this, cmp); }, 1],
    toSorted: [function toSorted(cmp) {
      if (cmp !== undefined && typeof cmp !== 'function') throw new TypeError('The comparison function must be either a function or undefined');
      return sorted(copy(this), cmp);
    }, 1],
    toReversed: [function toReversed() { return copy(this).reverse(); }, 0],
    'with': [function (index, value) {
      var r = recOf(this), rel = rt.toIntegerOrInfinity(index), k = rel >= 0 ? rel : r.n + rel, b = toBigInt(value);
      if (k >= r.n || k < 0) throw new RangeError('Invalid typed array index');
      var a = copy(this);
      write(a[REC], k, b);
      return a;
    }, 2]
  };
  [makeKind('BigInt64Array', true), makeKind('BigUint64Array', false)].forEach(function (C) {
    var P = C.prototype;
    rt.methods(P, shared);
    rt.getter(P, 'length', function () { return recOf(this).n; });
    rt.getter(P, 'byteLength', function () { return 8 * recOf(this).n; });
    rt.getter(P, 'byteOffset', function () { return recOf(this).offset; });
    rt.getter(P, 'buffer', function () { return recOf(this).buffer; });
    rt.getter(P, Symbol.toStringTag, function () { return rt.isObject(this) && this[REC] !== undefined ? this[REC].name : undefined; });
  });

  // Duktape asks no trap for an own property's descriptor: an element's is read here.
  function elementOf(o, k) {
    if (!isBigArray(o)) return -1;
    var r = o[REC], i = indexOf(typeof k === 'symbol' ? k : String(k), r.n);
    return i >= 0 ? i : i === -2 ? -2 : -1;
  }
  [[Object, 'getOwnPropertyDescriptor'], [Reflect, 'getOwnPropertyDescriptor']].forEach(function (e) {
    var prior = e[0][e[1]];
    rt.method(e[0], e[1], function getOwnPropertyDescriptor(o, k) {
      var i = elementOf(o, k);
      if (i === -1) return prior.apply(this, arguments);
      return i === -2 ? undefined : { value: o[i], writable: true, enumerable: true, configurable: true };
    }, 2);
  });
  var priorHasOwn = Object.prototype.hasOwnProperty, priorObjectHasOwn = Object.hasOwn;
  rt.method(Object.prototype, 'hasOwnProperty', function hasOwnProperty(k) {
    var i = elementOf(this, k);
    return i === -1 ? priorHasOwn.call(this, k) : i >= 0;
  }, 1);
  if (typeof priorObjectHasOwn === 'function') {
    rt.method(Object, 'hasOwn', function hasOwn(o, k) {
      var i = elementOf(o, k);
      return i === -1 ? priorObjectHasOwn(o, k) : i >= 0;
    }, 2);
  }

  // DataView: eight bytes at byteOffset, little-endian when asked, as two 32-bit words.
  var DVP = DataView.prototype;
  function dvOffset(dv, byteOffset, name) {
    if (!(dv instanceof DataView)) throw new TypeError('Method DataView.prototype.' + name + ' called on incompatible receiver ' + String(dv));
    var off = rt.toIntegerOrInfinity(byteOffset);
    if (off < 0 || off + 8 > dv.byteLength) throw new RangeError('Offset is outside the bounds of the DataView');
    return off;
  }
  function dvGet(name, signed) {
    rt.method(DVP, name, function (byteOffset, littleEndian) {
      var off = dvOffset(this, byteOffset, name), le = !!littleEndian;
      var a = this.getUint32(off, le), b = this.getUint32(off + 4, le);
      return le ? fromWords(a, b, signed) : fromWords(b, a, signed);
    }, 1);
  }
  function dvSet(name) {
    rt.method(DVP, name, function (byteOffset, value, littleEndian) {
      var off = rt.toIntegerOrInfinity(byteOffset);
      if (off < 0) throw new RangeError('Offset is outside the bounds of the DataView');
      var w = toWords(toBigInt(value)), le = !!littleEndian;
      off = dvOffset(this, off, name);
      this.setUint32(off, le ? w[0] : w[1], le);
      this.setUint32(off + 4, le ? w[1] : w[0], le);
      return undefined;
    }, 2);
  }
  dvGet('getBigInt64', true);
  dvGet('getBigUint64', false);
  dvSet('setBigInt64');
  dvSet('setBigUint64');
})(this);
