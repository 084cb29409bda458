// Async functions as Duktape coroutines: an async function's body runs as its own
// Duktape.Thread; __oda_await(v) yields that thread until v settles (the lowering in lib/js
// emits __oda_async_call / __oda_async_sync_call for each call's body, __oda_async(fn) for
// the program's). The promises, their reactions and the job queue are natives
// (lib/engine/promise.cc), which call step for a coroutine whose awaited value settled.
(function (global) {
  'use strict';
  var Thread = Duktape.Thread, resume = Thread.resume;
  var mt = global.__oda_microtasks;

  // A call is its thread, its promise in t.p; the thread is itself the reaction the natives
  // keep on the awaited promise, so neither a call nor an await makes a record or a closure.
  // The thread starts in entry with the body. step resumes it: the natives call it (with
  // resume, so it reads no variable of this scope) once what it awaited settled, and then
  // settle t.p or await what it yielded, telling the two apart by the thread's state
  // (after(t, v) does that part for a call's first run here).
  function entry(body) { return body(); }
  function step(t, isError, value, resume) { return resume(t, value, isError); }
  mt.setStep(step, resume);
  var after = mt.after, reject = mt.reject, make = mt.make;
  function call(body) {
    var t = new Thread(entry), p = make(), v;
    t.p = p;
    try { v = resume(t, body, false); } catch (e) { reject(p, e); return p; }
    after(t, v);
    return p;
  }

  function hide(name, value) {
    Object.defineProperty(global, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  // The body of one call (a function of no arguments whose this and arguments the lowering
  // made the call's own): run now, its promise returned.
  hide('__oda_async_call', call);
  // A body that never awaits (lib/js/lower.cc tells) runs to its end at once: the same
  // promise, without a coroutine. (Not a native: a call from C counts against Duktape's
  // C recursion limit of 1000, where JavaScript calls go as deep as node's.)
  var resolved = mt.resolved, rejected = mt.rejected;
  function syncCall(body) {
    var v;
    try { v = body(); } catch (e) { return rejected(e); }
    return resolved(v);
  }
  hide('__oda_async_sync_call', syncCall);
  // An async function whose body is one value that awaits nothing (lib/js/lower_functions.cc)
  // returns its promise from its own frame with this.
  hide('__oda_async_resolved', resolved);
  // An async call whose parameters threw: its promise, rejected.
  hide('__oda_async_reject', rejected);
  // fn as an async function: what the program's own body is lowered to (lib/js/lower.cc). The
  // wrappers are 'use oda arrow' (no `prototype`): a constructor's prototype points back at
  // it, a cycle only mark-and-sweep frees.
  hide('__oda_async', function (fn) {
    return function () {
      'use oda arrow';
      var self = this, args = arguments;
      return call(function () { 'use oda arrow'; return fn.apply(self, args); });
    };
  });
  hide('__oda_async_sync', function (fn) {
    return function () {
      'use oda arrow';
      var self = this, args = arguments;
      return syncCall(function () { 'use oda arrow'; return fn.apply(self, args); });
    };
  });
  // The lowered body calls yield itself: no frame of ours between it and the coroutine.
  hide('__oda_await', Thread.yield);
})(this);
