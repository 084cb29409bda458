#!/usr/bin/env bats
# Where run-code parted from node on test262's harness, odd iterables and big patterns:
# thrown values that are no Errors but carry a message, the Promise combinators over
# iterables that never end or whose values C.resolve refuses (which spun until the heap
# limit), patterns too large for PCRE2's 16-bit library, and test262's Promise folder
# (capabilities, element functions, species, the built-ins' own properties).

load helpers

@test "a thrown object that is no Error but has a message renders as 'Name: message'" {
  cat > prog.js <<'EOF2'
function Test262Error(message) { this.message = message || ''; }
Test262Error.prototype.toString = function () { return 'Test262Error: ' + this.message; };
throw new Test262Error('Expected SameValue(«1», «2») to be true');
EOF2
  run run-code prog.js
  assert_failure 1
  assert_output 'code run failed (exception): Test262Error: Expected SameValue(«1», «2») to be true'
  run run-code --json prog.js
  assert_output --partial '"kind":"exception","message":"Test262Error: Expected SameValue(«1», «2») to be true"'
}

@test "its own name wins over its constructor's, after an await too; a bare name without a message" {
  cat > prog.js <<'EOF2'
class HttpError { constructor(status) { this.name = 'HttpError'; this.message = 'status ' + status; this.at = new Date(0); } }
await Promise.resolve();
throw new HttpError(404);
EOF2
  run run-code prog.js
  assert_failure 1
  assert_output 'code run failed (exception): HttpError: status 404'
  printf '%s\n' 'throw new (class Quiet { constructor() { this.message = ""; this.at = new Date(0); } })();' > prog.js
  run run-code prog.js
  assert_output 'code run failed (exception): Quiet'
}

@test "plain data thrown stays JSON, and a value with no message stays unrenderable" {
  printf '%s\n' "throw { name: 'Plain', message: 'stays JSON' };" > prog.js
  run run-code prog.js
  assert_output 'code run failed (exception): {"name":"Plain","message":"stays JSON"}'
  printf '%s\n' 'throw new (class Weird { constructor() { this.when = new Date(0); } })();' > prog.js
  run run-code prog.js
  assert_failure 1
  assert_output 'code run failed (exception): program threw an unrenderable value'
}

@test "Promise.all, allSettled, race and any over endless or broken iterables reject as in node" {
  cat > prog.js <<'EOF2'
const out = [];
const T = (p) => p.then((v) => 'ok ' + JSON.stringify(v), (e) => 'rejected ' + (e && e.message !== undefined ? e.constructor.name + ': ' + e.message : String(e)));
// An endless iterator whose values C.resolve refuses: closed through return, rejected.
let closed = 0;
const endless = { [Symbol.iterator]() { return { next() { return { done: false, value: 1 }; }, return() { closed++; return {}; } }; } };
class Bad extends Promise {}
Bad.resolve = () => { throw new Error('resolve refused'); };
out.push(await T(Promise.all.call(Bad, endless)), closed);
out.push(await T(Promise.allSettled.call(Bad, endless)), closed);
// The same with a null return: still rejected, nothing to close.
const nullReturn = { [Symbol.iterator]() { return { next() { return { done: false, value: 1 }; }, return: null }; } };
out.push(await T(Promise.all.call(Bad, nullReturn)), await T(Promise.allSettled.call(Bad, nullReturn)), await T(Promise.race.call(Bad, nullReturn)), await T(Promise.any.call(Bad, nullReturn)));
// next throwing: rejected, not closed.
const throwingNext = { [Symbol.iterator]() { return { next() { throw new Error('next broke'); }, return() { closed += 100; } }; } };
out.push(await T(Promise.all(throwingNext)), closed);
// Ordinary iterables still work: a Set, a generator, a string, an empty one.
function* gen() { yield 1; yield Promise.resolve(2); }
out.push(await T(Promise.all(new Set([3, Promise.resolve(4)]))), await T(Promise.all(gen())), await T(Promise.allSettled('ab')), await T(Promise.all([])), await T(Promise.any([])), await T(Promise.all(5)));
return out;
EOF2
  body_same_as_node
  assert_output --partial '"rejected Error: resolve refused",1,'
}

@test "a RegExp of 10,000 alternatives compiles and matches as in node, built or literal (markdown-it linkify)" {
  cat > prog.js <<'EOF2'
const words = Array.from({ length: 10000 }, (_, i) => 'w' + i);
const whole = new RegExp('^(?:' + words.join('|') + ')$');
const any = new RegExp('(' + words.join('|') + ')', 'gi');
const text = 'é W12 😀 w9999, w10000 and W7!';
const sticky = new RegExp(words.join('|'), 'y');
sticky.lastIndex = 2;
const out = [whole.test('w9999'), whole.test('w10000'), whole.test('W5'), text.replace(any, '<$1>'), [...text.matchAll(any)].map((m) => m.index + ':' + m[1]),
  text.split(new RegExp(words.join('|'), 'i')), sticky.exec('é w42')?.[0], sticky.lastIndex, any.source.length];
const literal = eval('/^(?:' + words.slice(0, 8000).join('|') + ')$/');
out.push(literal.test('w7999'), literal.test('w8000'));
return out;
EOF2
  body_same_as_node
  assert_output --partial '[true,false,false,'
}

