#!/usr/bin/env bats
# Proxy and Reflect as node has them: every trap called (Duktape's own Proxy calls seven),
# the invariant checks in V8's words, Proxy.revocable, and Reflect.get/set with a receiver.
# Each program runs through node and run-code; the outputs must be the same.

load helpers

@test "every trap is called, with the arguments node gives" {
  cat > prog.js <<'EOF2'
const log = [];
const t = { a: 1, b: 2 };
const h = {};
for (const k of ['get', 'set', 'has', 'deleteProperty', 'ownKeys', 'getOwnPropertyDescriptor', 'defineProperty',
  'getPrototypeOf', 'setPrototypeOf', 'isExtensible', 'preventExtensions'])
  h[k] = function (...args) { log.push(k + ':' + args.filter((a) => typeof a === 'string').join()); return Reflect[k](...args); };
const p = new Proxy(t, h);
const out = [p.a, (p.c = 3), 'a' in p, delete p.c, Object.keys(p), JSON.stringify(p),
  Object.getOwnPropertyDescriptor(p, 'a'), Object.defineProperty(p, 'x', { value: 1 }) === p,
  Object.getPrototypeOf(p) === Object.prototype, Object.setPrototypeOf(p, null) === p, Object.isExtensible(p),
  Object.hasOwn(p, 'b'), Object.prototype.propertyIsEnumerable.call(p, 'x'), Object.entries(p), Reflect.ownKeys(p),
  Object.preventExtensions(p) === p, Object.isExtensible(t), Object.isFrozen(p)];
console.log(JSON.stringify(out));
console.log(log.join(' '));
EOF2
  same_as_node
}

@test "the traps' invariants are checked, in node's words" {
  cat > prog.js <<'EOF2'
const T = (f) => { try { return f(); } catch (e) { return e.constructor.name + ': ' + e.message; } };
const nc = {}; Object.defineProperty(nc, 'x', { value: 1 });
const ne = Object.preventExtensions({ y: 1 });
console.log(T(() => new Proxy({}, { get: 1 }).a));
console.log(T(() => Object.defineProperty(new Proxy(ne, { defineProperty() { return true; } }), 'z', { value: 1 })));
console.log(T(() => Object.defineProperty(new Proxy({}, { defineProperty() { return true; } }), 'z', { value: 1, configurable: false })));
console.log(T(() => Object.defineProperty(new Proxy({}, { defineProperty() { return false; } }), 'z', {})));
console.log(T(() => Object.setPrototypeOf(new Proxy({}, { setPrototypeOf() { return false; } }), null)));
console.log(T(() => Object.isExtensible(new Proxy({}, { isExtensible() { return false; } }))));
console.log(T(() => Object.preventExtensions(new Proxy({}, { preventExtensions() { return true; } }))));
console.log(T(() => Object.preventExtensions(new Proxy({}, { preventExtensions() { return false; } }))));
console.log(T(() => Object.getOwnPropertyDescriptor(new Proxy(nc, { getOwnPropertyDescriptor() { return undefined; } }), 'x')));
console.log(T(() => Object.getOwnPropertyDescriptor(new Proxy({}, { getOwnPropertyDescriptor() { return 1; } }), 'x')));
console.log(T(() => Object.getOwnPropertyDescriptor(new Proxy({}, { getOwnPropertyDescriptor() { return { value: 1, configurable: false }; } }), 'x')));
console.log(T(() => Object.keys(new Proxy(nc, { ownKeys() { return []; } }))));
console.log(T(() => Object.keys(new Proxy({}, { ownKeys() { return ['a', 'a']; } }))));
console.log(T(() => Object.keys(new Proxy({}, { ownKeys() { return [1]; } }))));
console.log(T(() => Reflect.ownKeys(new Proxy(ne, { ownKeys() { return ['y', 'q']; } }))));
console.log(T(() => Object.getPrototypeOf(new Proxy({}, { getPrototypeOf() { return 1; } }))));
console.log(T(() => Object.getPrototypeOf(new Proxy(ne, { getPrototypeOf() { return null; } }))));
console.log(T(() => new Proxy(nc, { get() { return 2; } }).x));
console.log(T(() => { 'use strict'; new Proxy(nc, { set() { return true; } }).x = 5; }));
console.log(T(() => 'x' in new Proxy(nc, { has() { return false; } })));
console.log(T(() => delete new Proxy(nc, { deleteProperty() { return true; } }).x));
console.log(T(() => Reflect.defineProperty(new Proxy({}, { defineProperty() { return false; } }), 'a', {})));
console.log(T(() => new (new Proxy(function () {}, { construct() { return 1; } }))()));
console.log(T(() => Proxy({}, {})), T(() => new Proxy(1, {})), Proxy.length, Proxy.name, 'prototype' in Proxy);
EOF2
  same_as_node
}

