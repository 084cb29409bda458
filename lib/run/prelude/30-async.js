// Async functions as Duktape coroutines: __oda_async(fn) runs each call of fn as its own
// Duktape.Thread; __oda_await(v) yields that thread until v settles (the lowering in lib/js
// emits both).
(function (global) {
  'use strict';
  var Thread = Duktape.Thread;
  var mt = global.__oda_microtasks;

  function run(fn, self, args) {
    return new Promise(function (resolve, reject) {
      // The thread says it finished through `done`, so a yield needs no wrapper object.
      var done = false;
      var t = new Thread(function () {
        var result = fn.apply(self, args);
        done = true;
        return result;
      });
      function onFulfilled(x) { step(x, false); }
      function onRejected(e) { step(e, true); }
      function step(value, isError) {
        var v;
        try { v = Thread.resume(t, value, isError); } catch (e) { reject(e); return; }
        if (done) { resolve(v); return; }
        // Awaiting: our own promise is subscribed to directly, a plain value resumes on the
        // next tick, anything else goes through Promise.resolve (thenables).
        if (mt.subscribe(v, onFulfilled, onRejected)) return;
        if (v === null || (typeof v !== 'object' && typeof v !== 'function')) {
          mt.enqueue(function () { step(v, false); });
          return;
        }
        Promise.resolve(v).then(onFulfilled, onRejected);
      }
      step(undefined, false);
    });
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
        var self = this, args = arguments;
        return new Promise(function (resolve, reject) {
          var v;
          try { v = fn.apply(self, args); } catch (e) { reject(e); return; }
          resolve(v);
        });
      };
    }, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, '__oda_await', {
    value: function (v) { return Thread.yield(v); },
    writable: true, configurable: true, enumerable: false });
})(this);
