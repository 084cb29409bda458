// The event loop's JavaScript half: timers, pending host requests, and the entry points the
// worker (lib/run/worker.cc) calls between its waits on the supervisor's pipe.
(function (global) {
  'use strict';
  var now = __oda_now, hostRequest = __oda_host_request, finish = __oda_finish;
  var mt = global.__oda_microtasks, codec = global.__oda_codec;
  var timers = [], nextId = 1, seq = 0;
  var hosts = {};

  function hide(name, value) {
    Object.defineProperty(global, name, { value: value, writable: true, configurable: true, enumerable: false });
  }

  // Node's clamp: below 1 ms (or not a number) is 1 ms, past 2^31-1 ms is 1 ms too.
  function delay(ms) {
    ms = Number(ms);
    return (ms >= 1 && ms <= 2147483647) ? ms : 1;
  }
  function add(fn, ms, args, repeat) {
    if (typeof fn !== 'function') throw new TypeError('timer callback is not a function');
    var d = delay(ms), id = nextId++;
    timers.push({ id: id, due: now() + d, ms: d, fn: fn, args: args, repeat: repeat, seq: seq++ });
    return id;
  }
  function clear(id) {
    for (var i = 0; i < timers.length; i++) {
      if (timers[i].id === id) { timers.splice(i, 1); return; }
    }
  }
  function earliest(limit) {
    var best = -1;
    for (var i = 0; i < timers.length; i++) {
      var t = timers[i];
      if (t.due > limit) continue;
      if (best < 0 || t.due < timers[best].due || (t.due === timers[best].due && t.seq < timers[best].seq)) best = i;
    }
    return best;
  }

  hide('setTimeout', function setTimeout(fn, ms) {
    return add(fn, ms, Array.prototype.slice.call(arguments, 2), false);
  });
  hide('setInterval', function setInterval(fn, ms) {
    return add(fn, ms, Array.prototype.slice.call(arguments, 2), true);
  });
  hide('clearTimeout', function clearTimeout(id) { clear(id); });
  hide('clearInterval', function clearInterval(id) { clear(id); });

  // A request to the supervisor (tool calls and the like): the reply settles the promise.
  // Arguments cross as lossless JSON; the native throws the standard line otherwise.
  hide('__oda_host', function (method, args) {
    var r = codec.encode(args);
    if (r.json === undefined) {
      return Promise.reject(new TypeError(r.line === 'sparse' ? 'cannot encode a sparse JSON array'
                                                             : 'binding arguments must be lossless JSON'));
    }
    var id = hostRequest(String(method), r.json);
    return new Promise(function (resolve, reject) { hosts[id] = { resolve: resolve, reject: reject }; });
  });

  // The program's outcome, rendered once for the worker: (ok, kind, text).
  function settle(ok, v) {
    if (ok) {
      if (v === undefined) { finish(true, '', ''); return; }
      var r = codec.encode(v);
      if (r.json !== undefined) finish(true, '', r.json);
      else finish(false, 'invalid-output', r.line === 'sparse' ? 'cannot encode a sparse JSON array'
                                                               : 'program completion must be lossless JSON');
      return;
    }
    var text = codec.thrownText(v);
    finish(false, 'exception', text === null ? 'program threw an unrenderable value' : text);
  }

  hide('__oda_loop', {
    // Starts the program: main() returns the promise of its body.
    start: function (main) {
      var p;
      try { p = main(); } catch (e) { settle(false, e); return; }
      Promise.resolve(p).then(function (v) { settle(true, v); }, function (e) { settle(false, e); });
      mt.drain();
    },
    // Runs the timers due now, each followed by its microtasks; returns the next due time
    // (ms on __oda_now's clock) or -1 when no timer is left.
    turn: function () {
      var limit = now(), i;
      mt.drain();
      while ((i = earliest(limit)) >= 0) {
        var t = timers[i];
        if (t.repeat) { t.due = Math.max(limit, t.due) + t.ms; t.seq = seq++; } else timers.splice(i, 1);
        t.fn.apply(undefined, t.args);
        mt.drain();
      }
      var next = -1;
      for (i = 0; i < timers.length; i++) if (next < 0 || timers[i].due < next) next = timers[i].due;
      return next;
    },
    // A failure before the program could start (its SyntaxError) or outside it (a timer's
    // uncaught throw).
    fail: function (e) { settle(false, e); },
    // A reply frame: ok with the decoded value, or an error description.
    reply: function (id, ok, value) {
      var h = hosts[id];
      if (!h) return;
      delete hosts[id];
      if (ok) { h.resolve(value); } else {
        var e;
        if (value !== null && typeof value === 'object') {
          e = new Error(String(value.message));
          for (var k in value) if (k !== 'message') e[k] = value[k];
        } else {
          e = new Error(String(value));
        }
        h.reject(e);
      }
      mt.drain();
    }
  });
})(this);
