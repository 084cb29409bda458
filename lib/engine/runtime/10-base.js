// Shared helpers for the runtime prelude (the spec's abstract operations), kept on the hidden
// global __oda_rt so the later files (one program each, run in name order) can use them.
(function (global) {
  'use strict';
  var rt = {};
  var hasOwn = Object.prototype.hasOwnProperty;

  // Defines a built-in the way the spec does: writable, configurable, not enumerable.
  function def(obj, name, value) {
    Object.defineProperty(obj, name, { value: value, writable: true, enumerable: false, configurable: true });
  }
  // Built-in methods are no constructors and have no `prototype` (a native when the worker
  // provides it; the bare engine keeps Duktape's constructor functions).
  var makeMethod = typeof global.__oda_make_method === 'function' ? global.__oda_make_method : function (f) { return f; };
  // Installs a method with the spec's name and length.
  function method(obj, name, fn, length) {
    makeMethod(fn);
    var fname = typeof name === 'symbol' ? '[' + String(name).slice(7, -1) + ']' : name;
    try {
      Object.defineProperty(fn, 'name', { value: fname, configurable: true });
      if (length !== undefined) Object.defineProperty(fn, 'length', { value: length, configurable: true });
    } catch (e) { /* keep the defaults */ }
    def(obj, name, fn);
    return fn;
  }
  function methods(obj, table) {
    for (var k in table) if (hasOwn.call(table, k)) method(obj, k, table[k][0], table[k][1]);
  }
  function getter(obj, name, fn) {
    makeMethod(fn);
    var fname = 'get ' + (typeof name === 'symbol' ? '[' + String(name).slice(7, -1) + ']' : name);
    try { Object.defineProperty(fn, 'name', { value: fname, configurable: true }); } catch (e) { }
    Object.defineProperty(obj, name, { get: fn, enumerable: false, configurable: true });
  }
  function constant(obj, name, value) {
    Object.defineProperty(obj, name, { value: value, writable: false, enumerable: false, configurable: false });
  }
  function isCallable(f) { return typeof f === 'function'; }
  function isObject(x) { return x !== null && (typeof x === 'object' || typeof x === 'function'); }
  function requireCoercible(x, what) {
    if (x === null || x === undefined) throw new TypeError(what + ' called on null or undefined');
    return x;
  }
  var ObjectCtor = Object;  // a program may replace the global Object
  // node names the method for some (Array.prototype.map); the rest say ToObject's words.
  function toObject(x, what) { return what ? ObjectCtor(requireCoercible(x, what)) : objectArg(x); }
  // The argument of an Object.* function: node says this there, not "... called on".
  function objectArg(x) {
    if (x === null || x === undefined) throw new TypeError('Cannot convert undefined or null to object');
    return ObjectCtor(x);
  }
  function toIntegerOrInfinity(x) {
    var n = +x;
    if (n !== n || n === 0) return 0;
    if (n === Infinity || n === -Infinity) return n;
    return n < 0 ? -Math.floor(-n) : Math.floor(n);
  }
  function toLength(x) {
    var n = toIntegerOrInfinity(x);
    if (n <= 0) return 0;
    return n > 9007199254740991 ? 9007199254740991 : n;
  }
  // Resolves a relative index (negative counts from len) clamped to [0, len].
  function relIndex(x, len, dflt) {
    if (x === undefined) return dflt;
    var n = toIntegerOrInfinity(x);
    if (n < 0) { n += len; return n < 0 ? 0 : n; }
    return n > len ? len : n;
  }
  function sameValueZero(a, b) { return a === b || (a !== a && b !== b); }
  function toStr(x) {
    if (typeof x === 'symbol') throw new TypeError('cannot convert a Symbol value to a string');
    return String(x);
  }
  function requireCallable(f, what) {
    if (typeof f !== 'function') throw new TypeError(String(what === undefined ? f : what) + ' is not a function');
    return f;
  }
  // An error as node's own APIs throw them: the class, node's words, and its `code`.
  function nodeError(C, code, message) {
    var e = new C(message);
    e.code = code;
    return e;
  }
  // How node's ERR_INVALID_ARG_TYPE messages name the value they refused, after node's
  // determineSpecificType: "Received type string ('x')", "Received an instance of Map",
  // "Received function f", "Received null". As node does, the constructor is read with [[Get]]
  // and asked with `in` for a name (so a primitive constructor throws there too).
  function received(v) {
    if (v === null || v === undefined) return 'Received ' + v;
    if (typeof v === 'function') return 'Received function ' + v.name;
    if (typeof v === 'object') {
      var C = v.constructor;
      if (C) {
        if (typeof C !== 'object' && typeof C !== 'function') throw new TypeError("Cannot use 'in' operator to search for 'name' in " + String(C));
        if ('name' in C) return 'Received an instance of ' + C.name;
      }
      // util.inspect at depth -1, for the shapes a constructor-less object takes.
      var empty = Object.keys(v).length === 0;
      if (Object.getPrototypeOf(v) === null) return 'Received [Object: null prototype]' + (empty ? ' {}' : '');
      return empty ? 'Received Object <Complex prototype> {}' : 'Received [Object]';
    }
    var shown = typeof v === 'string' ? stringShown(v.length > 28 ? v.slice(0, 25) + '...' : v)
      : typeof v === 'bigint' ? String(v) + 'n' : typeof v === 'symbol' ? v.toString()
      : v === 0 && 1 / v < 0 ? '-0' : String(v);
    return 'Received type ' + typeof v + ' (' + shown + ')';
  }
  // A string in single quotes as it is, or as JSON when it holds a single quote.
  function stringShown(s) {
    return s.indexOf("'") < 0 ? "'" + s + "'" : JSON.stringify(s);
  }
  // A value as V8 names it in "called on incompatible receiver X": "#<K>", "[object Array]",
  // "Error: m", "Symbol(s)", a primitive's text; by the engine's rule (lib/engine/duk_extra.c,
  // oda_duk_push_v8_name): no getter of the program runs.
  var v8Name = global.__oda_v8_name;
  // The native defines on anything but a Proxy at the cost of a call; a Proxy goes through
  // Object.defineProperty and so through its traps.
  var defineData = typeof global.__oda_define_data === 'function' ? global.__oda_define_data
    : function () { return false; };
  function createDataProperty(o, k, v) {
    if (!defineData(o, k, v)) Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  }

  // Lazy modules (`// @lazy:` in their first lines; lib/engine/prelude/compile.cc): the worker
  // runs them on first touch. Until then each target has a stand-in:
  //   NAME            a global: an accessor (a read or a write runs the module, which defines
  //                   the real value);
  //   PATH.key/LENGTH a method: a forwarding function of that name and length;
  //   PATH.key!       any other property: an accessor that runs the module, then reads it.
  // PATH starts at the global object, or at rt for `rt.`; `@@name` is a well-known symbol.
  // Running the module first puts back what each stand-in replaced, so the module starts
  // from exactly what it would have found at start-up. Reading a stand-in's descriptor runs
  // the module too, so programs see the real property.
  var loadChunk = global.__oda_load_chunk;
  var getOwn = Object.getOwnPropertyDescriptor, defProp = Object.defineProperty;
  var lazyKeys = null;  // key -> [[object, the module's loader]...] while a stand-in is up
  function touch(o, k) {
    var list = lazyKeys !== null && (typeof k === 'string' || typeof k === 'symbol') && hasOwn.call(lazyKeys, k) ? lazyKeys[k] : null;
    if (list) for (var i = 0; i < list.length; i++) if (list[i][0] === o) list[i][1]();
  }
  function wrapDescriptorReaders() {
    lazyKeys = Object.create(null);
    method(Object, 'getOwnPropertyDescriptor', function (o, k) { touch(o, k); return getOwn.apply(this, arguments); }, 2);
    var reflectGet = Reflect.getOwnPropertyDescriptor;
    method(Reflect, 'getOwnPropertyDescriptor', function (o, k) { touch(o, k); return reflectGet.apply(this, arguments); }, 2);
    var all = Object.getOwnPropertyDescriptors;
    if (typeof all === 'function') {
      method(Object, 'getOwnPropertyDescriptors', function (o) {
        var ks = Reflect.ownKeys(lazyKeys);
        for (var i = 0; i < ks.length; i++) touch(o, ks[i]);
        return all.apply(this, arguments);
      }, 1);
    }
  }
  function lazy(index, targets) {
    var done = false, standIns = [];  // [object, key, the stand-in's function or getter, is-getter, the replaced descriptor]
    if (lazyKeys === null) wrapDescriptorReaders();
    function need() {
      if (done) return;
      done = true;
      for (var i = standIns.length - 1; i >= 0; i--) {
        var e = standIns[i], o = e[0], k = e[1], list = lazyKeys[k];
        for (var j = 0; list && j < list.length; j++) if (list[j][1] === need) list.splice(j--, 1);
        if (list && list.length === 0) delete lazyKeys[k];
        var d = getOwn(o, k);
        if (d && (e[3] ? d.get : d.value) === e[2]) {
          if (e[4]) defProp(o, k, e[4]);
          else delete o[k];
        }
      }
      loadChunk(index);
    }
    function accessor(obj, key, orig) {
      var get = function () { need(); return obj[key]; };
      defProp(obj, key, { get: get, set: function (v) { need(); obj[key] = v; },
                          enumerable: orig ? orig.enumerable : false, configurable: true });
      return get;
    }
    function stub(obj, key, length) {
      return method(obj, key, function () { need(); return obj[key].apply(this, arguments); }, length);
    }
    var list = targets.split(' ');
    for (var i = 0; i < list.length; i++) {
      var t = list[i], dot = t.indexOf('.'), obj = global, key = t, length = -1;
      if (dot >= 0) {
        var slash = t.lastIndexOf('/'), end = t.charAt(t.length - 1) === '!' ? t.length - 1 : slash;
        if (end === slash) length = +t.slice(slash + 1);
        var path = t.slice(0, end).split('.');
        key = path.pop();
        obj = path[0] === 'rt' ? rt : global[path[0]];
        for (var j = 1; j < path.length && isObject(obj); j++) obj = obj[path[j]];
        if (!isObject(obj)) continue;
        if (key.charAt(0) === '@') key = Symbol[key.slice(2)];
      }
      var orig = getOwn(obj, key);
      var fn = length < 0 ? accessor(obj, key, orig) : stub(obj, key, length);
      standIns.push([obj, key, fn, length < 0, orig]);
      (hasOwn.call(lazyKeys, key) ? lazyKeys[key] : (lazyKeys[key] = [])).push([obj, need]);
    }
  }
  rt.lazy = lazy;
  rt.makeMethod = makeMethod;

  rt.def = def; rt.method = method; rt.methods = methods; rt.getter = getter; rt.constant = constant;
  rt.isCallable = isCallable; rt.isObject = isObject; rt.requireCoercible = requireCoercible;
  rt.toObject = toObject; rt.objectArg = objectArg; rt.toIntegerOrInfinity = toIntegerOrInfinity; rt.toLength = toLength;
  rt.relIndex = relIndex; rt.sameValueZero = sameValueZero; rt.toStr = toStr;
  rt.requireCallable = requireCallable; rt.createDataProperty = createDataProperty;
  rt.nodeError = nodeError; rt.received = received; rt.v8Name = v8Name;
  rt.hasOwn = hasOwn;
  // A key no program can see or enumerate (a Duktape hidden symbol) when the natives provide it.
  rt.hiddenKey = typeof global.__oda_hidden_key === 'function' ? global.__oda_hidden_key
    : function (name) { return Symbol('__oda_' + name); };

  Object.defineProperty(global, '__oda_rt', { value: rt, writable: false, enumerable: false, configurable: false });
  if (typeof global.globalThis !== 'object') def(global, 'globalThis', global);
  // Browser-style and universal library builds look for the global object as `self`.
  if (typeof global.self !== 'object') def(global, 'self', global);

  // Well-known symbols Duktape lacks.
  var wk = ['asyncIterator', 'match', 'matchAll', 'replace', 'search', 'split', 'species', 'unscopables'];
  for (var i = 0; i < wk.length; i++) {
    if (typeof Symbol[wk[i]] !== 'symbol') constant(Symbol, wk[i], Symbol('Symbol.' + wk[i]));
  }
  var ai = Object.getOwnPropertyDescriptor(Symbol, 'asyncIterator');
  if (ai && ai.configurable) constant(Symbol, 'asyncIterator', ai.value);
  var toPrim = Symbol.prototype[Symbol.toPrimitive];
  if (typeof toPrim === 'function' && toPrim.length !== 1) method({}, Symbol.toPrimitive, toPrim, 1);
  var symbolDescription = global.__oda_symbol_description;
  if (!hasOwn.call(Symbol.prototype, 'description')) {
    getter(Symbol.prototype, 'description', function () {
      var sym = typeof this === 'symbol' ? this : Object.prototype.toString.call(this) === '[object Symbol]' ? this.valueOf() : null;
      if (sym === null) throw new TypeError('Symbol.prototype.description requires that \'this\' be a Symbol');
      if (typeof symbolDescription === 'function') {
        // Well-known symbols the runtime made are ordinary Symbol('Symbol.x') ones.
        return symbolDescription(sym);
      }
      var s = String(sym);
      return s.length === 8 ? undefined : s.slice(7, -1);
    });
  }
})(this);
