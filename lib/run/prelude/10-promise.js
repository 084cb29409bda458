// Promise for run-code's Duktape (whose own is incomplete). The constructor, then,
// Promise.resolve and Promise.reject, resolution of thenables, reactions and the microtask
// queue are natives (lib/engine/promise.cc); catch, finally and the combinators are written
// here on them, as the specification defines them through observable calls of then and
// C.resolve.
(function (global) {
  'use strict';
  var N = __oda_promise_natives();
  function isObject(x) { return x !== null && (typeof x === 'object' || typeof x === 'function'); }
  var defProp = Object.defineProperty, isConstructor = __oda_is_constructor;
  var ITER = Symbol.iterator, SPECIES = Symbol.species;
  // Built-in functions have Function.prototype and own length and name, in that order
  // (Duktape's natives start with neither, behind a prototype of their own).
  function builtin(fn, name, length) {
    Object.setPrototypeOf(fn, Function.prototype);
    defProp(fn, 'length', { value: length, configurable: true });
    defProp(fn, 'name', { value: name, configurable: true });
    return fn;
  }
  function method(o, name, fn, length) {
    __oda_make_method(fn);
    builtin(fn, name, length);
    defProp(o, name, { value: fn, writable: true, enumerable: false, configurable: true });
  }

  var Promise = builtin(N.Promise, 'Promise', 1);
  var proto = {};
  defProp(Promise, 'prototype', { value: proto, writable: false, enumerable: false, configurable: false });
  defProp(proto, 'constructor', { value: Promise, writable: true, enumerable: false, configurable: true });
  N.share();
  N.share('Promise', Promise);
  N.share('proto', proto);
  N.share('species', SPECIES);

  // NewPromiseCapability(C). The executor is a built-in of its own for each promise: no
  // constructor, and a second call that would replace resolve or reject throws.
  function capability(C) {
    if (!isConstructor(C)) throw new TypeError('Promise capability: the receiver is not a constructor');
    var cap = { promise: undefined, resolve: undefined, reject: undefined };
    cap.promise = new C(function (resolve, reject) {
      'use oda arrow';
      if (cap.resolve !== undefined || cap.reject !== undefined) {
        throw new TypeError('Promise executor has already been invoked with non-undefined arguments');
      }
      cap.resolve = resolve;
      cap.reject = reject;
    });
    if (typeof cap.resolve !== 'function' || typeof cap.reject !== 'function') {
      throw new TypeError('Promise resolve or reject function is not callable');
    }
    return cap;
  }
  function speciesConstructor(p) {
    var C = p.constructor;
    if (C === undefined) return Promise;
    if (!isObject(C)) throw new TypeError('The .constructor property is not an object');
    var S = C[SPECIES];
    if (S === undefined || S === null) return Promise;
    if (!isConstructor(S)) throw new TypeError('object.constructor[Symbol.species] is not a constructor');
    return S;
  }
  var promiseResolve = N.resolve;  // PromiseResolve(C, x) as promiseResolve.call(C, x)

  N.share('capability', capability);
  method(proto, 'then', N.then, 2);
  method(proto, 'catch', function (onRejected) { return this.then(undefined, onRejected); }, 1);
  method(proto, 'finally', function (onFinally) {
    if (!isObject(this)) throw new TypeError('Method Promise.prototype.finally called on a non-object');
    var C = speciesConstructor(this);
    if (typeof onFinally !== 'function') return this.then(onFinally, onFinally);
    return this.then(function (v) {
      'use oda arrow';
      return promiseResolve.call(C, onFinally()).then(function () { 'use oda arrow'; return v; });
    }, function (e) {
      'use oda arrow';
      return promiseResolve.call(C, onFinally()).then(function () { 'use oda arrow'; throw e; });
    });
  }, 1);

  method(Promise, 'resolve', N.resolve, 1);
  method(Promise, 'reject', N.reject, 1);

  // The combinators take one step of the iterable at a time, as the specification does: an
  // iterator that never ends, or whose values C.resolve or then refuse, rejects instead of
  // spinning. An error of the walk's own (C.resolve, then, a settling that throws) closes the
  // iterator through its return method when it has one; an error of the iterator's (next,
  // done, value) does not. An array with the stock iterator is read by index, which is what
  // that iterator does.
  var arrayValues = Array.prototype.values, arrayIterProto = Object.getPrototypeOf([].values());
  var stockNext = arrayIterProto.next;
  function notIterable(v) {
    var what = v === undefined ? 'undefined' : v === null ? 'object null' : isObject(v) ? typeof v : typeof v + ' ' + String(v);
    return new TypeError(what + ' is not iterable (cannot read property Symbol(Symbol.iterator))');
  }
  function close(iter) {
    try { var ret = iter['return']; if (ret !== undefined && ret !== null) ret.call(iter); } catch (ignored) { /* the first error wins */ }
  }
  // item(cap, state, nextPromise, index) hooks one value up; end(cap, state) runs once the
  // walk is over and every hooked value settled (state.left counts the walk as one).
  function combine(C, iterable, item, end) {
    var cap = capability(C), state = { left: 1, list: [] };
    var resolve, iter = null, next, done = true, i = 0;
    try {
      resolve = C.resolve;
      if (typeof resolve !== 'function') throw new TypeError('Promise resolve or reject function is not callable');
      var m = iterable === undefined || iterable === null ? undefined : iterable[ITER];
      if (typeof m !== 'function') throw notIterable(iterable);
      if (!(m === arrayValues && Array.isArray(iterable) && arrayIterProto.next === stockNext && arrayIterProto['return'] === undefined)) {
        iter = m.call(iterable);
        if (!isObject(iter)) throw new TypeError('Result of the Symbol.iterator method is not an object');
        next = iter.next;
      }
      for (;; i++) {
        var v;
        if (iter === null) {
          if (i >= iterable.length) break;
          v = iterable[i];
        } else {
          var r = next.call(iter);
          if (!isObject(r)) throw new TypeError('Iterator result ' + (typeof r === 'symbol' ? 'symbol' : String(r)) + ' is not an object');
          if (r.done) break;
          v = r.value;
        }
        done = false;
        item(cap, state, resolve.call(C, v), i);
        done = true;
      }
      if (--state.left === 0) end(cap, state);
    } catch (e) {
      if (!done && iter !== null) close(iter);
      var reject = cap.reject;
      reject(e);
    }
    return cap.promise;
  }

  // CreateDataProperty on the combinators' own arrays (no Proxy), whatever Array.prototype holds.
  var put = __oda_define_data;
  function resolveList(cap, state) { var resolve = cap.resolve; return resolve(state.list); }
  function aggregate(errors) {
    var E = global.AggregateError;
    var e = typeof E === 'function' ? new E([], 'All promises were rejected') : new Error('All promises were rejected');
    if (typeof E !== 'function') e.name = 'AggregateError';
    defProp(e, 'errors', { value: errors, writable: true, enumerable: false, configurable: true });
    return e;
  }
  function rejectAggregate(cap, state) { var reject = cap.reject; return reject(aggregate(state.list)); }

  // The element functions: each ignores all but its first call, and none is a constructor.
  method(Promise, 'all', function (iterable) {
    return combine(this, iterable, function (cap, state, p, i) {
      state.left++;
      p.then(function (v) {
        'use oda arrow';
        if (i < 0) return undefined;  // called before (i is the flag: one variable fewer to reach)
        put(state.list, i, v);
        i = -1;
        return --state.left === 0 ? resolveList(cap, state) : undefined;
      }, cap.reject);
    }, resolveList);
  }, 1);
  method(Promise, 'allSettled', function (iterable) {
    return combine(this, iterable, function (cap, state, p, i) {
      var called = false;
      function settled(o) {
        if (called) return undefined;
        called = true;
        put(state.list, i, o);
        return --state.left === 0 ? resolveList(cap, state) : undefined;
      }
      state.left++;
      p.then(function (v) { 'use oda arrow'; return settled({ status: 'fulfilled', value: v }); },
             function (e) { 'use oda arrow'; return settled({ status: 'rejected', reason: e }); });
    }, resolveList);
  }, 1);
  method(Promise, 'any', function (iterable) {
    return combine(this, iterable, function (cap, state, p, i) {
      var called = false;
      state.left++;
      p.then(cap.resolve, function (e) {
        'use oda arrow';
        if (called) return undefined;
        called = true;
        put(state.list, i, e);
        return --state.left === 0 ? rejectAggregate(cap, state) : undefined;
      });
    }, rejectAggregate);
  }, 1);
  method(Promise, 'race', function (iterable) {
    return combine(this, iterable, function (cap, state, p) { p.then(cap.resolve, cap.reject); }, function () {});
  }, 1);

  defProp(proto, Symbol.toStringTag, { value: 'Promise', configurable: true });
  if (global.__oda_rt) global.__oda_rt.getter(Promise, SPECIES, function () { return this; });
  var species = Object.getOwnPropertyDescriptor(Promise, SPECIES);
  if (species && species.get) N.share('speciesGetter', species.get);
  Object.defineProperty(global, 'Promise', { value: Promise, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, 'queueMicrotask', {
    value: function queueMicrotask(fn) { N.enqueue(fn); }, writable: true, configurable: true, enumerable: false });

  // For the event loop (drain, pending) and the async machinery (30-async.js): make() is a
  // pending promise made without an executor, which resolve(p, x) and reject(p, e) settle;
  // after(t, v), once coroutine t ran: settles t.p with v when t finished, else resumes t
  // through the step function given to setStep once v settles; when(v, f, r) calls f or r,
  // through nothing the program can replace.
  global.__oda_microtasks = { drain: N.drain, pending: N.pending, make: N.make, resolve: N.settleResolve, when: N.when,
                              reject: N.settleReject, resolved: N.resolved, rejected: N.rejected,
                              after: N.after, setStep: function (step, resume) { N.share('step', step); N.share('resume', resume); } };
})(this);
