// Unit tests of the JavaScript parser: the shapes it builds and the errors it reports.
#include "js/parser.h"

#include <gtest/gtest.h>

namespace oda::js {
namespace {

Node* parse(std::string_view src, Arena& ar, std::string* err = nullptr) {
  ParseError e;
  Node* p = parse_program(src, ar, &e);
  if (err) *err = e.message;
  return p;
}

std::string error_of(std::string_view src) {
  Arena ar;
  std::string err;
  EXPECT_EQ(parse(src, ar, &err), nullptr) << src;
  return err;
}

TEST(JsParser, StatementsKeepTheirLines) {
  Arena ar;
  Node* p = parse("let a = 1\n\nconst b = 2\nfunction f() {\n  return a\n}\n", ar);
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->a.size(), 3u);
  EXPECT_EQ(p->a[0]->line, 1);
  EXPECT_EQ(p->a[1]->line, 3);
  EXPECT_EQ(p->a[2]->line, 4);
  EXPECT_EQ(p->a[2]->end_line, 6);
}

TEST(JsParser, AutomaticSemicolons) {
  Arena ar;
  Node* p = parse("a = 1\nb = 2\nreturn\nc\nx\n++y", ar);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->a.size(), 6u);
  EXPECT_EQ(p->a[2]->k, K::Return);
  EXPECT_TRUE(p->a[2]->a.empty());
  EXPECT_EQ(p->a[5]->a[0]->k, K::Update);
}

// Where only a statement may stand, `let` before a line break is an identifier and ASI
// ends the statement there; in a statement list it still opens a declaration.
TEST(JsParser, LetBeforeALineBreakInASingleStatementIsAName) {
  Arena ar;
  Node* p = parse("if (a) let\nx = 1\nwhile (b) let\n{}\nlet\ny = 2", ar);
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->a.size(), 5u);
  EXPECT_EQ(p->a[0]->a[1]->k, K::ExprStmt);
  EXPECT_EQ(p->a[0]->a[1]->a[0]->k, K::Ident);
  EXPECT_EQ(p->a[2]->a[1]->k, K::ExprStmt);
  EXPECT_EQ(p->a[3]->k, K::Block);
  EXPECT_EQ(p->a[4]->k, K::VarDecl);
}

TEST(JsParser, RegexVersusDivide) {
  Arena ar;
  Node* p = parse("x = a / b / c; y = /ab+c/gi.test(s); z = (1) / 2; if (/x/.test(s)) {}", ar);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->a[0]->a[0]->a[1]->k, K::Binary);
  Node* call = p->a[1]->a[0]->a[1];
  ASSERT_EQ(call->k, K::Call);
  EXPECT_EQ(call->a[0]->a[0]->k, K::Regex);
  EXPECT_EQ(call->a[0]->a[0]->s, "ab+c");
  EXPECT_EQ(call->a[0]->a[0]->s2, "gi");
  EXPECT_EQ(p->a[2]->a[0]->a[1]->k, K::Binary);
}

TEST(JsParser, TemplateLiterals) {
  Arena ar;
  Node* p = parse("t = `a${x + `in${y}`}b\\n${z}`", ar);
  ASSERT_NE(p, nullptr);
  Node* t = p->a[0]->a[0]->a[1];
  ASSERT_EQ(t->k, K::Template);
  ASSERT_EQ(t->strs.size(), 6u);
  EXPECT_EQ(t->strs[0], "a");
  EXPECT_EQ(t->strs[2], "b\n");
  EXPECT_EQ(t->strs[3], "b\\n");
  EXPECT_EQ(t->a.size(), 2u);
  EXPECT_EQ(t->a[0]->a[1]->k, K::Template);
}

TEST(JsParser, ArrowsAndPatterns) {
  Arena ar;
  Node* p = parse("f = (a, {b, c: [d = 1]}, ...r) => a; g = async x => await x; h = async () => {}; "
                  "[a, b] = [b, a]; ({x, y = 2} = o);",
                  ar);
  ASSERT_NE(p, nullptr);
  Node* f = p->a[0]->a[0]->a[1];
  ASSERT_EQ(f->k, K::Function);
  EXPECT_TRUE(f->has(F_ARROW));
  ASSERT_EQ(f->a[0]->a.size(), 3u);
  EXPECT_EQ(f->a[0]->a[1]->k, K::ObjPat);
  EXPECT_EQ(f->a[0]->a[2]->k, K::Rest);
  Node* g = p->a[1]->a[0]->a[1];
  EXPECT_TRUE(g->has(F_ASYNC));
  EXPECT_EQ(g->a[1]->k, K::Await);
  EXPECT_EQ(p->a[3]->a[0]->a[0]->k, K::ArrPat);
  EXPECT_EQ(p->a[4]->a[0]->a[0]->a[0]->k, K::ObjPat);
}

