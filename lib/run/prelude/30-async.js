// Async functions as Duktape coroutines: __oda_async(fn) runs each call of fn as its own
// Duktape.Thread; __oda_await(v) yields that thread until v settles (the lowering in lib/js
// emits both).
(function (global) {
  'use strict';
  var Thread = Duktape.Thread;
  var mt = global.__oda_microtasks;

  // The promise of a call is one of ours made bare (no executor, no resolving functions) and
  // settled here; an await of one of our promises subscribes `step` itself.
  function run(fn, self, args) {
    var p = mt.make();
    // The thread says it finished through `done`, so a yield needs no wrapper object.
    var done = false;
    var t = new Thread(function () {
      var result = fn.apply(self, args);
      done = true;
      return result;
    });
    function step(isError, value) {
      var v;
      try { v = Thread.resume(t, value, isError); } catch (e) { mt.reject(p, e); return; }
      if (done) { mt.resolve(p, v); return; }
      // Awaiting: our own promise is subscribed to directly, a plain value resumes on the
      // next tick, anything else goes through Promise.resolve (thenables).
      if (mt.subscribe(v, step)) return;
      if (v === null || (typeof v !== 'object' && typeof v !== 'function')) {
        mt.enqueue(function () { step(false, v); });
        return;
      }
      Promise.resolve(v).then(function (x) { step(false, x); }, function (e) { step(true, e); });
    }
    step(false, undefined);
    return p;
  }

  Object.defineProperty(global, '__oda_async', {
    value: function (fn) {
      return function () { return run(fn, this, arguments); };
    }, writable: true, configurable: true, enumerable: false });
  // An async body that never awaits (lib/js/lower.cc tells) runs to its end at once: the
  // same promise, without a coroutine.
  Object.defineProperty(global, '__oda_async_sync', {
    value: function (fn) {
      return function () {
        var p = mt.make(), v;
        try { v = fn.apply(this, arguments); } catch (e) { mt.reject(p, e); return p; }
        mt.resolve(p, v);
        return p;
      };
    }, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, '__oda_await', {
    value: function (v) { return Thread.yield(v); },
    writable: true, configurable: true, enumerable: false });
})(this);
