// Smaller ES2015-ES2022 pieces: AggregateError, @@species and @@toStringTag where Duktape
// lacks them, and V8's Error.captureStackTrace, which libraries call in custom errors.
(function (global) {
  'use strict';
  var rt = global.__oda_rt;

  if (typeof global.AggregateError !== 'function') {
    // A real Error object (so it has Duktape's stack) given AggregateError's prototype.
    var AggregateError = function AggregateError(errors, message, options) {
      var e = new Error(message === undefined ? undefined : rt.toStr(message));
      Object.setPrototypeOf(e, this instanceof AggregateError ? Object.getPrototypeOf(this) : AggregateError.prototype);
      if (options !== null && typeof options === 'object' && rt.hasOwn.call(options, 'cause')) rt.def(e, 'cause', options.cause);
      var list = [];
      rt.forOf(errors, function (x) { list.push(x); });
      rt.def(e, 'errors', list);
      return e;
    };
    AggregateError.prototype = Object.create(Error.prototype);
    rt.def(AggregateError.prototype, 'constructor', AggregateError);
    rt.def(AggregateError.prototype, 'name', 'AggregateError');
    rt.def(AggregateError.prototype, 'message', '');
    Object.defineProperty(AggregateError, 'length', { value: 2, configurable: true });
    Object.setPrototypeOf(AggregateError, Error);
    Object.defineProperty(AggregateError, 'prototype', { writable: false, enumerable: false, configurable: false });
    rt.def(global, 'AggregateError', AggregateError);
  }

  if (typeof Error.captureStackTrace !== 'function') {
    rt.method(Error, 'captureStackTrace', function (target) {
      if (!rt.isObject(target)) throw new TypeError('Invalid argument');
      var stack = String(new Error().stack).split('\n');
      stack[0] = rt.toStr(target.name === undefined ? 'Error' : target.name) +
        (target.message ? ': ' + rt.toStr(target.message) : '');
      Object.defineProperty(target, 'stack', { value: stack.join('\n'), writable: true, enumerable: false, configurable: true });
    }, 2);
  }

  // Reflect.construct with a newTarget, which Duktape refuses ("unsupported"): the object is
  // made by target, then gets newTarget's prototype (read first, as the spec does), or
  // target's own when that is not an object.
  var nativeConstruct = Reflect.construct, isCtor = global.__oda_is_constructor;
  // Symbol and BigInt refuse new but are constructors: either may be a newTarget.
  var newTargetOnly = rt.newTargetOnly = [global.Symbol];
  if (typeof isCtor === 'function') {
    rt.method(Reflect, 'construct', function (target, args, newTarget) {
      if (arguments.length < 3 || newTarget === target) return nativeConstruct(target, args);
      if (!isCtor(target)) throw new TypeError('Reflect.construct: target is not a constructor');
      if (!isCtor(newTarget) && newTargetOnly.indexOf(newTarget) < 0) throw new TypeError('Reflect.construct: newTarget is not a constructor');
      if (!rt.isObject(args)) throw new TypeError('Reflect.construct: arguments list is not an object');
      var proto = newTarget.prototype, q = global.__oda_ntq, o;
      // new.target in target (lowered to __oda_newtarget) answers newTarget.
      if (q) q.push({ f: target, nt: newTarget, o: null });
      try {
        o = nativeConstruct(target, args);
      } finally {
        if (q) q.pop();
      }
      if (!rt.isObject(proto)) proto = target.prototype;
      if (rt.isObject(proto) && Object.getPrototypeOf(o) !== proto) Object.setPrototypeOf(o, proto);
      return o;
    }, 2);
  }

  // Object.prototype.__proto__'s accessors have the spec's names.
  var protoDesc = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__');
  if (protoDesc && protoDesc.get) {
    try {
      Object.defineProperty(protoDesc.get, 'name', { value: 'get __proto__', configurable: true });
      if (protoDesc.set) Object.defineProperty(protoDesc.set, 'name', { value: 'set __proto__', configurable: true });
    } catch (e) { /* keep the engine's */ }
  }

  // Reflect.has: Duktape's coerces a symbol key to a string for typed arrays (and throws).
  rt.method(Reflect, 'has', function (target, key) {
    if (!rt.isObject(target)) throw new TypeError('Reflect.has called on non-object');
    return key in target;
  }, 2);

  // Map and Set get the same getter when 30-collections.js runs (a lazy module).
  var species = function () { return this; };
  rt.species = species;
  [Array, global.ArrayBuffer, global.Promise, Object.getPrototypeOf(Uint8Array)].forEach(function (C) {
    if (typeof C === 'function' && !rt.hasOwn.call(C, Symbol.species)) rt.getter(C, Symbol.species, species);
  });
  [[JSON, 'JSON'], [global.Reflect, 'Reflect'], [Math, 'Math'], [global.ArrayBuffer && ArrayBuffer.prototype, 'ArrayBuffer'],
   [global.DataView && DataView.prototype, 'DataView'], [global, 'global']].forEach(function (e) {
    if (e[0] && !rt.hasOwn.call(e[0], Symbol.toStringTag)) {
      Object.defineProperty(e[0], Symbol.toStringTag, { value: e[1], writable: false, enumerable: false, configurable: true });
    }
  });
  var TAP = Object.getPrototypeOf(Uint8Array.prototype);
  if (TAP && !rt.hasOwn.call(TAP, Symbol.toStringTag)) {
    rt.getter(TAP, Symbol.toStringTag, function () {
      if (!rt.isObject(this) || !ArrayBuffer.isView(this) || this instanceof DataView) return undefined;
      return this.constructor && this.constructor.name;
    });
  }
  // The lowering's helpers (__oda_*, declared as global functions and vars, so enumerable and
  // non-configurable) stay out of Object.keys(globalThis) and for-in, as node's own internals.
  var hideGlobal = global.__oda_hide_global;
  if (typeof hideGlobal === 'function') {
    var names = Object.keys(global);
    for (var gi = 0; gi < names.length; gi++) if (names[gi].slice(0, 6) === '__oda_') hideGlobal(names[gi]);
  }
})(this);
