// Typed array constructors that also take iterables (new Uint8Array(set.values())), which
// Duktape's own read as array-likes only: each global constructor is wrapped, keeping its
// prototype, statics and %TypedArray% parent.
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var TA = Object.getPrototypeOf(global.Uint8Array), AP = Array.prototype;
  // BigInt64Array and BigUint64Array (lib/engine/runtime/52-bigint-arrays.js) are Duktape
  // proxies whose target carries this key: they count as views, and the other typed arrays
  // refuse to take their BigInts, as node does. Duktape's own Proxy is kept for them here,
  // before 50-proxy.js replaces it.
  var BIG = rt.bigArrayKey = rt.hiddenKey('bta');
  rt.NativeProxy = global.Proxy;
  var isBigArray = rt.isBigArray = function (v) { return rt.isObject(v) && v[BIG] !== undefined; };
  var bigMix = rt.bigMixError = function () { return new TypeError('Cannot mix BigInt and other types, use explicit conversions'); };
  var nativeIsView = ArrayBuffer.isView;
  rt.method(ArrayBuffer, 'isView', function isView(v) { return nativeIsView(v) || isBigArray(v); }, 1);
  var TAP = TA && TA.prototype, taSet = TAP && TAP.set;
  if (typeof taSet === 'function') {
    rt.method(TAP, 'set', function set(src, offset) {
      if (isBigArray(src)) {  // the bounds first, as node checks them
        var off = rt.toIntegerOrInfinity(offset);
        if (off < 0 || src.length + off > this.length) throw new RangeError('offset is out of bounds');
        throw bigMix();
      }
      return taSet.apply(this, arguments);
    }, 1);
  }
  ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
   'Float32Array', 'Float64Array'].forEach(function (name) {
    var Native = global[name];
    if (typeof Native !== 'function') return;
    var Wrapped = function (a, b, c) {
      if (!(this instanceof Wrapped)) throw new TypeError('Constructor ' + name + ' requires \'new\'');
      if (isBigArray(a)) throw bigMix();
      if (rt.isObject(a) && !ArrayBuffer.isView(a) && !(a instanceof ArrayBuffer)) {
        var it = a[Symbol.iterator];
        if (rt.stockArrayIteration(a)) {
          // The values first, as the spec's iteration collects them: converting each may
          // change the array.
          a = AP.slice.call(a);
        } else if (typeof it === 'function') {
          a = Array.from(a);
        } else if (it !== undefined && it !== null) {
          throw new TypeError('Symbol.iterator is not a function');
        } else if (rt.toLength(a.length) > 4294967295) {
          throw new RangeError('Invalid typed array length');
        }
      }
      var o = arguments.length === 0 ? new Native() : arguments.length === 1 ? new Native(a) :
        arguments.length === 2 ? new Native(a, b) : new Native(a, b, c);
      var proto = Object.getPrototypeOf(this);
      if (proto !== Native.prototype) Object.setPrototypeOf(o, proto);  // a subclass
      return o;
    };
    Object.defineProperty(Wrapped, 'name', { value: name, configurable: true });
    Object.defineProperty(Wrapped, 'length', { value: 3, configurable: true });
    Object.getOwnPropertyNames(Native).forEach(function (k) {
      if (k === 'prototype' || k === 'name' || k === 'length') return;
      Object.defineProperty(Wrapped, k, Object.getOwnPropertyDescriptor(Native, k));
    });
    Wrapped.prototype = Native.prototype;
    Object.defineProperty(Wrapped, 'prototype', { writable: false, enumerable: false, configurable: false });
    rt.def(Native.prototype, 'constructor', Wrapped);
    if (TA && TA !== Function.prototype) Object.setPrototypeOf(Wrapped, TA);
    rt.def(global, name, Wrapped);
    (rt.taCtors = rt.taCtors || []).push([Native.prototype, Wrapped]);
  });
})(this);
