// Async functions as Duktape coroutines: __oda_async(fn) runs each call of fn as its own
// Duktape.Thread; __oda_await(v) yields that thread until v settles (the lowering in lib/js
// emits both). The promises, their reactions and the job queue are natives
// (lib/engine/promise.cc), which call step for a coroutine whose awaited value settled.
(function (global) {
  'use strict';
  var Thread = Duktape.Thread, resume = Thread.resume, yieldTo = Thread.yield;
  var mt = global.__oda_microtasks;

  // A call is a coroutine record {t: its thread, p: its promise}; the record is the reaction
  // the natives keep on the awaited promise, so neither a call nor an await makes a closure.
  // The thread starts in entry with the call's {f, s, a}, dropped at once: the thread then
  // holds nothing that leads back to its record. A body that returns sets `finished`, which
  // the step that resumed it reads right away (steps nest when one async call makes another).
  var finished = false;
  function entry(call) {
    var f = call.f, s = call.s, a = call.a;
    call = null;
    var result = f.apply(s, a);
    finished = true;
    return result;
  }
  function step(co, isError, value) {
    var v;
    finished = false;
    try { v = resume(co.t, value, isError); } catch (e) { finished = false; mt.reject(co.p, e); return; }
    if (finished) { finished = false; mt.resolve(co.p, v); return; }
    mt.await(v, co);
  }
  mt.setStep(step);
  function run(fn, self, args) {
    var co = { t: new Thread(entry), p: mt.make() };
    step(co, false, { f: fn, s: self, a: args });
    return co.p;
  }

  // The wrappers are 'use oda arrow' (no `prototype`): a constructor's prototype points back
  // at it, a cycle only mark-and-sweep frees, and the lowering makes one wrapper per call.
  Object.defineProperty(global, '__oda_async', {
    value: function (fn) {
      return function () { 'use oda arrow'; return run(fn, this, arguments); };
    }, writable: true, configurable: true, enumerable: false });
  // An async body that never awaits (lib/js/lower.cc tells) runs to its end at once: the
  // same promise, without a coroutine.
  Object.defineProperty(global, '__oda_async_sync', {
    value: function (fn) {
      return function () {
        'use oda arrow';
        var p = mt.make(), v;
        try { v = fn.apply(this, arguments); } catch (e) { mt.reject(p, e); return p; }
        mt.resolve(p, v);
        return p;
      };
    }, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, '__oda_await', {
    value: function (v) { return yieldTo(v); },
    writable: true, configurable: true, enumerable: false });
})(this);
