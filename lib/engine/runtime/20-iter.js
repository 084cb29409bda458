// The ES2015 iteration protocol: %IteratorPrototype%, iterators over arrays, array-likes,
// typed arrays and strings (by code point), and __oda_rt.getIterator, which the lowering's
// for...of, spread and destructuring may use (it also iterates `arguments` objects, whose
// own @@iterator Duktape cannot give them).
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var ITER = Symbol.iterator;
  var T = rt.hiddenKey('iterTarget'), I = rt.hiddenKey('iterIndex'), K = rt.hiddenKey('iterKind');

  var IteratorPrototype = {};
  rt.method(IteratorPrototype, ITER, function () { return this; }, 0);
  rt.IteratorPrototype = IteratorPrototype;

  function result(value, done) { return { value: value, done: done }; }
  rt.iterResult = result;

  // Makes a prototype for iterators whose next() is step(state) on hidden slots.
  function makeIteratorProto(tag) {
    var proto = Object.create(IteratorPrototype);
    Object.defineProperty(proto, Symbol.toStringTag, { value: tag, configurable: true });
    return proto;
  }
  rt.makeIteratorProto = makeIteratorProto;

  var ArrayIteratorPrototype = makeIteratorProto('Array Iterator');
  rt.method(ArrayIteratorPrototype, 'next', function () {
    var a = this[T];
    if (a === undefined || !rt.hasOwn.call(this, I)) throw new TypeError('next method called on incompatible receiver');
    if (a === null) return result(undefined, true);
    var i = this[I];
    var len = a.length;
    if (typeof len !== 'number' || !(len >= 0 && len <= 9007199254740991)) len = rt.toLength(len);
    if (i >= len) { this[T] = null; return result(undefined, true); }
    this[I] = i + 1;
    var kind = this[K];
    if (kind === 1) return result(a[i], false);
    if (kind === 0) return result(i, false);
    return result([i, a[i]], false);
  }, 0);
  function arrayIterator(o, kind) {
    var it = Object.create(ArrayIteratorPrototype);
    it[T] = o; it[I] = 0; it[K] = kind;
    return it;
  }
  rt.arrayIterator = arrayIterator;

  var AP = Array.prototype;
  var values = rt.method(AP, 'values', function () { return arrayIterator(rt.toObject(this), 1); }, 0);
  rt.method(AP, 'keys', function () { return arrayIterator(rt.toObject(this), 0); }, 0);
  rt.method(AP, 'entries', function () { return arrayIterator(rt.toObject(this), 2); }, 0);
  rt.def(AP, ITER, values);
  global.__oda_AV = values;  // the stock iterator the lowering's fast paths compare with

  // %TypedArray%.prototype gets the same iterators.
  var TAP = Object.getPrototypeOf(Uint8Array.prototype);
  if (TAP && TAP !== Object.prototype) {
    var ta = function (o) {
      if (!ArrayBuffer.isView(o) || o instanceof DataView) throw new TypeError('receiver is not a typed array');
      return o;
    };
    rt.method(TAP, 'values', function () { return arrayIterator(ta(this), 1); }, 0);
    rt.method(TAP, 'keys', function () { return arrayIterator(ta(this), 0); }, 0);
    rt.method(TAP, 'entries', function () { return arrayIterator(ta(this), 2); }, 0);
    rt.def(TAP, ITER, TAP.values);
  }

  var StringIteratorPrototype = makeIteratorProto('String Iterator');
  rt.method(StringIteratorPrototype, 'next', function () {
    var s = this[T];
    if (s === undefined || !rt.hasOwn.call(this, I)) throw new TypeError('next method called on incompatible receiver');
    var i = this[I];
    if (s === null || i >= s.length) { this[T] = null; return result(undefined, true); }
    var c = s.charCodeAt(i);
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) {
      var d = s.charCodeAt(i + 1);
      if (d >= 0xDC00 && d <= 0xDFFF) { this[I] = i + 2; return result(s.slice(i, i + 2), false); }
    }
    this[I] = i + 1;
    return result(s.charAt(i), false);
  }, 0);
  rt.method(String.prototype, ITER, function () {
    var it = Object.create(StringIteratorPrototype);
    it[T] = String(rt.requireCoercible(this, 'String.prototype[Symbol.iterator]'));
    it[I] = 0;
    return it;
  }, 0);

  var toString = Object.prototype.toString;
  // GetIterator(value): the value's @@iterator, or an array iterator for arguments objects.
  function getIterator(x, what) {
    if (x !== null && x !== undefined) {
      var f = x[ITER];
      if (typeof f === 'function') {
        var it = f.call(x);
        if (!rt.isObject(it)) throw new TypeError('Result of the Symbol.iterator method is not an object');
        return it;
      }
      if (f == null && typeof x === 'object' && toString.call(x) === '[object Arguments]') return arrayIterator(x, 1);
    }
    throw new TypeError((what || String(x === null ? 'null' : typeof x === 'string' ? x : typeof x)) + ' is not iterable');
  }
  rt.getIterator = getIterator;
  // node's TypeError for a built-in's argument that is not iterable (new Map(1),
  // Object.fromEntries({})).
  rt.notIterable = function (x) {
    var t = typeof x;
    return new TypeError((t === 'number' || t === 'boolean' ? t + ' ' + String(x) : t) +
                         ' is not iterable (cannot read property Symbol(Symbol.iterator))');
  };
  rt.isIterable = function (x) {
    return x !== null && x !== undefined &&
      (typeof x[ITER] === 'function' || (typeof x === 'object' && toString.call(x) === '[object Arguments]'));
  };
  // IteratorClose: calls return() when a consumer stops early.
  rt.iteratorClose = function (it) {
    var r = it['return'];
    if (r !== undefined && r !== null) r.call(it);
  };
  // Calls fn(value) for each value of an iterable; arrays with the stock iterator go fast.
  // Whether iterating x is reading its elements: an array with the stock iterator and next.
  rt.stockArrayIteration = function (x) {
    return Array.isArray(x) && x[ITER] === values && ArrayIteratorPrototype.next === stockNext;
  };
  rt.forOf = function (x, fn) {
    if (Array.isArray(x) && x[ITER] === values && ArrayIteratorPrototype.next === stockNext) {
      for (var i = 0; i < x.length; i++) fn(x[i]);
      return;
    }
    var it = getIterator(x), next = it.next, step;
    for (;;) {
      step = next.call(it);
      if (!rt.isObject(step)) throw new TypeError('iterator result is not an object');
      if (step.done) return;
      try { fn(step.value); } catch (e) {
        try { rt.iteratorClose(it); } catch (e2) { }
        throw e;
      }
    }
  };
  var stockNext = ArrayIteratorPrototype.next;
})(this);
