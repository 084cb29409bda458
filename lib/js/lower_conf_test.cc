// Unit tests of the lowering's conformance fixes: regex literal early errors, eval code
// (lower_script), direct eval, (a?.b)() receivers, runtime names and Error options.
#include <gtest/gtest.h>

#include "js/expect_lowers.h"
#include "js/lower.h"

namespace oda::js {
namespace {

using testing::expect_lowers;
using testing::sync_program;

std::string lowered_script(std::string_view src) {
  std::string out;
  LowerError err;
  EXPECT_TRUE(lower_script(src, &out, &err)) << err.message;
  return out;
}

bool has(const std::string& s, std::string_view what) { return s.find(what) != std::string::npos; }

// eval code's top-level vars may be the global object's accessors or stand behind a with
// statement around the eval: reading one may run code, so what comes before converts first.
TEST(JsLowerConf, ScriptTopLevelVarsMayRunCodeWhenRead) {
  EXPECT_TRUE(has(lowered_script("var a, b; s = 'x' + a + b"), "typeof (__te1 = (a))"));
  EXPECT_TRUE(has(lowered_script("(function () { var a, b; s = 'x' + a + b; })"), "s = __tepc('x', a, b);"));
}

TEST(JsLowerConf, InvalidRegexLiteralIsAnEarlyErrorAtItsLine) {
  std::string out;
  LowerError err;
  EXPECT_FALSE(lower_program("let a = 1;\n\nconst r = /a++/;", &out, &err));
  EXPECT_EQ(err.message, "SyntaxError: Invalid regular expression: /a++/: Nothing to repeat (line 3)");
  EXPECT_EQ(err.line, 3);
  EXPECT_FALSE(lower_program("/x/q", &out, &err));
  EXPECT_EQ(err.message, "SyntaxError: Invalid regular expression flags (line 1)");
  expect_lowers("return /(?<y>\\d+)/u",
                sync_program("return __oda_regexp(\"(?<y>\\\\d+)\", \"u\");"));
}

// Substring checks here: each script's let bindings get a prefix (__e<N>_) counted over
// the process's lowerings, so the exact name depends on what ran before.
TEST(JsLowerConf, ScriptsStayAtTopLevelWithTheirOwnTemps) {
  std::string out = lowered_script("const o = {a: 1};\nlet v = o?.a ?? 2;\nv");
  EXPECT_EQ(out.find("__oda_async"), std::string::npos) << out;
  EXPECT_TRUE(has(out, "__te1")) << out;
  EXPECT_FALSE(has(out, "__t1")) << out;
  // The completion value is the last expression statement, on its own line; the script's
  // own let binding gets a name of its own (eval's lexical environment).
  std::string last = out.substr(out.rfind('\n') + 1);
  EXPECT_EQ(last.rfind("__e", 0), 0u) << last;
  EXPECT_EQ(last.substr(last.size() - 3), "_v;") << last;
  // Without let, const or class the script has no varying names.
  EXPECT_EQ(lowered_script("var w = 1;\nw"), "var w = 1;\nw;");
}

// eval's result is ES2015's completion value: a loop, if, try, switch or with whose body
// leaves none is undefined, not the value before it (the engine keeps ES5's), and neither a
// finally block nor for-of's element assignment and closing give the result a value.
TEST(JsLowerConf, ScriptCompletionValuesAreES2015s) {
  EXPECT_EQ(lowered_script("1; for (;;) { break; }"), "1;{void 0; for (; ; ) {break;}}");
  EXPECT_EQ(lowered_script("if (a) while (b) ;"), "{void 0; if (a) {void 0; while (b) ;}}");
  EXPECT_EQ(lowered_script("try { 1 } finally { 2 }"), "var __te1;{void 0; try {1;} finally {var __te1 = (2);}}");
  EXPECT_TRUE(has(lowered_script("var a; for (a of b) 1"), "{var __te4 = (a = (__te2 ? __te2[__te3++] : __te1.v));1;}"));
  EXPECT_TRUE(has(lowered_script("var a; for (a of b) 1"), "finally { var __te5 = (__oda_close(__te1)); }"));
  // Function bodies keep their statements as written.
  EXPECT_EQ(lowered_script("(function () { if (a) b; })"), "((function() {if (a) b;}));");
}

TEST(JsLowerConf, ScriptFlagsSayWhatTheCallerAllows) {
  std::string out;
  LowerError err;
  EXPECT_FALSE(lower_script("new.target", &out, &err));
  EXPECT_EQ(err.message, "SyntaxError: new.target expression is not allowed here (line 1)");
  out.clear();
  EXPECT_TRUE(lower_script("new.target", &out, &err, EvalFlags::NewTarget)) << err.message;
  EXPECT_EQ(out, "__oda_newtarget(this, arguments.callee);");
  out.clear();
  EXPECT_TRUE(lower_script("this.x", &out, &err, EvalFlags::LexicalThis)) << err.message;
  EXPECT_EQ(out, "var __tethis = __oda_evthis;__tethis.x;");
  EXPECT_FALSE(lower_script("arguments", &out, &err, EvalFlags::NoArguments));
  EXPECT_EQ(err.message,
            "SyntaxError: 'arguments' is not allowed in class field initializer or static initialization block (line 1)");
  EXPECT_FALSE(lower_script("var arguments;", &out, &err, EvalFlags::ArgumentsParam));
  EXPECT_EQ(err.message, "SyntaxError: Identifier 'arguments' has already been declared (line 1)");
}

TEST(JsLowerConf, DirectEvalLowersItsArgumentAndIndirectEvalIsTheWrapper) {
  expect_lowers("return eval(src, 1)",
                sync_program("return eval(__oda_lower_eval(src), 1);"));
  expect_lowers("return (0, eval)(src)",
                sync_program("return (0, __oda_ieval)(src);"));
  expect_lowers("const eval2 = 1; function f(eval) { return eval(1) } return f",
                sync_program("var eval2 = 1;function f(eval) {return eval(1);}return f;"));
}

TEST(JsLowerConf, ParenthesizedOptionalMemberCallKeepsItsReceiver) {
  expect_lowers("return (a?.b)(1, 2)",
                sync_program("var __t1;return ((__t1 = a) == null ? void 0 : __t1.b).call(__t1, 1, 2);"));
  expect_lowers("return (a?.b.c)(...xs)",
                sync_program("var __t1, __t2;return ((__t1 = a) == null ? void 0 : (__t2 = __t1.b).c).apply(__t2, __oda_spr(xs));"));
}

// Under a string or numeric key __oda_fname names the function; under a computed key the
// last argument of __oda_defprop (true) does, at run time.
TEST(JsLowerConf, FunctionsUnderLiteralAndComputedKeysAreNamedAtRunTime) {
  expect_lowers("const o = {'a-b': () => 1, 7: function () {}, [k]: () => 2}",
                sync_program("var __t1;var o = (__t1 = {'a-b': __oda_fname((function() {return (1);}), 'a-b'), 7: __oda_fname((function() {}), String(7))}, __oda_defprop(__t1, k, (function k() {return (2);}), true), __t1);"));
  expect_lowers("const f = () => 1",
                sync_program("var f = (function f() {return (1);});"));
}

// Only the engine's own constructors, and only with options; a constructor known only at
// run time is checked then (__oda_ecause), declared classes never are.
TEST(JsLowerConf, ErrorConstructorsWithOptionsSetTheCauseInPlace) {
  expect_lowers("throw new TypeError('m', {cause: e})",
                sync_program("var __t1;throw __oda_cause(new TypeError('m', __t1 = {cause: e}), __t1);"));
  expect_lowers("return Error('m', o)",
                sync_program("var __t1;return __oda_cause(Error('m', __t1 = o), __t1);"));
  expect_lowers("return new Error('m')",
                sync_program("return new Error('m');"));
  expect_lowers("class Error {}; return new Error('m', o)",
                sync_program("var Error = (function(){\"use strict\";var __proto = __oda_class(Error, null);function Error() {if (!(this instanceof Error)) __oda_nonew(Error);}return Error;})();;return new Error('m', o);"));
  expect_lowers("const K = f(); return new K('m', o)",
                sync_program("var __t1;var K = f();return (__oda_ecause(K, new K('m', __t1 = o), __t1));"));
  expect_lowers("class K {}; return new K('m', o)",
                sync_program("var K = (function(){\"use strict\";var __proto = __oda_class(K, null);function K() {if (!(this instanceof K)) __oda_nonew(K);}return K;})();;return new K('m', o);"));
  expect_lowers("return new Date(1, 2)",
                sync_program("return new Date(1, 2);"));
}

}  // namespace
}  // namespace oda::js