@test "new on an arrow, a method, an accessor, an async function or a generator throws node's TypeError naming the callee" {
  cat > prog.js <<'EOF'
const tries = [
  () => { const f = () => 1; new f(); },
  () => { const o = { m() {} }; new o.m(); },
  () => { async function af() {} new af(); },
  () => { function* g() {} new g(); },
  () => { async function* ag() {} new ag(); },
  () => { const o = { async m() {} }; new o.m(); },
  () => { class C { m() {} } new C.prototype.m(); },
  () => { class C { static s() {} } new C.s(); },
  () => { const a = async () => 1; new a(); },
  () => { new (() => 1)(); },
  () => { const o = { f: () => 1, p: { q: () => 1 }, k: () => 1 }; const k = 'k'; new o.f(); },
  () => { const o = { p: { q: () => 1 } }; new o.p.q(...[1, 2]); },
  () => { const a = [() => 1]; new a[0](); },
  () => { const o = { k: () => 1 }; const k = 'k'; new o[k](); },
  () => { const o = { k: () => 1 }; new o['k'](); },
  () => { const o = { m() { return () => 1; } }; new (o.m())(); },
  () => { let u; new u(); },
  () => { new undefined(); },
  () => { const x = 5; new x; },
  () => { new Math.max(); },
  () => { let F = function () {}; F = () => 1; new F(); },
  () => { const o = { get g() { return 1; } }; new (Object.getOwnPropertyDescriptor(o, 'g').get)(); },
];
for (const t of tries) { try { t(); console.log('constructed'); } catch (e) { console.log(e.name + ': ' + e.message); } }
// What stays a constructor, and what has a prototype, as in node.
class A {}
function F() { this.v = 1; }
const P = new Proxy(A, {});
const B = F.bind(null);
console.log(new P() instanceof A, new B().v, new F().v, typeof new (class extends A {})(), new Map().size);
console.log((() => 1).hasOwnProperty('prototype'), ({ m() {} }).m.hasOwnProperty('prototype'),
  (async () => 1).hasOwnProperty('prototype'), (function () {}).hasOwnProperty('prototype'),
  typeof (function* () {}).prototype, (class { m() {} }).prototype.m.hasOwnProperty('prototype'));
EOF
  same_as_node
}

@test "a program that deletes or replaces Promise.resolve and then still ends with its result" {
  cat > prog.js <<'EOF2'
delete Promise.prototype.then;
delete Promise.resolve;
return 'done';
EOF2
  run run-code prog.js
  assert_success
  assert_output 'done'
  cat > prog.js <<'EOF2'
Promise.resolve = () => { throw new Error('replaced'); };
Promise.prototype.then = function () { throw new Error('replaced'); };
await null;
throw new RangeError("the program's own");
EOF2
  run run-code prog.js
  assert_failure 1
  assert_output "code run failed (exception): RangeError: the program's own (line 4)"
}

@test "Promise.all, allSettled and any element functions count once and are no constructors; capabilities check their executor" {
  cat > prog.js <<'EOF2'
const out = [];
const T = (p) => p.then((v) => 'ok ' + JSON.stringify(v), (e) => 'rejected ' + e.constructor.name + (Array.isArray(e.errors) ? ' ' + JSON.stringify(e.errors) : ''));
// Thenables that call back twice: only the first call counts, the results stay arrays.
function C(executor) { executor((v) => out.push('resolve ' + JSON.stringify(v)), (e) => out.push('reject ' + JSON.stringify(e.errors))); }
C.resolve = (v) => v;
let fns = [];
const twice = (ok, v) => ({ then(f, r) { fns.push(ok ? f : r); (ok ? f : r)(v); (ok ? f : r)('again'); } });
Promise.all.call(C, [twice(true, 1), twice(true, 2)]);
Promise.allSettled.call(C, [twice(true, 1), twice(false, 2)]);
Promise.any.call(C, [twice(false, 'a'), twice(false, 'b')]);
out.push(fns.map((f) => { try { new f(); return 'constructed'; } catch (e) { return e.constructor.name + ' ' + f.hasOwnProperty('prototype') + ' ' + f.length; } }).join());
// The capability's executor: called twice with functions, or never, throws a TypeError.
const tries = [
  function (ex) { ex(undefined, () => {}); ex(() => {}, () => {}); },
  function (ex) { ex(); ex(() => {}, () => {}); },
  function () {},
  function (ex) { ex(() => {}, 1); },
];
for (const F of tries) {
  F.resolve = (v) => v;
  for (const m of ['all', 'race', 'resolve', 'reject']) {
    try { Promise[m].call(F, []); out.push(m + ' ok'); } catch (e) { out.push(m + ' ' + e.constructor.name); }
  }
  try { const p = new Promise(() => {}); p.constructor = { [Symbol.species]: F }; p.then(); out.push('then ok'); } catch (e) { out.push('then ' + e.constructor.name); }
}
// Resolving that throws, or C.resolve that is no function, rejects; the iterator is closed.
let closed = 0;
const it = () => ({ [Symbol.iterator]() { return { next() { return { done: false, value: 1 }; }, return() { closed++; return {}; } }; } });
function Thrower(ex) { return new Promise((res, rej) => ex(() => { throw new Error('resolve threw'); }, rej)); }
Thrower.resolve = (v) => v;
out.push(await T(Promise.all.call(Thrower, [])), await T(Promise.allSettled.call(Thrower, [])));
class NoResolve extends Promise {}
NoResolve.resolve = null;
out.push(await T(Promise.all.call(NoResolve, it())), await T(Promise.any.call(NoResolve, it())), closed);
class Thens extends Promise {}
Thens.resolve = () => ({ then() { throw new Error('then threw'); } });
out.push(await T(Promise.race.call(Thens, it())), await T(Promise.allSettled.call(Thens, it())), closed);
// Promise.any rejects with an AggregateError whose errors is an array.
out.push(await T(Promise.any([Promise.reject(1), Promise.reject(2)])), await T(Promise.any([])));
return out;
EOF2
  body_same_as_node
  assert_output --partial '"TypeError false 1,TypeError false 1,TypeError false 1,TypeError false 1,TypeError false 1,TypeError false 1"'
}

