// Unit tests of the lowering's conformance fixes: regex literal early errors, eval code
// (lower_script), direct eval, (a?.b)() receivers, runtime names and Error options.
#include <gtest/gtest.h>

#include "js/lower.h"

namespace oda::js {
namespace {

std::string lowered(std::string_view src, bool script = false) {
  std::string out;
  LowerError err;
  bool ok = script ? lower_script(src, &out, &err) : lower_program(src, &out, &err);
  EXPECT_TRUE(ok) << err.message;
  return out;
}

bool has(const std::string& s, std::string_view what) { return s.find(what) != std::string::npos; }

TEST(JsLowerConf, InvalidRegexLiteralIsAnEarlyErrorAtItsLine) {
  std::string out;
  LowerError err;
  EXPECT_FALSE(lower_program("let a = 1;\n\nconst r = /a++/;", &out, &err));
  EXPECT_EQ(err.message, "SyntaxError: Invalid regular expression: /a++/: Nothing to repeat (line 3)");
  EXPECT_EQ(err.line, 3);
  EXPECT_FALSE(lower_program("/x/q", &out, &err));
  EXPECT_EQ(err.message, "SyntaxError: Invalid regular expression flags (line 1)");
  EXPECT_TRUE(has(lowered("return /(?<y>\\d+)/u"), "__oda_regexp("));
}

TEST(JsLowerConf, ScriptsStayAtTopLevelWithTheirOwnTemps) {
  std::string out = lowered("const o = {a: 1};\nlet v = o?.a ?? 2;\nv", true);
  EXPECT_EQ(out.find("__oda_async"), std::string::npos) << out;
  EXPECT_TRUE(has(out, "__te1")) << out;
  EXPECT_FALSE(has(out, "__t1")) << out;
  // The completion value is the last expression statement, on its own line; the script's
  // own let binding gets a name of its own (eval's lexical environment).
  std::string last = out.substr(out.rfind('\n') + 1);
  EXPECT_EQ(last.rfind("__e", 0), 0u) << last;
  EXPECT_EQ(last.substr(last.size() - 3), "_v;") << last;
  EXPECT_TRUE(has(lowered("var w = 1;\nw", true), "\nw;"));
}

TEST(JsLowerConf, DirectEvalLowersItsArgumentAndIndirectEvalIsTheWrapper) {
  std::string out = lowered("return eval(src, 1)");
  EXPECT_TRUE(has(out, "eval(__oda_lower_eval(src), 1)")) << out;
  out = lowered("return (0, eval)(src)");
  EXPECT_TRUE(has(out, "(0, __oda_ieval)(src)")) << out;
  out = lowered("const eval2 = 1; function f(eval) { return eval(1) } return f");
  EXPECT_FALSE(has(out, "__oda_lower_eval")) << out;
}

TEST(JsLowerConf, ParenthesizedOptionalMemberCallKeepsItsReceiver) {
  std::string out = lowered("return (a?.b)(1, 2)");
  EXPECT_TRUE(has(out, "((__t1 = a) == null ? void 0 : __t1.b).call(__t1, 1, 2)")) << out;
  out = lowered("return (a?.b.c)(...xs)");
  EXPECT_TRUE(has(out, ".apply(__t2, ")) << out;
}

TEST(JsLowerConf, FunctionsUnderLiteralAndComputedKeysAreNamedAtRunTime) {
  std::string out = lowered("const o = {'a-b': () => 1, 7: function () {}, [k]: () => 2}");
  EXPECT_TRUE(has(out, "__oda_fname((function")) << out;
  EXPECT_TRUE(has(out, ", 'a-b')")) << out;
  EXPECT_TRUE(has(out, ", String(7))")) << out;
  EXPECT_TRUE(has(out, ", true)")) << out;  // __oda_defprop(o, k, fn, true)
  // A plain identifier binding keeps the function expression's own name.
  EXPECT_TRUE(has(lowered("const f = () => 1"), "function f(")) << lowered("const f = () => 1");
}

TEST(JsLowerConf, ErrorConstructorsWithOptionsSetTheCauseInPlace) {
  std::string out = lowered("throw new TypeError('m', {cause: e})");
  EXPECT_TRUE(has(out, "__oda_cause(new TypeError('m', __t1 = {cause: e}), __t1)")) << out;
  out = lowered("return Error('m', o)");
  EXPECT_TRUE(has(out, "__oda_cause(Error('m', __t1 = o), __t1)")) << out;
  // Only the engine's own constructors, and only with options.
  EXPECT_FALSE(has(lowered("return new Error('m')"), "__oda_cause"));
  EXPECT_FALSE(has(lowered("class Error {}; return new Error('m', o)"), "__oda_cause"));
  // A constructor known only at run time is checked then; declared classes never are.
  out = lowered("const K = f(); return new K('m', o)");
  EXPECT_TRUE(has(out, "__oda_ecause(K, new K('m', __t1 = o), __t1)")) << out;
  EXPECT_FALSE(has(lowered("class K {}; return new K('m', o)"), "__oda_ecause"));
  EXPECT_FALSE(has(lowered("return new Date(1, 2)"), "__oda_ecause"));
}

}  // namespace
}  // namespace oda::js