@test "Proxy.revocable gives a proxy that works until revoked, then refuses every operation" {
  cat > prog.js <<'EOF2'
const T = (f) => { try { return JSON.stringify(f()); } catch (e) { return e.constructor.name + ': ' + e.message; } };
const { proxy, revoke } = Proxy.revocable({ a: 1 }, { get: (t, k) => (k in t ? t[k] : 'none') });
console.log(T(() => [proxy.a, proxy.b]), revoke.length, JSON.stringify(revoke.name), revoke(), revoke());
console.log(T(() => proxy.a), T(() => Object.keys(proxy)), T(() => (proxy.x = 1)), T(() => 'a' in proxy),
  T(() => Object.getPrototypeOf(proxy)), T(() => Array.isArray(proxy)), typeof proxy);
const arr = Proxy.revocable([1, 2], {}).proxy, fn = new Proxy(function (a, b) { return a + b; }, {});
console.log(Array.isArray(arr), Array.isArray(new Proxy(arr, {})), JSON.stringify(arr), fn(1, 2), typeof fn);
EOF2
  same_as_node
}

@test "Reflect.get and Reflect.set with a receiver run getters and setters on it" {
  cat > prog.js <<'EOF2'
const base = { get full() { return this.first + ' ' + this.last; }, set full(v) { [this.first, this.last] = v.split(' '); }, plain: 1 };
const other = { first: 'Ada', last: 'Lovelace' };
const child = Object.create(base);
const frozen = Object.freeze({ k: 1 });
console.log(Reflect.get(base, 'full', other), Reflect.get(child, 'plain', other), Reflect.get(base, 'none', other));
console.log(Reflect.set(base, 'full', 'Grace Hopper', other), JSON.stringify(other), JSON.stringify(base.plain));
console.log(Reflect.set(child, 'plain', 5, other), other.plain, child.plain, Reflect.set(frozen, 'k', 2, {}), Reflect.set({}, 'k', 2, frozen));
const seen = [];
const p = new Proxy({}, { defineProperty(t, k, d) { seen.push(k + '=' + d.value); return Reflect.defineProperty(t, k, d); } });
console.log(Reflect.set({ x: 0 }, 'x', 7, p), seen.join(), p.x);
try { Reflect.get(1, 'a'); } catch (e) { console.log(e.constructor.name); }
EOF2
  same_as_node
}

@test "a proxy in a prototype chain answers reads and 'in' through its get and has traps, as node" {
  cat > prog.js <<'EOF2'
const t = (f) => { try { return String(f()); } catch (e) { return e.name + ': ' + e.message; } };
let seen;
const P = new Proxy({}, { get(tg, k, r) { seen = r; return 'got ' + String(k); } });
const o = Object.create(P);
const hp = new Proxy({ z: 1 }, { has(tg, k) { return k === 'x'; } });
const chain = Object.create(Object.create(new Proxy({ own: 1, get g() { return this === chain; } }, {})));
class Base {} Object.setPrototypeOf(Base.prototype, new Proxy({}, { get: (tg, k) => (k === 'hello' ? () => 'hi' : undefined) }));
console.log([t(() => o.foo), t(() => seen === o), t(() => o[Symbol.iterator] === undefined), t(() => o.own === 'got own'),
  t(() => 'x' in Object.create(hp)), t(() => 'z' in Object.create(hp)), t(() => 'y' in Object.create(hp)),
  t(() => chain.own), t(() => chain.g), t(() => 'own' in chain), t(() => 'nope' in chain), t(() => new Base().hello()),
  t(() => Object.create(Proxy.revocable({}, {}).proxy).x)].join('\n'));
EOF2
  same_as_node
}

@test "a write through a proxy in the prototype chain reaches its set trap; the object's own properties stay its own, as node" {
  cat > prog.js <<'EOF2'
const t = (f) => { try { return String(f()); } catch (e) { return e.name + ': ' + e.message; } };
const log = [];
const sp = new Proxy({}, { set(tg, k, v, r) { log.push(String(k) + '=' + v + ':' + (r === so)); return true; } });
const so = Object.create(sp);
const plain = Object.create(new Proxy({ set s(v) { this.got = v; } }, {}));
const no = Object.create(new Proxy({}, { set() { return false; } }));
console.log([t(() => { so.a = 1; so[Symbol.toStringTag] = 'T'; return log.join() + '|' + Object.keys(so).length; }),
  t(() => { plain.b = 2; plain.s = 5; return Object.keys(plain).join() + ':' + plain.b + ':' + plain.got; }),
  t(() => { no.c = 3; return 'c' in no; }), t(() => { so.own = 1; return log.length; }),
  t(() => { const q = Object.create(sp); Object.defineProperty(q, 'd', { value: 0, writable: true }); q.d = 4; return q.d + ':' + log.length + ':' + q.hasOwnProperty('d') + ':' + Object.keys(q).length; }),
  t(() => { const r = Object.create(new Proxy({}, {})); r.x = 1; return JSON.stringify(r) + Object.getOwnPropertyNames(r).join(); })].join('\n'));
EOF2
  same_as_node
}

