// Proxy and Reflect as the spec has them, over Duktape's Proxy (which calls get, set, has,
// deleteProperty, ownKeys, apply and construct, checks little and refuses a proxy as target):
// every trap, Proxy.revocable, the invariant checks in V8's words, and Reflect.get/set with a
// receiver. Loaded on first use of Proxy or of those two Reflect methods.
// @lazy: Proxy Reflect.get/2 Reflect.set/3
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var NativeProxy = global.Proxy;
  var hasOwn = Object.prototype.hasOwnProperty, isObject = rt.isObject;
  var getOwn = Object.getOwnPropertyDescriptor, defProp = Object.defineProperty;
  var getProto = Object.getPrototypeOf, setProto = Object.setPrototypeOf;
  var isExt = Object.isExtensible, preventExt = Object.preventExtensions;
  var ownKeysNative = Reflect.ownKeys, reflectGet = Reflect.get, reflectSet = Reflect.set;
  var reflectDefine = Reflect.defineProperty, reflectSetProto = Reflect.setPrototypeOf;
  var reflectPreventExt = Reflect.preventExtensions, reflectDelete = Reflect.deleteProperty;
  var reflectHas = Reflect.has, reflectApply = Reflect.apply, reflectConstruct = Reflect.construct;
  var isCtor = global.__oda_is_constructor;
  // Each proxy stands on a dummy target of its own (a plain object, an array or a function,
  // as the real target is): Duktape applies hidden keys to the target, so the dummy carries
  // the proxy's record, and it takes a proxy as target that Duktape itself would refuse.
  var REC = rt.hiddenKey('proxy');

  // A read, not hasOwnProperty: Duktape's looks at the proxy object itself, a read goes on
  // to the dummy. No ordinary object has the key, nor inherits it (Duktape's lookups along a
  // prototype chain see a proxy's own, empty, property table).
  function recOf(o) { if (!isObject(o)) return null; var r = o[REC]; return r === undefined ? null : r; }
  function keyText(k) { return typeof k === 'symbol' ? String(k) : k; }
  function sameValue(a, b) { return a === b ? (a !== 0 || 1 / a === 1 / b) : (a !== a && b !== b); }
  function fail(msg) { throw new TypeError(msg); }
  // The handler, or a TypeError once revoked; then the trap (undefined when absent).
  function handlerOf(rec, op) {
    if (rec.handler === null) fail("Cannot perform '" + op + "' on a proxy that has been revoked");
    return rec.handler;
  }
  function trapOf(h, name) {
    var f = h[name];
    if (f === undefined || f === null) return undefined;
    if (typeof f !== 'function') fail("'" + String(f) + "' returned for property '" + name + "' of object '#<Object>' is not a function");
    return f;
  }

  // ---- the internal methods of any object, a proxy's through its traps ----
  function ownDesc(o, k) { var r = recOf(o); return r ? proxyGetOwn(r, k) : getOwn(o, k); }
  function extensible(o) { var r = recOf(o); return r ? proxyIsExt(r) : isExt(o); }
  function protoOf(o) { var r = recOf(o); return r ? proxyGetProto(r) : getProto(o); }
  function define(o, k, d) { var r = recOf(o); return r ? proxyDefine(r, k, d) : reflectDefine(o, k, d); }
  function ownKeys(o) { var r = recOf(o); return r ? proxyOwnKeys(r) : ownKeysNative(o); }
  function get(o, k, receiver) {
    var r = recOf(o);
    if (r) return proxyGet(r, k, receiver);
    if (receiver === o) return o[k];
    for (;;) {
      var d = getOwn(o, k);
      if (d === undefined) {
        o = protoOf(o);
        if (o === null) return undefined;
        if (recOf(o)) return get(o, k, receiver);
        continue;
      }
      if ('value' in d) return d.value;
      return d.get === undefined ? undefined : d.get.call(receiver);
    }
  }
  function set(o, k, v, receiver) {
    var r = recOf(o);
    if (r) return proxySet(r, k, v, receiver);
    if (receiver === o && !recOf(receiver)) return reflectSet(o, k, v);
    var d = getOwn(o, k);
    if (d === undefined) {
      var parent = protoOf(o);
      if (parent !== null) return set(parent, k, v, receiver);
      d = { value: undefined, writable: true, enumerable: true, configurable: true };
    }
    if ('value' in d) {
      if (!d.writable || !isObject(receiver)) return false;
      var existing = ownDesc(receiver, k);
      if (existing !== undefined) {
        if (!('value' in existing) || !existing.writable) return false;
        return define(receiver, k, { value: v });
      }
      return define(receiver, k, { value: v, writable: true, enumerable: true, configurable: true });
    }
    if (d.set === undefined) return false;
    d.set.call(receiver, v);
    return true;
  }

  // ToPropertyDescriptor, and the spec's check of a new descriptor against the current one.
  function toDesc(o) {
    if (!isObject(o)) fail('Property description must be an object: ' + String(o));
    var d = {};
    if ('enumerable' in o) d.enumerable = !!o.enumerable;
    if ('configurable' in o) d.configurable = !!o.configurable;
    if ('value' in o) d.value = o.value;
    if ('writable' in o) d.writable = !!o.writable;
    if ('get' in o) { d.get = o.get; if (d.get !== undefined && typeof d.get !== 'function') fail('Getter must be a function: ' + String(d.get)); }
    if ('set' in o) { d.set = o.set; if (d.set !== undefined && typeof d.set !== 'function') fail('Setter must be a function: ' + String(d.set)); }
    if (('get' in d || 'set' in d) && ('value' in d || 'writable' in d)) fail('Invalid property descriptor. Cannot both specify accessors and a value or writable attribute');
    return d;
  }
  function complete(d) {
    if (!('get' in d) && !('set' in d)) {
      if (!('value' in d)) d.value = undefined;
      if (!('writable' in d)) d.writable = false;
    } else {
      if (!('get' in d)) d.get = undefined;
      if (!('set' in d)) d.set = undefined;
    }
    if (!('enumerable' in d)) d.enumerable = false;
    if (!('configurable' in d)) d.configurable = false;
    return d;
  }
  function isAccessor(d) { return 'get' in d || 'set' in d; }
  function isData(d) { return 'value' in d || 'writable' in d; }
  function compatible(ext, d, cur) {
    if (cur === undefined) return ext;
    if (cur.configurable) return true;
    if (d.configurable || ('enumerable' in d && d.enumerable !== cur.enumerable)) return false;
    if (!isData(d) && !isAccessor(d)) return true;
    if (isAccessor(cur) !== isAccessor(d)) return false;
    if (isAccessor(cur)) return !('get' in d && d.get !== cur.get) && !('set' in d && d.set !== cur.set);
    if (!cur.writable) return !(d.writable) && !('value' in d && !sameValue(d.value, cur.value));
    return true;
  }

  // ---- the traps with their invariant checks ----
  function proxyGetOwn(rec, k) {
    var h = handlerOf(rec, 'getOwnPropertyDescriptor'), t = rec.target, f = trapOf(h, 'getOwnPropertyDescriptor');
    if (f === undefined) return ownDesc(t, k);
    var res = f.call(h, t, k), cur = ownDesc(t, k), m = "'getOwnPropertyDescriptor' on proxy: trap ";
    if (res !== undefined && !isObject(res)) fail(m + "returned neither object nor undefined for property '" + keyText(k) + "'");
    if (res === undefined) {
      if (cur === undefined) return undefined;
      if (!cur.configurable) fail(m + "returned undefined for property '" + keyText(k) + "' which is non-configurable in the proxy target");
      if (!extensible(t)) fail(m + "returned undefined for property '" + keyText(k) + "' which exists in the non-extensible proxy target");
      return undefined;
    }
    var d = complete(toDesc(res));
    if (!compatible(extensible(t), d, cur)) fail(m + "returned descriptor for property '" + keyText(k) + "' that is incompatible with the existing property in the proxy target");
    if (!d.configurable) {
      if (cur === undefined || cur.configurable) fail(m + "reported non-configurability for property '" + keyText(k) + "' which is either non-existent or configurable in the proxy target");
      if ('writable' in d && !d.writable && cur.writable) fail(m + "reported non-configurable and writable for property '" + keyText(k) + "' which is non-configurable, non-writable in the proxy target");
    }
    return d;
  }
  function proxyDefine(rec, k, desc) {
    var h = handlerOf(rec, 'defineProperty'), t = rec.target, f = trapOf(h, 'defineProperty');
    var d = toDesc(desc);
    if (f === undefined) return define(t, k, d);
    if (!f.call(h, t, k, d)) return false;
    var cur = ownDesc(t, k), m = "'defineProperty' on proxy: trap returned truish for ";
    var configFalse = 'configurable' in d && !d.configurable;
    if (cur === undefined) {
      if (!extensible(t)) fail(m + "adding property '" + keyText(k) + "'  to the non-extensible proxy target");
      if (configFalse) fail(m + "defining non-configurable property '" + keyText(k) + "' which is either non-existent or configurable in the proxy target");
    } else {
      if (!compatible(extensible(t), d, cur)) fail(m + "adding property '" + keyText(k) + "'  that is incompatible with the existing property in the proxy target");
      if (configFalse && cur.configurable) fail(m + "defining non-configurable property '" + keyText(k) + "' which is either non-existent or configurable in the proxy target");
      if (isData(cur) && !cur.configurable && cur.writable && 'writable' in d && !d.writable)
        fail(m + "defining non-configurable property '" + keyText(k) + "' which cannot be non-writable, unless there exists a corresponding non-configurable, non-writable own property of the target object.");
    }
    return true;
  }
  function proxyGetProto(rec) {
    var h = handlerOf(rec, 'getPrototypeOf'), t = rec.target, f = trapOf(h, 'getPrototypeOf');
    if (f === undefined) return protoOf(t);
    var p = f.call(h, t);
    if (p !== null && !isObject(p)) fail("'getPrototypeOf' on proxy: trap returned neither object nor null");
    if (!extensible(t) && p !== protoOf(t)) fail("'getPrototypeOf' on proxy: proxy target is non-extensible but the trap did not return its actual prototype");
    return p;
  }
  function proxySetProto(rec, p) {
    var h = handlerOf(rec, 'setPrototypeOf'), t = rec.target, f = trapOf(h, 'setPrototypeOf');
    if (f === undefined) return setProtoOf(t, p);
    if (!f.call(h, t, p)) return false;
    if (!extensible(t) && p !== protoOf(t)) fail("'setPrototypeOf' on proxy: trap returned truish for setting a new prototype on the non-extensible proxy target");
    return true;
  }
  function proxyIsExt(rec) {
    var h = handlerOf(rec, 'isExtensible'), t = rec.target, f = trapOf(h, 'isExtensible');
    if (f === undefined) return extensible(t);
    var b = !!f.call(h, t), real = extensible(t);
    if (b !== real) fail("'isExtensible' on proxy: trap result does not reflect extensibility of proxy target (which is '" + real + "')");
    return b;
  }
  function proxyPreventExt(rec) {
    var h = handlerOf(rec, 'preventExtensions'), t = rec.target, f = trapOf(h, 'preventExtensions');
    if (f === undefined) return preventExtOf(t);
    var b = !!f.call(h, t);
    if (b && extensible(t)) fail("'preventExtensions' on proxy: trap returned truish but the proxy target is extensible");
    return b;
  }
  function proxyOwnKeys(rec) {
    var h = handlerOf(rec, 'ownKeys'), t = rec.target, f = trapOf(h, 'ownKeys');
    if (f === undefined) return ownKeys(t);
    var res = f.call(h, t), m = "'ownKeys' on proxy: trap ";
    if (!isObject(res)) fail('CreateListFromArrayLike called on non-object');
    var n = rt.toLength(res.length), keys = [], seen = Object.create(null), syms = [];
    for (var i = 0; i < n; i++) {
      var k = res[i];
      if (typeof k !== 'string' && typeof k !== 'symbol') fail(String(k) + ' is not a valid property name');
      if (typeof k === 'string' ? hasOwn.call(seen, k) : syms.indexOf(k) >= 0) fail(m + 'returned duplicate entries');
      if (typeof k === 'string') seen[k] = true; else syms.push(k);
      keys.push(k);
    }
    var ext = extensible(t), tkeys = ownKeys(t), listed = function (k) { return typeof k === 'string' ? hasOwn.call(seen, k) : syms.indexOf(k) >= 0; };
    var configurable = [];
    for (i = 0; i < tkeys.length; i++) {
      var d = ownDesc(t, tkeys[i]);
      if (d !== undefined && !d.configurable) {
        if (!listed(tkeys[i])) fail(m + "result did not include '" + keyText(tkeys[i]) + "'");
      } else configurable.push(tkeys[i]);
    }
    if (ext) return keys;
    for (i = 0; i < configurable.length; i++)
      if (!listed(configurable[i])) fail(m + "result did not include '" + keyText(configurable[i]) + "'");
    if (keys.length !== tkeys.length) fail(m + 'returned extra keys but proxy target is non-extensible');
    return keys;
  }
  function proxyGet(rec, k, receiver) {
    var h = handlerOf(rec, 'get'), t = rec.target, f = trapOf(h, 'get');
    if (f === undefined) return get(t, k, receiver);
    var v = f.call(h, t, k, receiver), d = ownDesc(t, k);
    if (d !== undefined && !d.configurable) {
      if (isData(d) && !d.writable && !sameValue(v, d.value))
        fail("'get' on proxy: property '" + keyText(k) + "' is a read-only and non-configurable data property on the proxy target but the proxy did not return its actual value (expected '" + String(d.value) + "' but got '" + String(v) + "')");
      if (isAccessor(d) && d.get === undefined && v !== undefined)
        fail("'get' on proxy: property '" + keyText(k) + "' is a non-configurable accessor property on the proxy target and does not have a getter function, but the trap did not return 'undefined' (got '" + String(v) + "')");
    }
    return v;
  }
  function proxySet(rec, k, v, receiver) {
    var h = handlerOf(rec, 'set'), t = rec.target, f = trapOf(h, 'set');
    if (f === undefined) return set(t, k, v, receiver);
    if (!f.call(h, t, k, v, receiver)) return false;
    var d = ownDesc(t, k), m = "'set' on proxy: trap returned truish for property '" + keyText(k) + "' which exists in the proxy target as ";
    if (d !== undefined && !d.configurable) {
      if (isData(d) && !d.writable && !sameValue(v, d.value)) fail(m + 'a non-configurable and non-writable data property with a different value');
      if (isAccessor(d) && d.set === undefined) fail(m + 'a non-configurable and non-writable accessor property without a setter');
    }
    return true;
  }
  function proxyHas(rec, k) {
    var h = handlerOf(rec, 'has'), t = rec.target, f = trapOf(h, 'has');
    if (f === undefined) return has(t, k);
    var b = !!f.call(h, t, k);
    if (!b) {
      var d = ownDesc(t, k);
      if (d !== undefined) {
        if (!d.configurable) fail("'has' on proxy: trap returned falsish for property '" + keyText(k) + "' which exists in the proxy target as non-configurable");
        if (!extensible(t)) fail("'has' on proxy: trap returned falsish for property '" + keyText(k) + "' but the proxy target is not extensible");
      }
    }
    return b;
  }
  function proxyDelete(rec, k) {
    var h = handlerOf(rec, 'deleteProperty'), t = rec.target, f = trapOf(h, 'deleteProperty');
    if (f === undefined) return del(t, k);
    if (!f.call(h, t, k)) return false;
    var d = ownDesc(t, k);
    if (d !== undefined) {
      if (!d.configurable) fail("'deleteProperty' on proxy: trap returned truish for property '" + keyText(k) + "' which is non-configurable in the proxy target");
      if (!extensible(t)) fail("'deleteProperty' on proxy: trap returned truish for property '" + keyText(k) + "' but the proxy target is non-extensible");
    }
    return true;
  }
  function proxyConstruct(rec, args, newTarget) {
    var h = handlerOf(rec, 'construct'), f = trapOf(h, 'construct');
    if (f === undefined) return construct(rec.target, args, newTarget);
    var o = f.call(h, rec.target, args, newTarget);
    if (!isObject(o)) fail("'construct' on proxy: trap returned non-object ('" + String(o) + "')");
    return o;
  }
  function construct(o, args, newTarget) { var r = recOf(o); return r ? proxyConstruct(r, args, newTarget) : reflectConstruct(o, args, newTarget); }
  function has(o, k) { var r = recOf(o); return r ? proxyHas(r, k) : reflectHas(o, k); }
  function del(o, k) { var r = recOf(o); return r ? proxyDelete(r, k) : reflectDelete(o, k); }
  function setProtoOf(o, p) { var r = recOf(o); return r ? proxySetProto(r, p) : reflectSetProto(o, p); }
  function preventExtOf(o) { var r = recOf(o); return r ? proxyPreventExt(r) : reflectPreventExt(o); }

  // Duktape filters the keys an enumeration (for-in, JSON.stringify) gets from the ownKeys
  // trap by the enumerability of its target's own properties: the dummy is given, for each
  // key, a configurable property as enumerable as the proxy's descriptor says (asking the
  // getOwnPropertyDescriptor trap, as the spec's enumerations do).
  function syncDummy(rec, keys) {
    var dummy = rec.dummy, old = ownKeysNative(dummy), i;
    for (i = 0; i < old.length; i++) {
      var od = getOwn(dummy, old[i]);
      if (od && od.configurable) delete dummy[old[i]];
    }
    if (Array.isArray(dummy)) dummy.length = 0;
    for (i = 0; i < keys.length; i++) {
      var d = proxyGetOwn(rec, keys[i]), cur = getOwn(dummy, keys[i]);
      if (cur && !cur.configurable) continue;
      if (d !== undefined) defProp(dummy, keys[i], { value: undefined, writable: true, enumerable: d.enumerable, configurable: true });
    }
  }

  function makeProxy(target, handler) {
    if (!isObject(target) || !isObject(handler)) fail('Cannot create proxy with a non-object as target or handler');
    var dummy;
    if (typeof target === 'function') dummy = isCtor(target) ? Function.prototype.bind.call(function () {}, null) : rt.makeMethod(function () {});
    else dummy = arrayTarget(target) ? [] : {};
    var rec = { target: target, handler: handler, dummy: dummy };
    // Duktape hands an index to these traps as a number; the spec's key is its string.
    var pk = function (k) { return typeof k === 'number' ? '' + k : k; };
    defProp(dummy, REC, { value: rec });
    var nh = {
      get: function (t, k, receiver) { return proxyGet(rec, pk(k), receiver); },
      set: function (t, k, v, receiver) { return proxySet(rec, pk(k), v, receiver); },
      has: function (t, k) { return proxyHas(rec, pk(k)); },
      deleteProperty: function (t, k) { return proxyDelete(rec, pk(k)); },
      ownKeys: function () { var ks = proxyOwnKeys(rec); syncDummy(rec, ks); return ks; },
      // Not a trap Duktape has: its instanceof asks it (lib/engine/patches/0015).
      getPrototypeOf: function () { return proxyGetProto(rec); },
      apply: function (t, self, args) {
        var h = handlerOf(rec, 'apply'), f = trapOf(h, 'apply');
        return f === undefined ? reflectApply(rec.target, self, args) : f.call(h, rec.target, self, args);
      },
      construct: function (t, args, newTarget) { return proxyConstruct(rec, args, newTarget === dummy ? proxy : newTarget); }
    };
    var proxy = new NativeProxy(dummy, nh);
    return { proxy: proxy, rec: rec };
  }
  var nativeIsArray = Array.isArray;
  // IsArray without its TypeError: a revoked proxy may be a target (its dummy is then plain).
  function arrayTarget(o) {
    for (var r = recOf(o); r; r = recOf(o)) { if (r.handler === null) return false; o = r.target; }
    return nativeIsArray(o);
  }
  function isArray(o) {
    var r = recOf(o);
    if (!r) return nativeIsArray(o);
    if (r.handler === null) fail("Cannot perform 'IsArray' on a proxy that has been revoked");
    return isArray(r.target);
  }

  // A bound function: a constructor without a prototype property, as Proxy is.
  var ProxyImpl = function Proxy(target, handler) {
    if (!(this instanceof ProxyImpl)) fail("Constructor Proxy requires 'new'");
    return makeProxy(target, handler).proxy;
  };
  var Proxy = ProxyImpl.bind(null);
  defProp(Proxy, 'name', { value: 'Proxy', configurable: true });
  rt.method(Proxy, 'revocable', function (target, handler) {
    var p = makeProxy(target, handler);
    var revoke = function () { p.rec.handler = null; p.rec.target = null; };
    rt.makeMethod(revoke);
    defProp(revoke, 'name', { value: '', configurable: true });
    return { proxy: p.proxy, revoke: revoke };
  }, 2);
  defProp(Proxy, 'length', { value: 2, configurable: true });
  rt.def(global, 'Proxy', Proxy);

  // ---- Object and Reflect over proxies (the others as they were) ----
  function key(k) { return typeof k === 'symbol' ? k : rt.toPropertyKey(k); }
  function obj(o, what) { if (!isObject(o)) fail(what + ' called on non-object'); return o; }
  function wrap(holder, name, length, onProxy) {
    var orig = holder[name];
    rt.method(holder, name, function (o) {
      var r = recOf(o);
      return r ? onProxy.apply(r, arguments) : orig.apply(this, arguments);
    }, length);
  }
  function fromDesc(d) {
    if (d === undefined) return undefined;
    var o = {};
    if ('value' in d) { o.value = d.value; o.writable = d.writable; } else { o.get = d.get; o.set = d.set; }
    o.enumerable = d.enumerable; o.configurable = d.configurable;
    return o;
  }
  function enumerableKeys(o, strings) {
    var ks = ownKeys(o), out = [];
    for (var i = 0; i < ks.length; i++) {
      if (strings !== (typeof ks[i] === 'string')) continue;
      var d = ownDesc(o, ks[i]);
      if (d !== undefined && d.enumerable) out.push(ks[i]);
    }
    return out;
  }
  wrap(Object, 'getOwnPropertyDescriptor', 2, function (o, k) { return fromDesc(proxyGetOwn(this, key(k))); });
  wrap(Reflect, 'getOwnPropertyDescriptor', 2, function (o, k) { return fromDesc(proxyGetOwn(this, key(k))); });
  wrap(Object, 'getOwnPropertyDescriptors', 1, function (o) {
    var ks = proxyOwnKeys(this), r = {};
    for (var i = 0; i < ks.length; i++) { var d = fromDesc(proxyGetOwn(this, ks[i])); if (d !== undefined) rt.createDataProperty(r, ks[i], d); }
    return r;
  });
  wrap(Object, 'defineProperty', 3, function (o, k, d) {
    k = key(k);
    if (!proxyDefine(this, k, d)) fail("'defineProperty' on proxy: trap returned falsish for property '" + keyText(k) + "'");
    return o;
  });
  wrap(Reflect, 'defineProperty', 3, function (o, k, d) { return proxyDefine(this, key(k), d); });
  wrap(Object, 'defineProperties', 2, function (o, props) {
    props = rt.objectArg(props);
    var ks = ownKeys(props), list = [], i;
    for (i = 0; i < ks.length; i++) { var pd = ownDesc(props, ks[i]); if (pd !== undefined && pd.enumerable) list.push([ks[i], toDesc(props[ks[i]])]); }
    for (i = 0; i < list.length; i++)
      if (!proxyDefine(this, list[i][0], list[i][1])) fail("'defineProperty' on proxy: trap returned falsish for property '" + keyText(list[i][0]) + "'");
    return o;
  });
  wrap(Object, 'getPrototypeOf', 1, function () { return proxyGetProto(this); });
  wrap(Reflect, 'getPrototypeOf', 1, function () { return proxyGetProto(this); });
  wrap(Object, 'setPrototypeOf', 2, function (o, p) {
    if (p !== null && !isObject(p)) fail('Object prototype may only be an Object or null: ' + String(p));
    if (!proxySetProto(this, p)) fail("'setPrototypeOf' on proxy: trap returned falsish for property 'undefined'");
    return o;
  });
  wrap(Reflect, 'setPrototypeOf', 2, function (o, p) {
    if (p !== null && !isObject(p)) fail('Object prototype may only be an Object or null: ' + String(p));
    return proxySetProto(this, p);
  });
  wrap(Object, 'isExtensible', 1, function () { return proxyIsExt(this); });
  wrap(Reflect, 'isExtensible', 1, function () { return proxyIsExt(this); });
  wrap(Object, 'preventExtensions', 1, function (o) {
    if (!proxyPreventExt(this)) fail("'preventExtensions' on proxy: trap returned falsish");
    return o;
  });
  wrap(Reflect, 'preventExtensions', 1, function () { return proxyPreventExt(this); });
  function setIntegrity(rec, o, frozen) {
    if (!proxyPreventExt(rec)) fail("'preventExtensions' on proxy: trap returned falsish");
    var ks = proxyOwnKeys(rec);
    for (var i = 0; i < ks.length; i++) {
      var d = { configurable: false };
      if (frozen) { var cur = proxyGetOwn(rec, ks[i]); if (cur !== undefined && isData(cur)) d.writable = false; }
      if (!proxyDefine(rec, ks[i], d)) fail("'defineProperty' on proxy: trap returned falsish for property '" + keyText(ks[i]) + "'");
    }
    return o;
  }
  function testIntegrity(rec, frozen) {
    if (proxyIsExt(rec)) return false;
    var ks = proxyOwnKeys(rec);
    for (var i = 0; i < ks.length; i++) {
      var d = proxyGetOwn(rec, ks[i]);
      if (d !== undefined && (d.configurable || (frozen && isData(d) && d.writable))) return false;
    }
    return true;
  }
  wrap(Object, 'freeze', 1, function (o) { return setIntegrity(this, o, true); });
  wrap(Object, 'seal', 1, function (o) { return setIntegrity(this, o, false); });
  wrap(Object, 'isFrozen', 1, function () { return testIntegrity(this, true); });
  wrap(Object, 'isSealed', 1, function () { return testIntegrity(this, false); });
  wrap(Reflect, 'ownKeys', 1, function () { return proxyOwnKeys(this); });
  wrap(Object, 'getOwnPropertyNames', 1, function () { return proxyOwnKeys(this).filter(function (k) { return typeof k === 'string'; }); });
  wrap(Object, 'getOwnPropertySymbols', 1, function () { return proxyOwnKeys(this).filter(function (k) { return typeof k === 'symbol'; }); });
  wrap(Object, 'keys', 1, function (o) { return enumerableKeys(o, true); });
  // Each key's descriptor, then its value, one key after the other (as the spec's order).
  function enumerableValues(rec, o, pairs) {
    var ks = proxyOwnKeys(rec), out = [];
    for (var i = 0; i < ks.length; i++) {
      if (typeof ks[i] !== 'string') continue;
      var d = proxyGetOwn(rec, ks[i]);
      if (d !== undefined && d.enumerable) { var v = proxyGet(rec, ks[i], o); out.push(pairs ? [ks[i], v] : v); }
    }
    return out;
  }
  wrap(Object, 'values', 1, function (o) { return enumerableValues(this, o, false); });
  wrap(Object, 'entries', 1, function (o) { return enumerableValues(this, o, true); });
  wrap(Object, 'hasOwn', 2, function (o, k) { return proxyGetOwn(this, key(k)) !== undefined; });
  wrap(Reflect, 'has', 2, function (o, k) { return proxyHas(this, key(k)); });
  wrap(Reflect, 'deleteProperty', 2, function (o, k) { return proxyDelete(this, key(k)); });
  rt.method(Array, 'isArray', isArray, 1);
  // Object.assign from a proxy source: its enumerable keys, then a [[Get]] each.
  var assign = Object.assign;
  rt.method(Object, 'assign', function (target) {
    var to = rt.objectArg(target);
    for (var i = 1; i < arguments.length; i++) {
      var from = arguments[i], r = recOf(from);
      if (!r && !recOf(to)) { assign(to, from); continue; }
      if (from === null || from === undefined) continue;
      from = Object(from);
      var ks = ownKeys(from);
      for (var j = 0; j < ks.length; j++) {
        var d = ownDesc(from, ks[j]);
        if (d !== undefined && d.enumerable && !set(to, ks[j], get(from, ks[j], from), to)) fail("Cannot assign to read only property '" + keyText(ks[j]) + "' of object");
      }
    }
    return to;
  }, 2);
  var OP = Object.prototype, nativeHasOwn = OP.hasOwnProperty, nativeIsEnum = OP.propertyIsEnumerable;
  rt.method(OP, 'hasOwnProperty', function (k) {
    var r = recOf(this);
    return r ? proxyGetOwn(r, key(k)) !== undefined : nativeHasOwn.call(this, k);
  }, 1);
  rt.method(OP, 'propertyIsEnumerable', function (k) {
    var r = recOf(this);
    if (!r) return nativeIsEnum.call(this, k);
    var d = proxyGetOwn(r, key(k));
    return d !== undefined && d.enumerable;
  }, 1);

  // Reflect.construct of a proxy hands newTarget to its construct trap (Duktape's own call
  // would hand the proxy itself).
  var outerConstruct = Reflect.construct, arraySlice = Array.prototype.slice;
  rt.method(Reflect, 'construct', function (target, args, newTarget) {
    var r = recOf(target);
    if (!r) return outerConstruct.apply(undefined, arguments);
    if (arguments.length < 3) newTarget = target;
    if (!isCtor(target)) fail('Reflect.construct: target is not a constructor');
    if (!isCtor(newTarget)) fail('Reflect.construct: newTarget is not a constructor');
    if (!isObject(args)) fail('CreateListFromArrayLike called on non-object');
    return proxyConstruct(r, arraySlice.call(args), newTarget);
  }, 2);
  rt.method(Reflect, 'get', function (target, k, receiver) {
    obj(target, 'Reflect.get');
    return get(target, key(k), arguments.length < 3 ? target : receiver);
  }, 2);
  rt.method(Reflect, 'set', function (target, k, v, receiver) {
    obj(target, 'Reflect.set');
    return set(target, key(k), v, arguments.length < 4 ? target : receiver);
  }, 3);
})(this);
