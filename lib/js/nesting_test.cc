// Unit tests of the nesting limit: every recursive production of the parser refuses deeper
// code, the tree check counts left-deep chains as one level, and the deepest programs the
// compiler accepts fit in an eighth of the worker's 8 MiB stack.
#include "js/nesting.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <functional>
#include <string>

#include "js/lower.h"
#include "js/parser.h"

namespace oda::js {
namespace {

std::string rep(const std::string& s, int n) {
  std::string o;
  for (int i = 0; i < n; i++) o += s;
  return o;
}

// One shape per recursive production: its source nested n deep.
struct Shape {
  const char* name;
  std::function<std::string(int)> src;
};
const Shape kShapes[] = {
    {"parentheses", [](int n) { return "x = " + rep("(", n) + "1" + rep(")", n); }},
    {"arrays", [](int n) { return "x = " + rep("[", n) + rep("]", n); }},
    {"objects", [](int n) { return "x = " + rep("{a:", n) + "1" + rep("}", n); }},
    {"array patterns", [](int n) { return "const " + rep("[", n) + "x" + rep("]", n) + " = v"; }},
    {"object patterns", [](int n) { return "const " + rep("{a:", n) + "x" + rep("}", n) + " = v"; }},
    {"new", [](int n) { return "x = " + rep("new ", n) + "X"; }},
    {"class extends", [](int n) { return "x = " + rep("class extends ", n) + "Object" + rep(" {}", n); }},
    {"**", [](int n) { return "x = " + rep("a ** ", n) + "a"; }},
    {"??", [](int n) { return "x = " + rep("a ?? ", n) + "a"; }},
    {"||", [](int n) { return "x = " + rep("a || ", n) + "a"; }},
    {"unary", [](int n) { return "x = " + rep("!", n) + "a"; }},
    {"conditional", [](int n) { return "x = " + rep("a ? 0 : ", n) + "1"; }},
    {"assignment", [](int n) { return rep("a = ", n) + "1"; }},
    {"functions", [](int n) { return rep("function f() {", n) + rep("}", n); }},
    {"arrows", [](int n) { return "x = " + rep("() => ", n) + "1"; }},
    {"blocks", [](int n) { return rep("{", n) + rep("}", n); }},
    {"ifs", [](int n) { return rep("if (a) ", n) + ";"; }},
    {"templates", [](int n) { return "x = " + rep("`${", n) + "1" + rep("}`", n); }},
};

// Runs f on a thread of its own with a stack of the given size (a guard page below it).
void on_stack(size_t bytes, const std::function<void()>& f) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  pthread_t t;
  auto run = [](void* p) -> void* {
    (*static_cast<const std::function<void()>*>(p))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&t, &attr, run, const_cast<std::function<void()>*>(&f)), 0);
  pthread_join(t, nullptr);
  pthread_attr_destroy(&attr);
}

TEST(JsNesting, EveryRecursiveShapeIsRefusedPastTheLimitWithTheLine) {
  const std::string msg = nesting_message() + " (line 2)";
  for (const Shape& s : kShapes) {
    std::string out;
    LowerError err;
    EXPECT_FALSE(lower_program("ok = 1\n" + s.src(30000), &out, &err)) << s.name;
    EXPECT_EQ(err.message, msg) << s.name;
    EXPECT_EQ(err.line, 2) << s.name;
  }
  EXPECT_EQ(nesting_message(), "SyntaxError: program nests deeper than 750 levels");
}

TEST(JsNesting, ShapesWellUnderTheLimitLower) {
  for (const Shape& s : kShapes) {
    std::string out;
    LowerError err;
    EXPECT_TRUE(lower_program(s.src(100), &out, &err)) << s.name << ": " << err.message;
  }
}

// The parser counts one level per parenthesis, bracket, prefix operator or **, as the tree
// check does: a guard per grammar rule would refuse them at a third of the limit.
TEST(JsNesting, OneLevelPerParenthesisBracketAndOperator) {
  const int n = kMaxNesting - 10;
  const std::string srcs[] = {"x = " + rep("(", n) + "1" + rep(")", n), "x = " + rep("[", n) + rep("]", n),
                              "x = " + rep("!", n) + "a", "x = " + rep("a ** ", n) + "a",
                              "x = " + rep("a ? 0 : ", n) + "1"};
  for (const std::string& src : srcs) {
    std::string out;
    LowerError err;
    EXPECT_TRUE(lower_program(src, &out, &err)) << src.substr(0, 12) << ": " << err.message;
  }
}

// Left-deep chains are walked in loops by the parser, the resolver and the printer: any length.
TEST(JsNesting, LeftDeepChainsOfAnyLengthLower) {
  const std::string chains[] = {"x = 'a'" + rep(" + 'a'", 30000), "x = a" + rep(".b", 30000),
                                "x = f" + rep("()", 30000), "x = a" + rep("[0]", 30000),
                                "x = a" + rep(" < a", 30000) + rep(" - a", 30000)};
  for (const std::string& src : chains) {
    std::string out;
    LowerError err;
    EXPECT_TRUE(lower_program(src, &out, &err)) << err.message;
  }
  std::string out;
  LowerError err;
  ASSERT_TRUE(lower_program("x = a.b(1)[c](d).e + f\n  + g", &out, &err));
  EXPECT_NE(out.find("x = a.b(1)[c](d).e + f + \ng;"), std::string::npos) << out;
}

TEST(JsNesting, ChainLinksDoNotCountButOtherChildrenDo) {
  Arena ar;
  ParseError perr;
  int line = 0;
  Node* p = parse_program("x = a" + rep(".b", 5000) + rep(" + c", 5000), ar, &perr);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(nesting_ok(p, &line));
  Arena ar2;
  p = parse_program("x = a ?? b ?? c", ar2, &perr);
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(chain_link(p->a[0]->a[0]->a[1]));  // ?? nests in the ES5 it becomes
  Arena ar3;
  p = parse_program("f(...a)(b)", ar3, &perr);
  EXPECT_FALSE(chain_link(p->a[0]->a[0]->a[0]));  // a spread call is printed on its own
}

// The measurement behind the limit: the deepest program of every shape that the compiler
// accepts (limit - 10 source levels, at least one tree level each) parses, resolves and
// lowers on a 1 MiB stack, an eighth of the worker's; past the limit it fails there too.
TEST(JsNesting, TheDeepestAcceptedProgramsFitInOneMiBOfStack) {
#if defined(__SANITIZE_ADDRESS__)
  // ASan's frames are several times larger: the stack make check-sanitize gives its runs
  // (ulimit -s 65536; 8 MiB overflowed in Emitter::class_ at 740 nested classes).
  const size_t kStack = 64u << 20;
#else
  const size_t kStack = 1u << 20;
#endif
  for (const Shape& s : kShapes) {
    for (int n : {kMaxNesting - 10, 30000}) {
      std::string src = s.src(n), out;
      LowerError err;
      bool ok = false;
      on_stack(kStack, [&] { ok = lower_program(src, &out, &err); });
      EXPECT_TRUE(ok || err.message == nesting_message() + " (line 1)") << s.name << " " << n << ": " << err.message;
    }
  }
  // Chains of 30,000 links too: the walks that still recurse over them (whether a body
  // awaits) take a small frame per link.
  for (const std::string& src : {"x = async () => 'a'" + rep(" + 'a'", 30000), "x = a" + rep(".b()", 30000)}) {
    std::string out;
    LowerError err;
    bool ok = false;
    on_stack(kStack, [&] { ok = lower_program(src, &out, &err); });
    EXPECT_TRUE(ok) << err.message;
  }
}

}  // namespace
}  // namespace oda::js
