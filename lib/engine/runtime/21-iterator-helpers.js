// ES2025 iterator helpers (map, filter, take, drop, flatMap, reduce, toArray, forEach, some,
// every, find) on %IteratorPrototype%, the global Iterator with Iterator.from, and the
// lowering's generator prototype (__oda_GenProto) placed under %IteratorPrototype%.
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var IP = rt.IteratorPrototype;
  var H = rt.hiddenKey('iterHelper');

  // Generators are iterators: give the lowering's generator objects the helpers too.
  if (typeof global.__oda_GenProto === 'object' && Object.getPrototypeOf(global.__oda_GenProto) === Object.prototype) {
    Object.setPrototypeOf(global.__oda_GenProto, IP);
  }

  function direct(o, what) {
    if (!rt.isObject(o)) throw new TypeError('Iterator.prototype.' + what + ' called on non-object');
    var next = o.next;
    return { it: o, next: next };
  }
  function step(r) {
    var s = r.next.call(r.it);
    if (!rt.isObject(s)) throw new TypeError('iterator result is not an object');
    return s;
  }
  function close(r) { try { rt.iteratorClose(r.it); } catch (e) { } }

  var HelperPrototype = rt.makeIteratorProto('Iterator Helper');
  rt.methods(HelperPrototype, {
    next: [function () {
      var h = this[H];
      if (h === undefined) throw new TypeError('next method called on incompatible receiver');
      if (h.done) return rt.iterResult(undefined, true);
      if (h.running) throw new TypeError('Generator is already running');
      h.running = true;
      try {
        var v = h.pull();
        if (v === DONE) { h.done = true; return rt.iterResult(undefined, true); }
        return rt.iterResult(v, false);
      } catch (e) {
        h.done = true;
        throw e;
      } finally { h.running = false; }
    }, 0],
    'return': [function () {
      var h = this[H];
      if (h === undefined) throw new TypeError('return method called on incompatible receiver');
      if (!h.done) { h.done = true; if (h.inner) close(h.inner); rt.iteratorClose(h.src.it); }
      return rt.iterResult(undefined, true);
    }, 0]
  });
  var DONE = {};
  function helper(src, pull) {
    var o = Object.create(HelperPrototype);
    Object.defineProperty(o, H, { value: { src: src, pull: pull, done: false, running: false, inner: null } });
    return o;
  }
  function count(n, what) {
    var v = +n;
    if (v !== v) throw new RangeError(what + ' must be a number');
    v = rt.toIntegerOrInfinity(v);
    if (v < 0) throw new RangeError(what + ' must be positive');
    return v;
  }

  rt.methods(IP, {
    map: [function (fn) {
      var r = direct(this, 'map'), i = 0;
      rt.requireCallable(fn);
      return helper(r, function () {
        var s = step(r);
        if (s.done) return DONE;
        try { return fn(s.value, i++); } catch (e) { close(r); throw e; }
      });
    }, 1],
    filter: [function (fn) {
      var r = direct(this, 'filter'), i = 0;
      rt.requireCallable(fn);
      return helper(r, function () {
        for (;;) {
          var s = step(r);
          if (s.done) return DONE;
          var keep;
          try { keep = fn(s.value, i++); } catch (e) { close(r); throw e; }
          if (keep) return s.value;
        }
      });
    }, 1],
    take: [function (limit) {
      var r = direct(this, 'take'), left = count(limit, 'limit');
      return helper(r, function () {
        if (left <= 0) { rt.iteratorClose(r.it); return DONE; }
        left--;
        var s = step(r);
        return s.done ? DONE : s.value;
      });
    }, 1],
    drop: [function (limit) {
      var r = direct(this, 'drop'), left = count(limit, 'limit');
      return helper(r, function () {
        while (left > 0) { left--; if (step(r).done) return DONE; }
        var s = step(r);
        return s.done ? DONE : s.value;
      });
    }, 1],
    flatMap: [function (fn) {
      var r = direct(this, 'flatMap'), i = 0, self;
      rt.requireCallable(fn);
      var h = helper(r, function () {
        var st = h[H];
        for (;;) {
          if (st.inner) {
            var t = step(st.inner);
            if (!t.done) return t.value;
            st.inner = null;
          }
          var s = step(r);
          if (s.done) return DONE;
          var mapped;
          try {
            mapped = fn(s.value, i++);
            if (!rt.isObject(mapped) && typeof mapped !== 'string') throw new TypeError('flatMap mapper must return an iterable');
            var it = rt.getIterator(mapped);
            st.inner = { it: it, next: it.next };
          } catch (e) { close(r); throw e; }
        }
      });
      self = h;
      return self;
    }, 1],
    reduce: [function (fn, initial) {
      var r = direct(this, 'reduce'), acc, i = 0, s;
      rt.requireCallable(fn);
      if (arguments.length < 2) {
        s = step(r);
        if (s.done) throw new TypeError('Reduce of empty iterator with no initial value');
        acc = s.value; i = 1;
      } else acc = initial;
      for (;;) {
        s = step(r);
        if (s.done) return acc;
        try { acc = fn(acc, s.value, i++); } catch (e) { close(r); throw e; }
      }
    }, 1],
    toArray: [function () {
      var r = direct(this, 'toArray'), out = [];
      for (var s = step(r); !s.done; s = step(r)) out.push(s.value);
      return out;
    }, 0],
    forEach: [function (fn) {
      var r = direct(this, 'forEach'), i = 0;
      rt.requireCallable(fn);
      for (var s = step(r); !s.done; s = step(r)) {
        try { fn(s.value, i++); } catch (e) { close(r); throw e; }
      }
    }, 1],
    some: [function (fn) {
      var r = direct(this, 'some'), i = 0;
      rt.requireCallable(fn);
      for (var s = step(r); !s.done; s = step(r)) {
        var ok;
        try { ok = fn(s.value, i++); } catch (e) { close(r); throw e; }
        if (ok) { rt.iteratorClose(r.it); return true; }
      }
      return false;
    }, 1],
    every: [function (fn) {
      var r = direct(this, 'every'), i = 0;
      rt.requireCallable(fn);
      for (var s = step(r); !s.done; s = step(r)) {
        var ok;
        try { ok = fn(s.value, i++); } catch (e) { close(r); throw e; }
        if (!ok) { rt.iteratorClose(r.it); return false; }
      }
      return true;
    }, 1],
    find: [function (fn) {
      var r = direct(this, 'find'), i = 0;
      rt.requireCallable(fn);
      for (var s = step(r); !s.done; s = step(r)) {
        var ok;
        try { ok = fn(s.value, i++); } catch (e) { close(r); throw e; }
        if (ok) { rt.iteratorClose(r.it); return s.value; }
      }
      return undefined;
    }, 1]
  });
  if (!rt.hasOwn.call(IP, Symbol.toStringTag)) {
    Object.defineProperty(IP, Symbol.toStringTag, { value: 'Iterator', writable: true, configurable: true });
  }

  function Iterator() {
    if (!(this instanceof Iterator) || this.constructor === Iterator) throw new TypeError('Abstract class Iterator not directly constructable');
  }
  Iterator.prototype = IP;
  rt.def(IP, 'constructor', Iterator);
  Object.defineProperty(Iterator, 'prototype', { writable: false, enumerable: false, configurable: false });
  var WrapPrototype = rt.makeIteratorProto('Iterator');
  rt.method(WrapPrototype, 'next', function () { var r = this[H]; return step(r); }, 0);
  rt.method(WrapPrototype, 'return', function () {
    var r = this[H], f = r.it['return'];
    return f === undefined || f === null ? rt.iterResult(undefined, true) : f.call(r.it);
  }, 0);
  rt.method(Iterator, 'from', function (o) {
    var it;
    if (typeof o === 'string' || (rt.isObject(o) && o[Symbol.iterator] != null)) it = rt.getIterator(o);
    else if (rt.isObject(o)) it = o;
    else throw new TypeError('Iterator.from called on non-object');
    if (it instanceof Iterator) return it;
    var w = Object.create(WrapPrototype);
    Object.defineProperty(w, H, { value: { it: it, next: it.next } });
    return w;
  }, 1);
  if (typeof global.Iterator !== 'function') rt.def(global, 'Iterator', Iterator);
})(this);
