// The ES2017-ES2024 Object methods Duktape lacks (entries, values, fromEntries, hasOwn,
// getOwnPropertyDescriptors, groupBy).
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var keys = Object.keys, propIsEnumerable = Object.prototype.propertyIsEnumerable;

  rt.methods(Object, {
    entries: [function (o) {
      o = rt.toObject(o, 'Object.entries');
      var ks = keys(o), r = [];
      for (var i = 0; i < ks.length; i++) if (propIsEnumerable.call(o, ks[i])) r.push([ks[i], o[ks[i]]]);
      return r;
    }, 1],
    values: [function (o) {
      o = rt.toObject(o, 'Object.values');
      var ks = keys(o), r = [];
      for (var i = 0; i < ks.length; i++) if (propIsEnumerable.call(o, ks[i])) r.push(o[ks[i]]);
      return r;
    }, 1],
    fromEntries: [function (iterable) {
      rt.requireCoercible(iterable, 'Object.fromEntries');
      var o = {};
      rt.forOf(iterable, function (entry) {
        if (!rt.isObject(entry)) throw new TypeError('Iterator value ' + String(entry) + ' is not an entry object');
        var k = entry[0];
        k = typeof k === 'symbol' ? k : rt.toStr(k);
        rt.createDataProperty(o, k, entry[1]);
      });
      return o;
    }, 1],
    hasOwn: [function (o, k) { return rt.hasOwn.call(rt.toObject(o, 'Object.hasOwn'), k); }, 2],
    getOwnPropertyDescriptors: [function (o) {
      o = rt.toObject(o, 'Object.getOwnPropertyDescriptors');
      var ks = Reflect.ownKeys(o), r = {};
      for (var i = 0; i < ks.length; i++) {
        var d = Object.getOwnPropertyDescriptor(o, ks[i]);
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
  if (typeof Object.is !== 'function') {
    rt.method(Object, 'is', function (a, b) { return a === b ? (a !== 0 || 1 / a === 1 / b) : (a !== a && b !== b); }, 2);
  }
})(this);
