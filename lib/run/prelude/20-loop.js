// The event loop's JavaScript half: timers, immediates, pending host requests, and the entry points the
// worker (lib/run/worker.cc) calls between its waits on the supervisor's pipe.
(function (global) {
  'use strict';
  var now = __oda_now, hostRequest = __oda_host_request, finish = __oda_finish;
  var mt = global.__oda_microtasks, codec = global.__oda_codec;
  // Timers in a binary min-heap by (due, seq); a cleared timer is only marked and drops out
  // when it reaches the top, so set and clear stay O(log n) for programs with many timers.
  // The heap has no prototype: a program's accessors on Array.prototype[0] cannot reach it.
  var heap = Object.setPrototypeOf([], null), live = {}, nextId = 1, seq = 0;
  var hosts = {};

  function hide(name, value) {
    Object.defineProperty(global, name, { value: value, writable: true, configurable: true, enumerable: false });
  }

  function before(a, b) { return a.due < b.due || (a.due === b.due && a.seq < b.seq); }
  function push(t) {
    var i = heap.length;
    heap[i] = t;
    while (i > 0) {
      var p = (i - 1) >> 1;
      if (!before(heap[i], heap[p])) break;
      var x = heap[i]; heap[i] = heap[p]; heap[p] = x; i = p;
    }
  }
  function pop() {
    var top = heap[0], last = heap[heap.length - 1];
    heap.length--;
    if (heap.length > 0) {
      heap[0] = last;
      var i = 0, n = heap.length;
      for (;;) {
        var l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && before(heap[l], heap[m])) m = l;
        if (r < n && before(heap[r], heap[m])) m = r;
        if (m === i) break;
        var x = heap[i]; heap[i] = heap[m]; heap[m] = x; i = m;
      }
    }
    return top;
  }
  function peek() {
    while (heap.length > 0 && heap[0].cancelled) pop();
    return heap[0];
  }

  // Node's clamp: below 1 ms (or not a number) is 1 ms, past 2^31-1 ms is 1 ms too.
  function delay(ms) {
    ms = Number(ms);
    return (ms >= 1 && ms <= 2147483647) ? ms : 1;
  }
  function add(fn, ms, args, repeat) {
    if (typeof fn !== 'function') throw new TypeError('timer callback is not a function');
    var d = delay(ms), id = nextId++;
    var t = { id: id, due: now() + d, ms: d, fn: fn, args: args, repeat: repeat, seq: seq++, cancelled: false };
    live[id] = t;
    push(t);
    return id;
  }
  function clear(id) {
    var t = live[id];
    if (t) { t.cancelled = true; delete live[id]; }
  }

  hide('setTimeout', function setTimeout(fn, ms) {
    return add(fn, ms, Array.prototype.slice.call(arguments, 2), false);
  });
  hide('setInterval', function setInterval(fn, ms) {
    return add(fn, ms, Array.prototype.slice.call(arguments, 2), true);
  });
  hide('clearTimeout', function clearTimeout(id) { clear(id); });
  hide('clearInterval', function clearInterval(id) { clear(id); });

  // Immediates run as node's check phase does: after the timers due at this turn, each
  // followed by its microtasks; one queued by an immediate waits for the next turn.
  var immediates = [], liveImmediates = {}, pendingImmediates = 0;
  hide('setImmediate', function setImmediate(fn) {
    if (typeof fn !== 'function') throw new TypeError('immediate callback is not a function');
    var im = { id: nextId++, fn: fn, args: Array.prototype.slice.call(arguments, 1) };
    liveImmediates[im.id] = im;
    pendingImmediates++;
    immediates.push(im);
    return im.id;
  });
  hide('clearImmediate', function clearImmediate(id) {
    if (liveImmediates[id]) { delete liveImmediates[id]; pendingImmediates--; }
  });
  function runImmediates() {
    var batch = immediates;
    immediates = [];
    for (var i = 0; i < batch.length; i++) {
      var im = batch[i];
      if (liveImmediates[im.id] !== im) continue;  // cleared
      delete liveImmediates[im.id];
      pendingImmediates--;
      im.fn.apply(undefined, im.args);
      mt.drain();
    }
  }

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
    try { render(ok, v); } catch (e) {
      // The program broke what rendering uses (its own getters threw): still an outcome.
      finish(false, ok ? 'invalid-output' : 'exception', ok ? 'program completion must be lossless JSON'
                                                           : 'program threw an unrenderable value');
    }
  }
  function render(ok, v) {
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
      mt.when(p, function (v) { settle(true, v); }, function (e) { settle(false, e); });
      mt.drain();
    },
    // Runs the timers due now, then the immediates, each followed by its microtasks; returns
    // the next due time (ms on __oda_now's clock: now while immediates wait) or -1 when no
    // timer or immediate is left.
    turn: function () {
      var limit = now(), t;
      mt.drain();
      while ((t = peek()) !== undefined && t.due <= limit) {
        pop();
        if (t.repeat) { t.due = Math.max(limit, t.due) + t.ms; t.seq = seq++; push(t); } else delete live[t.id];
        t.fn.apply(undefined, t.args);
        mt.drain();
      }
      runImmediates();
      if (pendingImmediates > 0) return limit;
      t = peek();
      return t === undefined ? -1 : t.due;
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
          // A standard error name gets its own class, so `instanceof TypeError` holds.
          var C = /^(Type|Range|Syntax|Reference|Eval|URI)?Error$/.test(value.name) ? global[value.name] : Error;
          e = new C(String(value.message));
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
