// Promise for run-code's Duktape (whose own is incomplete): resolution of thenables as the
// spec does it, reactions run as microtasks through the event loop's queue.
(function (global) {
  'use strict';
  var PENDING = 0, FULFILLED = 1, REJECTED = 2;
  // Bookkeeping lives under symbols: out of enumeration (console, JSON, Object.keys) and
  // as cheap as plain properties, where defineProperty per promise was not.
  var STATE = Symbol('state'), VALUE = Symbol('value'), REACTIONS = Symbol('reactions');
  // The runtime's own lists have no prototype: a program's accessors on Array.prototype[0]
  // (test262 defines some) must not see or block their writes.
  var setProto = Object.setPrototypeOf;
  function bare() { return setProto([], null); }
  var queue = bare(), head = 0;

  // The microtask queue, shared with the event loop (20-loop.js drains it). A job is a
  // function, or a settled promise followed by the reaction to run for it (two slots, so a
  // reaction needs no closure of its own).
  function enqueue(job) { queue[queue.length] = job; }
  function drain() {
    while (head < queue.length) {
      var job = queue[head], r = undefined;
      queue[head++] = undefined;
      if (typeof job !== 'function') { r = queue[head]; queue[head++] = undefined; }
      if (head > 1024 && head * 2 > queue.length) {
        var rest = bare();
        for (var i = head; i < queue.length; i++) rest[i - head] = queue[i];
        queue = rest; head = 0;
      }
      if (r === undefined) job(); else runReaction(job, r);
    }
    queue.length = 0; head = 0;
  }
  function pendingJobs() { return queue.length - head; }

  var isArray = Array.isArray;
  function isObject(x) { return x !== null && (typeof x === 'object' || typeof x === 'function'); }

  function settle(p, state, value) {
    if (p[STATE] !== PENDING) return;
    p[STATE] = state; p[VALUE] = value;
    var rs = p[REACTIONS]; p[REACTIONS] = null;
    if (rs === undefined) return;
    if (!isArray(rs)) { schedule(p, rs); return; }
    for (var i = 0; i < rs.length; i++) schedule(p, rs[i]);
  }
  // A pending promise's reactions: undefined, the one reaction, or a bare list of them.
  function react(p, r) {
    var rs = p[REACTIONS];
    if (rs === undefined) p[REACTIONS] = r;
    else if (isArray(rs)) rs[rs.length] = r;
    else { var list = bare(); list[0] = rs; list[1] = r; p[REACTIONS] = list; }
  }

  function schedule(p, r) { queue[queue.length] = p; queue[queue.length] = r; }
  // A reaction is {onFulfilled, onRejected, resolve, reject} (then), or {co} (an await:
  // co(isError, value) resumes the coroutine).
  function runReaction(p, r) {
    if (r.co !== undefined) { r.co(p[STATE] === REJECTED, p[VALUE]); return; }
    var fn = p[STATE] === FULFILLED ? r.onFulfilled : r.onRejected;
    if (typeof fn !== 'function') {
      if (p[STATE] === FULFILLED) r.resolve(p[VALUE]); else r.reject(p[VALUE]);
      return;
    }
    var out;
    try { out = fn(p[VALUE]); } catch (e) { r.reject(e); return; }
    r.resolve(out);
  }

  // Resolves p with x (once: the callers see to it): a thenable is followed in a microtask.
  function resolveWith(p, x) {
    if (x === p) { settle(p, REJECTED, new TypeError('promise resolved with itself')); return; }
    if (!isObject(x)) { settle(p, FULFILLED, x); return; }
    var then;
    try { then = x.then; } catch (e) { settle(p, REJECTED, e); return; }
    if (typeof then !== 'function') { settle(p, FULFILLED, x); return; }
    enqueue(function () {
      var inner = resolvers(p);
      try { then.call(x, inner.resolve, inner.reject); } catch (e) { inner.reject(e); }
    });
  }

  // The resolving functions of p.
  function resolvers(p) {
    var done = false;
    function resolve(x) { if (done) return; done = true; resolveWith(p, x); }
    function reject(e) { if (done) return; done = true; settle(p, REJECTED, e); }
    return { resolve: resolve, reject: reject };
  }

  function Promise(executor) {
    if (!(this instanceof Promise)) throw new TypeError('Promise must be called with new');
    if (typeof executor !== 'function') throw new TypeError('Promise resolver is not a function');
    this[STATE] = PENDING; this[VALUE] = undefined; this[REACTIONS] = undefined;
    var r = resolvers(this);
    try { executor(r.resolve, r.reject); } catch (e) { r.reject(e); }
  }

  // A pending promise of ours made without an executor (the async machinery settles it
  // through resolveWith and settle): no resolving functions to allocate.
  function Bare() { this[STATE] = PENDING; this[VALUE] = undefined; this[REACTIONS] = undefined; }
  Bare.prototype = Promise.prototype;

  function capability(C) {
    var res, rej;
    var promise = new C(function (a, b) { res = a; rej = b; });
    return { promise: promise, resolve: res, reject: rej };
  }

  Promise.prototype.then = function (onFulfilled, onRejected) {
    var C = (this.constructor && typeof this.constructor === 'function' &&
             this.constructor.prototype && this.constructor.prototype.then === Promise.prototype.then)
        ? this.constructor : Promise;
    var cap = capability(C);
    var r = { onFulfilled: onFulfilled, onRejected: onRejected,
              resolve: cap.resolve, reject: cap.reject };
    if (this[STATE] === PENDING) react(this, r); else schedule(this, r);
    return cap.promise;
  };
  Promise.prototype['catch'] = function (onRejected) { return this.then(undefined, onRejected); };
  Promise.prototype['finally'] = function (onFinally) {
    if (typeof onFinally !== 'function') return this.then(onFinally, onFinally);
    return this.then(
      function (v) { return Promise.resolve(onFinally()).then(function () { return v; }); },
      function (e) { return Promise.resolve(onFinally()).then(function () { throw e; }); });
  };

  Promise.resolve = function (x) {
    var C = typeof this === 'function' ? this : Promise;
    if (x instanceof Promise && x.constructor === C) return x;
    var cap = capability(C); cap.resolve(x); return cap.promise;
  };
  Promise.reject = function (e) {
    var C = typeof this === 'function' ? this : Promise;
    var cap = capability(C); cap.reject(e); return cap.promise;
  };

  // The combinators walk their iterable one step at a time (arrays directly): an iterator
  // that never ends, or whose values C.resolve or then refuse, rejects instead of spinning.
  // An error of the walk's own (C.resolve, then) closes the iterator through its return
  // method when it has one; an error of the iterator's (next, done, value) does not.
  function notIterable(v) {
    var what = v === undefined ? 'undefined' : v === null ? 'object null' : isObject(v) ? typeof v : typeof v + ' ' + String(v);
    return new TypeError(what + ' is not iterable (cannot read property Symbol(Symbol.iterator))');
  }
  function combine(C, iterable, onItem, onEmpty) {
    var cap = capability(C), it = null, state = { left: 1 }, i = 0;
    try {
      var resolve = C.resolve;
      if (typeof resolve !== 'function') throw new TypeError('Promise resolve or reject function is not callable');
      if (Array.isArray(iterable)) {
        for (; i < iterable.length; i++) { state.left++; onItem(resolve.call(C, iterable[i]), i, cap, state); }
      } else {
        if (iterable == null || typeof iterable[Symbol.iterator] !== 'function') throw notIterable(iterable);
        var iter = iterable[Symbol.iterator]();
        if (!isObject(iter)) throw new TypeError('Result of the Symbol.iterator method is not an object');
        var next = iter.next;
        for (;;) {
          var step = next.call(iter);
          if (!isObject(step)) throw new TypeError('Iterator result ' + String(step) + ' is not an object');
          if (step.done) break;
          var v = step.value;
          it = iter;
          state.left++;
          onItem(resolve.call(C, v), i++, cap, state);
          it = null;
        }
      }
      if (--state.left === 0) onEmpty(cap);
    } catch (e) {
      if (it !== null) {
        try { var ret = it['return']; if (ret !== undefined && ret !== null) ret.call(it); } catch (ignored) { /* the first error wins */ }
      }
      cap.reject(e);
    }
    return cap.promise;
  }

  // CreateDataProperty: the results are the program's arrays, whatever Array.prototype holds.
  var defProp = Object.defineProperty;
  function put(a, i, v) { defProp(a, i, { value: v, writable: true, enumerable: true, configurable: true }); }

  Promise.all = function (iterable) {
    var values = [];
    return combine(this, iterable, function (p, i, cap, state) {
      p.then(function (v) { put(values, i, v); if (--state.left === 0) cap.resolve(values); }, cap.reject);
    }, function (cap) { cap.resolve(values); });
  };
  Promise.allSettled = function (iterable) {
    var values = [];
    return combine(this, iterable, function (p, i, cap, state) {
      p.then(function (v) { put(values, i, { status: 'fulfilled', value: v }); if (--state.left === 0) cap.resolve(values); },
             function (e) { put(values, i, { status: 'rejected', reason: e }); if (--state.left === 0) cap.resolve(values); });
    }, function (cap) { cap.resolve(values); });
  };
  function aggregate(errors) {
    var E = global.AggregateError;
    if (typeof E === 'function') return new E(errors, 'All promises were rejected');
    var e = new Error('All promises were rejected');
    e.name = 'AggregateError'; e.errors = errors;
    return e;
  }
  Promise.any = function (iterable) {
    var errors = [];
    return combine(this, iterable, function (p, i, cap, state) {
      p.then(cap.resolve, function (e) { put(errors, i, e); if (--state.left === 0) cap.reject(aggregate(errors)); });
    }, function (cap) { cap.reject(aggregate(errors)); });
  };
  Promise.race = function (iterable) {
    return combine(this, iterable, function (p, i, cap) { p.then(cap.resolve, cap.reject); },
                   function () {});
  };

  if (typeof Symbol === 'function' && Symbol.toStringTag) {
    Object.defineProperty(Promise.prototype, Symbol.toStringTag, { value: 'Promise', configurable: true });
  }

  if (global.__oda_rt && typeof Symbol === 'function' && Symbol.species) {
    global.__oda_rt.getter(Promise, Symbol.species, function () { return this; });
  }
  Object.defineProperty(global, 'Promise', { value: Promise, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, 'queueMicrotask', {
    value: function queueMicrotask(fn) {
      if (typeof fn !== 'function') throw new TypeError('queueMicrotask: callback is not a function');
      enqueue(function () { fn(); });
    }, writable: true, configurable: true, enumerable: false });
  // For the await machinery: reacts to a promise of ours without deriving a new promise
  // (one tick, as the spec's await does); false when p is not one of ours.
  // co(isError, value) runs once p settles.
  function subscribe(p, co) {
    if (!(p instanceof Promise) || p[STATE] === undefined) return false;
    var r = { co: co };
    if (p[STATE] === PENDING) react(p, r); else schedule(p, r);
    return true;
  }
  function make() { return new Bare(); }
  function reject(p, e) { settle(p, REJECTED, e); }

  global.__oda_microtasks = { enqueue: enqueue, drain: drain, pending: pendingJobs, subscribe: subscribe,
                              make: make, resolve: resolveWith, reject: reject };
})(this);