@test "Promise.all and race go through a replaced array iterator, its next, and an array's own iterator" {
  cat > prog.js <<'EOF2'
const out = [];
const values = Array.prototype[Symbol.iterator];
const a = [1, 2];
a[Symbol.iterator] = function* () { yield 'own'; };
out.push(await Promise.all(a));
const AIP = Object.getPrototypeOf([][Symbol.iterator]());
const next = AIP.next;
AIP.next = function () { const r = next.call(this); if (!r.done) r.value = 'next ' + r.value; return r; };
out.push(await Promise.all([1, 2]));
AIP.next = next;
Array.prototype[Symbol.iterator] = function* () { yield 'replaced'; };
out.push(await Promise.all([1, 2]), await Promise.race([1, 2]));
Array.prototype[Symbol.iterator] = values;
out.push(await Promise.all([1, 2]));
return out;
EOF2
  body_same_as_node
  assert_output '[["own"],["next 1","next 2"],["replaced"],"replaced",[1,2]]'
}

@test "then and finally make their promises with Symbol.species of the promise's constructor" {
  cat > prog.js <<'EOF2'
const out = [];
let made = 0;
class Counted extends Promise { constructor(ex) { made++; super(ex); } }
const p = Promise.resolve(1);
p.constructor = { [Symbol.species]: Counted };
const q = p.then();
out.push(q instanceof Counted, made);
made = 0;
await Counted.resolve(2).finally(() => {}).then(() => {});
out.push(made);
made = 0;
await Counted.reject(3).finally(() => {}).catch(() => {});
out.push(made);
for (const c of [null, 5, { [Symbol.species]: 5 }, { [Symbol.species]: null }, undefined, { get [Symbol.species]() { throw new RangeError('species'); } }]) {
  const r = Promise.resolve(1);
  r.constructor = c;
  try { out.push(r.then() instanceof Promise); } catch (e) { out.push(e.constructor.name); }
  try { out.push(r.finally() instanceof Promise); } catch (e) { out.push(e.constructor.name); }
}
try { Promise.prototype.finally.call(1); } catch (e) { out.push(e.constructor.name); }
return out;
EOF2
  body_same_as_node
  assert_output '[true,1,7,7,"TypeError","TypeError","TypeError","TypeError","TypeError","TypeError",true,true,true,true,"RangeError","RangeError","TypeError"]'
}

@test "Promise's functions are built-ins as node's: length before name, resolving functions no constructors, resolve and reject want an object this" {
  cat > prog.js <<'EOF2'
const out = [];
let res, rej, ex;
new Promise(function (a, b) { res = a; rej = b; });
class Sub extends Promise { constructor(e) { ex = e; super(e); } }
Sub.resolve(1);
for (const f of [res, rej, ex, Promise, Promise.resolve, Promise.reject, Promise.all, Promise.prototype.then, Promise.prototype.finally]) {
  let constructed;
  try { new f(() => {}); constructed = 'constructed'; } catch (e) { constructed = e.constructor.name; }
  out.push([Object.getOwnPropertyNames(f).filter((k) => k === 'length' || k === 'name').join(), JSON.stringify(f.name), f.length,
            Object.getPrototypeOf(f) === Function.prototype, f.hasOwnProperty('prototype'), constructed].join(' '));
}
for (const m of ['resolve', 'reject']) {
  for (const t of [undefined, 1, 'x']) {
    try { Promise[m].call(t, Promise.resolve(1)); out.push(m + ' ok'); } catch (e) { out.push(m + ' ' + e.constructor.name); }
  }
}
return out;
EOF2
  body_same_as_node
  assert_output --partial '"length,name \"\" 1 true false TypeError"'
}

@test "getters and setters get only the spec's arguments, however they are reached, as in node" {
  cat > prog.js <<'EOF'
const o = { get g() { return arguments.length; }, set s(v) { console.log('set', arguments.length, v); } };
class C { static set x(v) { console.log('static', arguments.length, v); } get y() { return [...arguments].length; } }
o.s = 1;
Reflect.set(o, 's', 2);
Object.assign(o, { s: 3 });
C.x = 4;
console.log(o.g, Reflect.get(o, 'g'), new C().y, Object.getOwnPropertyDescriptor(o, 'g').get.call(o));
EOF
  same_as_node
}

