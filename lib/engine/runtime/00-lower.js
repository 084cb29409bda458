// Helpers the lowered programs call (lib/js/lower.cc emits these names). ES5 only.
// Globals it defines (all prefixed __oda_):
//   iteration: __oda_SI __oda_AV __oda_codepoints __oda_iter __oda_step __oda_close __oda_closeq __oda_spr
//     __oda_arr __oda_aiter __oda_aclose __oda_dstr __oda_dstep __oda_drest
//   destructuring and operators: __oda_coerce __oda_orest __oda_new __oda_TDZ __oda_tdz
//     __oda_constassign __oda_cause __oda_ecause (Error options)
//   eval and Function: __oda_ieval __oda_evthis __oda_Function (the global Function lowers)
//   classes: __oda_class __oda_CLS __oda_super __oda_self __oda_sget __oda_sf __oda_m __oda_acc
//     __oda_nonew __oda_notctor __oda_hiddenkey __oda_pcount __oda_pname __oda_pin __oda_sb __oda_perr __oda_dret __oda_nothis __oda_super_once
//     __oda_isnative
//   object literals and templates: __oda_setproto __oda_defprop __oda_fname __oda_mname __oda_accnames
//     __oda_ospread __oda_tplcache
//     __oda_tpl
//   generators: __oda_GenReturn __oda_GenProto __oda_AGenProto __oda_GenFnProto __oda_AGenFnProto
//     __oda_genfn __oda_genobj __oda_RawResult __oda_gen __oda_genentry
//     __oda_genresume __oda_yield __oda_yieldstar __oda_genrethrow __oda_agen __oda_ayieldstar
// and Symbol.asyncIterator when the engine lacks it.
// Generator bodies run as Duktape.Thread coroutines: the thread entry calls the body
// directly (never through call/apply) because a yield cannot cross a native frame.
// Async generators run their body through __oda_async_call/__oda_await (run-code's prelude).

if (typeof Symbol.asyncIterator !== 'symbol') {
  Object.defineProperty(Symbol, 'asyncIterator', { value: Symbol('Symbol.asyncIterator'), writable: true, configurable: true });
}

// ---- iteration: a record {a: array or null, i: index, it: iterator, v: value, d: done} ----
function __oda_codepoints(s) {
  var out = [], i = 0, n = s.length;
  while (i < n) {
    var c = s.charCodeAt(i);
    if (c >= 0xD800 && c < 0xDC00 && i + 1 < n) {
      var d = s.charCodeAt(i + 1);
      if (d >= 0xDC00 && d < 0xE000) { out.push(s.substr(i, 2)); i += 2; continue; }
    }
    out.push(s.charAt(i));
    i++;
  }
  return out;
}

// Arrays iterate by index while their @@iterator is the stock one: __oda_AV, the
// Array.prototype.values that 20-iter.js installs as Array.prototype[Symbol.iterator].
var __oda_SI = Symbol.iterator, __oda_AV;

// what: how node names the iterated expression in its TypeError, when the lowering can.
function __oda_iter(x, what) {
  if (x instanceof Array && x[__oda_SI] === __oda_AV) {
    return { a: x, i: 0, it: null, v: undefined, d: false };
  }
  if (typeof x === 'string') return { a: __oda_codepoints(x), i: 0, it: null, v: undefined, d: false };
  if (x === null || x === undefined) throw new TypeError((what || String(x)) + ' is not iterable');
  var f = x[Symbol.iterator];
  if (typeof f !== 'function') {
    if (typeof x === 'object' && typeof x.length === 'number' && Object.prototype.toString.call(x) === '[object Arguments]') {
      return { a: x, i: 0, it: null, v: undefined, d: false };
    }
    throw new TypeError((what || (typeof x === 'object' ? 'object' : String(x))) + ' is not iterable');
  }
  var it = f.call(x);
  if (it === null || (typeof it !== 'object' && typeof it !== 'function')) throw new TypeError('Result of the Symbol.iterator method is not an object');
  return { a: null, i: 0, it: it, v: undefined, d: false, n: it.next };
}

// r.d stays true while next() runs: an iterator whose next() or result throws is not closed.
function __oda_step(r) {
  r.d = true;
  var s = r.n.call(r.it);
  if (s === null || (typeof s !== 'object' && typeof s !== 'function')) throw new TypeError('Iterator result ' + s + ' is not an object');
  if (s.done) return false;
  r.v = s.value;
  r.d = false;
  return true;
}

