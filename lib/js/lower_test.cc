// Unit tests of the lowering: each modern construct comes out as this exact ES5, on the
// line it was written on. A change to the printer shows here as a diff of the whole output.
#include "js/lower.h"

#include <gtest/gtest.h>

#include "js/expect_lowers.h"

namespace oda::js {
namespace {

using testing::async_program;
using testing::expect_lowers;
using testing::first_difference;
using testing::sync_program;

std::string lower_error(std::string_view src) {
  std::string out;
  LowerError err;
  EXPECT_FALSE(lower_program(src, &out, &err)) << out;
  return err.message;
}

TEST(JsLower, FirstDifferenceShowsWhere) {
  EXPECT_EQ(first_difference("ab\ncdef", "ab\ncdXf"),
            "first difference at line 2, column 3:\n  expected: ...cdef\n  actual:   ...cdXf\n                 ^");
  EXPECT_EQ(first_difference("abc", "ab"), "first difference at line 1, column 3:\n  expected: ...abc\n  actual:   ...<end>\n                 ^");
}

// The wrapper is a coroutine only when the body itself awaits; an await inside a nested
// function is that function's own.
TEST(JsLower, WrapsTheProgramAsAnAsyncBodyOnlyWhenItAwaits) {
  expect_lowers("return await 42",
                async_program("var __tqa = __oda_await;return __tqa(42);"));
  expect_lowers("return 42",
                sync_program("return 42;"));
  expect_lowers("const f = async () => await 1; return f",
                sync_program("var __tqa = __oda_await, __tqc = __oda_async_call;var f = (function f() {return __tqc(function(){return (__tqa(1));});});return f;"));
  expect_lowers("for await (const x of xs) {}",
                async_program("var __t1, __t2, __tqa = __oda_await;try {for (__t1 = __oda_aiter(xs); !(__t2 = __tqa(__t1.next())).done;) {var x = __t2.value;}} finally { if (__t2 && !__t2.done) __tqa(__oda_aclose(__t1)); }"));
  expect_lowers("if (a) { b(await c) }",
                async_program("var __tqa = __oda_await;if (a) {b(__tqa(c));}"));
  // The async machinery's globals are the program's locals, and a value that cannot throw
  // (a literal, a parameter) needs no try around it; a program naming __tq... keeps globals.
  expect_lowers("async function f(a) { return a; }",
                sync_program("var __tqr = __oda_async_resolved;function f(a) {return __tqr(a);}"));
  expect_lowers("async function f(a) { return b; }",
                sync_program("var __tqj = __oda_async_reject, __tqr = __oda_async_resolved;function f(a) {try {return __tqr(b);} catch (__e) {return __tqj(__e);}}"));
  expect_lowers("var __tqa = 1; return await __tqa",
                async_program("var __tqa = 1;return __oda_await(__tqa);"));
  expect_lowers("async function f(a) { return g(a); }",
                sync_program("var __tqj = __oda_async_reject, __tqr = __oda_async_resolved;function f(a) {try {return __tqr(g(a));} catch (__e) {return __tqj(__e);}}"));
}

TEST(JsLower, EveryStatementStaysOnItsLine) {
  expect_lowers("const a = [1, 2]\n"
                "\n"
                "for (const x of a) {\n"
                "  console.log(`x=${x}`)\n"
                "}\n"
                "class C {\n"
                "  m() { return 1 }\n"
                "}\n"
                "const f = async () => {\n"
                "  await null\n"
                "}\n"
                "throw new Error('line 12')\n",
                sync_program("var __t1, __t2, __t3, __ttc = __oda_tcat, __tqa = __oda_await, __tqc = __oda_async_call;var a = [1, 2];\n"
                             "\n"
                             "try {for (__t1 = __oda_iter(a, \"a\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var x = (__t2 ? __t2[__t3++] : __t1.v);\n"
                             "console.log(__ttc(\"x=\", x));\n"
                             "}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }\n"
                             "var C = (function(){\"use strict\";var __proto = __oda_class(C, null);function C() {if (!(this instanceof C)) __oda_nonew(C);}\n"
                             "__oda_m(__proto, \"m\", function m() {return 1;});\n"
                             "return C;})();\n"
                             "var f = (function f() {return __tqc(function(){\n"
                             "__tqa(null);\n"
                             "});});\n"
                             "throw new Error('line 12');\n"));
}

TEST(JsLower, LineContinuationsAndNumberMembersStayValid) {
  expect_lowers("s = 'a\\\n"
                "b'\n"
                "x = 5 .toFixed(1)\n"
                "throw y",
                sync_program("s = 'a\\\n"
                             "b';\n"
                             "x = (5).toFixed(1);\n"
                             "throw y;"));
}

// A let without initializer is reset on every evaluation (loops).
TEST(JsLower, LetAndConstBecomeVarsRenamedOnlyWhenTheyWouldCollide) {
  expect_lowers("let x = 1; { let x = 2; log(x); } const y = 3; { const z = 4; }",
                sync_program("var x = 1;{var x$1 = 2;log(x$1);}var y = 3;{var z = 4;}"));
  expect_lowers("while (a) { let v; }",
                sync_program("while (a) {var v = void 0;}"));
}

// A closure that reads loop bindings nothing changes once set gets its own copies of them
// as it is made, and the body runs in place; a body that steps the counter itself runs as a
// closure per iteration, which hands the new value on to the next iteration; a loop whose
// bindings no closure captures stays a plain loop.
TEST(JsLower, CapturedLoopBindingsGetAClosurePerIteration) {
  expect_lowers("for (let i = 0; i < 3; i++) fns.push(() => i);",
                sync_program("var __tbd = __oda_bind;for (var i = 0; i < 3; i++) fns.push((__tbd(function() {return (i);}, \"i\", i)));"));
  expect_lowers("for (const x of xs) { const y = x * 2; fns.push(() => x + y, function () { return () => y; }); }",
                sync_program("var __t1, __t2, __t3, __tbd = __oda_bind;try {for (__t1 = __oda_iter(xs, \"xs\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var x = (__t2 ? __t2[__t3++] : __t1.v);var y = x * 2;fns.push((__tbd(function() {return (x + y);}, \"x\", x, \"y\", y)), (__tbd(function() {return (function() {return (y);});}, \"y\", y)));}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }"));
  // A closure that may read a binding before its declaration, a method or a generator made in
  // the body, or one in the loop's head: a closure per iteration.
  expect_lowers("for (let i = 0; i < 3; i++) { fns.push(() => j); const j = i; }",
                sync_program("var __t1, __t2;{for (var i = 0; i < 3; i++) {__t1 = (__t2 || (__t2 = function(i){fns.push((function() {return ((j === __oda_TDZ ? __oda_tdz(\"j\") : j));}));var j = i;}))(i);if (__t1 !== void 0) {}}__t2 = void 0;}"));
  expect_lowers("for (let i = 0; i < 3; i++) objs.push({ m() { return i; } });",
                sync_program("var __t1, __t2;{for (var i = 0; i < 3; i++) {__t1 = (__t2 || (__t2 = function(i){objs.push({m: function m() {return i;}});}))(i);if (__t1 !== void 0) {}}__t2 = void 0;}"));
  expect_lowers("for (let i = 0, g = () => i; i < 3; i++) fns.push(() => i);",
                sync_program("var __t1, __t2;{for (var i = 0, g = (function g() {return (i);}); i < 3; i++) {__t1 = (__t2 || (__t2 = function(i, g){fns.push((function() {return (i);}));}))(i, g);if (__t1 !== void 0) {}}__t2 = void 0;}"));
  expect_lowers("for (let i = 0; i < 9; i++) { if (odd(i)) i++; fns.push(() => i); }",
                sync_program("var __t1, __t2, __t3;{for (var i = 0; i < 9; i++) {__t2 = (__t3 || (__t3 = function(i){try {if (odd(i)) i++;fns.push((function() {return (i);}));} finally {__t1 = i;}}))(i);i = __t1;if (__t2 !== void 0) {}}__t3 = void 0;}"));
  expect_lowers("for (let i = 0; i < 3; i++) sum += i;",
                sync_program("for (var i = 0; i < 3; i++) sum += i;"));
  // A body's own let and const that no closure captures live in the enclosing function: a
  // closure kept in the body's scope would sit in the environment it closes over.
  expect_lowers("for (let i = 0; i < 3; i++) { const f = () => i; if (odd(i)) i++; let u; sum += f(u); }",
                sync_program("var __t1, __t2, __t3, f, u;{for (var i = 0; i < 3; i++) {__t2 = (__t3 || (__t3 = function(i){try {f = (function f() {return (i);});if (odd(i)) i++;u = void 0;sum += f(u);} finally {__t1 = i;}}))(i);i = __t1;if (__t2 !== void 0) {}}__t3 = void 0;}"));
  // So does a class no closure captures; a captured one is each iteration's own.
  expect_lowers("for (let i = 0; i < 3; i++) { class K { v() { return i; } } fns.push(() => new K()); }",
                sync_program("var __t1, __t2;{for (var i = 0; i < 3; i++) {__t1 = (__t2 || (__t2 = function(i){var K = (function(){\"use strict\";var __proto = __oda_class(K, null);"
                             "function K() {if (!(this instanceof K)) __oda_nonew(K);}__oda_m(__proto, \"v\", function v() {return i;});return K;})();"
                             "fns.push((function() {return (new K());}));}))(i);if (__t1 !== void 0) {}}__t2 = void 0;}"));
  expect_lowers("for (let i = 0; i < 3; i++) { class K { v() { return i; } } objs.push(new K()); }",
                sync_program("var __t1, __t2, K;{for (var i = 0; i < 3; i++) {__t1 = (__t2 || (__t2 = function(i){K = (function(){\"use strict\";var __proto = __oda_class(K, null);"
                             "function K() {if (!(this instanceof K)) __oda_nonew(K);}__oda_m(__proto, \"v\", function v() {return i;});return K;})();"
                             "objs.push(new K());}))(i);if (__t1 !== void 0) {}}__t2 = void 0;}"));
}

TEST(JsLower, ArrowsCaptureThisAndArguments) {
  expect_lowers("function f() { return () => [this.x, arguments[0]]; }",
                sync_program("function f() {var __this = this, __args = arguments;return (function() {return ([__this.x, __args[0]]);});}"));
  expect_lowers("const g = (a, ...r) => a + r.length;",
                sync_program("var g = (function g(a) {var r = Array.prototype.slice.call(arguments, 1);return (a + r.length);});"));
  expect_lowers("o = { m() { return () => this; } }",
                sync_program("o = {m: function m() {var __this = this;return (function() {return (__this);});}};"));
}

// Arrows, methods, accessors and the lowering's own closures open with "use oda arrow" and
// async functions with "use oda noctor": the engine makes them without a `prototype`
// (lib/engine/patches/0003). Plain functions, classes and generators keep theirs.
TEST(JsLower, FunctionsThatAreNoConstructorsSaySo) {
  expect_lowers("const g = (a) => a;",
                sync_program("var g = (function g(a) {\"use oda arrow\";return (a);});"));
  expect_lowers("o = { m() {}, get x() { return 1; } }",
                sync_program("o = __oda_accnames({m: function m() {\"use oda arrow\";}, get x() {\"use oda arrow\";return 1;}});"));
  expect_lowers("async function f() { return 1; }",
                sync_program("var __tqr = __oda_async_resolved;function f() {\"use oda noctor\";return __tqr(1);}"));
  expect_lowers("function p() {} function* q() {}",
                sync_program("__oda_genfn(q);function p() {}function q() {var __tfn = __oda_callee();return __oda_gen(function(){\"use oda arrow\";}, __tfn, this);}"));
  expect_lowers("class A { m() {} }",
                sync_program("var A = (function(){\"use strict\";var __proto = __oda_class(A, null);function A() {if (!(this instanceof A)) __oda_nonew(A);}__oda_m(__proto, \"m\", function m() {\"use oda arrow\";});return A;})();"));
}

// The non-constructor directives come first in a body, before the vars the lowering adds.
TEST(JsLower, NonConstructorsAreMarkedFirstInTheirBody) {
  expect_lowers("const g = (a, ...r) => a + r.length;",
                sync_program("var g = (function g(a) {\"use oda arrow\";var r = Array.prototype.slice.call(arguments, 1);return (a + r.length);});"));
  expect_lowers("o = { m() { return () => this; }, get x() { return 1 } }",
                sync_program("o = __oda_accnames({m: function m() {\"use oda arrow\";var __this = this;return (function() {\"use oda arrow\";return (__this);});}, "
                             "get x() {\"use oda arrow\";return 1;}});"));
  expect_lowers("async function af() {}",
                sync_program("var __tqr = __oda_async_resolved;function af() {\"use oda noctor\";return __tqr(void 0);}"));
  expect_lowers("function f() {} function* g() {}",
                sync_program("__oda_genfn(g);function f() {}function g() {var __tfn = __oda_callee();return __oda_gen(function(){\"use oda arrow\";}, __tfn, this);}"));
}

// `new` checks its callee unless it is certainly a constructor, naming it as V8 does.
TEST(JsLower, NewChecksCalleesThatMayNotBeConstructors) {
  expect_lowers("new o.p[0](1)", sync_program("new (__oda_ctor(o.p[0], \"o.p[0]\"))(1);"));
  expect_lowers("new o['k'](); new (f())", sync_program("new (__oda_ctor(o['k'], \"o.k\"))();new (__oda_ctor((f()), \"f(...)\"))();"));
  expect_lowers("new (0, x)", sync_program("new (__oda_ctor((0, x), \"(intermediate value)\"))();"));
  expect_lowers("class C {} function F() {} new C(); new F(); new Map(); new F(...a)",
                sync_program("var C = (function(){\"use strict\";var __proto = __oda_class(C, null);function C() {if (!(this instanceof C)) __oda_nonew(C);}return C;})();"
                             "function F() {}new C();new F();new Map();__oda_new(F, __oda_spr(a));"));
  expect_lowers("function F() {} F = null; new F(); new x(...a)",
                sync_program("function F() {}F = null;new (__oda_ctor(F, \"F\"))();__oda_new(__oda_ctor(x, \"x\"), __oda_spr(a));"));
}

TEST(JsLower, OperatorsOfES2016To2021) {
  expect_lowers("y = x ** 2",
                sync_program("y = Math.pow(x, 2);"));
  expect_lowers("let a; b = a ?\? 1",
                sync_program("var a = void 0;b = (a != null ? a : 1);"));
  expect_lowers("o.n ?\?= 5",
                sync_program("var __t1;(__t1 = o, __t1.n != null ? __t1.n : (__t1.n = 5));"));
  expect_lowers("let a; a ||= 1",
                sync_program("var a = void 0;(a ? a : (a = 1));"));
  expect_lowers("let a; a &&= f()",
                sync_program("var a = void 0;(a ? (a = f()) : a);"));
  expect_lowers("x **= 3",
                sync_program("(x = Math.pow(x, 3));"));
  expect_lowers("n = 1_000_000 + 0b101 + 0o17",
                sync_program("n = 1000000 + 5 + 15;"));
  expect_lowers("b = f() ?\? g()",
                sync_program("var __t1;b = ((__t1 = f()) != null ? __t1 : g());"));
}

// with stays in the ES5 (Duktape runs it); a block binding inside it gets a name no object
// property shadows, since as a var it would otherwise resolve through the object.
TEST(JsLower, WithStaysAndItsBlockBindingsGetNamesObjectsDoNotShadow) {
  expect_lowers("with (o) { let y = a; p += y }",
                sync_program("with (o) {var __w1_y = a;p += __w1_y;}"));
}

// A program that mentions BigInt (a literal or the name) has its operators lowered to calls
// of __oda_BI, which knows BigInt values; a program that does not keeps them as they are.
// Each function reads the operators it uses into locals at its start and makes its literals
// there once, and a program that names such a local itself keeps reading __oda_BI.
TEST(JsLower, BigIntProgramsCallTheRuntimeForTheirOperators) {
  // It tells BigInt first: "(__oda_BI.use(), " before the program's function. typeof and === stay
  // (the engine knows BigInts); the bitwise operators and shifts are calls too.
  auto bigint_program = [](const std::string& body) { return "(__oda_BI.use(), " + sync_program(body).substr(1); };
  expect_lowers("const f = () => 2n; x = typeof 0x1Fn;",
                bigint_program("var __tbl0 = __oda_BI.lit(\"0x1F\");var f = (function f() {\"use oda arrow\";var __tbl0 = "
                               "__oda_BI.lit(\"2\");return (__tbl0);});x = typeof __tbl0;"));
  // x++ as a statement is x = inc(x); as a value, ToNumeric of the old value, kept.
  expect_lowers("let a = BigInt(1); a = a * 2n + -a; a **= 2n; a++; b = typeof a === 'bigint' && Number(a) < 3; c = a--;",
                bigint_program("var __t1, __tbadd = __oda_BI.add, __tbdec = __oda_BI.dec, __tbinc = __oda_BI.inc, __tbl2 = "
                               "__oda_BI.lit(\"2\"), __tblt = __oda_BI.lt, __tbmul = __oda_BI.mul, __tbneg = __oda_BI.neg, "
                               "__tbnum = __oda_BI.num, __tbnumeric = __oda_BI.numeric, __tbpow = __oda_BI.pow;"
                               "var a = BigInt(1);a = __tbadd(__tbmul(a, __tbl2), __tbneg(a));(a = __tbpow(a, __tbl2));"
                               "(a = __tbinc(a));b = typeof a === 'bigint' && __tblt(__tbnum(a), 3);"
                               "c = (__t1 = __tbnumeric(a), a = __tbdec(__t1), __t1);"));
  expect_lowers("let a = BigInt(1); a = ~a & 3n | a << 2n; a >>= 1n;",
                bigint_program("var __tband = __oda_BI.and, __tbl3 = __oda_BI.lit(\"3\"), __tbl5 = __oda_BI.lit(\"2\"), __tbl7 = "
                               "__oda_BI.lit(\"1\"), __tbnot = __oda_BI.not, __tbor = __oda_BI.or, __tbshl = __oda_BI.shl, "
                               "__tbshr = __oda_BI.shr;var a = BigInt(1);a = __tbor(__tband(__tbnot(a), __tbl3), __tbshl(a, "
                               "__tbl5));(a = __tbshr(a, __tbl7));"));
  expect_lowers("let a = 1; a = a * 2 + -a; a++;", sync_program("var a = 1;a = a * 2 + -a;a++;"));
  // BigInts read from a BigInt typed array or a DataView, with no literal in sight.
  expect_lowers("x = BigUint64Array.from(b)[0] + 1;",
                bigint_program("var __tbadd = __oda_BI.add;x = __tbadd(BigUint64Array.from(b)[0], 1);"));
  expect_lowers("x = d.getBigInt64(0) * y;", bigint_program("var __tbmul = __oda_BI.mul;x = __tbmul(d.getBigInt64(0), y);"));
  // The program's own __tbmul: the operators stay reads of __oda_BI.
  expect_lowers("var __tbmul = 1; x = 2n * y;",
                bigint_program("var __tbmul = 1;x = __oda_BI.mul(__oda_BI.lit(\"2\"), y);"));
}

// A let or const that only ever holds a number (a number literal, then ++ and -- alone) keeps
// its operators plain in a program with BigInt; one written otherwise, or in a program with
// eval or with (which write bindings unseen), keeps the calls.
TEST(JsLower, BigIntProgramsKeepNumberCountersPlain) {
  auto bigint_program = [](const std::string& body) { return "(__oda_BI.use(), " + sync_program(body).substr(1); };
  expect_lowers("const N = 3; let s = 0n; for (let i = 0; i < N; i++) { let j = i; j = s; s += 1n; }",
                bigint_program("var __tbadd = __oda_BI.add, __tbl0 = __oda_BI.lit(\"0\"), __tbl2 = __oda_BI.lit(\"1\");"
                               "var N = 3;var s = __tbl0;for (var i = 0; i < N; i++) {var j = i;j = s;"
                               "(s = __tbadd(s, __tbl2));}"));
  expect_lowers("let s = 0n; for (let i = 0; i < 3; i++) eval('s += 1n');",
                bigint_program("var __tbinc = __oda_BI.inc, __tbl0 = __oda_BI.lit(\"0\"), __tblt = __oda_BI.lt;var s = "
                               "__tbl0;for (var i = 0; __tblt(i, 3); (i = __tbinc(i))) eval(__oda_lower_eval('s += 1n'));"));
  expect_lowers("let i = 0; with (o) i < 2n;",
                bigint_program("var __tbl1 = __oda_BI.lit(\"2\"), __tblt = __oda_BI.lt;var i = 0;with (o) __tblt(i, __tbl1);"));
  expect_lowers("let i = 0, k = 1; i++; k += 1; x = i < k && i < 1n;",
                bigint_program("var __tbadd = __oda_BI.add, __tbl2 = __oda_BI.lit(\"1\"), __tblt = __oda_BI.lt;var i = 0, k = "
                               "1;i++;(k = __tbadd(k, 1));x = __tblt(i, k) && __tblt(i, __tbl2);"));
}

TEST(JsLower, OptionalChainingKeepsThisForCalls) {
  expect_lowers("r = a.b?.c(1)",
                sync_program("var __t1;r = ((__t1 = a.b) == null ? void 0 : __t1.c(1));"));
  expect_lowers("r = a.m?.(1)",
                sync_program("var __t1, __t2;r = ((__t2 = (__t1 = a).m) == null ? void 0 : __t2.call(__t1, 1));"));
  expect_lowers("r = a?.b.c",
                sync_program("var __t1;r = ((__t1 = a) == null ? void 0 : __t1.b.c);"));
  expect_lowers("r = a?.[k]?.d",
                sync_program("var __t1, __t2;r = ((__t1 = a) == null ? void 0 : (__t2 = __t1[k]) == null ? void 0 : __t2.d);"));
}

TEST(JsLower, SpreadInCallsNewArraysAndObjects) {
  expect_lowers("f(...xs)",
                sync_program("f.apply(void 0, __oda_spr(xs));"));
  expect_lowers("o.f(1, ...xs)",
                sync_program("var __t1;(__t1 = o).f.apply(__t1, [].concat([1], __oda_spr(xs)));"));
  expect_lowers("a = [...xs, 1]",
                sync_program("a = [].concat(__oda_spr(xs), [1]);"));
  expect_lowers("n = new C(...args)",
                sync_program("n = __oda_new(__oda_ctor(C, \"C\"), __oda_spr(args));"));
  expect_lowers("o = {...p, q: 1}",
                sync_program("var __t1;o = (__t1 = {}, __oda_ospread(__t1, p), __oda_defprop(__t1, \"q\", 1), __t1);"));
  expect_lowers("const {a, b: [c] = [], ...r} = o;",
                sync_program("var __t1, __t2, __t3, __t4, __tsi = __oda_SI, __tav = __oda_AV;var __t1 = o, a = __t1.a, __t2 = __t1.b, __t3 = __t2 === void 0 ? ([]) : __t2, __t4 = __t3, __t4 = __t4 != null && __t4[__tsi] === __tav ? __t4 : __oda_arr(__t4, 1), c = __t4[0], r = __oda_orest(__t1, [\"a\", \"b\"]);"));
}

// An array pattern indexes an array with the stock iterator through two locals set once per
// function; only a rest element (which slices) also needs a real Array.
TEST(JsLower, ArrayPatternFastPath) {
  expect_lowers("function f(ps) { let s = 0; for (const [i, p] of ps) s += i ^ p; return s; }",
                sync_program("function f(ps) {var __t1, __t2, __t3, __t4, __t5, __tsi = __oda_SI, __tav = __oda_AV;var s = 0;try {for (__t1 = __oda_iter(ps, \"ps\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var __t4 = (__t2 ? __t2[__t3++] : __t1.v), __t5 = __t4, __t5 = __t5 != null && __t5[__tsi] === __tav ? __t5 : __oda_arr(__t5, 2), i = __t5[0], p = __t5[1];s += i ^ p;}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }return s;}"));
  expect_lowers("const [h, ...t] = xs;",
                sync_program("var __t1, __t2, __tsi = __oda_SI, __tav = __oda_AV;var __t1 = xs, __t2 = __t1, __t2 = __t2 instanceof Array && __t2[__tsi] === __tav ? __t2 : __oda_arr(__t2, -1), h = __t2[0], t = __t2.slice(1);"));
  expect_lowers("const {a} = o;",
                sync_program("var __t1;var __t1 = o, a = __t1.a;"));
}

TEST(JsLower, DestructuringPatternsDefaultsAndParameters) {
  expect_lowers("let {a = 1, b: {c}} = o;",
                sync_program("var __t1, __t2, __t3, __t4;var __t1 = o, __t2 = __t1.a, __t3 = __t2 === void 0 ? (1) : __t2, a = __t3, __t4 = __t1.b, c = __t4.c;"));
  expect_lowers("[x, y] = [y, x];",
                sync_program("var __t1, __t2, __tsi = __oda_SI, __tav = __oda_AV;(__t1 = [y, x], __t2 = __t1, __t2 = __t2 != null && __t2[__tsi] === __tav ? __t2 : __oda_arr(__t2, 2), x = __t2[0], y = __t2[1], __t1);"));
  // Targets that may run code: a stock array is indexed, another iterable steps between
  // them in __oda_dstr, which closes it when one throws.
  expect_lowers("[o.a, , ...r] = xs;",
                sync_program("var __t1, __t2, __tsi = __oda_SI, __tav = __oda_AV;(__t1 = xs, __t2 = __t1, __t2 instanceof Array && __t2[__tsi] === __tav ? (o.a = __t2[0], r = __t2.slice(2)) : __oda_dstr(__t2, function (__dr) {(o.a = __oda_dstep(__dr), __oda_dstep(__dr), r = __oda_drest(__dr));}), __t1);"));
  expect_lowers("function f({a, b} = {}, [c] = []) { return a + b + c; }",
                sync_program("function f() {var __t1, __t2, __t3, __t4, __t5, __tsi = __oda_SI, __tav = __oda_AV;var __p0 = arguments[0], __p1 = arguments[1];var __t1 = __p0, __t2 = __t1 === void 0 ? ({}) : __t1, a = __t2.a, b = __t2.b;var __t3 = __p1, __t4 = __t3 === void 0 ? ([]) : __t3, __t5 = __t4, __t5 = __t5 != null && __t5[__tsi] === __tav ? __t5 : __oda_arr(__t5, 1), c = __t5[0];return a + b + c;}"));
  expect_lowers("for (const {k, v} of list) use(k, v);",
                sync_program("var __t1, __t2, __t3, __t4;try {for (__t1 = __oda_iter(list, \"list\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var __t4 = (__t2 ? __t2[__t3++] : __t1.v), k = __t4.k, v = __t4.v;use(k, v);}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }"));
  expect_lowers("const {[key]: val} = o;",
                sync_program("var __t1, __t2;var __t1 = o, __t2 = key, val = __t1[__t2];"));
  // An async function's parameters that throw reject the promise it returns.
  expect_lowers("async function f(a, b = g()) { return a + b; }",
                sync_program("var __tqj = __oda_async_reject, __tqr = __oda_async_resolved;function f(a) {var b = arguments[1];try {if (b === void 0) b = g();} catch (__e) {return __tqj(__e);}"
                             "try {return __tqr(a + b);} catch (__e) {return __tqj(__e);}}"));
}

TEST(JsLower, TemplatesAndTaggedTemplates) {
  // One __oda_tcat call per template (through a local); it converts with ToString, not valueOf.
  expect_lowers("s = `a${b}c`", sync_program("var __ttc = __oda_tcat;s = __ttc(\"a\", b, \"c\");"));
  expect_lowers("s = tag`x${1}\\n`",
                sync_program("s = tag(__oda_tpl(1, [\"x\", \"\\n\"], [\"x\", \"\\\\n\"]), 1);"));
  expect_lowers("s = `${a, b}${2}`", sync_program("var __ttc = __oda_tcat;s = __ttc((a, b), 2);"));
  expect_lowers("s = `outer ${`inner ${'x'}`}`", sync_program("var __ttc = __oda_tcat;s = __ttc(\"outer \", __ttc(\"inner \", 'x'));"));
  expect_lowers("s = ``", sync_program("s = \"\";"));
  expect_lowers("s = `a\nb`", sync_program("s = \"a\\nb\";\n"));
  // A substitution that may be an object or a Symbol, followed by one whose evaluation could
  // run code, is converted before that one runs; literals after it, or none, leave it to the call.
  expect_lowers("s = `a${b}${c()}`",
                sync_program("var __t1, __ttc = __oda_tcat;s = __ttc(\"a\", typeof (__t1 = (b)) == \"string\" || typeof __t1 == \"number\" ? "
                             "__t1 : __ttc(__t1), c());"));
  expect_lowers("s = `${b}-${1}${'x'}${`y${2}`}`", sync_program("var __ttc = __oda_tcat;s = __ttc(b, \"-\", 1, 'x', __ttc(\"y\", 2));"));
  // Values that are certainly primitives convert with no code of their own: no test.
  expect_lowers("s = `${i % 7}${-i}${i < 2}${typeof i}${i ? 'a' : 'b'}${c()}`",
                sync_program("var __ttc = __oda_tcat;s = __ttc(i % 7, -i, i < 2, typeof i, i ? 'a' : 'b', c());"));
}

// A `+` chain whose first `+` certainly joins strings is one __oda_pcat call (ToPrimitive with
// no hint, as `+`); one that may add numbers first, or has two operands, stays as written.
TEST(JsLower, StringPlusChainsAreOneConcatenation) {
  expect_lowers("s = 'row ' + i + ': ' + i * 7 + f()",
                sync_program("var __t1, __tpc = __oda_pcat;s = __tpc('row ', typeof (__t1 = (i)) == \"string\" || typeof __t1 == \"number\" ? "
                             "__t1 : __tpc(__t1), ': ', i * 7, f());"));
  expect_lowers("s = a + `x` + b", sync_program("var __t1, __tpc = __oda_pcat;s = __tpc(typeof (__t1 = (a)) == \"string\" || typeof __t1 == \"number\" ? "
                                                 "__t1 : __tpc(__t1), \"x\", b);"));
  // A loop counter holds only numbers (Binding::number_only): no test either.
  expect_lowers("for (let i = 0; i < 3; i++) s = 'row ' + i + ': ' + f()",
                sync_program("var __tpc = __oda_pcat;for (var i = 0; i < 3; i++) s = __tpc('row ', i, ': ', f());"));
  expect_lowers("let i = 0; i = g(); s = 'row ' + i + f()",
                sync_program("var __t1, __tpc = __oda_pcat;var i = 0;i = g();s = __tpc('row ', typeof (__t1 = (i)) == \"string\" || "
                             "typeof __t1 == \"number\" ? __t1 : __tpc(__t1), f());"));
  expect_lowers("s = 1 + 2 + 's' + x", sync_program("s = 1 + 2 + 's' + x;"));
  expect_lowers("s = a + b + 's'", sync_program("s = a + b + 's';"));
  expect_lowers("s = 'a' + b", sync_program("s = 'a' + b;"));
  expect_lowers("s = 'a' + b - c + d", sync_program("s = 'a' + b - c + d;"));
  expect_lowers("s = x.y + 'a' + 1", sync_program("var __tpc = __oda_pcat;s = __tpc(x.y, 'a', 1);"));
  // A declared variable read after its declaration runs no code: nothing before it need
  // convert first. Inside with, or read before its declaration, it may run code or throw.
  expect_lowers("let a, b; s = 'x' + a + b + 'y'", sync_program("var __tpc = __oda_pcat;var a = void 0, b = void 0;s = __tpc('x', a, b, 'y');"));
  expect_lowers("let a, b; with (o) s = 'x' + a + b",
                sync_program("var __t1, __tpc = __oda_pcat;var a = void 0, b = void 0;with (o) s = __tpc('x', typeof (__t1 = (a)) == \"string\" || "
                             "typeof __t1 == \"number\" ? __t1 : __tpc(__t1), b);"));
  expect_lowers("s = `${a}${b}`; let b", sync_program("var __t1, __ttc = __oda_tcat;s = __ttc(typeof (__t1 = (a)) == \"string\" || "
                                                        "typeof __t1 == \"number\" ? __t1 : __ttc(__t1), __oda_tdz(\"b\"));var b = void 0;"));
  // With BigInt in the program every `+` is __oda_BI.add (held in a local).
  expect_lowers("s = 'a' + 1n + b",
                "(__oda_BI.use(), " +
                    sync_program("var __tbadd = __oda_BI.add, __tbl1 = __oda_BI.lit(\"1\");s = __tbadd(__tbadd('a', __tbl1), b);")
                        .substr(1));
}

TEST(JsLower, AsyncFunctionsAndGeneratorsBecomeCoroutines) {
  expect_lowers("async function f(a) { return await g(a); }",
                sync_program("var __tqa = __oda_await, __tqc = __oda_async_call;function f(a) {return __tqc(function(){return __tqa(g(a));});}"));
  expect_lowers("function* g() { const x = yield 1; yield* xs; }",
                sync_program("__oda_genfn(g);function g() {var __tfn = __oda_callee();return __oda_gen(function(){var x = __oda_yield(1);__oda_yieldstar(xs);}, __tfn, this);}"));
  expect_lowers("async function* g() { yield 1; }",
                sync_program("var __tqa = __oda_await;__oda_genfn(g, 1);function g() {var __tfn = __oda_callee();return __oda_agen(function(__g){__tqa(__g.y(1));}, __tfn, this);}"));
  expect_lowers("const h = async x => { await x; return x; };",
                sync_program("var __tqa = __oda_await, __tqc = __oda_async_call;var h = (function h(x) {return __tqc(function(){__tqa(x);return x;});});"));
  expect_lowers("async function* ag() { yield* other(); for await (const v of src) yield v; }",
                sync_program("var __tqa = __oda_await;__oda_genfn(ag, 1);function ag() {var __tfn = __oda_callee();return __oda_agen(function(__g){var __t1, __t2;__oda_ayieldstar(__g, other());try {for (__t1 = __oda_aiter(src); !(__t2 = __tqa(__t1.next())).done;) {var v = __t2.value;__tqa(__g.y(v));}} finally { if (__t2 && !__t2.done) __tqa(__oda_aclose(__t1)); }}, __tfn, this);}"));
}

TEST(JsLower, ClassesWithFieldsPrivatesAccessorsAndSuper) {
  expect_lowers("class A extends B { #p = 1; static s = 2; constructor(x) { super(x); this.#p++; } m() { return super.m(); } }",
                sync_program("var A = (function(__super){\"use strict\";var __proto = __oda_class(A, __super), __fi, __p1_0 = __oda_pname(\"#p\"), __pdef = __oda_pdef;__fi = function(__s){__pdef(__s, __p1_0, 1, 0, \"#p\");};__oda_sf(A, \"s\", function(){return (2);});function A(x) {if (!(this instanceof A)) __oda_nonew(A);var __self;(__self = __oda_super(__super, this, [x]), __fi(__self), __self);__self[__p1_0]++;return __oda_self(__self);}__oda_m(__proto, \"m\", function m() {return __super.prototype.m.call(this);});return A;})(B);"));
  expect_lowers("class P { get x() { return 1; } set x(v) {} static create() { return new P(); } }",
                sync_program("var P = (function(){\"use strict\";var __proto = __oda_class(P, null);function P() {if (!(this instanceof P)) __oda_nonew(P);}__oda_acc(__proto, \"x\", function() {return 1;}, void 0, false);__oda_acc(__proto, \"x\", void 0, function(v) {}, false);__oda_m(P, \"create\", function create() {return new P();});return P;})();"));
  expect_lowers("class Q { static #n = 0; static { Q.#n = 1; } #m() { return 2; } }",
                sync_program("var Q = (function(){\"use strict\";var __proto = __oda_class(Q, null), __fi, __p1_0 = __oda_pname(\"#n\"), __p1_1 = __oda_pname(\"#m\"), __p1_1v, __pdef = __oda_pdef, __k1 = Q;function Q() {if (!(this instanceof Q)) __oda_nonew(Q);__fi(this);}__oda_sf(Q, __p1_0, function(){return (0);});(function(){__oda_sb(Q, __k1, \"#n\")[__p1_0] = 1;}).call(Q);__p1_1v = function() {return 2;}; __oda_mname(__p1_1v, \"#m\");__fi = function(__s){__pdef(__s, __p1_1, __p1_1v, 1, \"#m\");};return Q;})();"));
  expect_lowers("const K = class { };",
                sync_program("var K = (function(){\"use strict\";var __proto = __oda_class(K, null);function K() {if (!(this instanceof K)) __oda_nonew(K);}return K;})();"));
  // A class named by nothing gets '' from __oda_class; a binding or a key names it as before.
  expect_lowers("f(class { });",
                sync_program("f((function(){\"use strict\";var __proto = __oda_class(_class, null, 1);function _class() {if (!(this instanceof _class)) __oda_nonew(_class);}return _class;})());"));
  expect_lowers("class E extends Error {}",
                sync_program("var E = (function(__super){\"use strict\";var __proto = __oda_class(E, __super);function E() {if (!(this instanceof E)) __oda_nonew(E);var __self = __oda_super(__super, this, arguments);return __self;}return E;})(Error);"));
  // The methods and the private fields with literal initializers go onto a new object in one
  // __pdef call; any other initializer runs between them, in the order written.
  expect_lowers("class P { #a = 1; #m() {} b = f(); #c = 'c'; #d; }",
                sync_program("var P = (function(){\"use strict\";var __proto = __oda_class(P, null), __fi, __p1_0 = __oda_pname(\"#a\"), __p1_1 = __oda_pname(\"#m\"), __p1_1v, __p1_2 = __oda_pname(\"#c\"), __p1_3 = __oda_pname(\"#d\"), __pdef = __oda_pdef;function P() {if (!(this instanceof P)) __oda_nonew(P);__fi(this);}__fi = function(__s){__pdef(__s, __p1_1, __p1_1v, 1, \"#m\", __p1_0, 1, 0, \"#a\");__s[\"b\"] = f();__pdef(__s, __p1_2, 'c', 0, \"#c\", __p1_3, void 0, 0, \"#d\");};__p1_1v = function() {\"use oda arrow\";}; __oda_mname(__p1_1v, \"#m\");return P;})();"));
  expect_lowers("class C { #x; static has(o) { return #x in o; } }",
                sync_program("var C = (function(){\"use strict\";var __proto = __oda_class(C, null), __fi, __p1_0 = __oda_pname(\"#x\"), __pdef = __oda_pdef;function C() {if (!(this instanceof C)) __oda_nonew(C);__fi(this);}__fi = function(__s){__pdef(__s, __p1_0, void 0, 0, \"#x\");};__oda_m(C, \"has\", function has(o) {return __oda_pin(__p1_0, o, \"#x\");});return C;})();"));
}

// Only a loop that can leave early (break, return, throw, yield) closes its iterator in a
// finally; a for-in whose binding a closure captures gets a closure per iteration too.
TEST(JsLower, ForOfClosesIteratorsWhereItCanExitEarly) {
  expect_lowers("for (const x of xs) { if (x) break; }",
                sync_program("var __t1, __t2, __t3;try {for (__t1 = __oda_iter(xs, \"xs\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var x = (__t2 ? __t2[__t3++] : __t1.v);if (x) break;}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }"));
  expect_lowers("function* g() { for (const x of xs) yield x; }",
                sync_program("__oda_genfn(g);function g() {var __tfn = __oda_callee();return __oda_gen(function(){var __t1, __t2, __t3;try {for (__t1 = __oda_iter(xs, \"xs\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var x = (__t2 ? __t2[__t3++] : __t1.v);__oda_yield(x);}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }}, __tfn, this);}"));
  expect_lowers("for (const x of [1, 2]) { f(x); }",
                sync_program("var __t1, __t2, __t3;for (__t1 = __oda_iter([1, 2]), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var x = (__t2 ? __t2[__t3++] : __t1.v);f(x);}"));
  expect_lowers("for (const k in o) fns.push(() => k);",
                sync_program("var __tbd = __oda_bind;for (var k in o) fns.push((__tbd(function() {return (k);}, \"k\", k)));"));
  expect_lowers("for (const k in o) fns.push(function* () { yield k; });",
                sync_program("var __t1, __t2;{for (var k in o) {__t1 = (__t2 || (__t2 = function(k){fns.push((__oda_genfn(function() {var __tfn = __oda_callee();return __oda_gen(function(){__oda_yield(k);}, __tfn, this);})));}))(k);if (__t1 !== void 0) {}}__t2 = void 0;}"));
}

// A jump out of a loop body run as a closure comes back as a code its loop dispatches on.
TEST(JsLower, LabelledJumpsOutOfLoopsAndClosures) {
  expect_lowers("outer: for (const a of as) { for (const b of bs) { if (b) continue outer; if (a) break outer; } }",
                sync_program("var __t1, __t2, __t3, __t4, __t5, __t6;try {outer: for (__t1 = __oda_iter(as, \"as\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var a = (__t2 ? __t2[__t3++] : __t1.v);try {for (__t4 = __oda_iter(bs, \"bs\"), __t5 = __t4.a, __t6 = 0; __t5 ? __t6 < __t5.length : __oda_step(__t4);) {var b = (__t5 ? __t5[__t6++] : __t4.v);if (b) continue outer;if (a) break outer;}} catch (__ce) { __oda_closeq(__t4); throw __ce; } finally { __oda_close(__t4); }}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }"));
  expect_lowers("l: { if (x) break l; y(); }",
                sync_program("l: {if (x) break l;y();}"));
  expect_lowers("for (let i = 0; i < n; i++) { fns.push(() => i); if (i > 2) i = 9; if (i > 2) break; }",
                sync_program("var __t1, __t2, __t3;{for (var i = 0; i < n; i++) {__t2 = (__t3 || (__t3 = function(i){try {fns.push((function() {return (i);}));if (i > 2) i = 9;if (i > 2) return 1;} finally {__t1 = i;}}))(i);i = __t1;if (__t2 !== void 0) {if (__t2 === 1) break;}}__t3 = void 0;}"));
  expect_lowers("w: while (a) { for (let j of js) { fns.push(() => j); j = 0; continue w; } }",
                sync_program("var __t1, __t2, __t3, __t4, __t5;w: while (a) {{try {for (__t1 = __oda_iter(js, \"js\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var j = (__t2 ? __t2[__t3++] : __t1.v);__t4 = (__t5 || (__t5 = function(j){fns.push((function() {return (j);}));j = 0;return \"c:w\";}))(j);if (__t4 !== void 0) {if (__t4 === \"c:w\") continue w;}}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }__t5 = void 0;}}"));
  expect_lowers("w: while (a) { for (let j of js) { fns.push(() => j); continue w; } }",
                sync_program("var __t1, __t2, __t3, __tbd = __oda_bind;w: while (a) {try {for (__t1 = __oda_iter(js, \"js\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var j = (__t2 ? __t2[__t3++] : __t1.v);fns.push((__tbd(function() {return (j);}, \"j\", j)));continue w;}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }}"));
}

TEST(JsLower, ObjectLiteralsWithAccessorsComputedKeysAndSuper) {
  expect_lowers("o = { get a() { return 1; }, ['k' + i]: 2, m() {} }",
                sync_program("var __t1;o = __oda_accnames((__t1 = {get a() {return 1;}}, __oda_defprop(__t1, 'k' + i, 2), __oda_defprop(__t1, \"m\", function m() {}), __t1));"));
  expect_lowers("o = { f: function () {}, g: () => 1 }",
                sync_program("o = {f: (function f() {}), g: (function g() {return (1);})};"));
  expect_lowers("o = { __proto__: p, m() { return super.m(); } }",
                sync_program("var __t1;o = (__t1 = {}, __oda_setproto(__t1, p), __oda_defprop(__t1, \"m\", function m() {return Object.getPrototypeOf(__t1).m.call(this);}), __t1);"));
}

TEST(JsLower, StatementsES5Lacks) {
  expect_lowers("try { f(); } catch { g(); }",
                sync_program("try {f();} catch (__e) {g();}"));
  expect_lowers("switch (x) { case 1: let y = 2; f(y); break; default: g(); }",
                sync_program("switch (x) {case 1:var y = 2;f(y);break;default:g();}"));
  expect_lowers("function F() { return new.target; }",
                sync_program("function F() {var __tfn = __oda_callee();return __oda_newtarget(this, __tfn);}"));
  // A function that is no constructor never has one (and may have no prototype to test).
  expect_lowers("o = { get m() { return new.target; } }",
                sync_program("o = __oda_accnames({get m() {return void 0;}});"));
  expect_lowers("async function f() { return () => new.target; }",
                sync_program("var __tqj = __oda_async_reject, __tqr = __oda_async_resolved;function f() {try {return __tqr((function() {return (void 0);}));} catch (__e) {return __tqj(__e);}}"));
}

// What the caller allows goes along as EvalFlags: 1 this from __oda_evthis, 2 new.target,
// 4 no arguments (field initializers), none at the top level.
TEST(JsLower, DirectEvalPassesWhatItsCallerAllows) {
  expect_lowers("eval('y')",
                sync_program("eval(__oda_lower_eval('y'));"));
  expect_lowers("function f() { return () => eval('x'); }",
                sync_program("function f() {var __this = this;return (function() {return (eval(__oda_lower_eval('x', (__oda_evthis = __this, 3))));});}"));
  expect_lowers("class F { a = eval('1'); }",
                sync_program("var F = (function(){\"use strict\";var __proto = __oda_class(F, null), __fi;function F() {if (!(this instanceof F)) __oda_nonew(F);__fi(this);}__fi = function(__s){__s[\"a\"] = eval(__oda_lower_eval('1', (__oda_evthis = __s, 7), \"Object.prototype\"));};return F;})();"));
  expect_lowers("function g(a = eval('1')) { return a; }",
                sync_program("function g() {var a = arguments[0];if (a === void 0) a = eval(__oda_lower_eval('1', 2, \"\", \"a\"));return a;}"));
}

// Static async generators, async methods (this captured for the coroutine), generator
// methods; field initializers run in __fi with the instance as __s; computed keys.
TEST(JsLower, ClassMethodsOfEveryKind) {
  expect_lowers("class A { static async *gen() { yield 1; } async m() { await this.x; } *it() { yield* [1]; } }",
                sync_program("var __tqa = __oda_await, __tqc = __oda_async_call;var A = (function(){\"use strict\";var __proto = __oda_class(A, null);function A() {if (!(this instanceof A)) __oda_nonew(A);}__oda_m(A, \"gen\", __oda_genfn(function gen() {var __tfn = __oda_callee();return __oda_agen(function(__g){__tqa(__g.y(1));}, __tfn, this);}, 1));__oda_m(__proto, \"m\", function m() {var __this = this;return __tqc(function(){__tqa(__this.x);});});__oda_m(__proto, \"it\", __oda_genfn(function it() {var __tfn = __oda_callee();return __oda_gen(function(){__oda_yieldstar([1]);}, __tfn, this);}));return A;})();"));
  expect_lowers("class C { x = () => this; [k] = 1; static [m]() {} }",
                sync_program("var C = (function(){\"use strict\";var __proto = __oda_class(C, null), __fi;function C() {if (!(this instanceof C)) __oda_nonew(C);__fi(this);}__fi = function(__s){__s[\"x\"] = (function x() {return (__s);});__s[k] = 1;};__oda_m(C, m, function() {});return C;})();"));
}

// super in an arrow of a derived constructor reads through __self; in a static method,
// the parent class itself; super.x = v assigns on this.
TEST(JsLower, SuperInArrowsStaticsAndAssignments) {
  expect_lowers("class B extends A { constructor() { super(); this.f = () => super.m(); } static s() { return super.s(); } }",
                sync_program("var B = (function(__super){\"use strict\";var __proto = __oda_class(B, __super);function B() {if (!(this instanceof B)) __oda_nonew(B);var __self;(__self = __oda_super(__super, this, []), __self);__self.f = (function() {return (__super.prototype.m.call(__self));});return __oda_self(__self);}__oda_m(B, \"s\", function s() {return __super.s.call(this);});return B;})(A);"));
  expect_lowers("class D extends A { m() { super.x = 1; return super[k]; } }",
                sync_program("var D = (function(__super){\"use strict\";var __proto = __oda_class(D, __super);function D() {if (!(this instanceof D)) __oda_nonew(D);var __self = __oda_super(__super, this, arguments);return __self;}__oda_m(__proto, \"m\", function m() {this.x = 1;return __oda_sget(__super.prototype, k, this);});return D;})(A);"));
}

TEST(JsLower, DestructuringInParametersCatchAndLoopHeads) {
  expect_lowers("function f({a, ...rest}, ...more) { return [a, rest, more]; }",
                sync_program("function f(__p0) {var __t1;var __t1 = __p0, a = __t1.a, rest = __oda_orest(__t1, [\"a\"]);var more = Array.prototype.slice.call(arguments, 1);return [a, rest, more];}"));
  expect_lowers("for (const [k, {v = 0}] of entries) use(k, v);",
                sync_program("var __t1, __t2, __t3, __t4, __t5, __t6, __t7, __t8, __tsi = __oda_SI, __tav = __oda_AV;try {for (__t1 = __oda_iter(entries, \"entries\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var __t4 = (__t2 ? __t2[__t3++] : __t1.v), __t5 = __t4, __t5 = __t5 != null && __t5[__tsi] === __tav ? __t5 : __oda_arr(__t5, 2), k = __t5[0], __t6 = __t5[1], __t7 = __t6.v, __t8 = __t7 === void 0 ? (0) : __t7, v = __t8;use(k, v);}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }"));
  expect_lowers("try { f(); } catch ({message}) { log(message); }",
                sync_program("var __t1;try {f();} catch (__e) {var __t1 = __e, message = __t1.message;log(message);}"));
  expect_lowers("for (const [k, v] in o) {}",
                sync_program("var __t1, __t2, __tsi = __oda_SI, __tav = __oda_AV;for (__t1 in o) {var __t2 = __t1, __t2 = __t2 != null && __t2[__tsi] === __tav ? __t2 : __oda_arr(__t2, 2), k = __t2[0], v = __t2[1];{}}"));
}

// Each tagged template site gets its own cache number, so the same text twice is two sites.
TEST(JsLower, EachTaggedTemplateSiteHasItsOwnCache) {
  expect_lowers("s = tag`a` + tag`a`",
                sync_program("s = tag(__oda_tpl(1, [\"a\"], [\"a\"])) + tag(__oda_tpl(2, [\"a\"], [\"a\"]));"));
}

TEST(JsLower, OperandsKeepTheirGrouping) {
  expect_lowers("y = (-x) ** 2",
                sync_program("y = Math.pow((-x), 2);"));
  expect_lowers("new (f())(...xs)",
                sync_program("__oda_new(__oda_ctor((f()), \"f(...)\"), __oda_spr(xs));"));
}

// typeof is no exception to the dead zone.
TEST(JsLower, TypeofOfADeadBindingThrows) {
  expect_lowers("x = typeof t; let t;",
                sync_program("x = typeof __oda_tdz(\"t\");var t = void 0;"));
}

// A block in a switch case runs once: its captured bindings need no closure.
TEST(JsLower, BlocksInSwitchCasesNeedNoClosure) {
  expect_lowers("switch (k) { case 1: { const c = 2; fns.push(() => c); } }",
                sync_program("switch (k) {case 1:{var c = 2;fns.push((function() {return (c);}));}}"));
}

// A named async function expression still sees its own name inside the coroutine.
TEST(JsLower, AwaitInLoopsAndObjectMethodsOfEveryKind) {
  expect_lowers("async function f() { for (const p of ps) await p; }",
                sync_program("var __tqa = __oda_await, __tqc = __oda_async_call;function f() {return __tqc(function(){var __t1, __t2, __t3;try {for (__t1 = __oda_iter(ps, \"ps\"), __t2 = __t1.a, __t3 = 0; __t2 ? __t3 < __t2.length : __oda_step(__t1);) {var p = (__t2 ? __t2[__t3++] : __t1.v);__tqa(p);}} catch (__ce) { __oda_closeq(__t1); throw __ce; } finally { __oda_close(__t1); }});}"));
  expect_lowers("const o = { async m() { await 1; }, *g() { yield 2; }, async *ag() {} }",
                sync_program("var __tqa = __oda_await, __tqc = __oda_async_call;var o = {m: function m() {return __tqc(function(){__tqa(1);});}, g: __oda_genfn(function g() {var __tfn = __oda_callee();return __oda_gen(function(){__oda_yield(2);}, __tfn, this);}), ag: __oda_genfn(function ag() {var __tfn = __oda_callee();return __oda_agen(function(__g){}, __tfn, this);}, 1)};"));
  expect_lowers("f = async function named() { return named; }",
                sync_program("var __tqj = __oda_async_reject, __tqr = __oda_async_resolved;f = (function named() {try {return __tqr(named);} catch (__e) {return __tqj(__e);}});"));
}

TEST(JsLower, HolesShorthandsAndChainedOptionalCalls) {
  expect_lowers("a = [1, , 3]",
                sync_program("a = [1, , 3];"));
  expect_lowers("r = a?.b?.()",
                sync_program("var __t1, __t2;r = ((__t1 = a) == null ? void 0 : (__t2 = __t1.b) == null ? void 0 : __t2.call(__t1));"));
  expect_lowers("x = { a, b, c: d }",
                sync_program("x = {a: a, b: b, c: d};"));
}

TEST(JsLower, TemporalDeadZone) {
  expect_lowers("x = 1; let x;",
                sync_program("__oda_tdz(\"x\");var x = void 0;"));
  expect_lowers("function f() { return y; }\n"
                "const y = 1;",
                sync_program("y = __oda_TDZ;function f() {return (y === __oda_TDZ ? __oda_tdz(\"y\") : y);}\n"
                             "var y = 1;"));
  expect_lowers("const z = 1; function g() { return z; }",
                sync_program("var z = 1;function g() {return z;}"));
}

TEST(JsLower, StringsAndNamesGetES5Spellings) {
  expect_lowers("s = '\\u{1F600}'",
                sync_program("s = '\\ud83d\\ude00';"));
  expect_lowers("s = /a(?<n>b)/u",
                sync_program("s = __oda_regexp(\"a(?<n>b)\", \"u\");"));
  expect_lowers("café = 1",
                sync_program("caf$u00e9 = 1;"));
}

TEST(JsLower, ReportsUnsupportedSyntaxWithTheLine) {
  EXPECT_EQ(lower_error("const a = 1;\nimport x from 'y';"), "SyntaxError: import declarations are not supported (line 2)");
  EXPECT_EQ(lower_error("\nclass A { m() { return this.#nope; } }"),
            "SyntaxError: private field '#nope' must be declared in an enclosing class (line 2)");
  EXPECT_EQ(lower_error("function f() { super.x(); }"), "SyntaxError: 'super' keyword unexpected here (line 1)");
  EXPECT_EQ(lower_error("r = #x in o"), "SyntaxError: private field '#x' must be declared in an enclosing class (line 1)");
  EXPECT_EQ(lower_error("class C extends (o => o.#x) { #x; }"),
            "SyntaxError: private field '#x' must be declared in an enclosing class (line 1)");
  EXPECT_EQ(lower_error("f(new.target)"), "SyntaxError: new.target expression is not allowed here (line 1)");
}

TEST(JsLower, EarlyErrorsNameTheProblem) {
  EXPECT_EQ(lower_error("let a = 1;\nlet a = 2;"), "SyntaxError: Identifier 'a' has already been declared (line 2)");
  EXPECT_EQ(lower_error("{ let b; { var b; } }"), "SyntaxError: Identifier 'b' has already been declared (line 1)");
  EXPECT_EQ(lower_error("const c;"), "SyntaxError: missing initializer in const declaration (line 1)");
  EXPECT_EQ(lower_error("f = (x, x) => x"), "SyntaxError: duplicate parameter name 'x' (line 1)");
  EXPECT_EQ(lower_error("n = 1__0"), "SyntaxError: invalid numeric separator (line 1)");
  EXPECT_EQ(lower_error("v = a ?? b || c"), "SyntaxError: cannot mix ?? with && or || without parentheses (line 1)");
  EXPECT_EQ(lower_error("if (x) let y = 1;"), "SyntaxError: lexical declaration cannot appear in a single-statement context (line 1)");
  EXPECT_EQ(lower_error("s = `\\8`"), "SyntaxError: invalid escape sequence in template literal (line 1)");
  EXPECT_EQ(lower_error("class A { constructor() {} get constructor() {} }"),
            "SyntaxError: class constructor may not be an accessor, a generator or async (line 1)");
}

// A block function beside a let of its name is not hoisted (annex B.3.3): the block's own
// binding, renamed, and named as written at the block's entry.
TEST(JsLower, BlockFunctionBesideALetStaysInItsBlock) {
  expect_lowers("let x = 1; { function x() {} x(); } y = x;",
                sync_program("var x = 1;{__oda_fname(x$1, \"x\");function x$1() {}x$1();}y = x;"));
}

// Annex B hoists a block function to its function in sloppy code only: in strict code (a
// "use strict" body, a class) it is the block's own, as if there were a let of its name.
TEST(JsLower, StrictBlockFunctionStaysInItsBlock) {
  expect_lowers("function g() { 'use strict'; { function f() {} } return typeof f; }",
                sync_program("function g() {'use strict';{__oda_fname(f$1, \"f\");function f$1() {}}return typeof f;}"));
  expect_lowers("function g() { { function f() {} } return typeof f; }",
                sync_program("function g() {{function f() {}}return typeof f;}"));
}

// A derived constructor's `return v` goes through __oda_dret, which checks v (an object, or
// undefined for this, else TypeError) instead of returning it unchecked.
TEST(JsLower, DerivedConstructorReturnValue) {
  expect_lowers("class A extends B { constructor() { super(); return x; } }",
                sync_program("var A = (function(__super){\"use strict\";var __proto = __oda_class(A, __super);function A() {if (!(this instanceof A)) __oda_nonew(A);var __self;(__self = __oda_super(__super, this, []), __self);return __oda_dret((x), __self);return __oda_self(__self);}return A;})(B);"));
}

// this in a derived constructor before its top-level super() statement reads through
// __oda_nothis (node's ReferenceError while super() has not run); after it, plain __self. A
// super() that may be a second one passes __self so the runtime can refuse it.
TEST(JsLower, DerivedConstructorThisBeforeSuper) {
  expect_lowers("class A extends B { constructor() { this.y = 1; super(); this.z = 2; } }",
                sync_program("var A = (function(__super){\"use strict\";var __proto = __oda_class(A, __super);function A() {if (!(this instanceof A)) __oda_nonew(A);var __self;(__self || __oda_nothis()).y = 1;(__self = __oda_super(__super, this, []), __self);__self.z = 2;return __oda_self(__self);}return A;})(B);"));
  expect_lowers("class A extends B { constructor() { super(); super(); } }",
                sync_program("var A = (function(__super){\"use strict\";var __proto = __oda_class(A, __super);function A() {if (!(this instanceof A)) __oda_nonew(A);var __self;(__self = __oda_super(__super, this, []), __self);(__self = __oda_super_once(__super, this, [], __self), __self);return __oda_self(__self);}return A;})(B);"));
  expect_lowers("class A extends B { constructor(x) { if (x) super(); this.z = 1; } }",
                sync_program("var A = (function(__super){\"use strict\";var __proto = __oda_class(A, __super);function A(x) {if (!(this instanceof A)) __oda_nonew(A);var __self;if (x) (__self = __oda_super_once(__super, this, [], __self), __self);(__self || __oda_nothis()).z = 1;return __oda_self(__self);}return A;})(B);"));
}

}  // namespace
}  // namespace oda::js


