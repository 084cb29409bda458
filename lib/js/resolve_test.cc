// Unit tests of the scope analysis: what each identifier binds to, which block bindings are
// renamed, the temporal dead zone marks, the loops whose bodies need a closure per
// iteration, hoisting, and the redeclarations it refuses.
#include "js/resolve.h"

#include <gtest/gtest.h>

#include "js/parser.h"

namespace oda::js {
namespace {

// A program parsed and resolved, with its identifiers found by name and occurrence.
struct Resolved {
  Arena arena;
  Node* program = nullptr;
  std::string error;

  explicit Resolved(std::string_view src) {
    ParseError perr;
    program = parse_program(src, arena, &perr);
    if (!program) {
      error = perr.message;
      return;
    }
    int line = 0;
    if (!resolve_program(program, arena, &error, &line)) program = nullptr;
  }

  // The nth (from 0) identifier node spelled name, in source order (those the analysis
  // makes for a named expression's own name come after all the parsed ones).
  Node* ident(std::string_view name, int nth = 0) {
    int seen = 0;
    for (Node* n : arena.nodes)
      if (n->k == K::Ident && n->s == name && seen++ == nth) return n;
    ADD_FAILURE() << "no identifier '" << name << "' #" << nth;
    static Node none;
    none.k = K::Empty;
    return &none;
  }
  // The first loop node of kind k.
  Node* loop(K k) {
    for (Node* n : arena.nodes)
      if (n->k == k) return n;
    ADD_FAILURE() << "no such loop";
    static Node none;
    none.k = K::Empty;
    return &none;
  }
};

std::string resolve_error(std::string_view src) {
  Resolved r(src);
  EXPECT_EQ(r.program, nullptr) << src;
  return r.error;
}

TEST(JsResolve, ReferencesBindToTheirDeclarationAndUnknownNamesToNothing) {
  Resolved r("let a = 1; function f(p) { return a + p + g; }");
  ASSERT_NE(r.program, nullptr) << r.error;
  Binding* a = r.ident("a", 0)->b;
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(r.ident("a", 1)->b, a);
  EXPECT_EQ(a->kind, 'l');
  EXPECT_EQ(r.ident("p", 0)->b->kind, 'p');
  EXPECT_EQ(r.ident("p", 1)->b, r.ident("p", 0)->b);
  EXPECT_EQ(r.ident("g")->b, nullptr);  // a global, looked up at run time
}

TEST(JsResolve, BindingKindsAreRecorded) {
  Resolved r("var v; const c = 1; class K {} function f() {} try {} catch (e) { e; }");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_EQ(r.ident("v")->b->kind, 'v');
  EXPECT_EQ(r.ident("c")->b->kind, 'c');
  EXPECT_EQ(r.ident("e", 1)->b->kind, 'e');
  EXPECT_EQ(r.program->scope->names.at("K")->kind, 'k');
  EXPECT_EQ(r.program->scope->names.at("f")->kind, 'f');
}

TEST(JsResolve, VarsHoistToTheFunctionOutOfBlocks) {
  Resolved r("function f() { if (x) { var v = 1; } return v; }");
  ASSERT_NE(r.program, nullptr) << r.error;
  Binding* v = r.ident("v", 0)->b;
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(r.ident("v", 1)->b, v);
  EXPECT_FALSE(v->block_level);
  EXPECT_TRUE(v->scope->is_function);
  // Not in the program's scope: f's own.
  EXPECT_EQ(r.program->scope->names.count("v"), 0u);
}

TEST(JsResolve, FunctionDeclarationsAreVisibleBeforeTheyAppear) {
  Resolved r("g(); function g() {}");
  ASSERT_NE(r.program, nullptr) << r.error;
  ASSERT_NE(r.ident("g")->b, nullptr);
  EXPECT_EQ(r.ident("g")->b->kind, 'f');
}

TEST(JsResolve, BlockBindingsAreRenamedOnlyWhenTheyWouldCollide) {
  // Both x become vars of one function: the inner one needs a name of its own.
  Resolved r("let x = 1; { let x = 2; x; } { let y = 3; }");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_EQ(r.ident("x", 0)->b->out, "x");
  EXPECT_EQ(r.ident("x", 1)->b->out, "x$1");
  EXPECT_EQ(r.ident("x", 2)->b->out, "x$1");
  EXPECT_EQ(r.ident("y")->b->out, "y");
}

TEST(JsResolve, ABlockBindingShadowingAnOuterNameTheFunctionUsesIsRenamed) {
  // g inside f means the global g; f's block-level g, once a var of f, would hide it.
  Resolved r("function f() { { let g = 1; } return g; }");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_EQ(r.ident("g", 0)->b->out, "g$1");
  EXPECT_EQ(r.ident("g", 1)->b, nullptr);
}

TEST(JsResolve, ReadsBeforeTheDeclarationAreInTheDeadZone) {
  Resolved r("x; let x = 1; x;");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_TRUE(r.ident("x", 0)->has(F_TDZ));
  EXPECT_FALSE(r.ident("x", 2)->has(F_TDZ));
  EXPECT_FALSE(r.ident("x", 2)->has(F_TDZCHECK));
  EXPECT_FALSE(r.ident("x", 1)->b->runtime_tdz);
}

TEST(JsResolve, AClosureWrittenBeforeTheDeclarationChecksAtRunTime) {
  Resolved r("function f() { return y; } const y = 1; function g() { return y; }");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_TRUE(r.ident("y", 0)->has(F_TDZCHECK));
  EXPECT_FALSE(r.ident("y", 0)->has(F_TDZ));
  EXPECT_TRUE(r.ident("y", 1)->b->runtime_tdz);
  // Written after the declaration: the binding is initialized whenever it runs.
  EXPECT_FALSE(r.ident("y", 2)->has(F_TDZCHECK));
}

TEST(JsResolve, ADefaultMayNotReadALaterParameter) {
  Resolved r("function f(a = b, b = a) {}");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_TRUE(r.ident("b", 0)->has(F_TDZ));
  EXPECT_FALSE(r.ident("a", 1)->has(F_TDZ));
}

TEST(JsResolve, OnlyLoopsWhoseBlockBindingsAClosureCapturesWrapTheirBody) {
  Resolved captured("for (let i = 0; i < 3; i++) { fns.push(() => i); if (odd(i)) i++; }");
  ASSERT_NE(captured.program, nullptr) << captured.error;
  EXPECT_TRUE(captured.loop(K::For)->wrap_body);
  EXPECT_FALSE(captured.loop(K::For)->copy_bindings);
  EXPECT_TRUE(captured.ident("i")->b->captured);
  // Bindings nothing assigns once set: each closure gets copies as it is made instead.
  Resolved copied("for (let i = 0; i < 3; i++) fns.push(() => i);");
  ASSERT_NE(copied.program, nullptr) << copied.error;
  EXPECT_FALSE(copied.loop(K::For)->wrap_body);
  EXPECT_TRUE(copied.loop(K::For)->copy_bindings);
  for (Node* n : copied.arena.nodes) {
    if (n->k != K::Function) continue;
    EXPECT_EQ(n->copies, std::vector<Binding*>{copied.ident("i")->b});
  }
  Resolved plain("for (let i = 0; i < 3; i++) sum += i;");
  ASSERT_NE(plain.program, nullptr) << plain.error;
  EXPECT_FALSE(plain.loop(K::For)->wrap_body);
  EXPECT_FALSE(plain.ident("i")->b->captured);
  // A var is one binding for all iterations: nothing to copy.
  Resolved var("for (var j = 0; j < 3; j++) fns.push(() => j);");
  ASSERT_NE(var.program, nullptr) << var.error;
  EXPECT_FALSE(var.loop(K::For)->wrap_body);
}

TEST(JsResolve, ABindingInsideTheBodyCapturedByAClosureWrapsItsLoop) {
  Resolved r("while (a) { const v = next(); later(() => v); }");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_TRUE(r.loop(K::While)->copy_bindings);
  EXPECT_EQ(r.ident("v")->b->loop, r.loop(K::While));
  // Read by a method, or by a closure before its declaration: a function per iteration.
  Resolved m("while (a) { const v = next(); later({ m() { return v; } }); }");
  ASSERT_NE(m.program, nullptr) << m.error;
  EXPECT_TRUE(m.loop(K::While)->wrap_body);
  Resolved tdz("while (a) { later(() => v); const v = next(); }");
  ASSERT_NE(tdz.program, nullptr) << tdz.error;
  EXPECT_TRUE(tdz.loop(K::While)->wrap_body);
}

TEST(JsResolve, TheUpdateClauseDoesNotCountAsMutation) {
  Resolved r("for (let i = 0; i < 3; i++) {}");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_FALSE(r.ident("i")->b->mutated);
  Resolved body("for (let i = 0; i < 3; i++) { i += 2; }");
  ASSERT_NE(body.program, nullptr) << body.error;
  EXPECT_TRUE(body.ident("i")->b->mutated);
}

TEST(JsResolve, ABlockBindingNamedArgumentsIsAlwaysRenamed) {
  // As a var it would replace the function's arguments object.
  Resolved r("function f() { { let arguments = 1; g(arguments); } }");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_EQ(r.ident("arguments", 1)->b->out, "arguments$1");
}

TEST(JsResolve, ANamedExpressionsOwnNameIsVisibleOnlyInside) {
  Resolved r("f = function me() { return me; }; me;");
  ASSERT_NE(r.program, nullptr) << r.error;
  ASSERT_NE(r.ident("me", 0)->b, nullptr);
  EXPECT_EQ(r.ident("me", 0)->b->kind, 'f');
  EXPECT_EQ(r.ident("me", 1)->b, nullptr);  // outside: a global
  Resolved c("const k = class K { m() { return K; } }; K;");
  ASSERT_NE(c.program, nullptr) << c.error;
  ASSERT_NE(c.ident("K", 0)->b, nullptr);
  EXPECT_EQ(c.ident("K", 1)->b, nullptr);
}

TEST(JsResolve, CatchParametersAreScopedToTheirClause) {
  Resolved r("try {} catch (e) { use(e); } e;");
  ASSERT_NE(r.program, nullptr) << r.error;
  ASSERT_NE(r.ident("e", 1)->b, nullptr);
  EXPECT_EQ(r.ident("e", 1)->b, r.ident("e", 0)->b);
  EXPECT_EQ(r.ident("e", 2)->b, nullptr);
}

TEST(JsResolve, ClosuresMarkWhatTheyCapture) {
  Resolved r("let a = 1, b = 2; function f() { return a; } b;");
  ASSERT_NE(r.program, nullptr) << r.error;
  EXPECT_TRUE(r.ident("a")->b->captured);
  EXPECT_FALSE(r.ident("b")->b->captured);
}

TEST(JsResolve, RedeclarationsAreRefused) {
  EXPECT_EQ(resolve_error("let a; let a;"), "SyntaxError: Identifier 'a' has already been declared (line 1)");
  EXPECT_EQ(resolve_error("var b;\nlet b;"), "SyntaxError: Identifier 'b' has already been declared (line 2)");
  EXPECT_EQ(resolve_error("{ let c; { var c; } }"), "SyntaxError: Identifier 'c' has already been declared (line 1)");
  EXPECT_EQ(resolve_error("function f(p) { let p; }"), "SyntaxError: Identifier 'p' has already been declared (line 1)");
  EXPECT_EQ(resolve_error("try {} catch (e) { let e; }"), "SyntaxError: Identifier 'e' has already been declared (line 1)");
  EXPECT_EQ(resolve_error("class K {} const K = 1;"), "SyntaxError: Identifier 'K' has already been declared (line 1)");
}

TEST(JsResolve, RepeatsSloppyCodeAllowsAreAccepted) {
  // Plain function declarations and vars may repeat; so may a var named as a catch param.
  EXPECT_NE(Resolved("function g() {} function g() {}").program, nullptr);
  EXPECT_NE(Resolved("var v; var v;").program, nullptr);
  EXPECT_NE(Resolved("try {} catch (e) { var e; }").program, nullptr);
  EXPECT_NE(Resolved("{ let a; } { let a; }").program, nullptr);
}

}  // namespace
}  // namespace oda::js