// Closing on a throw: the loop's own exception wins over anything return() does.
function __oda_closeq(r) {
  try { __oda_close(r); } catch (e) { if (e instanceof __oda_GenReturn) throw e; }
}

function __oda_close(r) {
  if (r && r.a === null && !r.d) {
    r.d = true;
    var f = r.it['return'];
    if (f === undefined || f === null) return;
    var res = f.call(r.it);
    if (res === null || (typeof res !== 'object' && typeof res !== 'function')) throw new TypeError('Iterator result ' + res + ' is not an object');
  }
}

// The elements of an iterable as an array (the array itself when it is one).
function __oda_spr(x) {
  if (x instanceof Array && x[__oda_SI] === __oda_AV) return x;
  var r = __oda_iter(x);
  if (r.a) return r.a instanceof Array ? r.a : Array.prototype.slice.call(r.a);
  var out = [];
  while (__oda_step(r)) out.push(r.v);
  return out;
}

// The first n elements of an iterable (all of them when n < 0), for array destructuring;
// closes the iterator when it stops early.
function __oda_arr(x, n) {
  if (x instanceof Array && x[__oda_SI] === __oda_AV) return x;
  var r = __oda_iter(x);
  if (r.a) return r.a instanceof Array ? r.a : Array.prototype.slice.call(r.a);
  var out = [];
  while ((n < 0 || out.length < n) && __oda_step(r)) out.push(r.v);
  if (n >= 0) __oda_close(r);
  return out;
}

// Array assignment patterns whose targets may run code (lower_destructure.cc): body steps
// through the record with __oda_dstep and __oda_drest. A throw from a target closes the
// iterator quietly; a generator closed at a yield there (a return) lets return() throw.
function __oda_dstr(x, body) {
  var r = __oda_iter(x);
  try {
    body(r);
  } catch (e) {
    if (e instanceof __oda_GenReturn) __oda_close(r);
    else __oda_closeq(r);
    throw e;
  }
  __oda_close(r);
}

function __oda_dstep(r) {
  if (r.a) return r.i < r.a.length ? r.a[r.i++] : undefined;
  return !r.d && __oda_step(r) ? r.v : undefined;
}

function __oda_drest(r) {
  if (r.a) return Array.prototype.slice.call(r.a, r.i);
  var out = [];
  while (!r.d && __oda_step(r)) out.push(r.v);
  return out;
}

function __oda_coerce(x) {
  if (x === null || x === undefined) throw new TypeError('Cannot destructure ' + x + ' as it is ' + (x === null ? 'null' : 'undefined') + '.');
  return x;
}

// The rest of an object pattern: own enumerable properties not named in keys.
function __oda_orest(x, keys) {
  __oda_coerce(x);
  var out = {}, k, skip = {};
  for (var i = 0; i < keys.length; i++) skip[String(keys[i])] = true;
  var names = Object.keys(Object(x));
  for (i = 0; i < names.length; i++) {
    k = names[i];
    if (!skip.hasOwnProperty(k)) out[k] = x[k];
  }
  return out;
}

function __oda_new(F, args) {
  return Reflect.construct(F, args);
}

// The value of a let/const a closure might read before its declaration ran.
var __oda_TDZ = {};

function __oda_tdz(name) {
  throw new ReferenceError("Cannot access '" + name + "' before initialization");
}

// The end of a derived constructor: super() must have run.
function __oda_self(self) {
  if (self === undefined) throw new ReferenceError("Must call super constructor in derived class before accessing 'this' or returning from derived constructor");
  return self;
}

// A derived constructor's `return v`: an object replaces the instance, undefined gives this
// (which super() must have bound), anything else is the spec's TypeError, checked first.
function __oda_dret(v, self) {
  if ((typeof v === 'object' && v !== null) || typeof v === 'function') return v;
  if (v !== undefined) throw new TypeError('Derived constructors may only return object or undefined');
  return __oda_self(self);
}

function __oda_constassign(name) {
  throw new TypeError('Assignment to constant variable.');
}

