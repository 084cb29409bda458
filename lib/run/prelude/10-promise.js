// Promise for run-code's Duktape (whose own is incomplete). The constructor, then,
// Promise.resolve and Promise.reject, resolution of thenables, reactions and the microtask
// queue are natives (lib/engine/promise.cc); catch, finally and the combinators are written
// here on them, as the specification defines them through observable calls of then and
// C.resolve.
(function (global) {
  'use strict';
  var N = __oda_promise_natives();
  function isObject(x) { return x !== null && (typeof x === 'object' || typeof x === 'function'); }
  var defProp = Object.defineProperty;
  function method(o, name, fn) {
    __oda_make_method(fn);
    defProp(fn, 'name', { value: name, configurable: true });
    defProp(o, name, { value: fn, writable: true, enumerable: false, configurable: true });
  }

  var Promise = N.Promise;
  defProp(Promise, 'name', { value: 'Promise', configurable: true });
  var proto = {};
  defProp(Promise, 'prototype', { value: proto, writable: false, enumerable: false, configurable: false });
  defProp(proto, 'constructor', { value: Promise, writable: true, enumerable: false, configurable: true });
  N.share();
  N.share('Promise', Promise);
  N.share('proto', proto);
  N.share('then', N.then);

  function capability(C) {
    var res, rej;
    var promise = new C(function (a, b) { res = a; rej = b; });
    return { promise: promise, resolve: res, reject: rej };
  }

  N.share('capability', capability);
  method(proto, 'then', N.then);
  method(proto, 'catch', function (onRejected) { return this.then(undefined, onRejected); });
  method(proto, 'finally', function (onFinally) {
    if (typeof onFinally !== 'function') return this.then(onFinally, onFinally);
    return this.then(
      function (v) { return Promise.resolve(onFinally()).then(function () { return v; }); },
      function (e) { return Promise.resolve(onFinally()).then(function () { throw e; }); });
  });

  method(Promise, 'resolve', N.resolve);
  method(Promise, 'reject', N.reject);

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

  method(Promise, 'all', function (iterable) {
    var values = [];
    return combine(this, iterable, function (p, i, cap, state) {
      p.then(function (v) { put(values, i, v); if (--state.left === 0) cap.resolve(values); }, cap.reject);
    }, function (cap) { cap.resolve(values); });
  });
  method(Promise, 'allSettled', function (iterable) {
    var values = [];
    return combine(this, iterable, function (p, i, cap, state) {
      p.then(function (v) { put(values, i, { status: 'fulfilled', value: v }); if (--state.left === 0) cap.resolve(values); },
             function (e) { put(values, i, { status: 'rejected', reason: e }); if (--state.left === 0) cap.resolve(values); });
    }, function (cap) { cap.resolve(values); });
  });
  function aggregate(errors) {
    var E = global.AggregateError;
    if (typeof E === 'function') return new E(errors, 'All promises were rejected');
    var e = new Error('All promises were rejected');
    e.name = 'AggregateError'; e.errors = errors;
    return e;
  }
  method(Promise, 'any', function (iterable) {
    var errors = [];
    return combine(this, iterable, function (p, i, cap, state) {
      p.then(cap.resolve, function (e) { put(errors, i, e); if (--state.left === 0) cap.reject(aggregate(errors)); });
    }, function (cap) { cap.reject(aggregate(errors)); });
  });
  method(Promise, 'race', function (iterable) {
    return combine(this, iterable, function (p, i, cap) { p.then(cap.resolve, cap.reject); },
                   function () {});
  });

  if (typeof Symbol === 'function' && Symbol.toStringTag) {
    Object.defineProperty(Promise.prototype, Symbol.toStringTag, { value: 'Promise', configurable: true });
  }

  if (global.__oda_rt && typeof Symbol === 'function' && Symbol.species) {
    global.__oda_rt.getter(Promise, Symbol.species, function () { return this; });
  }
  Object.defineProperty(global, 'Promise', { value: Promise, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, 'queueMicrotask', {
    value: function queueMicrotask(fn) { N.enqueue(fn); }, writable: true, configurable: true, enumerable: false });

  // For the event loop (drain, pending) and the async machinery (30-async.js): make() is a
  // pending promise made without an executor, which resolve(p, x) and reject(p, e) settle;
  // await(v, t) resumes coroutine t through the step function given to setStep once v
  // settles; when(v, f, r) calls f or r, through nothing the program can replace.
  global.__oda_microtasks = { drain: N.drain, pending: N.pending, make: N.make, resolve: N.settleResolve, when: N.when,
                              reject: N.settleReject, await: N.await, resolved: N.resolved, rejected: N.rejected,
                              setStep: function (step) { N.share('step', step); } };
})(this);