@test "Reflect takes symbol keys and wants an object for Reflect.apply's arguments, as node" {
  cat > prog.js <<'EOF2'
const s = Symbol('s');
const o = {}, r = {};
console.log(Reflect.set(o, s, 1), o[s], Reflect.has(o, s), Reflect.get(o, s), Reflect.set(o, s, 2, r), o[s], r[s]);
console.log(Reflect.deleteProperty(o, s), s in o, Reflect.deleteProperty(Object.freeze({ [s]: 1 }), s));
const f = function () { return arguments.length; };
console.log(Reflect.apply(f, null, []), Reflect.apply(f, null, { length: 2 }), Reflect.apply(f, null, 'ab'.split('')));
for (const list of [undefined, null, 1, 'ab', true]) {
  try { Reflect.apply(f, null, list); console.log('no error'); } catch (e) { console.log(e.name + ': ' + e.message); }
}
try { Reflect.apply(f, null); } catch (e) { console.log(e.name + ': ' + e.message); }
console.log(f.apply(null, undefined), f.apply(null, null), f.call(null, 1, 2));
EOF2
  same_as_node
}

@test "a proxy's construct trap gets newTarget, a proxy of a non-constructor is none, a revoked proxy may be a target, as node" {
  cat > prog.js <<'EOF2'
const T = (f) => { try { return f(); } catch (e) { return e.constructor.name + ': ' + e.message; } };
function NT() {}
let seen;
const inner = new Proxy(function () {}, { construct(t, args, nt) { seen = nt; return { sum: args[0] + args[1], isArray: Array.isArray(args) }; } });
for (const h of [{}, { construct: null }, { construct: undefined }]) {
  seen = null;
  const o = Reflect.construct(new Proxy(inner, h), { length: 2, 0: 3, 1: 4 }, NT);
  console.log(seen === NT, JSON.stringify(o));
}
const P = new Proxy(inner, {});
new P(1, 2);
// (V8's message quotes the function's source text.)
const N = (f) => { try { return f(); } catch (e) { return e.constructor.name; } };
console.log(seen === P, N(() => Reflect.construct(P, [], () => 1)), T(() => Reflect.construct(P, 1)));
const pe = new Proxy(eval, {});
console.log(pe('1 + 1'), T(() => new pe()), N(() => Reflect.construct(function () {}, [], pe)), T(() => new eval()));
const r = Proxy.revocable([], {});
r.revoke();
const p2 = new Proxy(r.proxy, {}), p3 = Proxy.revocable(r.proxy, {}).proxy;
console.log(typeof p2, typeof p3, T(() => Array.isArray(p2)), T(() => p2.x));
const keys = [];
const q = new Proxy(new Proxy({}, { get(t, k) { keys.push(typeof k); return k; }, has(t, k) { keys.push(typeof k); return true; } }), { get: null });
console.log(q[10], q[-0], 10 in q, q.x, keys.join());
EOF2
  same_as_node
}

@test "instanceof reads a proxy's prototype through its getPrototypeOf trap, with the invariant check, as node" {
  cat > prog.js <<'EOF2'
const T = (f) => { try { return f(); } catch (e) { return e.constructor.name + ': ' + e.message; } };
class Foo {}
class Custom {}
const p = new Proxy(new Foo(), {});
console.log(p instanceof Foo, p instanceof Object, Object.create(p) instanceof Foo, [new Proxy([], {})][0] instanceof Array);
let asked = 0;
const q = new Proxy({}, { getPrototypeOf() { asked++; return Custom.prototype; } });
console.log(q instanceof Custom, Object.create(q) instanceof Custom, q instanceof Foo, asked);
const t = {};
const r = new Proxy(t, { getPrototypeOf() { return Custom.prototype; } });
Object.preventExtensions(t);
console.log(T(() => r instanceof Custom), T(() => new Proxy({}, { getPrototypeOf() { return 1; } }) instanceof Foo));
const rev = Proxy.revocable({}, {});
rev.revoke();
console.log(T(() => rev.proxy instanceof Foo), new Proxy(Object.create(null), {}) instanceof Object);
EOF2
  same_as_node
}

@test "a write into an array's hole reaches a proxy's set trap or a setter in its prototype chain, as node" {
  cat > prog.js <<'EOF2'
const got = [];
const tp = new Proxy({}, { set(t, k, v, r) { got.push(typeof k, k, v, r === arr); return true; } });
const arr = new Array(2);
Object.setPrototypeOf(arr, tp);
arr[0] = 1; arr[1] = 2; arr[5] = 3;
console.log(JSON.stringify(got), arr.length, Object.keys(arr).join());
const proto = Object.create(Array.prototype, { 0: { set(v) { got.push('setter', v); }, configurable: true } });
const b = [, 7];
Object.setPrototypeOf(b, proto);
b[0] = 9; b[1] = 8;
console.log(JSON.stringify(got.slice(-2)), JSON.stringify(b), b.hasOwnProperty(0));
const c = new Array(3);
for (let i = 0; i < 3; i++) c[i] = i;
class X extends Array {}
const x = new X(3);
x[1] = 5;
console.log(JSON.stringify(c), x.length, x[1], x instanceof X);
EOF2
  same_as_node
}
