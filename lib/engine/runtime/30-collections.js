// Map, Set, WeakMap and WeakSet. Map and Set are ordered hash tables in C
// (lib/engine/collections.cc: their methods, iterators and forEach); the constructors,
// Map.groupBy and the ES2025 set methods are written here on them, since the specification
// defines those through observable calls of set, add and has.
// @lazy: Map Set WeakMap WeakSet WeakRef FinalizationRegistry
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var N = global.__oda_collection_natives();
  var ITER = Symbol.iterator;
  var S = rt.hiddenKey('collection');
  var isExtensible = Object.isExtensible;

  function store(o, what) {
    var s = o !== null && o !== undefined ? o[S] : undefined;
    if (!s || s.kind !== what) throw new TypeError('Method ' + what + '.prototype function called on incompatible receiver');
    return s.store;
  }

  function requireNew(nt, name) {
    if (!nt) throw new TypeError('Constructor ' + name + ' requires \'new\'');
  }
  // Subclasses (lowered classes) pass their own this; plain calls are refused.
  function init(self, kind, C) {
    requireNew(self instanceof C && N.init(self, kind === 'Map' ? 0 : 1), kind);
  }

  // The constructors' walk over their iterable argument, refusing others with node's text.
  function fill(iterable, fn) {
    if (!rt.isIterable(iterable)) throw rt.notIterable(iterable);
    rt.forOf(iterable, fn);
  }

  // this.set or this.add, which the constructors call for each value (node's error if it is
  // no function).
  function adder(self, name, kind) {
    var f = self[name];
    if (typeof f !== 'function') {
      throw new TypeError('\'' + String(f) + '\' returned for property \'' + name + '\' of object \'#<' + kind + '>\' is not a function');
    }
    return f;
  }

  var MapIteratorPrototype = rt.makeIteratorProto('Map Iterator');
  var SetIteratorPrototype = rt.makeIteratorProto('Set Iterator');
  rt.method(MapIteratorPrototype, 'next', N.Map.next, 0);
  rt.method(SetIteratorPrototype, 'next', N.Set.next, 0);
  N.protos(MapIteratorPrototype, SetIteratorPrototype);
  // The natives' spec lengths; N.Map and N.Set hold the ones each has.
  var LENGTHS = { get: 1, set: 2, add: 1, has: 1, 'delete': 1, clear: 0, entries: 0, forEach: 1, keys: 0, values: 0 };
  function install(C, natives, tag) {
    for (var name in LENGTHS) if (natives[name]) rt.method(C.prototype, name, natives[name], LENGTHS[name]);
    rt.getter(C.prototype, 'size', natives.size);
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: tag, configurable: true });
  }

  // ---- Map
  function Map(iterable) {
    init(this, 'Map', Map);
    if (iterable !== undefined && iterable !== null) {
      var self = this, set = adder(self, 'set', 'Map');
      fill(iterable, function (entry) {
        if (!rt.isObject(entry)) throw new TypeError('Iterator value ' + String(entry) + ' is not an entry object');
        set.call(self, entry[0], entry[1]);
      });
    }
    return this;
  }
  install(Map, N.Map, 'Map');
  rt.def(Map.prototype, ITER, Map.prototype.entries);
  var mapGet = N.Map.get, mapSet = N.Map.set;
  rt.method(Map, 'groupBy', function (items, callback) {
    rt.requireCallable(callback);
    var m = new Map(), i = 0;
    rt.forOf(items, function (v) {
      var k = callback(v, i++);
      var arr = mapGet.call(m, k);
      if (arr === undefined) mapSet.call(m, k, arr = []);
      arr.push(v);
    });
    return m;
  }, 2);

  // ---- Set
  function Set(iterable) {
    init(this, 'Set', Set);
    if (iterable !== undefined && iterable !== null) {
      var self = this, add = adder(self, 'add', 'Set');
      fill(iterable, function (v) { add.call(self, v); });
    }
    return this;
  }
  install(Set, N.Set, 'Set');
  rt.def(Set.prototype, 'keys', Set.prototype.values);
  rt.def(Set.prototype, ITER, Set.prototype.values);

  // ES2025 set methods, which agents reach for as well.
  function setLike(o) {
    if (!rt.isObject(o)) throw new TypeError('set-like argument expected');
    var has = o.has, keys = o.keys;
    rt.requireCallable(has); rt.requireCallable(keys);
    return { has: function (v) { return !!has.call(o, v); }, keys: function () { return keys.call(o); }, size: +o.size };
  }
  function requireSet(o, method) {
    if (N.kind(o) !== 1) throw new TypeError('Method Set.prototype.' + method + ' called on incompatible receiver ' + String(o));
  }
  var setForEach = N.Set.forEach, setAdd = N.Set.add, setHas = N.Set.has, setDelete = N.Set['delete'];
  function each(set, method, fn) { requireSet(set, method); setForEach.call(set, fn); }
  function eachKey(sl, fn) {
    var it = sl.keys();
    for (var step = it.next(); !step.done; step = it.next()) fn(step.value);
  }
  rt.methods(Set.prototype, {
    union: [function (other) { requireSet(this, 'union'); var o = setLike(other), r = new Set(this); eachKey(o, function (v) { setAdd.call(r, v); }); return r; }, 1],
    intersection: [function (other) { var o = setLike(other), r = new Set(); each(this, 'intersection', function (v) { if (o.has(v)) setAdd.call(r, v); }); return r; }, 1],
    difference: [function (other) { var o = setLike(other), r = new Set(); each(this, 'difference', function (v) { if (!o.has(v)) setAdd.call(r, v); }); return r; }, 1],
    symmetricDifference: [function (other) {
      requireSet(this, 'symmetricDifference');
      var o = setLike(other), self = this, r = new Set(this);
      eachKey(o, function (v) { if (setHas.call(self, v)) setDelete.call(r, v); else setAdd.call(r, v); });
      return r;
    }, 1],
    isSubsetOf: [function (other) { var o = setLike(other), ok = true; each(this, 'isSubsetOf', function (v) { if (!o.has(v)) ok = false; }); return ok; }, 1],
    isSupersetOf: [function (other) { requireSet(this, 'isSupersetOf'); var o = setLike(other), self = this, ok = true; eachKey(o, function (v) { if (!setHas.call(self, v)) ok = false; }); return ok; }, 1],
    isDisjointFrom: [function (other) { var o = setLike(other), ok = true; each(this, 'isDisjointFrom', function (v) { if (o.has(v)) ok = false; }); return ok; }, 1]
  });

  // ---- WeakMap / WeakSet: the value lives on the key under a per-collection hidden key,
  // so it goes away with the key. Keys that cannot take a property fall back to a list.
  var weakCount = 0;
  function weakInit(self, kind, proto) {
    var o = (self instanceof proto.constructor && !rt.hasOwn.call(self, S)) ? self : null;
    requireNew(o, kind);
    var w = { kind: kind, store: { slot: rt.hiddenKey('weak' + (++weakCount)), keys: [], vals: [] } };
    Object.defineProperty(o, S, { value: w, writable: false, enumerable: false, configurable: false });
  }
  function weakKey(k, kind) {
    if ((!rt.isObject(k) && typeof k !== 'symbol') || (typeof k === 'symbol' && Symbol.keyFor(k) !== undefined)) throw new TypeError('Invalid value used ' + (kind === 'WeakSet' ? 'in weak set' : 'as weak map key'));
  }
  function wfind(w, k) { for (var i = 0; i < w.keys.length; i++) if (w.keys[i] === k) return i; return -1; }
  function wget(w, k) {
    if (typeof k === 'symbol' || !rt.isObject(k)) { if (typeof k !== 'symbol') return undefined; }
    else if (rt.hasOwn.call(k, w.slot)) return { v: k[w.slot] };
    var i = wfind(w, k);
    return i < 0 ? undefined : { v: w.vals[i] };
  }
  function wset(w, k, v) {
    if (typeof k !== 'symbol' && rt.hasOwn.call(k, w.slot)) { k[w.slot] = v; return; }
    if (typeof k !== 'symbol' && isExtensible(k)) {
      try { Object.defineProperty(k, w.slot, { value: v, writable: true, enumerable: false, configurable: true }); return; } catch (e) { }
    }
    var i = wfind(w, k);
    if (i < 0) { w.keys.push(k); w.vals.push(v); } else w.vals[i] = v;
  }
  function wdelete(w, k) {
    if (typeof k !== 'symbol' && !rt.isObject(k)) return false;
    if (typeof k !== 'symbol' && rt.hasOwn.call(k, w.slot)) { delete k[w.slot]; return true; }
    var i = wfind(w, k);
    if (i < 0) return false;
    w.keys.splice(i, 1); w.vals.splice(i, 1);
    return true;
  }
  function WeakMap(iterable) {
    weakInit(this, 'WeakMap', WeakMap.prototype);
    if (iterable !== undefined && iterable !== null) {
      var self = this, set = self.set;
      rt.requireCallable(set);
      fill(iterable, function (entry) {
        if (!rt.isObject(entry)) throw new TypeError('Iterator value ' + String(entry) + ' is not an entry object');
        set.call(self, entry[0], entry[1]);
      });
    }
    return this;
  }
  rt.methods(WeakMap.prototype, {
    get: [function (k) { var r = wget(store(this, 'WeakMap'), k); return r ? r.v : undefined; }, 1],
    set: [function (k, v) { weakKey(k, 'WeakMap'); wset(store(this, 'WeakMap'), k, v); return this; }, 2],
    has: [function (k) { return wget(store(this, 'WeakMap'), k) !== undefined; }, 1],
    'delete': [function (k) { return wdelete(store(this, 'WeakMap'), k); }, 1]
  });
  Object.defineProperty(WeakMap.prototype, Symbol.toStringTag, { value: 'WeakMap', configurable: true });
  function WeakSet(iterable) {
    weakInit(this, 'WeakSet', WeakSet.prototype);
    if (iterable !== undefined && iterable !== null) {
      var self = this, add = self.add;
      rt.requireCallable(add);
      fill(iterable, function (v) { add.call(self, v); });
    }
    return this;
  }
  rt.methods(WeakSet.prototype, {
    add: [function (k) { weakKey(k, 'WeakSet'); wset(store(this, 'WeakSet'), k, true); return this; }, 1],
    has: [function (k) { return wget(store(this, 'WeakSet'), k) !== undefined; }, 1],
    'delete': [function (k) { return wdelete(store(this, 'WeakSet'), k); }, 1]
  });
  Object.defineProperty(WeakSet.prototype, Symbol.toStringTag, { value: 'WeakSet', configurable: true });

  // WeakRef and FinalizationRegistry: strong references (Duktape has no weak references);
  // deref() always returns the target and cleanup callbacks never run.
  function WeakRef(target) {
    if (!(this instanceof WeakRef)) throw new TypeError('Constructor WeakRef requires \'new\'');
    if (!rt.isObject(target)) throw new TypeError('WeakRef: target must be an object');
    Object.defineProperty(this, S, { value: target });
  }
  rt.method(WeakRef.prototype, 'deref', function () { return this[S]; }, 0);
  function FinalizationRegistry(cb) {
    if (!(this instanceof FinalizationRegistry)) throw new TypeError('Constructor FinalizationRegistry requires \'new\'');
    rt.requireCallable(cb);
  }
  rt.method(FinalizationRegistry.prototype, 'register', function () { }, 2);
  rt.method(FinalizationRegistry.prototype, 'unregister', function () { return false; }, 1);

  var ctors = { Map: Map, Set: Set, WeakMap: WeakMap, WeakSet: WeakSet, WeakRef: WeakRef, FinalizationRegistry: FinalizationRegistry };
  for (var name in ctors) {
    var C = ctors[name];
    Object.defineProperty(C.prototype, 'constructor', { value: C, writable: true, enumerable: false, configurable: true });
    Object.defineProperty(C, 'prototype', { writable: false });
    Object.defineProperty(C, 'length', { value: name === 'FinalizationRegistry' || name === 'WeakRef' ? 1 : 0, configurable: true });
    rt.def(global, name, C);
  }
  // Map[@@species] and Set[@@species]: the getter 44-misc.js gives the other constructors.
  [Map, Set].forEach(function (C) {
    if (!rt.hasOwn.call(C, Symbol.species)) rt.getter(C, Symbol.species, rt.species || function () { return this; });
  });
})(this);
