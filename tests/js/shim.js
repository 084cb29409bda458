// A stand-in for run-code's prelude under Debian's stock `duk`, for checking lowered
// programs before run-code exists: a small Promise, timers, console, and __oda_async /
// __oda_await on Duktape.Thread. Not shipped; tests/js/run-duk uses it.
var __shim_micro = [], __shim_timers = [], __shim_seq = 0;
function __shim_flush() {
  for (;;) {
    while (__shim_micro.length) __shim_micro.shift()();
    if (!__shim_timers.length) return;
    __shim_timers.sort(function (a, b) { return a.at - b.at || a.seq - b.seq; });
    var t = __shim_timers.shift();
    t.fn();
  }
}
function queueMicrotask(f) { __shim_micro.push(f); }
function setTimeout(fn, ms) {
  var args = Array.prototype.slice.call(arguments, 2);
  var t = { at: (ms || 0) + __shim_seq * 1e-9, seq: ++__shim_seq, fn: function () { fn.apply(null, args); } };
  __shim_timers.push(t);
  return t.seq;
}
function clearTimeout(id) { __shim_timers = __shim_timers.filter(function (t) { return t.seq !== id; }); }
if (typeof Promise === 'undefined') {
  var Promise = function (exec) {
    var self = this;
    this._s = 0; this._v = undefined; this._cb = [];
    function settle(s, v) {
      if (self._s) return;
      if (s === 1 && v && (typeof v === 'object' || typeof v === 'function') && typeof v.then === 'function') {
        var once = false;
        try { v.then(function (x) { if (!once) { once = true; self._s = 0; settle(1, x); } }, function (e) { if (!once) { once = true; settle(2, e); } }); } catch (e) { settle(2, e); }
        return;
      }
      self._s = s; self._v = v;
      var cbs = self._cb; self._cb = [];
      for (var i = 0; i < cbs.length; i++) queueMicrotask(cbs[i]);
    }
    try { exec(function (v) { settle(1, v); }, function (e) { settle(2, e); }); } catch (e) { settle(2, e); }
  };
  Promise.prototype.then = function (ok, bad) {
    var self = this;
    return new Promise(function (res, rej) {
      function run() {
        var f = self._s === 1 ? ok : bad;
        if (typeof f !== 'function') { (self._s === 1 ? res : rej)(self._v); return; }
        try { res(f(self._v)); } catch (e) { rej(e); }
      }
      if (self._s) queueMicrotask(run); else self._cb.push(run);
    });
  };
  Promise.prototype['catch'] = function (bad) { return this.then(undefined, bad); };
  Promise.prototype['finally'] = function (f) { return this.then(function (v) { f(); return v; }, function (e) { f(); throw e; }); };
  Promise.resolve = function (v) { return v instanceof Promise ? v : new Promise(function (r) { r(v); }); };
  Promise.reject = function (e) { return new Promise(function (r, j) { j(e); }); };
  Promise.all = function (xs) {
    return new Promise(function (res, rej) {
      var out = [], n = xs.length; if (!n) { res(out); return; }
      xs.forEach(function (x, i) { Promise.resolve(x).then(function (v) { out[i] = v; if (--n === 0) res(out); }, rej); });
    });
  };
}
function __shim_fmt(v) {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return v.name + ': ' + v.message;
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return String(v);
  try { var j = JSON.stringify(v); return j === undefined ? String(v) : j; } catch (e) { return String(v); }
}
var console = { log: function () { print(Array.prototype.map.call(arguments, __shim_fmt).join(' ')); } };
console.info = console.log;
console.error = function () { print('[error] ' + Array.prototype.map.call(arguments, __shim_fmt).join(' ')); };
console.warn = function () { print('[warn] ' + Array.prototype.map.call(arguments, __shim_fmt).join(' ')); };
var globalThis = this;

function __shim_entry(f) { var r = f(); __shim_entry_done = true; return r; }
var __shim_entry_done = false;
function __oda_async(fn) {
  return function () {
    return new Promise(function (resolve, reject) {
      var t = new Duktape.Thread(function (f) { var r = f(); t.done = true; return r; });
      function step(v, err, first) {
        var r;
        try { r = first ? Duktape.Thread.resume(t, fn) : Duktape.Thread.resume(t, v, err); }
        catch (e) { reject(e); return; }
        if (t.done) { resolve(r); return; }
        Promise.resolve(r).then(function (x) { step(x, false); }, function (e) { step(e, true); });
      }
      step(undefined, false, true);
    });
  };
}
function __oda_await(v) { return Duktape.Thread.yield(v); }
function __oda_async_call(body) { return __oda_async(body)(); }
var __oda_async_sync_call = __oda_async_call;
function __oda_async_resolved(v) { return Promise.resolve(v); }
function __oda_async_reject(e) { return Promise.reject(e); }
function __oda_regexp(source, flags) { return new RegExp(source, flags); }
