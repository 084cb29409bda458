// Unit tests of the lowering: each modern construct comes out as ES5 on its own line.
#include "js/lower.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace oda::js {
namespace {

std::string lower(std::string_view src) {
  std::string out;
  LowerError err;
  EXPECT_TRUE(lower_program(src, &out, &err)) << err.message;
  return out;
}

std::string lower_error(std::string_view src) {
  std::string out;
  LowerError err;
  EXPECT_FALSE(lower_program(src, &out, &err)) << out;
  return err.message;
}

bool has(const std::string& out, std::string_view what) { return out.find(what) != std::string::npos; }

// Line n (1-based) of the text.
std::string line(const std::string& s, int n) {
  size_t b = 0;
  for (int i = 1; i < n; i++) b = s.find('\n', b) + 1;
  return s.substr(b, s.find('\n', b) - b);
}

TEST(JsLower, WrapsTheProgramAsAnAsyncBodyKeepingLineOne) {
  std::string out = lower("return await 42");
  EXPECT_EQ(out.rfind("(__oda_async(function(){", 0), 0u);
  EXPECT_TRUE(has(line(out, 1), "return __oda_await(42);"));
}

TEST(JsLower, AsyncBodiesThatNeverAwaitGetNoCoroutine) {
  EXPECT_EQ(lower("return 42").rfind("(__oda_async_sync(function(){", 0), 0u);
  // An await inside a nested function is that function's own.
  std::string out = lower("const f = async () => await 1; return f");
  EXPECT_EQ(out.rfind("(__oda_async_sync(function(){", 0), 0u);
  EXPECT_TRUE(has(out, "__oda_async(function(){return (__oda_await(1));})"));
  EXPECT_EQ(lower("for await (const x of xs) {}").rfind("(__oda_async(function(){", 0), 0u);
  EXPECT_EQ(lower("if (a) { b(await c) }").rfind("(__oda_async(function(){", 0), 0u);
  EXPECT_TRUE(has(lower("async function f(a) { return g(a); }"),
                  "function f(a) {return __oda_async_sync(function(){return g(a);})();}"));
}

TEST(JsLower, EveryStatementStaysOnItsLine) {
  const char* src =
      "const a = [1, 2]\n"
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
      "throw new Error('line 12')\n";
  std::string out = lower(src);
  EXPECT_TRUE(has(line(out, 1), "var a = [1, 2];"));
  EXPECT_TRUE(has(line(out, 3), "__oda_iter(a)"));
  EXPECT_TRUE(has(line(out, 4), "console.log("));
  EXPECT_TRUE(has(line(out, 7), "__oda_m(__proto, \"m\""));
  EXPECT_TRUE(has(line(out, 10), "__oda_await(null)"));
  EXPECT_TRUE(has(line(out, 12), "throw new Error('line 12');"));
}

TEST(JsLower, LetAndConstBecomeVarsRenamedOnlyWhenTheyWouldCollide) {
  std::string out = lower("let x = 1; { let x = 2; log(x); } const y = 3; { const z = 4; }");
  EXPECT_TRUE(has(out, "var x = 1;"));
  EXPECT_TRUE(has(out, "var x$1 = 2;log(x$1);"));
  EXPECT_TRUE(has(out, "var y = 3;"));
  EXPECT_TRUE(has(out, "var z = 4;"));
  // A let without initializer is reset on every evaluation (loops).
  EXPECT_TRUE(has(lower("while (a) { let v; }"), "var v = void 0;"));
}

TEST(JsLower, CapturedLoopBindingsGetAClosurePerIteration) {
  std::string out = lower("for (let i = 0; i < 3; i++) fns.push(() => i);");
  EXPECT_TRUE(has(out, "(function(i){"));
  // A body that steps the counter itself hands the new value on to the next iteration.
  out = lower("for (let i = 0; i < 9; i++) { if (odd(i)) i++; fns.push(() => i); }");
  EXPECT_TRUE(has(out, "finally {__t1 = i;}})(i);i = __t1;"));
  std::string plain = lower("for (let i = 0; i < 3; i++) sum += i;");
  EXPECT_FALSE(has(plain, "(function(i){"));
}

TEST(JsLower, ArrowsCaptureThisAndArguments) {
  std::string out = lower("function f() { return () => [this.x, arguments[0]]; }");
  EXPECT_TRUE(has(out, "var __this = this, __args = arguments;"));
  EXPECT_TRUE(has(out, "[__this.x, __args[0]]"));
}

TEST(JsLower, OperatorsOfES2016To2021) {
  EXPECT_TRUE(has(lower("y = x ** 2"), "Math.pow(x, 2)"));
  EXPECT_TRUE(has(lower("let a; b = a ?? 1"), "(a != null ? a : 1)"));
  EXPECT_TRUE(has(lower("o.n ?\?= 5"), "__t1 = o, __t1.n != null ? __t1.n : (__t1.n = 5)"));
  EXPECT_TRUE(has(lower("let a; a ||= 1"), "(a ? a : (a = 1))"));
  EXPECT_TRUE(has(lower("n = 1_000_000 + 0b101 + 0o17"), "1000000 + 5 + 15"));
}

TEST(JsLower, OptionalChainingKeepsThisForCalls) {
  std::string out = lower("r = a.b?.c(1)");
  EXPECT_TRUE(has(out, "((__t1 = a.b) == null ? void 0 : __t1.c(1))"));
  out = lower("r = a.m?.(1)");
  EXPECT_TRUE(has(out, "((__t2 = (__t1 = a).m) == null ? void 0 : __t2.call(__t1, 1))"));
}

TEST(JsLower, SpreadAndDestructuring) {
  EXPECT_TRUE(has(lower("f(...xs)"), "f.apply(void 0, __oda_spr(xs))"));
  EXPECT_TRUE(has(lower("o.f(1, ...xs)"), "(__t1 = o).f.apply(__t1, [].concat([1], __oda_spr(xs)))"));
  EXPECT_TRUE(has(lower("a = [...xs, 1]"), "[].concat(__oda_spr(xs), [1])"));
  std::string out = lower("const {a, b: [c] = [], ...r} = o;");
  EXPECT_TRUE(has(out, "a = __t1.a"));
  EXPECT_TRUE(has(out, "__oda_arr("));
  EXPECT_TRUE(has(out, "r = __oda_orest(__t1, [\"a\", \"b\"])"));
}

// An array pattern indexes an array with the stock iterator through two locals set once per
// function; only a rest element (which slices) also needs a real Array.
TEST(JsLower, ArrayPatternFastPath) {
  std::string out = lower("function f(ps) { let s = 0; for (const [i, p] of ps) s += i ^ p; return s; }");
  EXPECT_TRUE(has(out, "__tsi = __oda_SI, __tav = __oda_AV;")) << out;
  EXPECT_TRUE(has(out, " != null && __t5[__tsi] === __tav ? __t5 : __oda_arr(__t5, 2)")) << out;
  EXPECT_FALSE(has(out, "instanceof Array")) << out;
  out = lower("const [h, ...t] = xs;");
  EXPECT_TRUE(has(out, " instanceof Array && __t2[__tsi] === __tav ? __t2 : __oda_arr(__t2, -1)")) << out;
  EXPECT_FALSE(has(lower("const {a} = o;"), "__tsi")) << "no locals without an array pattern";
}

TEST(JsLower, TemplatesAndTaggedTemplates) {
  EXPECT_TRUE(has(lower("s = `a${b}c`"), "(\"a\" + (b) + \"c\")"));
  std::string out = lower("s = tag`x${1}\\n`");
  EXPECT_TRUE(has(out, "tag(__oda_tpl(1, [\"x\", \"\\n\"], [\"x\", \"\\\\n\"]), 1)"));
}

TEST(JsLower, AsyncFunctionsAndGeneratorsBecomeCoroutines) {
  std::string out = lower("async function f(a) { return await g(a); }");
  EXPECT_TRUE(has(out, "function f(a) {return __oda_async(function(){return __oda_await(g(a));})();}"));
  out = lower("function* g() { const x = yield 1; yield* xs; }");
  EXPECT_TRUE(has(out, "return __oda_gen(function(){"));
  EXPECT_TRUE(has(out, "__oda_yield(1)"));
  EXPECT_TRUE(has(out, "__oda_yieldstar(xs)"));
  out = lower("async function* g() { yield 1; }");
  EXPECT_TRUE(has(out, "__oda_agen(function(__g){__oda_await(__g.y(1));})"));
}

TEST(JsLower, ClassesWithFieldsPrivatesAndSuper) {
  std::string out = lower("class A extends B { #p = 1; static s = 2; constructor(x) { super(x); this.#p++; } m() { return super.m(); } }");
  EXPECT_TRUE(has(out, "var A = (function(__super){var __proto = __oda_class(A, __super), __fi, __p1_0 = __oda_pname(\"#p\");"));
  EXPECT_TRUE(has(out, "__fi = function(__s){__s[__p1_0] = 1;};"));
  EXPECT_TRUE(has(out, "__self[__p1_0]++"));
  EXPECT_TRUE(has(out, "(__self = __oda_super(__super, this, [x]), __fi(__self), __self)"));
  EXPECT_TRUE(has(out, "__super.prototype.m.call(__self)") || has(out, "__super.prototype.m.call(this)"));
  EXPECT_TRUE(has(out, "})(B);"));
}

TEST(JsLower, ForOfClosesIteratorsOnEarlyExit) {
  EXPECT_TRUE(has(lower("for (const x of xs) { if (x) break; }"), "finally { __oda_close("));
  EXPECT_TRUE(has(lower("function* g() { for (const x of xs) yield x; }"), "finally { __oda_close("));
  EXPECT_FALSE(has(lower("for (const x of [1, 2]) { f(x); }"), "finally"));
}

TEST(JsLower, ReportsUnsupportedSyntaxWithTheLine) {
  EXPECT_EQ(lower_error("const a = 1;\nimport x from 'y';"), "SyntaxError: import declarations are not supported (line 2)");
  EXPECT_EQ(lower_error("\nclass A { m() { return this.#nope; } }"),
            "SyntaxError: private field '#nope' must be declared in an enclosing class (line 2)");
  EXPECT_EQ(lower_error("function f() { super.x(); }"), "SyntaxError: 'super' keyword unexpected here (line 1)");
}

TEST(JsLower, LineContinuationsAndNumberMembersStayValid) {
  std::string out = lower("s = 'a\\\nb'\nx = 5 .toFixed(1)\nthrow y");
  EXPECT_TRUE(has(line(out, 3), "x = (5).toFixed(1);"));
  EXPECT_TRUE(has(line(out, 4), "throw y;"));
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

TEST(JsLower, TemporalDeadZone) {
  EXPECT_TRUE(has(lower("x = 1; let x;"), "__oda_tdz(\"x\");var x = void 0;"));
  // A closure written before the declaration checks at run time.
  std::string out = lower("function f() { return y; }\nconst y = 1;");
  EXPECT_TRUE(has(out, "y = __oda_TDZ;"));
  EXPECT_TRUE(has(out, "(y === __oda_TDZ ? __oda_tdz(\"y\") : y)"));
  EXPECT_FALSE(has(lower("const z = 1; function g() { return z; }"), "__oda_TDZ"));
}

TEST(JsLower, StringsGetES5Escapes) {
  EXPECT_TRUE(has(lower("s = '\\u{1F600}'"), "'\\ud83d\\ude00'"));
  EXPECT_TRUE(has(lower("s = /a(?<n>b)/u"), "__oda_regexp(\"a(?<n>b)\", \"u\")"));
}

}  // namespace
}  // namespace oda::js