@test "JSON.parse's reviver and JSON.stringify's replacers, BigInts and lone surrogates follow the spec, as node" {
  cat > prog.js <<'EOF'
const T = (f) => { try { return JSON.stringify(f()); } catch (e) { return e.constructor.name + ': ' + e.message; } };
// A reviver that pins a property: the new value or the deletion fails quietly.
console.log(T(() => JSON.parse('[1, 2]', function (k, v) { if (k === '0') Object.defineProperty(this, '1', { configurable: false }); return k === '1' ? 22 : v; })));
console.log(T(() => JSON.parse('{"a": 1, "b": 2}', function (k, v) { if (k === 'a') Object.defineProperty(this, 'b', { configurable: false }); return k === 'b' ? undefined : v; })));
console.log(T(() => JSON.parse('{"a": [1, {"b": 2}]}', (k, v) => (typeof v === 'number' ? v * 10 : v))));
// The wrapper objects are defined, not assigned: a setter for "" never runs.
Object.defineProperty(Object.prototype, '', { set() { throw new Error('[[Set]] called'); }, configurable: true });
console.log(T(() => JSON.parse('[3]', (k, v) => v)), T(() => JSON.stringify({ x: 1 }, (k, v) => v)));
delete Object.prototype[''];
// An array replacer: each name once, its length and elements read as they are.
console.log(JSON.stringify({ key: true, 1: 2 }, ['key', 'key', 1, '1', new String('key'), {}]));
console.log(T(() => JSON.stringify({}, new Proxy([], { get(t, k) { if (k === 'length') throw new RangeError('length'); } }))));
const a = [];
Object.defineProperty(a, '0', { get() { throw new SyntaxError('index'); } });
a.length = 1;
console.log(T(() => JSON.stringify({}, a)));
// BigInt: toJSON first, then the replacer, then the TypeError.
console.log(T(() => JSON.stringify(1n)), T(() => JSON.stringify({ a: [Object(2n)] })), typeof BigInt.prototype.toJSON);
console.log(T(() => JSON.stringify({ a: 1n, b: Object(3n) }, (k, v) => (typeof v === 'bigint' ? String(v) : v))));
BigInt.prototype.toJSON = function () { return this.toString() + 'n'; };
console.log(T(() => JSON.stringify([5n, { b: 6n }])), T(() => JSON.stringify(5n, (k, v) => (v === '5n' ? 7n : v))));
delete BigInt.prototype.toJSON;
// Lone surrogates as escapes, pairs and U+2028/U+2029 as they are.
console.log(JSON.stringify(['\ud834', '\udd1e', 'a\ud834\udd1eb', '\udd1e\ud834', '\u2028\u2029', { '\udfff': '\ud800x' }]));
console.log(JSON.stringify('\ud834'.repeat(3000)).length, JSON.stringify('é\ud83d\ude00'.repeat(2000)) === '"' + 'é\ud83d\ude00'.repeat(2000) + '"');
EOF
  same_as_node
}

@test "eval's result is ES2015's completion value: loops, if, try, switch and with without one give undefined" {
  cat > prog.js <<'EOF'
const show = (src) => String(eval(src));
console.log(show('1; for (var i = 0; i < 1; i++) { }'), show('2; for (var k in { x: 0 }) { 3; }'), show('4; while (false) ;'));
console.log(show('var a; 5; for (a of [0]) { }'), show('6; for (var b of [0]) { 7; break; }'), show('8; if (false) 9;'));
console.log(show('10; try { } catch (e) { }'), show('11; try { 12; } finally { 13; }'), show('14; switch (1) { case 1: }'));
console.log(show("for (var j = 0; j < 2; ++j) { if (j) { try { throw null; } catch (e) { break; } } 'bad'; }"));
console.log(show('15; with ({}) { }'), show('L: if (1) { 16; break L; }'), show('(function () { 17; if (1) ; })()'));
EOF
  same_as_node
}

@test "array assignment patterns step an iterator between their targets and close it when a target throws or a generator is closed at a yield in one" {
  cat > prog.js <<'EOF'
const log = [];
const iterable = (n) => ({
  [Symbol.iterator]() {
    let i = 0;
    return { next() { log.push('next'); return { done: i >= n, value: i++ }; }, return() { log.push('return'); return {}; } };
  },
});
const o = { set a(v) { log.push('set a ' + v); }, set b(v) { throw new RangeError('b'); } };
[o.a, o.a] = iterable(5);
console.log(log.splice(0).join(', '));
try { [o.a, o.b, o.a] = iterable(5); } catch (e) { log.push(e.name); }
console.log(log.splice(0).join(', '));
try { [o.a, o[(() => { throw new TypeError('key'); })()]] = iterable(5); } catch (e) { log.push(e.name); }
console.log(log.splice(0).join(', '));
let x, y;
[x = log.push('default'), ...y] = iterable(3);
console.log(x, JSON.stringify(y), log.splice(0).join(', '));
function* g() { [{}[yield]] = iterable(5); log.push('unreachable'); }
const it = g();
it.next();
console.log(JSON.stringify(it.return(7)), log.splice(0).join(', '));
[o.a, , o.a] = [1, 2, 3];
[o.a, ...o.c] = 'ab';
console.log(JSON.stringify(o.c), log.splice(0).join(', '));
EOF
  same_as_node
}

