// Map, Set, WeakMap and WeakSet: O(1) hashed lookups (strings, numbers, symbols and objects
// each in their own dictionary; objects carry a hidden id) over a doubly linked entry list
// that keeps insertion order and lets live iterators survive deletions.
// @lazy: Map Set WeakMap WeakSet WeakRef FinalizationRegistry
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var ITER = Symbol.iterator;
  var S = rt.hiddenKey('collection'), OBJID = rt.hiddenKey('objectId');
  var IT_ENTRY = rt.hiddenKey('iterEntry'), IT_KIND = rt.hiddenKey('iterKind'), IT_STORE = rt.hiddenKey('iterStore');
  var nextId = 1;
  var isExtensible = Object.isExtensible;

  // The id of an object key (a string, so dictionary lookups need no number formatting), or
  // '' when the object cannot hold one (frozen, sealed, ...).
  function objectId(o, create) {
    var id = o[OBJID];
    if (id !== undefined) return id;
    if (!create) return '';
    id = 'o' + nextId++;
    // A plain store: a hidden symbol is never enumerated, listed or passed to proxy traps;
    // strict code throws on an object that takes no new properties.
    try { o[OBJID] = id; } catch (e) { return ''; }
    return id;
  }

  // One store: head sentinel, tail, size and the per-type dictionaries.
  function Store() {
    // The sentinel counts as removed so walks skip it.
    this.head = { key: undefined, value: undefined, next: null, prev: null, removed: true };
    this.tail = this.head;
    this.size = 0;
    this.str = Object.create(null);
    this.num = Object.create(null);
    this.int = [];     // array indexes: Duktape's array part, no number-to-string keys
    this.sym = Object.create(null);
    this.obj = Object.create(null);
    this.other = [];   // entries for undefined, null, booleans and objects without an id
  }
  // set(): one type dispatch for the lookup and the insertion (the hot path of counting
  // and grouping loops).
  Store.prototype.set = function (k, v) {
    var dict, key = k;
    switch (typeof k) {
      case 'string': dict = this.str; break;
      case 'number':
        if ((k >>> 0) === k) { dict = this.int; k = k === 0 ? 0 : k; } else dict = this.num;
        break;
      case 'symbol': dict = this.sym; break;
      case 'object': case 'function':
        if (k !== null) {
          key = k[OBJID];
          if (key === undefined) key = objectId(k, true);
          if (key) { dict = this.obj; break; }
        }
        /* falls through */
      default:
        var e0 = this.find(k);
        if (e0) e0.value = v; else this.add(k, v);
        return;
    }
    var e = dict[key];
    if (e !== undefined) { e.value = v; return; }
    e = { key: k, value: v, next: null, prev: this.tail, removed: false };
    dict[key] = e;
    this.tail.next = e;
    this.tail = e;
    this.size++;
  };
  Store.prototype.find = function (k) {
    switch (typeof k) {
      case 'string': return this.str[k];
      case 'number': return (k >>> 0) === k ? this.int[k] : this.num[k];
      case 'symbol': return this.sym[k];
      case 'object': case 'function':
        if (k !== null) {
          var id = objectId(k, false);
          if (id) return this.obj[id];
        }
    }
    var o = this.other;
    for (var i = 0; i < o.length; i++) if (o[i].key === k) return o[i];
    return undefined;
  };
  Store.prototype.add = function (k, v) {
    if (k === 0) k = 0;  // -0 becomes +0
    var e = { key: k, value: v, next: null, prev: this.tail, removed: false };
    switch (typeof k) {
      case 'string': this.str[k] = e; break;
      case 'number': if ((k >>> 0) === k) this.int[k] = e; else this.num[k] = e; break;
      case 'symbol': this.sym[k] = e; break;
      case 'object': case 'function':
        if (k !== null) {
          var id = objectId(k, true);
          if (id) { this.obj[id] = e; break; }
        }
        this.other.push(e); break;
      default: this.other.push(e);
    }
    this.tail.next = e;
    this.tail = e;
    this.size++;
    return e;
  };
  Store.prototype.unlink = function (e) {
    var k = e.key;
    switch (typeof k) {
      case 'string': delete this.str[k]; break;
      case 'number': if ((k >>> 0) === k) delete this.int[k]; else delete this.num[k]; break;
      case 'symbol': delete this.sym[k]; break;
      default:
        var id = (k !== null && typeof k === 'object' || typeof k === 'function') ? objectId(k, false) : 0;
        if (id && this.obj[id] === e) delete this.obj[id];
        else { var o = this.other; for (var i = 0; i < o.length; i++) if (o[i] === e) { o.splice(i, 1); break; } }
    }
    e.removed = true;
    e.prev.next = e.next;
    if (e.next) e.next.prev = e.prev; else this.tail = e.prev;
    // e.next stays so an iterator standing on e can move on.
    this.size--;
  };
  Store.prototype.clear = function () {
    // Cleared entries point back at the sentinel, so an iterator standing on one goes on
    // with whatever is added after the clear.
    var head = this.head;
    for (var e = head.next, n; e; e = n) { n = e.next; e.removed = true; e.next = head; }
    head.next = null;
    this.tail = head;
    this.size = 0;
    this.str = Object.create(null); this.num = Object.create(null); this.int = [];
    this.sym = Object.create(null); this.obj = Object.create(null); this.other = [];
  };

  function store(o, what) {
    var s = o !== null && o !== undefined ? o[S] : undefined;
    if (!s || s.kind !== what) throw new TypeError('Method ' + what + '.prototype function called on incompatible receiver');
    return s.store;
  }

  // Iterators: kind 0 keys, 1 values, 2 entries.
  function makeIterProto(tag) {
    var proto = rt.makeIteratorProto(tag);
    rt.method(proto, 'next', function () {
      var st = this[IT_STORE];
      if (st === undefined) throw new TypeError('next method called on incompatible receiver');
      if (st === null) return rt.iterResult(undefined, true);
      var e = this[IT_ENTRY].next;
      while (e && e.removed) e = e.next;
      if (!e) {
        this[IT_STORE] = null; this[IT_ENTRY] = null;
        return rt.iterResult(undefined, true);
      }
      this[IT_ENTRY] = e;
      var kind = this[IT_KIND];
      return rt.iterResult(kind === 0 ? e.key : kind === 1 ? e.value : [e.key, e.value], false);
    }, 0);
    return proto;
  }
  var MapIteratorPrototype = makeIterProto('Map Iterator');
  var SetIteratorPrototype = makeIterProto('Set Iterator');
  function iterate(proto, st, kind) {
    var it = Object.create(proto);
    it[IT_STORE] = st; it[IT_ENTRY] = st.head; it[IT_KIND] = kind;
    return it;
  }

  function requireNew(nt, name) {
    if (!nt) throw new TypeError('Constructor ' + name + ' requires \'new\'');
  }
  function init(self, kind, proto) {
    // Subclasses (lowered classes) pass their own this; plain calls are refused.
    var o = (self instanceof proto.constructor && !rt.hasOwn.call(self, S)) ? self : null;
    requireNew(o, kind);
    var st = new Store();
    Object.defineProperty(o, S, { value: { kind: kind, store: st }, writable: false, enumerable: false, configurable: false });
    return st;
  }

  // ---- Map
  function Map(iterable) {
    var st = init(this, 'Map', Map.prototype);
    if (iterable !== undefined && iterable !== null) {
      var self = this, set = self.set;
      rt.requireCallable(set, '\'' + String(set) + '\' returned for property \'set\' of object \'#<Map>\'');
      rt.forOf(iterable, function (entry) {
        if (!rt.isObject(entry)) throw new TypeError('Iterator value ' + String(entry) + ' is not an entry object');
        set.call(self, entry[0], entry[1]);
      });
    }
    return this;
  }
  rt.methods(Map.prototype, {
    get: [function (k) { var e = store(this, 'Map').find(k); return e ? e.value : undefined; }, 1],
    set: [function (k, v) {
      store(this, 'Map').set(k, v);
      return this;
    }, 2],
    has: [function (k) { return store(this, 'Map').find(k) !== undefined; }, 1],
    'delete': [function (k) {
      var st = store(this, 'Map'), e = st.find(k);
      if (!e) return false;
      st.unlink(e);
      return true;
    }, 1],
    clear: [function () { store(this, 'Map').clear(); }, 0],
    forEach: [function (fn, thisArg) {
      var st = store(this, 'Map');
      rt.requireCallable(fn);
      for (var e = st.head.next; e; e = e.next) {
        if (e.removed) continue;
        fn.call(thisArg, e.value, e.key, this);
      }
    }, 1],
    keys: [function () { return iterate(MapIteratorPrototype, store(this, 'Map'), 0); }, 0],
    values: [function () { return iterate(MapIteratorPrototype, store(this, 'Map'), 1); }, 0],
    entries: [function () { return iterate(MapIteratorPrototype, store(this, 'Map'), 2); }, 0]
  });
  rt.getter(Map.prototype, 'size', function () { return store(this, 'Map').size; });
  rt.def(Map.prototype, ITER, Map.prototype.entries);
  Object.defineProperty(Map.prototype, Symbol.toStringTag, { value: 'Map', configurable: true });
  rt.method(Map, 'groupBy', function (items, callback) {
    rt.requireCallable(callback);
    var m = new Map(), i = 0;
    rt.forOf(items, function (v) {
      var k = callback(v, i++);
      var arr = m.get(k);
      if (arr === undefined) m.set(k, arr = []);
      arr.push(v);
    });
    return m;
  }, 2);

  // ---- Set
  function Set(iterable) {
    init(this, 'Set', Set.prototype);
    if (iterable !== undefined && iterable !== null) {
      var self = this, add = self.add;
      rt.requireCallable(add);
      rt.forOf(iterable, function (v) { add.call(self, v); });
    }
    return this;
  }
  rt.methods(Set.prototype, {
    add: [function (k) {
      var st = store(this, 'Set');
      if (k === 0) k = 0;
      st.set(k, k);
      return this;
    }, 1],
    has: [function (k) { return store(this, 'Set').find(k) !== undefined; }, 1],
    'delete': [function (k) {
      var st = store(this, 'Set'), e = st.find(k);
      if (!e) return false;
      st.unlink(e);
      return true;
    }, 1],
    clear: [function () { store(this, 'Set').clear(); }, 0],
    forEach: [function (fn, thisArg) {
      var st = store(this, 'Set');
      rt.requireCallable(fn);
      for (var e = st.head.next; e; e = e.next) {
        if (e.removed) continue;
        fn.call(thisArg, e.key, e.key, this);
      }
    }, 1],
    values: [function () { return iterate(SetIteratorPrototype, store(this, 'Set'), 1); }, 0],
    entries: [function () { return iterate(SetIteratorPrototype, store(this, 'Set'), 2); }, 0]
  });
  rt.getter(Set.prototype, 'size', function () { return store(this, 'Set').size; });
  rt.def(Set.prototype, 'keys', Set.prototype.values);
  rt.def(Set.prototype, ITER, Set.prototype.values);
  Object.defineProperty(Set.prototype, Symbol.toStringTag, { value: 'Set', configurable: true });

  // ES2025 set methods, which agents reach for as well.
  function setLike(o) {
    if (!rt.isObject(o)) throw new TypeError('set-like argument expected');
    var has = o.has, keys = o.keys;
    rt.requireCallable(has); rt.requireCallable(keys);
    return { has: function (v) { return !!has.call(o, v); }, keys: function () { return keys.call(o); }, size: +o.size };
  }
  function each(set, fn) { var st = store(set, 'Set'); for (var e = st.head.next; e; e = e.next) if (!e.removed) fn(e.key); }
  function eachKey(sl, fn) {
    var it = sl.keys();
    for (var step = it.next(); !step.done; step = it.next()) fn(step.value);
  }
  rt.methods(Set.prototype, {
    union: [function (other) { store(this, 'Set'); var o = setLike(other), r = new Set(this); eachKey(o, function (v) { r.add(v); }); return r; }, 1],
    intersection: [function (other) { var o = setLike(other), r = new Set(); each(this, function (v) { if (o.has(v)) r.add(v); }); return r; }, 1],
    difference: [function (other) { var o = setLike(other), r = new Set(); each(this, function (v) { if (!o.has(v)) r.add(v); }); return r; }, 1],
    symmetricDifference: [function (other) {
      store(this, 'Set');
      var o = setLike(other), self = this, r = new Set(this);
      eachKey(o, function (v) { if (self.has(v)) r['delete'](v); else r.add(v); });
      return r;
    }, 1],
    isSubsetOf: [function (other) { var o = setLike(other), ok = true; each(this, function (v) { if (!o.has(v)) ok = false; }); return ok; }, 1],
    isSupersetOf: [function (other) { store(this, 'Set'); var o = setLike(other), self = this, ok = true; eachKey(o, function (v) { if (!self.has(v)) ok = false; }); return ok; }, 1],
    isDisjointFrom: [function (other) { var o = setLike(other), ok = true; each(this, function (v) { if (o.has(v)) ok = false; }); return ok; }, 1]
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
      rt.forOf(iterable, function (entry) {
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
      rt.forOf(iterable, function (v) { add.call(self, v); });
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