// ---- classes ----
// anon: the class has no name of its own nor one from a binding or a key; its constructor
// still needs one in the lowered code, and the class's name is '' as the specification has it.
function __oda_class(C, S, anon) {
  if (S !== null && typeof S !== 'function') throw new TypeError('Class extends value ' + S + ' is not a constructor or null');
  var proto = Object.create(S ? S.prototype : Object.prototype);
  Object.defineProperty(proto, 'constructor', { value: C, writable: true, configurable: true });
  Object.defineProperty(C, 'prototype', { value: proto, writable: false });
  if (S) Object.setPrototypeOf(C, S);
  if (anon) Object.defineProperty(C, 'name', { value: '', configurable: true });
  // That C is a class (a super call from a subclass runs it on the new object) is kept under
  // a hidden key: Object.getOwnPropertyNames(C) lists what node lists.
  C[__oda_CLS] = true;
  return proto;
}

// super.key read from home (the parent prototype; null throws, as in node): getters run on
// the receiver.
function __oda_sget(home, key, receiver) {
  if (home === null || home === undefined)
    throw new TypeError('Cannot read properties of ' + home + " (reading '" + String(key) + "')");
  for (var o = home; o !== null && o !== undefined; o = Object.getPrototypeOf(o)) {
    var d = Object.getOwnPropertyDescriptor(o, key);
    if (d) return d.get ? d.get.call(receiver) : d.value;
  }
  return undefined;
}

// new.target in F, whose this is self: undefined unless self is an instance of F (a call
// without new), else the NewTarget Reflect.construct(G, args, NT) is running G for, where G
// is F or a class whose super() runs F (the first instance seen while it runs is that
// call's), else self's constructor.
var __oda_ntq = [];
function __oda_newtarget(self, F) {
  if (!(self instanceof F)) return void 0;
  var q = __oda_ntq[__oda_ntq.length - 1];
  // F may be a parent that target's super() runs on the instance being made.
  if (q && (q.o === null || q.o === self) && (q.f === F || self instanceof q.f)) {
    q.o = self;
    return q.nt;
  }
  return self.constructor;
}

function __oda_notctor(g) {
  throw new TypeError((g.name || '(intermediate value)') + ' is not a constructor');
}

function __oda_nonew(C) {
  var name = C.name;
  throw new TypeError(name ? "Class constructor " + name + " cannot be invoked without 'new'" : "Class constructors cannot be invoked without 'new'");
}

// Private names (#x): Duktape hidden keys when the natives provide them (invisible to every
// reflection), else symbols. Each class evaluation gets its own.
var __oda_hiddenkey = typeof __oda_hidden_key === 'function' ? __oda_hidden_key : null, __oda_pcount = 0;
var __oda_CLS = __oda_hiddenkey ? __oda_hiddenkey('cls') : Symbol('class');
// The brand check costs nothing where it passes: every element is an own property of the
// objects that have it (__oda_pdef puts them there), so o.#x reaches the accessor left on
// Object.prototype, whose halves throw node's TypeError, only where o lacks #x.
function __oda_pname(name) {
  __oda_pcount++;
  var k = __oda_hiddenkey ? __oda_hiddenkey('p' + __oda_pcount + name) : Symbol(name);
  Object.defineProperty(Object.prototype, k, {
    get: function () { throw new TypeError('Cannot read private member ' + name + ' from an object whose class did not declare it'); },
    set: function () { throw new TypeError('Cannot write private member ' + name + ' to an object whose class did not declare it'); }
  });
  return k;
}

// #x in o: whether o itself has #x.
function __oda_pin(k, o, name) {
  if (o === null || (typeof o !== 'object' && typeof o !== 'function')) throw new TypeError("Cannot use 'in' operator to search for '" + name + "' in " + String(o));
  return Object.prototype.hasOwnProperty.call(o, k);
}

// C.#x for a static element: only C itself has it (a subclass would inherit it).
function __oda_sb(o, C, name) {
  if (o !== C) throw new TypeError('Cannot read private member ' + name + ' from an object whose class did not declare it');
  return o;
}

// Reading an accessor without a getter, writing one without a setter or writing a method.
function __oda_perr(msg) {
  throw new TypeError(msg);
}

function __oda_isnative(S) {
  return /\[native code\]/.test(Function.prototype.toString.call(S));
}

// super(...args) in a derived constructor: the object `this` becomes.
function __oda_super(S, self, args) {
  if (S[__oda_CLS] || (!__oda_isnative(S) && S !== __oda_Function)) {
    var r = S.apply(self, args);
    return r !== null && (typeof r === 'object' || typeof r === 'function') ? r : self;
  }
  // Built-ins (Error, Array, Map...) make their own object: give it the subclass prototype.
  var o = Reflect.construct(S, args);
  Object.setPrototypeOf(o, Object.getPrototypeOf(self));
  if (args.length > 1 && o instanceof Error) __oda_cause(o, args[1]);
  return o;
}

