// The ES2017-ES2024 Object methods Duktape lacks (entries, values, fromEntries, hasOwn,
// getOwnPropertyDescriptors, groupBy).
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var nativeHasOwnKey = Object.prototype.hasOwnProperty;
  // Captured: programs may replace the globals these come from.
  var ownKeysOf = Reflect.ownKeys, getOwnDesc = Object.getOwnPropertyDescriptor;
  var keys = Object.keys, propIsEnumerable = Object.prototype.propertyIsEnumerable;

  rt.methods(Object, {
    entries: [function (o) {
      o = rt.objectArg(o);
      var ks = keys(o), r = [];
      for (var i = 0; i < ks.length; i++) if (propIsEnumerable.call(o, ks[i])) r.push([ks[i], o[ks[i]]]);
      return r;
    }, 1],
    values: [function (o) {
      o = rt.objectArg(o);
      var ks = keys(o), r = [];
      for (var i = 0; i < ks.length; i++) if (propIsEnumerable.call(o, ks[i])) r.push(o[ks[i]]);
      return r;
    }, 1],
    fromEntries: [function (iterable) {
      rt.requireCoercible(iterable, 'Object.fromEntries');
      if (!rt.isIterable(iterable)) throw rt.notIterable(iterable);
      var o = {};
      rt.forOf(iterable, function (entry) {
        if (!rt.isObject(entry)) throw new TypeError('Iterator value ' + String(entry) + ' is not an entry object');
        var k = entry[0], v = entry[1];
        rt.createDataProperty(o, rt.isObject(k) ? rt.toPropertyKey(k) : typeof k === 'symbol' ? k : rt.toStr(k), v);
      });
      return o;
    }, 1],
    hasOwn: [function (o, k) {
      o = rt.objectArg(o);
      return nativeHasOwnKey.call(o, rt.isObject(k) ? rt.toPropertyKey(k) : k);
    }, 2],
    getOwnPropertyDescriptors: [function (o) {
      o = rt.objectArg(o);
      var ks = ownKeysOf(o), r = {};
      for (var i = 0; i < ks.length; i++) {
        var d = getOwnDesc(o, ks[i]);
        if (d !== undefined) rt.createDataProperty(r, ks[i], d);
      }
      return r;
    }, 1],
    groupBy: [function (items, callback) {
      rt.requireCallable(callback);
      var o = Object.create(null), i = 0;
      rt.forOf(items, function (v) {
        var k = callback(v, i++);
        k = typeof k === 'symbol' ? k : String(k);
        if (rt.hasOwn.call(o, k)) o[k].push(v); else o[k] = [v];
      });
      return o;
    }, 2]
  });
  // ToPropertyKey: a key object's ToPrimitive (hint string) may give a symbol, which Duktape's
  // natives would coerce to a string and throw.
  function toPrimitiveString(v) {
    if (!rt.isObject(v)) return v;
    var ex = v[Symbol.toPrimitive];
    if (ex !== undefined && ex !== null) {
      var r = rt.requireCallable(ex).call(v, 'string');
      if (rt.isObject(r)) throw new TypeError('Cannot convert object to primitive value');
      return r;
    }
    var names = ['toString', 'valueOf'];
    for (var i = 0; i < 2; i++) {
      var f = v[names[i]];
      if (typeof f === 'function') { var x = f.call(v); if (!rt.isObject(x)) return x; }
    }
    throw new TypeError('Cannot convert object to primitive value');
  }
  function toPropertyKey(v) {
    var k = toPrimitiveString(v);
    return typeof k === 'symbol' ? k : String(k);
  }
  rt.toPropertyKey = toPropertyKey;
  var OP = Object.prototype;

  // Object.assign as the spec has it: symbol keys too, and each copy is a strict [[Set]] (a
  // frozen or non-extensible target throws; a target's setter runs). Duktape's own copies the
  // string keys of an extensible target; the symbols follow.
  var nativeAssign = Object.assign, isExtensible = Object.isExtensible;
  var ownSymbols = Object.getOwnPropertySymbols, isEnumerable = OP.propertyIsEnumerable;
  rt.method(Object, 'assign', function (target) {
    var to = rt.objectArg(target), fast = isExtensible(to) && !Array.isArray(to), i, j, ks, from;
    for (i = 1; i < arguments.length; i++) {
      from = arguments[i];
      if (from === null || from === undefined) continue;
      if (fast) {
        nativeAssign(to, from);
      } else {
        from = Object(from);
        ks = keys(from);  // a proxy's ownKeys trap included
        for (j = 0; j < ks.length; j++) to[ks[j]] = from[ks[j]];
      }
      if (typeof from !== 'object' && typeof from !== 'function') continue;
      ks = ownSymbols(from);
      for (j = 0; j < ks.length; j++) if (isEnumerable.call(from, ks[j])) to[ks[j]] = from[ks[j]];
    }
    return to;
  }, 2);

  // Object.prototype is an immutable prototype exotic object.
  var setProto = Object.setPrototypeOf;
  rt.method(Object, 'setPrototypeOf', function (o, proto) {
    if (o === null || o === undefined) throw new TypeError('Object.setPrototypeOf called on null or undefined');
    if (proto !== null && !rt.isObject(proto)) throw new TypeError('Object prototype may only be an Object or null: ' + String(proto));
    if (o === OP && proto !== null && arguments.length > 1 && (rt.isObject(proto))) {
      throw new TypeError('Immutable prototype object \'Object.prototype\' cannot have their prototype set');
    }
    return setProto(o, proto);
  }, 2);
  var reflectSetProto = Reflect.setPrototypeOf;
  rt.method(Reflect, 'setPrototypeOf', function (o, proto) {
    if (o === OP && rt.isObject(proto)) return false;
    return reflectSetProto(o, proto);
  }, 2);

  if (typeof Object.is !== 'function') {
    rt.method(Object, 'is', function (a, b) { return a === b ? (a !== 0 || 1 / a === 1 / b) : (a !== a && b !== b); }, 2);
  }
})(this);
