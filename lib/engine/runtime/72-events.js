// EventTarget, Event, AbortController and AbortSignal: the DOM's event dispatch at a single
// target (no tree, so no capture or bubbling path), as node has it and libraries expect.
// @lazy: Event EventTarget AbortController AbortSignal
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var perfNow = global.__oda_perf_now;
  var SLOT = rt.hiddenKey('event'), LISTENERS = rt.hiddenKey('listeners'), SIGNAL = rt.hiddenKey('signal');
  var CONTROLLER = rt.hiddenKey('controller');

  function requireNew(self, C, name) {
    if (!(self instanceof C)) throw new TypeError('Class constructor ' + name + ' cannot be invoked without \'new\'');
  }
  function state(self, key, name) {
    var s = rt.isObject(self) ? self[key] : undefined;
    if (s === undefined) throw rt.nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type ' + name);
    return s;
  }
  function tag(proto, name) {
    Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
  }
  function getters(proto, key, name, table) {
    Object.keys(table).forEach(function (k) {
      rt.getter(proto, k, function () { return table[k](state(this, key, name)); });
    });
  }

  var NONE = 0, AT_TARGET = 2;
  function Event(type, init) {
    requireNew(this, Event, 'Event');
    if (arguments.length === 0) throw rt.nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" argument must be specified');
    init = init === undefined || init === null ? {} : init;
    this[SLOT] = { type: rt.toStr(type), bubbles: !!init.bubbles, cancelable: !!init.cancelable,
      composed: !!init.composed, target: null, currentTarget: null, phase: NONE, canceled: false,
      stop: false, stopNow: false, passive: false, dispatching: false, timeStamp: perfNow() };
  }
  var ev = Event.prototype;
  getters(ev, SLOT, 'Event', {
    type: function (s) { return s.type; },
    target: function (s) { return s.target; },
    srcElement: function (s) { return s.target; },
    currentTarget: function (s) { return s.currentTarget; },
    eventPhase: function (s) { return s.phase; },
    bubbles: function (s) { return s.bubbles; },
    cancelable: function (s) { return s.cancelable; },
    composed: function (s) { return s.composed; },
    defaultPrevented: function (s) { return s.canceled; },
    returnValue: function (s) { return !s.canceled; },
    cancelBubble: function (s) { return s.stop; },
    isTrusted: function () { return false; },
    timeStamp: function (s) { return s.timeStamp; }
  });
  rt.methods(ev, {
    preventDefault: [function () {
      var s = state(this, SLOT, 'Event');
      if (s.cancelable && !s.passive) s.canceled = true;
    }, 0],
    stopPropagation: [function () { state(this, SLOT, 'Event').stop = true; }, 0],
    stopImmediatePropagation: [function () { var s = state(this, SLOT, 'Event'); s.stop = s.stopNow = true; }, 0],
    composedPath: [function () { var s = state(this, SLOT, 'Event'); return s.dispatching ? [s.currentTarget] : []; }, 0]
  });
  tag(ev, 'Event');
  [['NONE', 0], ['CAPTURING_PHASE', 1], ['AT_TARGET', 2], ['BUBBLING_PHASE', 3]].forEach(function (c) {
    Object.defineProperty(Event, c[0], { value: c[1], enumerable: true });
  });

  function flags(options) {
    if (typeof options === 'boolean') return { capture: options, once: false, passive: false, signal: undefined };
    if (!rt.isObject(options)) return { capture: false, once: false, passive: false, signal: undefined };
    return { capture: !!options.capture, once: !!options.once, passive: !!options.passive, signal: options.signal };
  }
  function listeners(self, type) {
    var all = state(self, LISTENERS, 'EventTarget');
    return rt.hasOwn.call(all, type) ? all[type] : (all[type] = []);
  }
  function find(list, callback, capture) {
    for (var i = 0; i < list.length; i++) if (list[i].callback === callback && list[i].capture === capture) return i;
    return -1;
  }
  function remove(list, entry) {
    var i = list.indexOf(entry);
    if (i >= 0) list.splice(i, 1);
    entry.removed = true;
  }
  // A listener's throw does not stop the others; it is reported afterwards, as an uncaught
  // error of its own (node: the process's uncaught exception).
  function report(e) {
    if (typeof global.queueMicrotask === 'function') global.queueMicrotask(function () { throw e; });
  }

  function EventTarget() {
    requireNew(this, EventTarget, 'EventTarget');
    this[LISTENERS] = Object.create(null);
  }
  rt.methods(EventTarget.prototype, {
    addEventListener: [function (type, callback, options) {
      if (arguments.length < 2) throw rt.nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" and "listener" arguments must be specified');
      var list = listeners(this, rt.toStr(type)), f = flags(options);
      if (callback === null || callback === undefined) return;
      if (f.signal !== undefined && f.signal[SIGNAL] === undefined) {
        throw rt.nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "options.signal" property must be an instance of AbortSignal. ' + rt.received(f.signal));
      }
      if (f.signal !== undefined && f.signal.aborted) return;
      if (find(list, callback, f.capture) >= 0) return;
      var entry = { callback: callback, capture: f.capture, once: f.once, passive: f.passive, removed: false };
      list.push(entry);
      if (f.signal !== undefined) f.signal.addEventListener('abort', function () { remove(list, entry); });
    }, 2],
    removeEventListener: [function (type, callback, options) {
      if (arguments.length < 2) throw rt.nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" and "listener" arguments must be specified');
      var list = listeners(this, rt.toStr(type)), i = find(list, callback, flags(options).capture);
      if (i >= 0) remove(list, list[i]);
    }, 2],
    dispatchEvent: [function (event) {
      var s = rt.isObject(event) ? event[SLOT] : undefined;
      if (s === undefined) {
        throw rt.nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "event" argument must be an instance of Event. ' + rt.received(event));
      }
      if (s.dispatching) throw new global.DOMException('The event is already being dispatched', 'InvalidStateError');
      var list = listeners(this, s.type).slice();
      s.dispatching = true;
      s.target = s.currentTarget = this;
      s.phase = AT_TARGET;
      for (var i = 0; i < list.length && !s.stopNow; i++) {
        var entry = list[i];
        if (entry.removed) continue;
        if (entry.once) remove(listeners(this, s.type), entry);
        s.passive = entry.passive;
        try {
          if (typeof entry.callback === 'function') entry.callback.call(this, event);
          else if (typeof entry.callback.handleEvent === 'function') entry.callback.handleEvent(event);
        } catch (e) {
          report(e);
        }
        s.passive = false;
      }
      s.dispatching = false;
      s.currentTarget = null;
      s.phase = NONE;
      s.stop = s.stopNow = false;
      return !s.canceled;
    }, 1]
  });
  tag(EventTarget.prototype, 'EventTarget');

  // AbortSignal: an EventTarget made only by its controller or its static helpers.
  var MAKING = {};
  function AbortSignal(token) {
    if (token !== MAKING) throw rt.nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    EventTarget.call(this);
    this[SIGNAL] = { aborted: false, reason: undefined, onabort: null, dependents: [] };
  }
  function makeSignal() { return new AbortSignal(MAKING); }
  AbortSignal.prototype = Object.create(EventTarget.prototype);
  rt.def(AbortSignal.prototype, 'constructor', AbortSignal);
  function abortError() { return new global.DOMException('This operation was aborted', 'AbortError'); }
  function signalAbort(signal, reason) {
    var s = signal[SIGNAL];
    if (s.aborted) return;
    s.aborted = true;
    s.reason = reason === undefined ? abortError() : reason;
    var dependents = s.dependents;
    s.dependents = [];
    signal.dispatchEvent(new Event('abort'));
    for (var i = 0; i < dependents.length; i++) signalAbort(dependents[i], s.reason);
  }
  getters(AbortSignal.prototype, SIGNAL, 'AbortSignal', {
    aborted: function (s) { return s.aborted; },
    reason: function (s) { return s.reason; }
  });
  // onabort is an event handler: set once, it takes its place among the listeners then.
  Object.defineProperty(AbortSignal.prototype, 'onabort', {
    get: rt.makeMethod(function () { return state(this, SIGNAL, 'AbortSignal').onabort; }),
    set: rt.makeMethod(function (fn) {
      var s = state(this, SIGNAL, 'AbortSignal'), first = s.onabort === null;
      s.onabort = typeof fn === 'function' ? fn : null;
      if (first && s.onabort !== null) {
        this.addEventListener('abort', function (e) { if (s.onabort !== null) return s.onabort.call(this, e); });
      }
    }),
    enumerable: true, configurable: true
  });
  rt.methods(AbortSignal.prototype, {
    throwIfAborted: [function () {
      var s = state(this, SIGNAL, 'AbortSignal');
      if (s.aborted) throw s.reason;
    }, 0]
  });
  tag(AbortSignal.prototype, 'AbortSignal');
  rt.methods(AbortSignal, {
    abort: [function (reason) {
      var signal = makeSignal();
      signalAbort(signal, reason);
      return signal;
    }, 0],
    timeout: [function (ms) {
      if (typeof ms !== 'number') {
        throw rt.nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "delay" argument must be of type number. ' + rt.received(ms));
      }
      if (!(ms >= 0 && ms <= 4294967295)) {
        throw rt.nodeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "delay" is out of range. It must be >= 0 && <= 4294967295. Received ' + ms);
      }
      var signal = makeSignal();
      global.setTimeout(function () {
        signalAbort(signal, new global.DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      }, ms);
      return signal;
    }, 1],
    any: [function (signals) {
      var signal = makeSignal(), list = Array.from(signals);
      for (var i = 0; i < list.length; i++) state(list[i], SIGNAL, 'AbortSignal');
      for (i = 0; i < list.length; i++) {
        var s = list[i][SIGNAL];
        if (s.aborted) { signalAbort(signal, s.reason); return signal; }
      }
      for (i = 0; i < list.length; i++) list[i][SIGNAL].dependents.push(signal);
      return signal;
    }, 1]
  });

  function AbortController() {
    requireNew(this, AbortController, 'AbortController');
    this[CONTROLLER] = makeSignal();
  }
  rt.getter(AbortController.prototype, 'signal', function () { return state(this, CONTROLLER, 'AbortController'); });
  rt.methods(AbortController.prototype, {
    abort: [function (reason) { signalAbort(state(this, CONTROLLER, 'AbortController'), reason); }, 0]
  });
  tag(AbortController.prototype, 'AbortController');

  rt.def(global, 'Event', Event);
  rt.def(global, 'EventTarget', EventTarget);
  rt.def(global, 'AbortSignal', AbortSignal);
  rt.def(global, 'AbortController', AbortController);
})(this);