@test "private names check their brand as node: a missing #x, a write to a method or getter-only accessor, a static one on a subclass, #x in o are TypeErrors" {
  cat > prog.js <<'EOF'
const T = (f) => { try { return JSON.stringify(f()); } catch (e) { return e.constructor.name + ': ' + e.message; } };
class C {
  #x = 1; #m() { return 2; } get #g() { return 3; } set #s(v) { this.log = v; }
  static #sx = 5; static #sm() { return 6; }
  static read(o) { return o.#x; }
  static has(o) { return #x in o; }
  static hasm(o) { return #m in o; }
  t() { return [this.#x, this.#m(), this.#g, (this.#s = 9, this.log), C.#sx, C.#sm()]; }
  static wm(o) { o.#m = 1; }
  static wg(o) { o.#g = 1; }
  static rs(o) { return o.#s; }
  static sx(o) { return o.#sx; }
  static w(o) { o.#x = 4; }
  static d(o) { [o.#m] = [1]; }
  inc() { this.#x++; this.#x += 2; return this.#x; }
}
class D extends C {}
const c = new C();
console.log(T(() => c.t()), T(() => c.inc()), C.has(c), C.has({}), C.hasm(c), C.hasm(Object.create(C.prototype)));
for (const f of [() => C.read({}), () => C.read(1), () => C.w({}), () => C.wm(c), () => C.wg(c),
                 () => C.rs(c), () => C.sx(D), () => C.sx(C), () => C.has(1), () => C.d(c), () => new D().t()])
  console.log(T(f));
// Methods are the object's own from the start of its constructor, not before super() returns.
class B { constructor() { this.f(); } }
class E extends B { f() { return this.#n(); } #n() { return 1; } }
console.log(T(() => new E()).split(':')[0], JSON.stringify(c), JSON.stringify(Object.getOwnPropertyNames(c)));
// A base constructor returning the same object twice: the second install fails.
class R { constructor(o) { return o; } }
class F extends R { #y = 1; static y(o) { return o.#y; } }
const o = {};
new F(o);
console.log(F.y(o), T(() => new F(o)), T(() => F.y({})));
EOF
  same_as_node
}

@test "a logical assignment to a private method or getter-only accessor reads first and throws only where it would store, as node" {
  cat > prog.js <<'EOF'
let calls = 0;
const rhs = (v) => (calls++, v);
class C {
  #m() {} get #g() { return 0; } static #s() {} #f = null;
  run() {
    const out = [];
    const t = (f) => { try { out.push(JSON.stringify(f())); } catch (e) { out.push(e.name + ': ' + e.message); } };
    t(() => typeof (this.#m ??= rhs(1)));
    t(() => typeof (this.#m ||= rhs(2)));
    t(() => this.#m &&= rhs(3));
    t(() => this.#g ||= rhs(4));
    t(() => this.#g &&= rhs(5));
    t(() => this.#g ??= rhs(6));
    t(() => typeof (C.#s ??= rhs(7)));
    t(() => [this.#f ??= rhs(8), this.#f ??= rhs(9), this.#f &&= rhs(10), this.#f]);
    out.push(calls);
    return out.join('\n');
  }
}
console.log(new C().run());
EOF
  same_as_node
  run run-code prog.js
  assert_line --index 0 '"function"'
  assert_line --index 2 "TypeError: Private method '#m' is not writable"
  assert_line --index 8 '4'
}

@test "a \"use strict\" function, program or class runs strict even where the lowering adds code before its body" {
  cat > prog.js <<'EOF'
'use strict';
const T = (f) => { try { return JSON.stringify(f()); } catch (e) { return e.constructor.name; } };
// Each of these makes the lowering declare its own vars first (a template, a for-of, a
// generator, an arrow reading this): the directive must still hold.
function undeclared() { for (const x of [1]) undeclaredName = `${x}`; }
function thisOfPlainCall() { return typeof this; }
function* gen() { yield typeof this; }
const frozen = Object.freeze({ a: 1 });
console.log(T(undeclared), T(thisOfPlainCall), [...gen()][0], T(() => { frozen.a = 2; }));
console.log(T(() => { delete Object.prototype; }), T(() => (function () { return arguments.callee; })()));
function sloppy() { return (function () { return typeof this; })(); }
console.log(new Function('return typeof this')(), sloppy());
class K { m() { return typeof this; } static s() { for (const x of [1]) leak = x; } }
const m = new K().m;
console.log(m(), T(() => K.s()));
// new.target and a generator's new guard still work in strict code.
function F() { return new.target === F; }
function* G() {}
console.log(new F() instanceof F, F(), T(() => new G()));
EOF
  same_as_node
}

@test "a derived constructor returns an object, or undefined for this; any other value is node's TypeError, also from inside a loop" {
  cat > prog.js <<'EOF'
const T = (f) => { try { const r = f(); return typeof r + ':' + (r && r.constructor && r.constructor.name); } catch (e) { return e.constructor.name + ': ' + e.message; } };
class B {}
class R1 extends B { constructor() { super(); return 1; } }
class R2 extends B { constructor() { super(); return undefined; } }
class R3 extends B { constructor() { super(); return { o: 1 }; } }
class R4 extends B { constructor() { super(); return null; } }
class R5 extends B { constructor() { return { early: 1 }; } }
class R6 extends B { constructor() { super(); for (const x of [1]) return 'a'; } }
class R7 extends B { constructor() { super(); for (const x of [1]) return; } }
class R8 extends B { constructor() { super(); return function f() {}; } }
for (const C of [R1, R2, R3, R4, R5, R6, R7, R8]) console.log(C.name, T(() => new C()));
EOF
  same_as_node
}

@test "Object.freeze on an array makes its length read-only, as node: push, pop and a length write throw in strict code" {
  cat > prog.js <<'EOF'
'use strict';
const T = (f) => { try { return JSON.stringify(f()); } catch (e) { return e.constructor.name; } };
const a = Object.freeze([1, 2]);
console.log(T(() => a.push(3)), T(() => { a.length = 0; }), T(() => a.pop()), Object.isFrozen(a), JSON.stringify(a));
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(a, 'length')));
const s = Object.seal([1]);
console.log(T(() => s.push(2)), T(() => { s[0] = 5; return s[0]; }), Object.isSealed(s));
EOF
  same_as_node
}

@test "this before super() in a derived constructor is node's ReferenceError, and so is a second super()" {
  # It was a TypeError ("Cannot set properties of undefined") or went unnoticed.
  cat > prog.js <<'EOF2'
class A { constructor() { this.a = 1; } m() { return 'm'; } }
const cases = {
  set: class extends A { constructor() { this.y = 1; super(); } },
  read: class extends A { constructor() { const v = this.a; super(); } },
  returnThis: class extends A { constructor() { return this; } },
  arrow: class extends A { constructor() { const f = () => this; f(); super(); } },
  superMethod: class extends A { constructor() { super.m(); super(); } },
  superArg: class extends A { constructor() { super(this); } },
  afterIf: class extends A { constructor(x) { if (x) super(); this.z = 1; } },
  twice: class extends A { constructor() { super(); super(); } },
  twiceArrow: class extends A { constructor() { const f = () => super(); f(); f(); } },
  twiceError: class extends Error { constructor() { super('x'); super('y'); } },
  arrowCalledAfter: class extends A { constructor() { const f = () => this.a; super(); this.b = f(); } },
  arrowSuper: class extends A { constructor() { const f = () => super(); f(); this.b = 3; } },
  plain: class extends A { constructor() { super(); this.b = 2; } },
};
for (const [k, C] of Object.entries(cases)) {
  try { console.log(k, JSON.stringify(new C())); } catch (e) { console.log(k, e.name + ': ' + e.message); }
}
EOF2
  local nothis="ReferenceError: Must call super constructor in derived class before accessing 'this' or returning from derived constructor"
  local once="ReferenceError: Super constructor may only be called once"
  local want="set $nothis
read $nothis
returnThis $nothis
arrow $nothis
superMethod $nothis
superArg $nothis
afterIf $nothis
twice $once
twiceArrow $once
twiceError $once
arrowCalledAfter {\"a\":1,\"b\":1}
arrowSuper {\"a\":1,\"b\":3}
plain {\"a\":1,\"b\":2}"
  run run-code prog.js
  assert_success
  assert_output "$want"
  node_prints "$want"
}

@test "a tagged template's strings are one object per site: each eval and each new Function is a site of its own, as node" {
  cat > prog.js <<'EOF2'
function tag(s) { return s; }
const a = tag`head${1}tail`;
const b = eval('tag`head${1}tail`'), c = eval('tag`head${1}tail`');
const f = new Function('tag', 'return tag`head${1}tail`'), g = new Function('tag', 'return tag`head${1}tail`');
const objs = [];
for (let i = 0; i < 2; i++) eval('(function () { for (let j = 0; j < 2; j++) objs.push(tag`${i}${j}`); })()');
const again = () => tag`head${1}tail`;
console.log(a === b, b === c, f(tag) === f(tag), f(tag) === g(tag), f(tag) === a,
  objs[0] === objs[1], objs[1] === objs[2], objs[2] === objs[3], again() === again(), a.raw.join('|'));
EOF2
  same_as_node
}

@test "new.target is the newTarget Reflect.construct names, and new.target?.() calls it, as node" {
  cat > prog.js <<'EOF2'
let seen = [];
function Base() { seen.push(['Base', this === globalThis]); }
function Foo() { seen.push([new.target === Base, new.target === Foo]); new.target?.(); }
Reflect.construct(Foo, [], Base);
new Foo();
Foo();
const custom = function () {};
let nt;
function f() { nt = new.target; }
const o = Reflect.construct(f, [], custom);
console.log(nt === custom, Object.getPrototypeOf(o) === custom.prototype);
Reflect.construct(f, []);
console.log(nt === f, JSON.stringify(seen));
EOF2
  same_as_node
}

@test "super.x when the home object's prototype is null throws node's TypeError; super[k] before super() throws before k runs" {
  cat > prog.js <<'EOF2'
const obj = { m() { return super.x; } };
Object.setPrototypeOf(obj, null);
try { obj.m(); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
class Base { constructor() { throw new Error('base constructor ran'); } }
class Derived extends Base { constructor() { return super[super()]; } }
try { new Derived(); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
let keyRead = false;
class D2 extends Object { constructor() { super[(keyRead = true, 'x')]; super(); } }
try { new D2(); } catch (e) { console.log(e.constructor.name, keyRead); }
EOF2
  same_as_node
}

@test "arguments does not alias the parameters of a sloppy function whose list has a rest, a default or a pattern, as node" {
  cat > prog.js <<'EOF2'
function rest(a, ...more) { arguments[0] = 1; a = 7; return [a, arguments[0], more, rest.length]; }
function dflt(a, b = 2) { arguments[0] = 1; return [a, arguments[0], dflt.length]; }
function pat({ x }, b) { arguments[1] = 1; b = 9; return [x, b, arguments[1], pat.length]; }
function plain(a) { arguments[0] = 1; return [a, plain.length]; }
console.log(JSON.stringify([rest(3, 4, 5), dflt(3), pat({ x: 0 }, 3), plain(3)]));
EOF2
  same_as_node
}

@test "super.x and super[k] in a direct eval inside a method read the method's home, as node" {
  cat > prog.js <<'EOF2'
const A = { a: 'a', b: 'a', who() { return 'A sees ' + this.tag; } };
const B = { b: 'b' };
Object.setPrototypeOf(B, A);
const obj = { tag: 'obj', a: 'c', b: 'c', m() { return [eval('super.a'), eval('super["b"]'), eval('super.who()'), (() => eval('super.b'))()]; } };
Object.setPrototypeOf(obj, B);
class P { get g() { return 'P.g of ' + this.n; } static s() { return 'P.s'; } }
class C extends P { constructor() { super(); this.n = 'c'; } m() { return eval('super.g'); } static t() { return eval('super.s()'); } }
console.log(JSON.stringify(obj.m()), new C().m(), C.t());
EOF2
  same_as_node
}

@test "super() in a constructor Reflect.construct runs with a newTarget gives the parent that newTarget, as node" {
  cat > prog.js <<'EOF2'
const NT = function () {};
let seen;
function Parent() { seen = new.target; }
class Child extends Parent { constructor() { super(1); } }
const o = Reflect.construct(Child, [], NT);
console.log(seen === NT, Object.getPrototypeOf(o) === NT.prototype);
new Child();
console.log(seen === Child);
class Mid extends Parent {}
class Leaf extends Mid { constructor() { super(); } }
Reflect.construct(Leaf, [], NT);
console.log(seen === NT);
EOF2
  same_as_node
}

@test "a class expression's own name is a constant inside its body: assigning it throws node's TypeError" {
  cat > prog.js <<'EOF2'
var C = 'outside';
var cls = class C {
  probe() { return C; }
  modify() { C = null; }
  bump() { C += 1; }
  pattern() { [C] = [1]; }
};
for (const m of ['modify', 'bump', 'pattern']) {
  try { cls.prototype[m](); console.log(m, 'no error'); } catch (e) { console.log(m, e.constructor.name + ': ' + e.message); }
}
console.log(cls.prototype.probe() === cls, C);
EOF2
  same_as_node
}

@test "eval in a parameter's default may not declare a var named as a parameter: node's SyntaxError before the body" {
  cat > prog.js <<'EOF2'
let ran = 0;
function f(a = eval("var a = 42")) { ran++; }
function* g(a = eval("var a = 42")) { ran++; }
async function* h(a, b = eval("function a() {}")) { ran++; }
const k = (x, y = eval("var x = 1")) => ran++;
function ok(a = eval("var b = 1"), c = b) { return [a, c]; }
for (const fn of [f, () => g().next(), () => h().next(), k]) {
  // (run-code's SyntaxErrors from the lowering end with " (line N)" in the eval code)
  try { fn(); console.log('no error'); } catch (e) { console.log(e.constructor.name + ': ' + e.message.replace(/ \(line \d+\)$/, '')); }
}
console.log(ran, JSON.stringify(ok()));
EOF2
  same_as_node
}

@test "generator functions inherit from %GeneratorFunction.prototype%, and their objects from their prototype property or %GeneratorPrototype%, as node" {
  cat > prog.js <<'EOF2'
function* g() { yield 1; }
const GF = Object.getPrototypeOf(g), GP = GF.prototype;
console.log(Object.getPrototypeOf(GF) === Function.prototype, typeof GF, Object.getPrototypeOf(g.prototype) === GP);
console.log(Object.getPrototypeOf(g()) === g.prototype, g() instanceof g, JSON.stringify([...g()]));
const e = function* () {}, ae = async function* () {};
console.log(Object.getPrototypeOf(e) === GF, Object.getPrototypeOf(ae) === Object.getPrototypeOf(async function* () {}), Object.getPrototypeOf(ae) !== GF);
g.prototype = null;
console.log(Object.getPrototypeOf(g()) === GP, g().next().value);
const AGP = Object.getPrototypeOf(ae).prototype;
ae.prototype = 5;
console.log(Object.getPrototypeOf(ae()) === AGP, typeof ae().next);
try { new e(); } catch (err) { console.log(err.constructor.name); }
const o = { *m() { yield 2; } };
class C { *m() { yield 3; } static *s() { yield 4; } }
console.log(o.m().next().value, new C().m().next().value, C.s().next().value);
switch (1) { case 1: function* inCase() { yield 5; } console.log(inCase().next().value, Object.getPrototypeOf(inCase()) === inCase.prototype); }
console.log(eval('function* ev() {}'), typeof eval('function* ev2() {} ev2').prototype);
EOF2
  same_as_node
}

@test "generator methods get their own prototype like generator functions, and generator objects show no own keys, as node" {
  cat > prog.js <<'EOF2'
const GF = Object.getPrototypeOf(function* () {}), GP = GF.prototype;
const AGF = Object.getPrototypeOf(async function* () {}), AGP = AGF.prototype;
const o = { *g() { yield 1; }, async *ag() { yield 2; }, ['c' + 1]: function* () {} };
class C { *m() { yield 3; } static *s() {} *[Symbol.iterator]() { yield 4; } }
const fns = [o.g, o.c1, C.prototype.m, C.s, C.prototype[Symbol.iterator]];
console.log(fns.map(f => [Object.getPrototypeOf(f) === GF, Object.getPrototypeOf(f.prototype) === GP,
  Object.getPrototypeOf(f.call(new C())) === f.prototype, f.hasOwnProperty('prototype')].join()).join(' '));
console.log(Object.getPrototypeOf(o.ag) === AGF, Object.getPrototypeOf(o.ag.prototype) === AGP, Object.getPrototypeOf(o.ag()) === o.ag.prototype);
const it = o.g(), ait = o.ag();
console.log(JSON.stringify([it, ait]), Reflect.ownKeys(it).length, Reflect.ownKeys(ait).length, Object.keys(GP).length, Object.keys(AGP).length);
const seen = [];
for (const k in it) seen.push(k);
for (const k in ait) seen.push(k);
console.log(seen.length, String(it), String(ait), GP.next.name, GP.return.name, GP.throw.length, AGP.next.name);
console.log(Reflect.ownKeys(GP).map(String).join(), Reflect.ownKeys(AGP).map(String).join(), GP.hasOwnProperty(Symbol.iterator), typeof it[Symbol.iterator]);
try { GP.next.call({}); } catch (e) { console.log(e.constructor.name, e.message); }
try { GP.return.call(5); } catch (e) { console.log(e.constructor.name, e.message); }
AGP.next.call([]).catch(e => console.log(e.constructor.name, e.message));
ait.next().then(r => console.log(JSON.stringify(r), [...new C()].join()));
EOF2
  same_as_node
}

@test "yield* in an async generator reads the inner iterator's next once and hands on its values unawaited, as node" {
  cat > prog.js <<'EOF2'
const log = [];
const inner = {
  [Symbol.asyncIterator]() {
    let n = 0;
    return {
      get next() {
        log.push('get next');
        return () => { log.push('call next'); n++; return Promise.resolve({ value: n < 3 ? Promise.resolve('v' + n) : 'end', done: n >= 3 }); };
      }
    };
  }
};
async function* outer() { const r = yield* inner; log.push('returned ' + r); }
const got = [];
for await (const v of outer()) got.push(v instanceof Promise ? 'a promise' : v);
async function* plain() { yield Promise.resolve('awaited'); yield* ['s1', Promise.resolve('s2')]; }
for await (const v of plain()) got.push(v);
console.log(log.join(', '));
console.log(got.join(', '));
EOF2
  body_same_as_node
}

@test "a generator function's constructor is GeneratorFunction (AsyncGeneratorFunction), which builds generators from text as Function does, as node" {
  cat > prog.js <<'EOF2'
function* g() {}
async function* ag() {}
const o = { *m() {} };
console.log([g, ag, o.m, function () {}, () => {}].map(f => f.constructor.name).join(' '));
console.log([g, ag, o.m].map(f => Object.prototype.toString.call(f)).join(' '));
const GF = g.constructor, AGF = ag.constructor;
console.log(typeof GF, GF === Function, GF.prototype === Object.getPrototypeOf(g), Object.getPrototypeOf(GF) === Function, GF.length, AGF.length, 'GeneratorFunction' in globalThis);
const h = new GF('a', 'b', 'yield a; yield a * b');
console.log([...h(3, 4)].join(), h.constructor === GF, h.name, String(h.prototype), Object.getPrototypeOf(h(1, 1)) === h.prototype);
const h2 = GF('yield 7');
console.log(h2().next().value, JSON.stringify(Object.getOwnPropertyDescriptor(GF, 'prototype')));
const ah = new AGF('x', 'yield await x; yield x + 1');
(async () => { const out = []; for await (const v of ah(Promise.resolve(5))) out.push(v); console.log(out.join(), ah.constructor === AGF); })();
try { new GF('yield', '}'); } catch (e) { console.log(e.constructor.name); }
EOF2
  body_same_as_node
}

@test "decimal text reads as the nearest double, halfway cases to even: literals, Number, +, parseFloat, parseInt and BigInt conversion, as node" {
  cat > prog.js <<'EOF2'
const out = [9007199254740993, 9007199254740995, 1.00000000000000011102230246251565404236316680908203125,
  Number('9007199254740993'), +'-9007199254740993', parseFloat('9007199254740993'), parseInt('9007199254740993', 10),
  parseInt('9007199254740993'), Number(2n ** 53n + 1n), Number(-(2n ** 53n) - 1n), Number('1e400'), Number('-0'),
  Object.is(-0, Number('-0')), Number(' 9007199254740993 '), Number('09007199254740993'), Number('+9007199254740993'),
  parseFloat('9007199254740993abc'), Number('.5'), Number('5.'), Number('0x1f'), Number('1_0'), Number('1e'),
  4.9406564584124654e-324, 2.4703282292062328e-324, 1.7976931348623158e308, 1.7976931348623159e308, 0.1 + 0.2];
console.log(out.map(String).join(' '));
EOF2
  same_as_node
}