// A super() call that may be a second one; bound is what __self held before it. As in node
// the parent constructor runs before the second binding throws.
function __oda_super_once(S, self, args, bound) {
  var o = __oda_super(S, self, args);
  if (bound !== void 0) throw new ReferenceError('Super constructor may only be called once');
  return o;
}

// this read in a derived constructor before super() ran.
function __oda_nothis() {
  throw new ReferenceError("Must call super constructor in derived class before accessing 'this' or returning from derived constructor");
}

// new Error(message, { cause }) (ES2022): Duktape's constructors ignore the options, so the
// lowering hands them here once the error exists (it keeps the program's line number).
function __oda_cause(e, opts) {
  if (opts !== null && typeof opts === 'object' && 'cause' in opts) {
    Object.defineProperty(e, 'cause', { value: opts.cause, writable: true, enumerable: false, configurable: true });
  }
  return e;
}

// new C(msg, options) where C is known only at run time: a cause only for the engine's own
// error constructors.
function __oda_ecause(C, e, opts) {
  if (C === Error || C === TypeError || C === RangeError || C === SyntaxError || C === ReferenceError ||
      C === EvalError || C === URIError) __oda_cause(e, opts);
  return e;
}

function __oda_sf(C, key, f) {
  Object.defineProperty(C, key, { value: f ? f.call(C) : undefined, writable: true, enumerable: typeof key !== 'symbol', configurable: true });
}

function __oda_m(target, key, f) {
  if (typeof key !== 'symbol' && typeof key !== 'string') key = String(key);  // converts once
  __oda_mname(f, key);
  Object.defineProperty(target, key, { value: f, writable: true, enumerable: false, configurable: true });
}

// Defines a getter (g) or a setter (s), keeping the other half when it exists.
// enumerable: true in object literals, false in classes.
function __oda_acc(target, key, g, s, enumerable) {
  if (typeof key !== 'symbol' && typeof key !== 'string') key = String(key);  // converts once
  if (g) __oda_mname(g, key, 'get ');
  if (s) __oda_mname(s, key, 'set ');
  var d = Object.getOwnPropertyDescriptor(target, key);
  var desc = { configurable: true, enumerable: enumerable };
  desc.get = g !== undefined ? g : (d && d.get);
  desc.set = s !== undefined ? s : (d && d.set);
  Object.defineProperty(target, key, desc);
}

// `__proto__: v` in an object literal: only an object or null becomes the prototype.
function __oda_setproto(o, v) {
  if (v === null || typeof v === 'object' || typeof v === 'function') Object.setPrototypeOf(o, v);
}

function __oda_defprop(o, key, v, named) {
  if (named) {
    if (typeof key !== 'symbol') key = String(key);  // the key converts once
    __oda_fname(v, key);
  }
  Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
}