TEST(JsParser, ClassesWithEveryKindOfMember) {
  Arena ar;
  Node* p = parse("class A extends B { #x = 1; static s = 2; static { init(); } constructor() { super(); } "
                  "get v() { return this.#x; } set v(n) {} static async *gen() {} [k]() {} #m() {} }",
                  ar);
  ASSERT_NE(p, nullptr);
  Node* c = p->a[0];
  ASSERT_EQ(c->k, K::Class);
  EXPECT_EQ(c->s, "A");
  ASSERT_NE(c->a[0], nullptr);
  EXPECT_EQ(c->a.size(), 10u);
  EXPECT_TRUE(c->a[1]->has(F_FIELD));
  EXPECT_EQ(c->a[1]->a[0]->k, K::PrivateName);
  EXPECT_TRUE(c->a[3]->has(F_BLOCK));
  EXPECT_TRUE(c->a[4]->has(F_CTOR));
  EXPECT_TRUE(c->a[5]->has(F_GET));
  EXPECT_TRUE(c->a[7]->a[1]->has(F_ASYNC | F_GEN));
  EXPECT_TRUE(c->a[8]->has(F_COMPUTED));
}

TEST(JsParser, OptionalChains) {
  Arena ar;
  Node* p = parse("a?.b.c?.[d]?.(e)", ar);
  ASSERT_NE(p, nullptr);
  Node* c = p->a[0]->a[0];
  ASSERT_EQ(c->k, K::OptChain);
  EXPECT_EQ(c->a[0]->k, K::Call);
  EXPECT_TRUE(c->a[0]->has(F_OPTIONAL));
}

TEST(JsParser, ContextualKeywordsStayIdentifiers) {
  Arena ar;
  EXPECT_NE(parse("let of = 1, get = 2, set = 3, async = 4, from = 5; of + get + async(1);", ar), nullptr);
  EXPECT_NE(parse("const o = {get: 1, set() {}, async: 2, static: 3, of: 4}; o.get;", ar), nullptr);
  EXPECT_NE(parse("for (const x of of) {}", ar), nullptr);
}

// A BigInt literal parses (it throws only when it runs); as a property key it names the
// property by its decimal value.
TEST(JsParser, BigIntLiteralsParseAndNamePropertiesInDecimal) {
  Arena ar;
  Node* p = parse("const f = () => 2n; ({0x1Fn: 1, 123456789012345678901234567890n: 2})", ar);
  ASSERT_NE(p, nullptr);
  Node* lit = p->a[0]->a[0]->a[1]->a[1];
  EXPECT_EQ(lit->k, K::BigInt);
  EXPECT_EQ(lit->s, "2");
  Node* obj = p->a[1]->a[0]->a[0];
  EXPECT_EQ(obj->a[0]->a[0]->s, "\"31\"");
  EXPECT_EQ(obj->a[1]->a[0]->s, "\"123456789012345678901234567890\"");
}

// with is sloppy code's: a "use strict" prologue (of the program or of any enclosing
// function) or a class body makes it an early error.
TEST(JsParser, WithIsAllowedInSloppyCodeOnly) {
  Arena ar;
  Node* p = parse("'a'; with (o) x; function f() { with (o) { y } }", ar);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->a[1]->k, K::With);
  const char* msg = "SyntaxError: Strict mode code may not include a with statement (line 2)";
  EXPECT_EQ(error_of("'use strict'\nwith (o) x"), msg);
  EXPECT_EQ(error_of("function f() { 'x'; \"use strict\"\n with (o) x }"), msg);
  EXPECT_EQ(error_of("function f() { 'use strict'; return () => {\n with (o) x } }"), msg);
  EXPECT_EQ(error_of("class A { m() {\n with (o) x } }"), msg);
  EXPECT_EQ(error_of("class A { static {\n with (o) x } }"), msg);
  EXPECT_NE(parse("class A {} with (o) x; 'use strict'; with (o) y", ar), nullptr);
  EXPECT_NE(parse("f('use strict'); with (o) x", ar), nullptr);
}

TEST(JsParser, UnsupportedConstructsNameThemselvesAndTheLine) {
  EXPECT_EQ(error_of("x = 1\nimport fs from 'fs'"), "SyntaxError: import declarations are not supported (line 2)");
  EXPECT_EQ(error_of("export const a = 1"), "SyntaxError: export declarations are not supported (line 1)");
  EXPECT_EQ(error_of("@dec\nclass A {}"), "SyntaxError: decorators are not supported (line 1)");
  EXPECT_EQ(error_of("x = 1\nclass static {}"), "SyntaxError: unexpected strict mode reserved word 'static' (line 2)");
  EXPECT_EQ(error_of("const m = await import('x')"), "SyntaxError: dynamic import() calls are not supported (line 1)");
  EXPECT_EQ(error_of("x = import.meta.url"), "SyntaxError: import.meta expressions are not supported (line 1)");
}


TEST(JsParser, SyntaxErrorsNameTheTokenAndLine) {
  EXPECT_EQ(error_of("let x = ;"), "SyntaxError: unexpected token ';' (line 1)");
  EXPECT_EQ(error_of("a(\n"), "SyntaxError: unexpected end of input (line 2)");
  EXPECT_EQ(error_of("s = 'abc"), "SyntaxError: unterminated string (line 1)");
  EXPECT_EQ(error_of("1 = 2"), "SyntaxError: invalid assignment target (line 1)");
}

}  // namespace
}  // namespace oda::js
