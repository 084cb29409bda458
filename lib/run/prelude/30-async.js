// Async functions as Duktape coroutines: __oda_async(fn) runs each call of fn as its own
// Duktape.Thread; __oda_await(v) yields that thread until v settles (the lowering in lib/js
// emits both).
(function (global) {
  'use strict';
  var Thread = Duktape.Thread;
  var AWAIT = {};  // the yield token: a coroutine yields { t: AWAIT, v: awaited }

  function run(fn, self, args) {
    return new Promise(function (resolve, reject) {
      var t = new Thread(function () { return { t: null, v: fn.apply(self, args) }; });
      function step(value, isError) {
        var r;
        try { r = Thread.resume(t, value, isError); } catch (e) { reject(e); return; }
        if (r !== null && typeof r === 'object' && r.t === AWAIT) {
          Promise.resolve(r.v).then(function (x) { step(x, false); }, function (e) { step(e, true); });
        } else {
          resolve(r.v);
        }
      }
      step(undefined, false);
    });
  }

  Object.defineProperty(global, '__oda_async', {
    value: function (fn) {
      return function () { return run(fn, this, arguments); };
    }, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, '__oda_await', {
    value: function (v) { return Thread.yield({ t: AWAIT, v: v }); },
    writable: true, configurable: true, enumerable: false });
})(this);