// Names an anonymous function after its key or binding (NamedEvaluation) where the lowering
// cannot spell the name in the function expression itself. Symbols give "[description]".
// prefix: "get " or "set " for accessors. Private names (hidden keys) give "#name".
function __oda_fname(f, key, prefix) {
  var n;
  if (typeof key === 'symbol') {
    n = String(key).slice(7, -1);
    var p = /^oda_p\d+(#.*)$/.exec(n);
    if (p) n = p[1];
    else if (n !== '') n = '[' + n + ']';
  } else {
    n = String(key);
  }
  Object.defineProperty(f, 'name', { value: prefix ? prefix + n : n, configurable: true });
  return f;
}

// An object literal's own accessors, named by the engine after the key: "get key", "set key".
function __oda_accnames(o) {
  var keys = Object.getOwnPropertyNames(o);
  for (var i = 0; i < keys.length; i++) {
    var d = Object.getOwnPropertyDescriptor(o, keys[i]);
    if (d.get && d.get.name === keys[i]) __oda_fname(d.get, keys[i], 'get ');
    if (d.set && d.set.name === keys[i]) __oda_fname(d.set, keys[i], 'set ');
  }
  return o;
}

// Class methods and accessors without a name of their own are named after their key.
function __oda_mname(f, key, prefix) {
  if (typeof f === 'function' && !Object.prototype.hasOwnProperty.call(f, 'name')) __oda_fname(f, key, prefix);
}

function __oda_ospread(o, src) {
  if (src === null || src === undefined) return o;
  if (typeof src === 'string') {
    for (var j = 0; j < src.length; j++) __oda_defprop(o, String(j), src.charAt(j));
    return o;
  }
  var keys = Object.keys(src);
  for (var i = 0; i < keys.length; i++) __oda_defprop(o, keys[i], src[keys[i]]);
  var syms = Object.getOwnPropertySymbols ? Object.getOwnPropertySymbols(src) : [];
  for (i = 0; i < syms.length; i++) {
    var d = Object.getOwnPropertyDescriptor(src, syms[i]);
    if (d && d.enumerable) __oda_defprop(o, syms[i], src[syms[i]]);
  }
  return o;
}

// Tagged templates: one frozen strings array (with raw) per call site.
var __oda_tplcache = {};
function __oda_tpl(site, cooked, raw) {
  var t = __oda_tplcache[site];
  if (t) return t;
  Object.defineProperty(cooked, 'raw', { value: Object.freeze(raw) });
  __oda_tplcache[site] = t = Object.freeze(cooked);
  return t;
}

// ---- generators ----
function __oda_GenReturn(v) { this.v = v; }

// A generator object's state lives under a key no program sees (a record: fn the body, st
// 0 new / 1 suspended / 2 running / 3 done, t the thread), so the object itself has no own
// properties, as in node.
var __oda_GK = __oda_hiddenkey ? __oda_hiddenkey('gen') : Symbol('generator');
// An async generator object's request function (__oda_agen), under a key no program sees.
var __oda_AGK = __oda_hiddenkey ? __oda_hiddenkey('agen') : Symbol('async generator');

function __oda_genentry(s) {
  var r;
  try {
    r = s.fn();
  } catch (e) {
    s.st = 3;
    if (e instanceof __oda_GenReturn) return e.v;
    throw e;
  }
  s.st = 3;
  return r;
}

// mode 0 next, 1 throw, 2 return
function __oda_genresume(g, v, mode) {
  var s = g === null || g === undefined ? undefined : g[__oda_GK];
  if (s === undefined) {
    throw new TypeError('Method [Generator].prototype.' + (mode === 0 ? 'next' : mode === 1 ? 'throw' : 'return') +
      ' called on incompatible receiver ' + __oda_v8_name(g));
  }
  if (s.st === 2) throw new TypeError('Generator is already running');
  if (s.st === 0 && mode !== 0) s.st = 3;
  if (s.st === 3) {
    if (mode === 1) throw v;
    return { value: mode === 2 ? v : undefined, done: true };
  }
  var r, first = s.st === 0;
  if (first) s.t = new Duktape.Thread(__oda_genentry);
  s.st = 2;
  try {
    if (first) r = Duktape.Thread.resume(s.t, s);
    else if (mode === 0) r = Duktape.Thread.resume(s.t, v);
    else if (mode === 1) r = Duktape.Thread.resume(s.t, v, true);
    else r = Duktape.Thread.resume(s.t, new __oda_GenReturn(v), true);
  } catch (e) {
    s.st = 3;
    throw e;
  }
  if (s.st === 3) {
    s.t = null;
    return { value: r, done: true };
  }
  s.st = 1;
  if (r instanceof __oda_RawResult) return r.r;
  return { value: r, done: false };
}

// %GeneratorFunction.prototype% and %AsyncGeneratorFunction.prototype%: the prototypes of
// generator functions, whose prototype properties are %GeneratorPrototype% and
// %AsyncGeneratorPrototype%.
var __oda_GenProto = {}, __oda_AGenProto = {};
var __oda_GenFnProto = Object.create(Function.prototype), __oda_AGenFnProto = Object.create(Function.prototype);
(function () {
  function link(F, P) {
    Object.defineProperty(F, 'prototype', { value: P, writable: false, enumerable: false, configurable: true });
    Object.defineProperty(P, 'constructor', { value: F, writable: false, enumerable: false, configurable: true });
  }
  link(__oda_GenFnProto, __oda_GenProto);
  link(__oda_AGenFnProto, __oda_AGenProto);
})();

// %GeneratorPrototype% (under %IteratorPrototype%: 21-iterator-helpers.js) and
// %AsyncGeneratorPrototype%: their methods are not enumerable, and Symbol.toStringTag names
// their objects ("[object Generator]").
(function () {
  'use strict';
  function method(o, name, f) {
    if (typeof name === 'string') Object.defineProperty(f, 'name', { value: name, configurable: true });
    Object.defineProperty(o, name, { value: f, writable: true, enumerable: false, configurable: true });
  }
  method(__oda_GenProto, 'next', function (v) { return __oda_genresume(this, v, 0); });
  method(__oda_GenProto, 'return', function (v) { return __oda_genresume(this, v, 2); });
  method(__oda_GenProto, 'throw', function (e) { return __oda_genresume(this, e, 1); });
  Object.defineProperty(__oda_GenProto, Symbol.toStringTag, { value: 'Generator', configurable: true });
  // %AsyncIteratorPrototype%, with Symbol.asyncIterator; the async generator's methods run
  // the object's request function (__oda_agen).
  var AsyncIteratorPrototype = {};
  method(AsyncIteratorPrototype, Symbol.asyncIterator, function () { return this; });
  Object.setPrototypeOf(__oda_AGenProto, AsyncIteratorPrototype);
  function request(g, mode, v, name) {
    var q = g === null || g === undefined ? undefined : g[__oda_AGK];
    if (q === undefined) {
      return Promise.reject(new TypeError('Method [AsyncGenerator].prototype.' + name +
        ' called on incompatible receiver ' + __oda_v8_name(g)));
    }
    return q(mode, v);
  }
  method(__oda_AGenProto, 'next', function (v) { return request(this, 0, v, 'next'); });
  method(__oda_AGenProto, 'return', function (v) { return request(this, 2, v, 'return'); });
  method(__oda_AGenProto, 'throw', function (e) { return request(this, 1, e, 'throw'); });
  Object.defineProperty(__oda_AGenProto, Symbol.toStringTag, { value: 'AsyncGenerator', configurable: true });
})();

// A generator function as made: its prototype, and a prototype property of its own whose
// objects inherit from %GeneratorPrototype% (async: %AsyncGeneratorPrototype%).
function __oda_genfn(f, async) {
  Object.setPrototypeOf(f, async ? __oda_AGenFnProto : __oda_GenFnProto);
  f.prototype = Object.create(async ? __oda_AGenProto : __oda_GenProto);
  return f;
}

// The object a call of generator function f makes (its prototype property, or the intrinsic
// when that is no object); self is the call's this: new f() throws.
function __oda_genobj(f, self, intrinsic) {
  var p = f.prototype;
  if (p === null || (typeof p !== 'object' && typeof p !== 'function')) return Object.create(intrinsic);
  if (self instanceof f) __oda_notctor(f);
  // The engine's own prototype object (a declaration no statement list set up): set up now.
  if (p.constructor === f) p = __oda_genfn(f, intrinsic === __oda_AGenProto).prototype;
  return Object.create(p);
}

function __oda_gen(fn, f, self) {
  var g = f ? __oda_genobj(f, self, __oda_GenProto) : Object.create(__oda_GenProto);
  g[__oda_GK] = { fn: fn, st: 0, t: null };
  return g;
}

function __oda_yield(v) {
  return Duktape.Thread.yield(v);
}

// Inside a catch clause of a generator: let generator.return() run through it.
function __oda_genrethrow(e) {
  if (e instanceof __oda_GenReturn) throw e;
}

// yield* delegates next/throw/return to the inner iterator and hands its result objects
// through unchanged (a __oda_RawResult tells __oda_genresume not to wrap them).
function __oda_RawResult(r) { this.r = r; }

function __oda_yieldstar(x) {
  var r = __oda_iter(x);
  if (r.a) {
    for (var i = 0; i < r.a.length; i++) Duktape.Thread.yield(r.a[i]);
    return undefined;
  }
  var it = r.it, received, mode = 0, res, f;
  for (;;) {
    if (mode === 0) {
      res = r.n.call(it, received);
    } else if (mode === 1) {
      f = it['throw'];
      if (f === undefined || f === null) {
        f = it['return'];
        if (f !== undefined && f !== null) f.call(it);
        throw new TypeError('The iterator does not provide a \'throw\' method');
      }
      res = f.call(it, received);
    } else {
      f = it['return'];
      if (f === undefined || f === null) throw new __oda_GenReturn(received);
      res = f.call(it, received);
    }
    if (res === null || (typeof res !== 'object' && typeof res !== 'function')) throw new TypeError('Iterator result ' + res + ' is not an object');
    if (res.done) {
      if (mode === 2) throw new __oda_GenReturn(res.value);
      return res.value;
    }
    try {
      received = Duktape.Thread.yield(new __oda_RawResult(res));
      mode = 0;
    } catch (e) {
      if (e instanceof __oda_GenReturn) { mode = 2; received = e.v; } else { mode = 1; received = e; }
    }
  }
}

// ---- async generators: the body runs as an async function; each yield hands a value to
// the pending next() and waits for the following one. The body gets a record whose y is
// that yield; the object gets only its request function, under a hidden key ----
function __oda_agen(fn, f, self) {
  var queue = [];        // pending requests {mode, value, resolve, reject}
  var resume = null;     // resolves the body's current yield
  var started = false, done = false, running = false;
  var g = f ? __oda_genobj(f, self, __oda_AGenProto) : Object.create(__oda_AGenProto), body = {};
  function settle(req, value, isDone, err) {
    if (err) req.reject(value);
    else req.resolve({ value: value, done: isDone });
  }
  function drain() {
    while (queue.length && done) {
      var q = queue.shift();
      if (q.mode === 1) q.reject(q.value);
      else q.resolve({ value: q.mode === 2 ? q.value : undefined, done: true });
    }
  }
  function finish(value, err) {
    done = true;
    running = false;
    var q = queue.shift();
    if (q) settle(q, value, true, err);
    drain();
  }
  function step() {
    if (running || !queue.length) return;
    var q = queue[0];
    if (done) { drain(); return; }
    if (!started) {
      started = true;
      if (q.mode !== 0) { done = true; drain(); return; }
      running = true;
      __oda_async_call(function () { return fn(body); }).then(function (v) { finish(v, false); }, function (e) {
        if (e instanceof __oda_GenReturn) finish(e.v, false);
        else finish(e, true);
      });
      return;
    }
    running = true;
    var r = resume;
    resume = null;
    r(q);
  }
  // A yield awaits its value first; yield* hands on an async iterator's values as they are
  // (raw).
  function hand(value) {
    return new Promise(function (res) {
      running = false;
      var q = queue.shift();
      resume = function (req) {
        if (req.mode === 0) res(req.value);
        else if (req.mode === 1) res(Promise.reject(req.value));
        else res(Promise.reject(new __oda_GenReturn(req.value)));
      };
      settle(q, value, false, false);
      step();
    });
  }
  body.y = function (v, raw) {
    return raw ? hand(v) : Promise.resolve(v).then(hand);
  };
  function request(mode, value) {
    return new Promise(function (resolve, reject) {
      queue.push({ mode: mode, value: value, resolve: resolve, reject: reject });
      step();
    });
  }
  g[__oda_AGK] = request;
  return g;
}

function __oda_ayieldstar(g, x) {
  var it = __oda_aiter(x), next = it.next, received, mode = 0, res, f;
  for (;;) {
    if (mode === 0) {
      res = __oda_await(next.call(it, received));
    } else if (mode === 1) {
      f = it['throw'];
      if (f === undefined || f === null) {
        f = it['return'];
        if (f !== undefined && f !== null) __oda_await(f.call(it));
        throw new TypeError('The iterator does not provide a \'throw\' method');
      }
      res = __oda_await(f.call(it, received));
    } else {
      f = it['return'];
      if (f === undefined || f === null) throw new __oda_GenReturn(received);
      res = __oda_await(f.call(it, received));
    }
    if (res === null || (typeof res !== 'object' && typeof res !== 'function')) throw new TypeError('Iterator result ' + res + ' is not an object');
    if (res.done) {
      if (mode === 2) throw new __oda_GenReturn(res.value);
      return res.value;
    }
    try {
      received = __oda_await(g.y(res.value, true));
      mode = 0;
    } catch (e) {
      if (e instanceof __oda_GenReturn) { mode = 2; received = e.v; } else { mode = 1; received = e; }
    }
  }
}

// An async iterator over x (its Symbol.asyncIterator, or its sync iterator with awaited values).
function __oda_aiter(x) {
  var f = x === null || x === undefined ? undefined : x[Symbol.asyncIterator];
  if (f !== undefined && f !== null) {
    if (typeof f !== 'function') throw new TypeError('Symbol.asyncIterator is not a function');
    var it = f.call(x);
    if (it === null || (typeof it !== 'object' && typeof it !== 'function')) throw new TypeError('Result of the Symbol.asyncIterator method is not an object');
    return it;
  }
  var r = __oda_iter(x);
  function settle(s) {
    if (s === null || (typeof s !== 'object' && typeof s !== 'function')) throw new TypeError('Iterator result ' + s + ' is not an object');
    var done = !!s.done;
    return Promise.resolve(s.value).then(function (value) { return { value: value, done: done }; });
  }
  return {
    next: function (v) {
      if (r.a) {
        if (r.i >= r.a.length) return Promise.resolve({ value: undefined, done: true });
        return settle({ value: r.a[r.i++], done: false });
      }
      try { return settle(r.n.call(r.it, v)); } catch (e) { return Promise.reject(e); }
    },
    'return': function (v) {
      var f = r.it && r.it['return'];
      if (f === undefined || f === null) return Promise.resolve({ value: v, done: true });
      try { return settle(f.call(r.it, v)); } catch (e) { return Promise.reject(e); }
    },
    'throw': function (e) {
      var f = r.it && r.it['throw'];
      if (f === undefined || f === null) {
        __oda_close(r);
        return Promise.reject(new TypeError('The iterator does not provide a \'throw\' method'));
      }
      try { return settle(f.call(r.it, e)); } catch (err) { return Promise.reject(err); }
    }
  };
}

function __oda_aclose(it) {
  var f = it['return'];
  if (typeof f === 'function') return f.call(it);
}

// ---- eval and Function run modern code: their source goes through the lowering first ----
// A direct eval in a lowered program stays `eval(__oda_lower_eval(src))` (the caller's
// scope, so the global eval stays the engine's own); eval used as a value in a lowered
// program is __oda_ieval, which evaluates in the global scope as an indirect eval does.
// The Function constructor builds node's source text "(function anonymous(a,b\n) {\nbody\n})"
// and lowers it, so the body starts on line 3.
// The this of a lowered arrow, handed to a direct eval inside it (read at the eval's start).
// __oda_Function: the Function constructor below (a built-in for `extends Function`).
var __oda_evthis, __oda_Function;
var __oda_ieval = (function () {
  var realEval = eval, RealFunction = Function;
  if (typeof __oda_lower_eval !== 'function') return realEval;
  var lowerSrc = __oda_lower_eval;
  // A method, as built-in functions are no constructors and have no prototype property
  // (new eval() throws; so does new Proxy(eval, {})); named and of length 1 as eval.
  var ieval = function (x) { return realEval(lowerSrc(x)); };
  if (typeof __oda_make_method === 'function') __oda_make_method(ieval);
  Object.defineProperty(ieval, 'name', { value: 'eval', configurable: true });
  var F = function Function(p1) {
    var n = arguments.length, params = [];
    for (var i = 0; i < n - 1; i++) params.push(String(arguments[i]));
    var text = n ? String(arguments[n - 1]) : '';
    var head = params.join(',');
    return realEval(lowerSrc('(function anonymous(' + head + '\n) {\n' + text + '\n})'));
  };
  Object.defineProperty(F, 'prototype', { value: RealFunction.prototype, writable: false });
  Object.defineProperty(RealFunction.prototype, 'constructor', { value: F, writable: true, configurable: true });
  Object.defineProperty(this, 'Function', { value: F, writable: true, configurable: true });
  __oda_Function = F;
  // GeneratorFunction and AsyncGeneratorFunction: no globals (as in node), reached as a
  // generator function's constructor (libraries test fn.constructor.name); each builds its
  // source as Function does.
  function maker(keyword, name, proto) {
    var C = function () {
      var n = arguments.length, params = [];
      for (var i = 0; i < n - 1; i++) params.push(String(arguments[i]));
      var text = n ? String(arguments[n - 1]) : '';
      return realEval(lowerSrc('(' + keyword + ' anonymous(' + params.join(',') + '\n) {\n' + text + '\n})'));
    };
    Object.defineProperty(C, 'name', { value: name, configurable: true });
    Object.defineProperty(C, 'length', { value: 1, configurable: true });
    Object.setPrototypeOf(C, F);
    Object.defineProperty(C, 'prototype', { value: proto, writable: false, enumerable: false, configurable: false });
    Object.defineProperty(proto, 'constructor', { value: C, writable: false, enumerable: false, configurable: true });
    Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
  }
  maker('function*', 'GeneratorFunction', __oda_GenFnProto);
  maker('async function*', 'AsyncGeneratorFunction', __oda_AGenFnProto);
  return ieval;
})();
