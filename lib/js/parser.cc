// A hand-written recursive-descent parser for the JavaScript agents write: ES2023
// expressions and statements with ASI, regex-versus-divide decided here for the lexer,
// template literals and arrow functions parsed through cover grammars.
#include "js/parser.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "js/lexer.h"
#include "js/nesting.h"

namespace oda::js {
namespace {

class Parser {
 public:
  Parser(std::string_view src, Arena& arena) : lex_(src), ar_(arena) { advance(); }

  Node* program() {
    Node* p = make(K::Program);
    fn_.push_back({true, false, false, false});
    bool prologue = true;
    while (tok_.t != TokenKind::Eof) {
      p->a.push_back(statement());
      if (prologue) prologue = directive(p->a.back());
    }
    p->end_line = tok_.line;
    return p;
  }

 private:
  struct FnCtx {
    bool async, gen, arrow;
    bool strict;  // strict code: a "use strict" prologue here or around it, or a class body
    bool static_block = false;  // a class's static block: `await` is no name there
  };

  Node* make(K k) { return ar_.make(k, tok_.line); }
  Node* make(K k, int line) { return ar_.make(k, line); }
  [[noreturn]] void fail(const std::string& m, int line = 0) { throw ParseFailure{m, line ? line : tok_.line}; }
  [[noreturn]] void unexpected() {
    if (tok_.t == TokenKind::Eof) fail("SyntaxError: unexpected end of input");
    fail("SyntaxError: unexpected token '" + std::string(tok_.text) + "'");
  }
  [[noreturn]] void unsupported(const std::string& what) { fail("SyntaxError: " + what + " are not supported"); }

  void advance() {
    prev_line_ = tok_.line;
    lex_.next(tok_);
  }
  Token peek() {
    auto st = lex_.save();
    Token t = lex_.next();
    lex_.restore(st);
    return t;
  }
  bool at(std::string_view p) const {
    return (tok_.t == TokenKind::Punct || (tok_.t == TokenKind::Name && !tok_.escaped)) && tok_.text == p;
  }
  bool eat(std::string_view p) {
    if (at(p)) {
      advance();
      return true;
    }
    return false;
  }
  void expect(std::string_view p) {
    if (!eat(p)) unexpected();
  }
  void semicolon() {
    if (eat(";")) return;
    if (at("}") || tok_.t == TokenKind::Eof || tok_.nl) return;
    unexpected();
  }
  bool in_async() const { return fn_.back().async; }
  bool await_reserved() const { return fn_.back().async || fn_.back().static_block; }
  bool in_gen() const { return fn_.back().gen; }
  bool strict() const { return fn_.back().strict; }

  // Whether st continues a directive prologue (a statement that is only a string literal);
  // "use strict" among them makes the rest of the function strict code.
  bool directive(Node* st) {
    if (st->k != K::ExprStmt || st->a[0]->k != K::Str) return false;
    const std::string& d = st->a[0]->s;
    if (d.size() == 12 && d.substr(1, 10) == "use strict") fn_.back().strict = true;
    return true;
  }

  std::string ident_name() {
    if (tok_.t != TokenKind::Name) unexpected();
    std::string n(tok_.text);
    advance();
    return n;
  }
  std::string binding_ident() {
    if (tok_.t != TokenKind::Name || is_reserved(tok_.text)) unexpected();
    if (tok_.text == "await" && await_reserved()) unexpected();
    if (tok_.text == "yield" && in_gen()) unexpected();
    return ident_name();
  }

  // ---- statements ----
  Node* statement() {
    Depth guard(this);
    bool single = single_;
    single_ = false;
    int line = tok_.line;
    if (tok_.t == TokenKind::Punct) {
      if (at("{")) return block();
      if (at(";")) {
        advance();
        return make(K::Empty, line);
      }
      if (at("@")) unsupported("decorators");
    }
    if (tok_.t == TokenKind::Name && !tok_.escaped) {
      std::string_view w = tok_.text;
      if (w == "var" || w == "const") return var_statement();
      if (w == "let") {
        // Where only a statement may stand, `let` and a line break is the name `let`.
        Token p = peek();
        if (p.is("[") || ((p.t == TokenKind::Name || p.is("{")) && !(single && p.nl))) return var_statement();
      }
      if (w == "function") return function(true, false, line);
      if (w == "async") {
        Token p = peek();
        if (p.is("function") && !p.nl) {
          advance();
          return function(true, true, line);
        }
      }
      if (w == "class") return class_(true);
      if (w == "if") {
        advance();
        Node* n = make(K::If, line);
        expect("(");
        n->a.push_back(expression());
        expect(")");
        n->a.push_back(sub_statement(true));
        n->a.push_back(eat("else") ? sub_statement(true) : nullptr);
        return n;
      }
      if (w == "for") return for_statement();
      if (w == "while") {
        advance();
        Node* n = make(K::While, line);
        expect("(");
        n->a.push_back(expression());
        expect(")");
        n->a.push_back(sub_statement());
        return n;
      }
      if (w == "do") {
        advance();
        Node* n = make(K::DoWhile, line);
        Node* body = sub_statement();
        expect("while");
        expect("(");
        n->a.push_back(expression());
        expect(")");
        n->a.push_back(body);
        eat(";");
        return n;
      }
      if (w == "return") {
        advance();
        Node* n = make(K::Return, line);
        if (!at(";") && !at("}") && tok_.t != TokenKind::Eof && !tok_.nl) n->a.push_back(expression());
        semicolon();
        return n;
      }
      if (w == "break" || w == "continue") {
        Node* n = make(w == "break" ? K::Break : K::Continue, line);
        advance();
        if (tok_.t == TokenKind::Name && !tok_.nl && !is_reserved(tok_.text)) n->s = ident_name();
        semicolon();
        return n;
      }
      if (w == "throw") {
        advance();
        Node* n = make(K::Throw, line);
        if (tok_.nl) fail("SyntaxError: illegal newline after throw");
        n->a.push_back(expression());
        semicolon();
        return n;
      }
      if (w == "try") return try_statement();
      if (w == "switch") return switch_statement();
      if (w == "debugger") {
        advance();
        semicolon();
        return make(K::Debugger, line);
      }
      if (w == "with") {
        // Sloppy code only; Duktape runs it, so the statement stays in the lowered program.
        if (strict()) fail("SyntaxError: Strict mode code may not include a with statement");
        advance();
        Node* n = make(K::With, line);
        expect("(");
        n->a.push_back(expression());
        expect(")");
        n->a.push_back(sub_statement());
        return n;
      }
      if (w == "import") {
        Token p = peek();
        if (p.is("(")) unsupported("dynamic import() calls");
        if (p.is(".")) unsupported("import.meta expressions");
        unsupported("import declarations");
      }
      if (w == "export") unsupported("export declarations");
      if (w == "enum") unsupported("enum declarations");
      bool nl;
      if (!is_reserved(w) && lex_.peek_raw(&nl).substr(0, 1) == ":") {
        if (!(w == "await" && await_reserved()) && !(w == "yield" && in_gen())) {
          Node* n = make(K::Labeled, line);
          n->s = ident_name();
          advance();
          n->a.push_back(sub_statement(true));
          return n;
        }
      }
    }
    // A label spelled with escapes (yi\u0065ld: in sloppy code): never a reserved word.
    if (tok_.t == TokenKind::Name && tok_.escaped) {
      std::string_view w = tok_.text;
      bool nl;
      if (!is_reserved(w) && lex_.peek_raw(&nl).substr(0, 1) == ":" && !(w == "await" && await_reserved()) &&
          !(w == "yield" && (in_gen() || strict()))) {
        Node* n = make(K::Labeled, line);
        n->s = ident_name();
        advance();
        n->a.push_back(sub_statement(true));
        return n;
      }
    }
    Node* n = make(K::ExprStmt, line);
    n->a.push_back(expression());
    semicolon();
    return n;
  }

  // The body of if/while/for/labels: declarations other than var are not allowed there.
  // allow_fn: sloppy code may put a plain function declaration directly under if or a label.
  Node* sub_statement(bool allow_fn = false) {
    int line = tok_.line;
    single_ = true;
    Node* n = statement();
    Node* inner = n;
    while (inner->k == K::Labeled) inner = inner->a[0];
    if (inner->k == K::Function && inner->has(F_DECL) && strict())
      fail("SyntaxError: In strict mode code, functions can only be declared at top level or inside a block.", line);
    if ((inner->k == K::VarDecl && inner->s != "var") || (inner->k == K::Class && inner->has(F_DECL)) ||
        (inner->k == K::Function && inner->has(F_DECL) && (!allow_fn || inner != n || inner->has(F_ASYNC | F_GEN))))
      fail("SyntaxError: lexical declaration cannot appear in a single-statement context", line);
    return n;
  }

  // body: a function's body, which opens with its directive prologue.
  Node* block(bool body = false) {
    Node* n = make(K::Block);
    expect("{");
    bool prologue = body;
    while (!at("}")) {
      if (tok_.t == TokenKind::Eof) unexpected();
      n->a.push_back(statement());
      if (prologue) prologue = directive(n->a.back());
    }
    if (!body && strict()) {
      // Only sloppy code may declare one function twice in a block (Annex B).
      std::set<std::string> fns;
      for (Node* st : n->a)
        if (st->k == K::Function && st->has(F_DECL) && !fns.insert(st->s).second)
          fail("SyntaxError: Identifier '" + st->s + "' has already been declared", st->line);
    }
    n->end_line = tok_.line;
    advance();
    return n;
  }

  Node* var_decl(bool no_in) {
    Node* n = make(K::VarDecl);
    n->s = std::string(tok_.text);
    advance();
    do {
      Node* d = make(K::Declarator);
      d->a.push_back(binding_target());
      if (n->s != "var") {
        std::vector<std::string> names;
        param_names(d->a[0], names);
        for (auto& nm : names)
          if (nm == "let") fail("SyntaxError: let is disallowed as a lexically bound name");
      }
      d->a.push_back(eat("=") ? assign(no_in) : nullptr);
      d->end_seq = int(ar_.nodes.size());
      n->a.push_back(d);
    } while (eat(","));
    return n;
  }
  Node* var_statement() {
    Node* n = var_decl(false);
    if (n->s == "const")
      for (Node* d : n->a)
        if (!d->a[1]) fail("SyntaxError: missing initializer in const declaration", d->line);
    for (Node* d : n->a)
      if (!d->a[1] && d->a[0]->k != K::Ident) fail("SyntaxError: missing initializer in destructuring declaration", d->line);
    semicolon();
    return n;
  }

  Node* for_statement() {
    int line = tok_.line;
    advance();
    bool is_await = false;
    if (at("await")) {
      if (!in_async()) unexpected();
      is_await = true;
      advance();
    }
    expect("(");
    Node* init = nullptr;
    bool plain_async = at("async");  // `for (async of x)` is refused, `for (\u0061sync of x)` is not
    if (at(";")) {
    } else if (at("var") || at("const") || (at("let") && [&] {
                 Token p = peek();
                 return p.t == TokenKind::Name || p.is("[") || p.is("{");
               }())) {
      init = var_decl(true);
    } else {
      init = expression(true);
    }
    if (init && (at("of") || at("in"))) {
      bool of = at("of");
      if (of && !is_await && init->k == K::Ident && plain_async)
        fail("SyntaxError: the left-hand side of a for-of loop may not be 'async'", line);
      advance();
      Node* n = make(of ? K::ForOf : K::ForIn, line);
      if (is_await) n->flags |= F_AWAIT;
      if (init->k != K::VarDecl) {
        init = to_pattern(init);
      } else if (init->a.size() != 1 || (init->a[0]->a[1] && (of || init->s != "var" || init->a[0]->a[0]->k != K::Ident))) {
        fail(std::string("SyntaxError: invalid left-hand side in for-") + (of ? "of" : "in") + " loop", line);
      }
      n->a.push_back(init);
      n->a.push_back(of ? assign(false) : expression());
      expect(")");
      n->a.push_back(sub_statement());
      return n;
    }
    if (is_await) unexpected();
    if (init && init->k == K::VarDecl)
      for (Node* d : init->a)
        if (!d->a[1] && (init->s == "const" || d->a[0]->k != K::Ident))
          fail("SyntaxError: missing initializer in " + std::string(init->s == "const" ? "const" : "destructuring") + " declaration", line);
    Node* n = make(K::For, line);
    n->a.push_back(init);
    expect(";");
    n->a.push_back(at(";") ? nullptr : expression());
    expect(";");
    n->a.push_back(at(")") ? nullptr : expression());
    expect(")");
    n->a.push_back(sub_statement());
    return n;
  }

  Node* try_statement() {
    Node* n = make(K::Try);
    advance();
    n->a.push_back(block());
    if (eat("catch")) {
      if (eat("(")) {
        n->a.push_back(binding_target());
        expect(")");
      } else {
        n->a.push_back(nullptr);
      }
      n->a.push_back(block());
    } else {
      n->a.push_back(nullptr);
      n->a.push_back(nullptr);
    }
    n->a.push_back(eat("finally") ? block() : nullptr);
    if (!n->a[2] && !n->a[3]) unexpected();
    return n;
  }

  Node* switch_statement() {
    Node* n = make(K::Switch);
    advance();
    expect("(");
    n->a.push_back(expression());
    expect(")");
    expect("{");
    while (!at("}")) {
      Node* c = make(K::Case);
      if (eat("default")) {
        c->a.push_back(nullptr);
      } else {
        expect("case");
        c->a.push_back(expression());
      }
      expect(":");
      while (!at("case") && !at("default") && !at("}")) {
        if (tok_.t == TokenKind::Eof) unexpected();
        c->a.push_back(statement());
      }
      n->a.push_back(c);
    }
    n->end_line = tok_.line;
    advance();
    return n;
  }

  // ---- functions and classes ----
  Node* function(bool decl, bool is_async, int line) {
    expect("function");
    bool gen = eat("*");
    Node* f = make(K::Function, line);
    if (is_async) f->flags |= F_ASYNC;
    if (gen) f->flags |= F_GEN;
    if (decl) f->flags |= F_DECL;
    if (decl && strict()) f->flags |= F_STRICT;
    if (tok_.t == TokenKind::Name && !at("(")) {
      // A function expression's name is its own, not the static block's nor the enclosing
      // generator's or async function's: function await() {}, function yield() {}.
      auto& outer = fn_.back();
      bool block = outer.static_block, was_gen = outer.gen, was_async = outer.async;
      if (!decl) {
        outer.static_block = false;
        outer.gen = gen;
        outer.async = is_async;
      }
      f->s = binding_ident();
      outer.static_block = block;
      outer.gen = was_gen;
      outer.async = was_async;
    } else if (decl) {
      unexpected();
    }
    function_rest(f, is_async, gen);
    return f;
  }

  static void param_names(Node* p, std::vector<std::string>& out) {
    if (!p) return;
    switch (p->k) {
      case K::Ident: out.push_back(p->s); break;
      case K::AssignPat:
      case K::Rest: param_names(p->a[0], out); break;
      case K::ArrPat:
        for (Node* e : p->a) param_names(e, out);
        break;
      case K::ObjPat:
        for (Node* e : p->a) param_names(e->k == K::Rest ? e : e->a[1], out);
        break;
      default: break;
    }
  }
  // Duplicate parameter names are only allowed in plain sloppy functions with simple lists.
  void check_params(Node* params, bool strict_like, int line) {
    bool simple = true;
    for (Node* p : params->a) simple &= p->k == K::Ident;
    std::vector<std::string> names;
    for (Node* p : params->a) param_names(p, names);
    if (simple && !strict_like) return;
    std::sort(names.begin(), names.end());
    for (size_t i = 1; i < names.size(); i++)
      if (names[i] == names[i - 1]) fail("SyntaxError: duplicate parameter name '" + names[i] + "'", line);
  }

  // "use strict" in a function whose parameters are not a plain list is an early error.
  void strict_params(Node* params, Node* body, int line) {
    bool simple = true;
    for (Node* p : params->a) simple &= p->k == K::Ident;
    if (simple) return;
    for (Node* st : body->a) {
      if (st->k != K::ExprStmt || st->a[0]->k != K::Str) break;
      const std::string& d = st->a[0]->s;
      if (d.size() == 12 && d.substr(1, 10) == "use strict")
        fail("SyntaxError: \"use strict\" not allowed in function with non-simple parameters", line);
    }
  }

  void function_rest(Node* f, bool is_async, bool gen) {
    fn_.push_back({is_async, gen, false, strict()});
    f->a.push_back(params());
    if (contains_yield_or_await(f->a[0])) fail("SyntaxError: yield and await expressions are not allowed in parameters", f->line);
    check_params(f->a[0], f->has(F_METHOD), f->line);
    f->a.push_back(function_body());
    strict_params(f->a[0], f->a[1], f->line);
    f->end_line = f->a[1]->end_line;
    fn_.pop_back();
  }

  static bool uses_arguments(Node* n) {
    if (!n) return false;
    return any_node(n, [](const Node* x, const Node* parent, size_t i) {
      // A property name (`o.arguments`, `{arguments: 1}`) is no reference.
      if (parent && !parent->has(F_COMPUTED) &&
          ((parent->k == K::Dot && i == 1) || (parent->k == K::Prop && !parent->has(F_SHORTHAND) && i == 0)))
        return Visit::Skip;
      if (x->k == K::Ident && x->s == "arguments") return Visit::Hit;
      return x->k == K::Function && !x->has(F_ARROW) ? Visit::Skip : Visit::Descend;
    });
  }

  static bool contains_yield_or_await(Node* n) {
    return any_node(n, [](const Node* x, const Node*, size_t) {
      if (x->k == K::Yield || x->k == K::Await) return Visit::Hit;
      return x->k == K::Function && !x->has(F_ARROW) ? Visit::Skip : Visit::Descend;
    });
  }

  Node* params() {
    Node* p = make(K::Params);
    expect("(");
    while (!at(")")) {
      if (at("...")) {
        Node* r = make(K::Rest);
        advance();
        r->a.push_back(binding_target());
        p->a.push_back(r);
        break;
      }
      p->a.push_back(binding_element());
      if (!eat(",")) break;
    }
    expect(")");
    return p;
  }

  Node* function_body() { return block(true); }

  Node* binding_element() {
    int line = tok_.line;
    Node* t = binding_target();
    if (eat("=")) {
      Node* a = make(K::AssignPat, line);
      a->a.push_back(t);
      a->a.push_back(assign(false));
      return a;
    }
    return t;
  }

  Node* binding_target() {
    Depth guard(this);
    if (at("[")) {
      Node* n = make(K::ArrPat);
      advance();
      while (!at("]")) {
        if (at(",")) {
          advance();
          n->a.push_back(make(K::Hole));
          continue;
        }
        if (at("...")) {
          Node* r = make(K::Rest);
          advance();
          r->a.push_back(binding_target());
          n->a.push_back(r);
          if (at("=")) fail("SyntaxError: rest element may not have a default initializer");
          if (!at("]")) fail("SyntaxError: rest element must be last element");
        } else {
          n->a.push_back(binding_element());
        }
        if (!at("]")) expect(",");
      }
      advance();
      return n;
    }
    if (at("{")) {
      Node* n = make(K::ObjPat);
      advance();
      while (!at("}")) {
        if (at("...")) {
          Node* r = make(K::Rest);
          advance();
          r->a.push_back(binding_target());
          n->a.push_back(r);
          if (!at("}")) fail("SyntaxError: rest element must be last element");
        } else {
          Node* p = make(K::Prop);
          if (at("[")) {
            advance();
            p->a.push_back(assign(false));
            expect("]");
            p->flags |= F_COMPUTED;
          } else {
            p->a.push_back(property_key());
          }
          if (eat(":")) {
            p->a.push_back(binding_element());
          } else {
            if (p->a[0]->k != K::Ident || is_reserved(p->a[0]->s)) unexpected();
            p->flags |= F_SHORTHAND;
            Node* id = make(K::Ident, p->line);
            id->s = p->a[0]->s;
            if (eat("=")) {
              Node* a = make(K::AssignPat, p->line);
              a->a.push_back(id);
              a->a.push_back(assign(false));
              p->a.push_back(a);
            } else {
              p->a.push_back(id);
            }
          }
          n->a.push_back(p);
        }
        if (!at("}")) expect(",");
      }
      advance();
      return n;
    }
    Node* id = make(K::Ident);
    id->s = binding_ident();
    return id;
  }

  Node* property_key() {
    Node* k;
    if (tok_.t == TokenKind::Name) {
      k = make(K::Ident);
      k->s = std::string(tok_.text);
    } else if (tok_.t == TokenKind::Str) {
      k = make(K::Str);
      k->s = std::string(tok_.text);
    } else if (tok_.t == TokenKind::Num && tok_.bigint) {
      k = make(K::Str);  // `{1n: v}` names the property "1"
      k->s = "\"" + bigint_decimal(tok_.value) + "\"";
    } else if (tok_.t == TokenKind::Num) {
      k = make(K::Num);
      k->s = tok_.value;
    } else if (tok_.t == TokenKind::Private) {
      k = make(K::PrivateName);
      k->s = std::string(tok_.text);
    } else {
      unexpected();
    }
    advance();
    return k;
  }

  // The decimal digits of a BigInt literal's integer ("0x1f" gives "31"), any length.
  static std::string bigint_decimal(const std::string& lit) {
    int base = 10;
    size_t from = 0;
    if (lit.size() > 1 && lit[0] == '0' && !isdigit((unsigned char)lit[1])) {
      char k = char(tolower(lit[1]));
      base = k == 'x' ? 16 : k == 'o' ? 8 : 2;
      from = 2;
    }
    std::string dec = "0";  // least significant digit first
    for (size_t i = from; i < lit.size(); i++) {
      int carry = isdigit((unsigned char)lit[i]) ? lit[i] - '0' : tolower(lit[i]) - 'a' + 10;
      for (char& d : dec) {
        int v = (d - '0') * base + carry;
        d = char('0' + v % 10);
        carry = v / 10;
      }
      for (; carry; carry /= 10) dec += char('0' + carry % 10);
    }
    while (dec.size() > 1 && dec.back() == '0') dec.pop_back();
    return std::string(dec.rbegin(), dec.rend());
  }

  // Parses `[expr]` or a plain key into p->a[0].
  void member_key(Node* p) {
    if (at("[")) {
      advance();
      p->a.push_back(assign(false));
      expect("]");
      p->flags |= F_COMPUTED;
    } else {
      p->a.push_back(property_key());
    }
  }

  // The head of a class member or object property: the async, * and get/set modifiers, then
  // the key into p->a[0] (unless a modifier word turned out to be the key itself, `get() {}`).
  void member_head(Node* p, bool* is_async, bool* gen) {
    auto word_as_key = [&](const char* word) {
      Node* k = make(K::Ident, p->line);
      k->s = word;
      p->a.push_back(k);
    };
    if (p->a.empty() && at("async") && !peek().nl) {
      advance();
      if (key_follows() || at("*")) *is_async = true;
      else word_as_key("async");
    }
    if (p->a.empty() && at("*")) {
      advance();
      *gen = true;
    }
    if (p->a.empty() && !*is_async && !*gen && (at("get") || at("set"))) {
      bool get = at("get");
      advance();
      if (key_follows()) p->flags |= get ? F_GET : F_SET;
      else word_as_key(get ? "get" : "set");
    }
    if (p->a.empty()) member_key(p);
  }

  bool key_follows() {
    // After get/set/async/static: is the next token a property key (so the word is a modifier)?
    return !(at("(") || at(",") || at(":") || at("}") || at("=") || at(";") || at(")"));
  }

  Node* method_function(int line, bool is_async, bool gen, uint32_t accessor = 0) {
    Node* f = make(K::Function, line);
    f->flags |= F_METHOD;
    if (is_async) f->flags |= F_ASYNC;
    if (gen) f->flags |= F_GEN;
    function_rest(f, is_async, gen);
    Node* ps = f->a[0];
    if ((accessor & F_GET) && !ps->a.empty()) fail("SyntaxError: getters take no parameters", line);
    if ((accessor & F_SET) && (ps->a.size() != 1 || ps->a[0]->k == K::Rest))
      fail("SyntaxError: setters take exactly one parameter", line);
    return f;
  }

  Node* class_(bool decl) {
    Depth guard(this);
    int line = tok_.line;
    advance();
    Node* c = make(K::Class, line);
    if (decl) c->flags |= F_DECL;
    // Every part of a class, its heritage included, is strict code.
    bool outer_strict = fn_.back().strict;
    fn_.back().strict = true;
    if (tok_.t == TokenKind::Name && !at("extends") && !at("{")) {
      c->s = binding_ident();
      // A class's name is strict code's binding: none of strict mode's reserved words.
      for (const char* r : {"let", "static", "yield", "implements", "interface", "package", "private", "protected", "public"})
        if (c->s == r) fail("SyntaxError: unexpected strict mode reserved word '" + c->s + "'");
    }
    else if (decl) unexpected();
    if (eat("extends")) c->a.push_back(lhs_expression());
    else c->a.push_back(nullptr);
    expect("{");
    std::map<std::string, char> privates;
    while (!at("}")) {
      if (eat(";")) continue;
      if (at("@")) unsupported("decorators");
      Node* m = make(K::Member);
      if (at("static")) {
        advance();
        if (at("{")) {
          m->flags |= F_STATIC | F_BLOCK;
          fn_.push_back({false, false, false, true, true});
          m->a.push_back(block());
          fn_.pop_back();
          c->a.push_back(m);
          continue;
        }
        if (key_follows()) m->flags |= F_STATIC;
        else {
          Node* k = make(K::Ident, m->line);
          k->s = "static";
          m->a.push_back(k);
        }
      }
      bool is_async = false, gen = false;
      member_head(m, &is_async, &gen);
      Node* mkey = m->a[0];
      auto key_is = [&](const char* name) {
        if (m->has(F_COMPUTED)) return false;
        if (mkey->k == K::Ident) return mkey->s == name;
        return mkey->k == K::Str && mkey->s.size() == strlen(name) + 2 && mkey->s.substr(1, strlen(name)) == name;
      };
      if (mkey->k == K::PrivateName) {
        char kind = m->has(F_GET) ? 'g' : m->has(F_SET) ? 's' : 'm';
        if (m->has(F_STATIC)) kind = char(kind - 32);  // static members: 'G', 'S', 'M'
        auto prev = privates.find(mkey->s);
        if (prev != privates.end() && ((prev->second == 'g' && kind == 'S') || (prev->second == 's' && kind == 'G') ||
                                       (prev->second == 'G' && kind == 's') || (prev->second == 'S' && kind == 'g')))
          fail("SyntaxError: a private getter and setter must both be static or neither");
        auto it = privates.find(mkey->s);
        if (mkey->s == "constructor") fail("SyntaxError: classes may not have a private field named '#constructor'");
        if (it != privates.end() && !((it->second == 'g' && kind == 's') || (it->second == 's' && kind == 'g') ||
                                      (it->second == 'G' && kind == 'S') || (it->second == 'S' && kind == 'G')))
          fail("SyntaxError: duplicate private name '#" + mkey->s + "'");
        privates[mkey->s] = kind;
      }
      if (at("(")) {
        if (!m->has(F_STATIC) && key_is("constructor") && (is_async || gen || m->has(F_GET | F_SET)))
          fail("SyntaxError: class constructor may not be an accessor, a generator or async");
        if (m->has(F_STATIC) && key_is("prototype")) fail("SyntaxError: classes may not have a static property named 'prototype'");
        m->flags |= F_METHOD;
        Node* key = m->a[0];
        if (!m->has(F_STATIC | F_COMPUTED) && key->k == K::Ident && key->s == "constructor") m->flags |= F_CTOR;
        if (!m->has(F_STATIC | F_COMPUTED) && key->k == K::Str && key->s.size() == 13 && key->s.substr(1, 11) == "constructor")
          m->flags |= F_CTOR;
        m->a.push_back(method_function(m->line, is_async, gen, m->flags & (F_GET | F_SET)));
      } else {
        if (key_is("constructor") || (m->has(F_STATIC) && key_is("prototype")))
          fail("SyntaxError: classes may not have a field named '" + std::string(mkey->k == K::Ident ? mkey->s : "constructor") + "'");
        m->flags |= F_FIELD;
        if (eat("=")) {
          fn_.push_back({false, false, false, true});
          m->a.push_back(assign(false));
          fn_.pop_back();
          if (uses_arguments(m->a.back())) fail("SyntaxError: 'arguments' is not allowed in class field initializer", m->line);
        } else {
          m->a.push_back(nullptr);
        }
        semicolon();
      }
      c->a.push_back(m);
    }
    c->end_line = tok_.line;
    fn_.back().strict = outer_strict;
    advance();
    return c;
  }

  // ---- expressions ----
  Node* expression(bool no_in = false) {
    Node* e = assign(no_in);
    if (at(",")) {
      Node* s = make(K::Seq, e->line);
      s->a.push_back(e);
      while (eat(",")) s->a.push_back(assign(no_in));
      return s;
    }
    return e;
  }

  static bool is_assign_op(std::string_view op) {
    static constexpr std::string_view ops[] = {"=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=",
                                      "&=", "|=", "^=", "&&=", "||=", "?\?="};
    for (std::string_view o : ops)
      if (op == o) return true;
    return false;
  }

  Node* arrow_from(Node* params, int line, bool is_async) {
    Node* f = make(K::Function, line);
    f->flags |= F_ARROW;
    if (is_async) f->flags |= F_ASYNC;
    check_params(params, true, line);
    if (contains_yield_or_await(params)) fail("SyntaxError: yield and await expressions are not allowed in parameters", line);
    f->a.push_back(params);
    if (tok_.nl) unexpected();
    expect("=>");
    bool outer_gen = in_gen();
    fn_.push_back({is_async, false, true, strict()});
    (void)outer_gen;
    if (at("{")) {
      f->a.push_back(function_body());
      f->end_line = f->a[1]->end_line;
      strict_params(params, f->a[1], line);
    } else {
      f->flags |= F_EXPRBODY;
      f->a.push_back(assign(no_in_));
      f->end_line = prev_line_;
    }
    fn_.pop_back();
    return f;
  }

  // Nesting is bounded so a pathological program fails cleanly instead of overflowing the
  // stack: every production that recurses counts a level (each is at least one level of the
  // tree, which nesting_ok() bounds the same way for the resolver and the printer).
  struct Depth {
    Parser* p;
    explicit Depth(Parser* parser) : p(parser) {
      if (++p->depth_ > kMaxNesting) p->fail(nesting_message());
    }
    ~Depth() { p->depth_--; }
  };

  Node* assign(bool no_in) {
    Depth guard(this);
    bool saved = no_in_;
    no_in_ = no_in;
    Node* r = assign_inner(no_in);
    no_in_ = saved;
    return r;
  }

  Node* assign_inner(bool no_in) {
    int line = tok_.line;
    if (tok_.t == TokenKind::Name) {
      if (at("yield") && in_gen()) {
        advance();
        Node* y = make(K::Yield, line);
        if (at("*") && !tok_.nl) {
          advance();
          y->flags |= F_DELEGATE;
          y->a.push_back(assign(no_in));
        } else if (!tok_.nl && !at(")") && !at("]") && !at("}") && !at(",") && !at(";") && !at(":") &&
                   tok_.t != TokenKind::Eof && !at("in") && !at("of")) {
          y->a.push_back(assign(no_in));
        }
        return y;
      }
      if (at("async")) {
        if (Node* arrow = async_arrow(line)) return arrow;
      }
      bool nl;
      if (lex_.peek_raw(&nl) == "=>" && !nl && !is_reserved(tok_.text)) {
        {
          Node* params = make(K::Params);
          Node* id = make(K::Ident);
          id->s = binding_ident();
          params->a.push_back(id);
          return arrow_from(params, line, false);
        }
      }
    }
    Node* left = conditional(no_in);
    if (left->k == K::Function && left->has(F_ARROW)) return left;
    if ((tok_.t == TokenKind::Punct) && is_assign_op(tok_.text)) {
      Node* n = make(K::Assign, line);
      n->s = std::string(tok_.text);
      if (n->s == "=" && (left->k == K::Array || left->k == K::Object)) left = to_pattern(left);
      else if (!valid_target(left)) fail("SyntaxError: invalid assignment target");
      advance();
      n->a.push_back(left);
      n->a.push_back(assign(no_in));
      return n;
    }
    return left;
  }

  // `async x => ...` at tok_ (async), or null with tok_ unmoved. Apart from assign_inner, so
  // that its three tokens take no room in the frame every nesting level of an expression
  // repeats (JsNesting.TheDeepestAcceptedProgramsFitInOneMiBOfStack).
  [[gnu::noinline]] Node* async_arrow(int line) {
    Token p = peek();
    if (p.t != TokenKind::Name || p.nl || p.is("function")) return nullptr;
    auto st = lex_.save();
    Token save = tok_;
    advance();
    Token p2 = peek();
    if (p2.is("=>")) {
      Node* params = make(K::Params);
      Node* id = make(K::Ident);
      id->s = binding_ident();
      params->a.push_back(id);
      return arrow_from(params, line, true);
    }
    lex_.restore(st);
    tok_ = save;
    return nullptr;
  }

  static bool valid_target(Node* n) {
    if (n->k == K::Paren) return valid_target(n->a[0]);
    if (n->k == K::Ident) return n->s != "null" && n->s != "true" && n->s != "false";
    return n->k == K::Dot;
  }

  Node* to_pattern(Node* e) {
    switch (e->k) {
      case K::Ident:
        if (!valid_target(e)) break;
        return e;
      case K::Dot:
        return e;
      case K::Paren:
        if (e->a[0]->k == K::Ident || e->a[0]->k == K::Dot) return e->a[0];
        break;
      case K::Assign:
        if (e->s == "=") {
          Node* a = make(K::AssignPat, e->line);
          a->a.push_back(to_pattern(e->a[0]));
          a->a.push_back(e->a[1]);
          return a;
        }
        break;
      case K::AssignPat:
      case K::ObjPat:
      case K::ArrPat:
      case K::Rest:
        return e;
      case K::Spread: {
        if (e->a[0]->k == K::Assign) fail("SyntaxError: rest element may not have a default initializer", e->line);
        Node* r = make(K::Rest, e->line);
        r->a.push_back(to_pattern(e->a[0]));
        return r;
      }
      case K::Array: {
        Node* p = make(K::ArrPat, e->line);
        for (Node* x : e->a) p->a.push_back(x->k == K::Hole ? x : to_pattern(x));
        for (size_t i = 0; i + 1 < p->a.size(); i++)
          if (p->a[i]->k == K::Rest) fail("SyntaxError: rest element must be last element", e->line);
        if (!e->a.empty() && e->a.back()->k == K::Spread && e->a.back()->s2 == ",")
          fail("SyntaxError: rest element may not have a trailing comma", e->line);
        return p;
      }
      case K::Object: {
        Node* p = make(K::ObjPat, e->line);
        for (Node* x : e->a) {
          if (x->has(F_SPREAD)) {
            if (x->s2 == ",") fail("SyntaxError: rest element may not have a trailing comma", x->line);
            Node* r = make(K::Rest, x->line);
            r->a.push_back(to_pattern(x->a[1]));
            if (r->a[0]->k != K::Ident && r->a[0]->k != K::Dot) fail("SyntaxError: invalid rest element", x->line);
            p->a.push_back(r);
            continue;
          }
          if (x->has(F_METHOD | F_GET | F_SET)) fail("SyntaxError: invalid destructuring target", x->line);
          if (!p->a.empty() && p->a.back()->k == K::Rest) fail("SyntaxError: rest element must be last element", x->line);
          x->a[1] = to_pattern(x->a[1]);
          p->a.push_back(x);
        }
        return p;
      }
      default:
        break;
    }
    fail("SyntaxError: invalid destructuring target", e->line);
  }

  Node* conditional(bool no_in) {
    int line = tok_.line;
    Node* c = binary(0, no_in);
    if (c->k == K::Function && c->has(F_ARROW)) return c;
    if (at("?")) {
      advance();
      Node* n = make(K::Cond, line);
      n->a.push_back(c);
      n->a.push_back(assign(false));
      expect(":");
      n->a.push_back(assign(no_in));
      return n;
    }
    return c;
  }

  static int precedence(const Token& t, bool no_in) {
    if (t.t != TokenKind::Punct && t.t != TokenKind::Name) return -1;
    std::string_view o = t.text;
    if (t.t == TokenKind::Punct && (o[0] == ')' || o[0] == ';' || o[0] == ',' || o[0] == ']' || o[0] == '}' || o[0] == '.' ||
                            o[0] == '(' || (o[0] == '=' && o.size() == 1)))
      return -1;
    if (t.t == TokenKind::Name) {
      if (o == "instanceof") return 7;
      if (o == "in" && !no_in) return 7;
      return -1;
    }
    if (o == "??") return 1;
    if (o == "||") return 1;
    if (o == "&&") return 2;
    if (o == "|") return 3;
    if (o == "^") return 4;
    if (o == "&") return 5;
    if (o == "==" || o == "!=" || o == "===" || o == "!==") return 6;
    if (o == "<" || o == ">" || o == "<=" || o == ">=") return 7;
    if (o == "<<" || o == ">>" || o == ">>>") return 8;
    if (o == "+" || o == "-") return 9;
    if (o == "*" || o == "/" || o == "%") return 10;
    if (o == "**") return 11;
    return -1;
  }

  Node* binary(int min, bool no_in) {
    int line = tok_.line;
    Node* left;
    if (tok_.t == TokenKind::Private) {
      // `#x in obj`
      left = make(K::PrivateName);
      left->s = std::string(tok_.text);
      advance();
      if (!at("in")) unexpected();
    } else {
      left = unary();
    }
    if (left->k == K::Function && left->has(F_ARROW)) return left;
    for (;;) {
      int p = precedence(tok_, no_in);
      if (p < 0 || p <= min - 1 || p < min) break;
      std::string op(tok_.text);
      advance();
      Node* right;
      if (op == "**") {
        Depth guard(this);  // right-associative: each ** nests one level
        right = binary(p, no_in);
      } else {
        right = binary(p + 1, no_in);  // returns at the next operator of this precedence
      }
      auto logical = [](Node* x) { return x->k == K::Binary && (x->s == "&&" || x->s == "||"); };
      if ((op == "??" && (logical(left) || logical(right))) ||
          ((op == "&&" || op == "||") && ((left->k == K::Binary && left->s == "??") || (right->k == K::Binary && right->s == "??"))))
        fail("SyntaxError: cannot mix ?? with && or || without parentheses");
      if (op == "**" && (left->k == K::Unary || left->k == K::Await))
        fail("SyntaxError: unary operator before ** needs parentheses");
      Node* n = make(K::Binary, line);
      n->s = op;
      n->a.push_back(left);
      n->a.push_back(right);
      left = n;
    }
    return left;
  }

  // Only a prefix operator nests (one level each): a guard per operand would count every
  // parenthesis twice, through assign() and here.
  Node* unary() {
    int line = tok_.line;
    if (tok_.t == TokenKind::Punct) {
      std::string_view o = tok_.text;
      if (o == "!" || o == "~" || o == "+" || o == "-") {
        advance();
        Node* n = make(K::Unary, line);
        n->s = std::string(o);
        Depth guard(this);
        n->a.push_back(unary());
        if (at("**")) fail("SyntaxError: unary operator before ** needs parentheses");
        return n;
      }
      if (o == "++" || o == "--") {
        advance();
        Node* n = make(K::Update, line);
        n->s = std::string(o);
        n->flags |= F_PREFIX;
        Depth guard(this);
        n->a.push_back(unary());
        if (!valid_target(n->a[0])) fail("SyntaxError: invalid update target");
        return n;
      }
    } else if (tok_.t == TokenKind::Name) {
      std::string_view o = tok_.text;
      if (o == "typeof" || o == "void" || o == "delete") {
        advance();
        Node* n = make(K::Unary, line);
        n->s = std::string(o);
        Depth guard(this);
        n->a.push_back(unary());
        Node* x = n->a[0];
        while (x->k == K::Paren) x = x->a[0];
        if (n->s == "delete" && x->k == K::Dot && x->a[1]->k == K::PrivateName)
          fail("SyntaxError: private fields cannot be deleted");
        return n;
      }
      if (o == "await" && in_async()) {
        advance();
        Node* n = make(K::Await, line);
        Depth guard(this);
        n->a.push_back(unary());
        return n;
      }
    }
    Node* e = postfix();
    return e;
  }

  Node* postfix() {
    int line = tok_.line;
    Node* e = lhs_expression();
    if (tok_.t == TokenKind::Punct && (at("++") || at("--")) && !tok_.nl) {
      if (!valid_target(e)) fail("SyntaxError: invalid update target");
      Node* n = make(K::Update, line);
      n->s = std::string(tok_.text);
      advance();
      n->a.push_back(e);
      return n;
    }
    return e;
  }

  // Reads a call's arguments into call; *trailing_comma (if given) says whether a comma
  // followed the last one, which async arrow parameters must refuse after a rest element.
  void arguments(Node* call, bool* trailing_comma = nullptr) {
    expect("(");
    while (!at(")")) {
      if (at("...")) {
        Node* s = make(K::Spread);
        advance();
        s->a.push_back(assign(false));
        call->a.push_back(s);
      } else {
        call->a.push_back(assign(false));
      }
      if (!eat(",")) break;
      if (trailing_comma && at(")")) *trailing_comma = true;
    }
    call->end_line = tok_.line;
    expect(")");
  }

  Node* lhs_expression() {
    int line = tok_.line;
    Node* e;
    if (at("new")) {
      advance();
      if (at(".")) {
        advance();
        if (!at("target")) unexpected();
        advance();
        e = make(K::NewTarget, line);
      } else {
        Node* n = make(K::New, line);
        Node* callee = member_only();
        n->a.push_back(callee);
        if (at("(")) arguments(n);
        e = n;
      }
    } else {
      e = primary();
      if (e->k == K::Function && e->has(F_ARROW)) return e;
    }
    return call_tail(e, line, true);
  }

  // The callee of `new`: member accesses without calls.
  Node* member_only() {
    Depth guard(this);
    int line = tok_.line;
    Node* e;
    if (at("new")) {
      advance();
      Node* n = make(K::New, line);
      n->a.push_back(member_only());
      if (at("(")) arguments(n);
      e = n;
    } else {
      e = primary();
    }
    return call_tail(e, line, false);
  }

  Node* call_tail(Node* e, int line, bool calls) {
    bool chain = false;
    for (;;) {
      if (at(".")) {
        advance();
        Node* d = make(K::Dot, line);
        d->a.push_back(e);
        if (tok_.t == TokenKind::Private) {
          if (e->k == K::Super) fail("SyntaxError: private names cannot be read through super");
          Node* p = make(K::PrivateName);
          p->s = std::string(tok_.text);
          advance();
          d->a.push_back(p);
        } else {
          Node* id = make(K::Ident);
          id->s = ident_name();
          d->a.push_back(id);
        }
        e = d;
      } else if (at("?.")) {
        if (!calls) unexpected();
        advance();
        chain = true;
        if (at("(")) {
          Node* c = make(K::Call, line);
          c->flags |= F_OPTIONAL;
          c->a.push_back(e);
          arguments(c);
          e = c;
        } else if (at("[")) {
          advance();
          Node* d = make(K::Dot, line);
          d->flags |= F_OPTIONAL | F_COMPUTED;
          d->a.push_back(e);
          d->a.push_back(expression());
          expect("]");
          e = d;
        } else {
          Node* d = make(K::Dot, line);
          d->flags |= F_OPTIONAL;
          d->a.push_back(e);
          if (tok_.t == TokenKind::Private) {
            Node* p = make(K::PrivateName);
            p->s = std::string(tok_.text);
            advance();
            d->a.push_back(p);
          } else {
            Node* id = make(K::Ident);
            id->s = ident_name();
            d->a.push_back(id);
          }
          e = d;
        }
      } else if (at("[")) {
        advance();
        Node* d = make(K::Dot, line);
        d->flags |= F_COMPUTED;
        d->a.push_back(e);
        d->a.push_back(expression());
        expect("]");
        e = d;
      } else if (calls && at("(")) {
        Node* c = make(K::Call, line);
        c->a.push_back(e);
        arguments(c);
        e = c;
      } else if (tok_.t == TokenKind::Template) {
        if (chain) fail("SyntaxError: tagged template in an optional chain");
        Node* t = make(K::Tagged, line);
        t->a.push_back(e);
        t->a.push_back(template_literal(true));
        e = t;
      } else {
        break;
      }
    }
    if (chain) {
      Node* c = make(K::OptChain, line);
      c->a.push_back(e);
      return c;
    }
    return e;
  }

  Node* template_literal(bool tagged = false) {
    Node* t = make(K::Template);
    for (;;) {
      if (tok_.bad_escape && !tagged) fail("SyntaxError: invalid escape sequence in template literal");
      if (tok_.bad_escape) t->flags |= F_SPREAD;  // a tagged template with an undefined cooked part
      t->strs.push_back(tok_.bad_escape ? std::string("\x01") : tok_.value);
      t->strs.push_back(tok_.raw);
      if (tok_.tail) {
        t->end_line = lex_.save().line;
        advance();
        return t;
      }
      advance();
      t->a.push_back(expression());
      if (!at("}")) unexpected();
      tok_ = lex_.template_continue(tok_);
    }
  }

  Node* primary() {
    int line = tok_.line;
    switch (tok_.t) {
      case TokenKind::Num: {
        Node* n = make(tok_.bigint ? K::BigInt : K::Num);
        n->s = tok_.value;
        advance();
        return n;
      }
      case TokenKind::Str: {
        Node* n = make(K::Str);
        n->s = std::string(tok_.text);
        advance();
        return n;
      }
      case TokenKind::Template:
        return template_literal();
      case TokenKind::Private:
        unexpected();
      case TokenKind::Eof:
        unexpected();
      case TokenKind::Regex:
        break;
      case TokenKind::Punct: {
        if (at("/") || at("/=")) {
          tok_ = lex_.regex(tok_);
          Node* n = make(K::Regex);
          n->s = tok_.value;
          n->s2 = tok_.raw;
          advance();
          return n;
        }
        if (at("(")) return paren();
        if (at("[")) return array();
        if (at("{")) return object();
        if (at("@")) unsupported("decorators");
        if (at("#")) unexpected();
        unexpected();
      }
      case TokenKind::Name:
        break;
    }
    // An escaped name is never a keyword: it matches none of the words below.
    std::string_view w = tok_.escaped ? std::string_view("\\") : tok_.text;
    if (w == "function") return function(false, false, line);
    if (w == "class") return class_(false);
    if (w == "this") {
      advance();
      return make(K::This, line);
    }
    if (w == "super") {
      advance();
      if (!at("(") && !at(".") && !at("[")) unexpected();
      return make(K::Super, line);
    }
    if (w == "import") {
      Token p = peek();
      if (p.is(".")) unsupported("import.meta expressions");
      unsupported("dynamic import() calls");
    }
    if (w == "async") {
      Token p = peek();
      if (p.is("function") && !p.nl) {
        advance();
        return function(false, true, line);
      }
      if (p.is("(") && !p.nl) {
        // async(...) => ... or a call of something named async
        advance();
        Node* call = make(K::Call, line);
        Node* callee = make(K::Ident, line);
        callee->s = "async";
        call->a.push_back(callee);
        bool trailing_comma = false;
        arguments(call, &trailing_comma);
        if (at("=>") && !tok_.nl) {
          for (size_t i = 1; i < call->a.size(); i++)
            if (call->a[i]->k == K::Spread && (trailing_comma || i + 1 < call->a.size()))
              fail("SyntaxError: Rest parameter must be last formal parameter", line);
          Node* params = make(K::Params, line);
          for (size_t i = 1; i < call->a.size(); i++) params->a.push_back(to_pattern(call->a[i]));
          return arrow_from(params, line, true);
        }
        return call;
      }
    }
    w = tok_.text;
    if (is_reserved(w) && (tok_.escaped || (w != "null" && w != "true" && w != "false"))) unexpected();
    if (w == "yield" && in_gen()) unexpected();
    if (w == "await" && fn_.back().static_block) unexpected();
    if (tok_.escaped && ((w == "yield" && in_gen()) || (w == "await" && in_async()))) unexpected();
    Node* n = make(K::Ident);
    n->s = std::string(w);
    advance();
    return n;
  }

  Node* paren() {
    int line = tok_.line;
    advance();
    std::vector<Node*> items;
    bool trailing = false;
    bool rest = false;
    while (!at(")")) {
      if (at("...")) {
        Node* r = make(K::Rest);
        advance();
        r->a.push_back(binding_target());
        items.push_back(r);
        rest = true;
        break;
      }
      items.push_back(assign(false));
      if (!eat(",")) break;
      if (at(")")) trailing = true;
    }
    expect(")");
    if (at("=>") && !tok_.nl) {
      Node* params = make(K::Params, line);
      for (Node* x : items) params->a.push_back(to_pattern(x));
      return arrow_from(params, line, false);
    }
    if (items.empty() || rest || trailing) unexpected();
    Node* p = make(K::Paren, line);
    if (items.size() == 1) {
      p->a.push_back(items[0]);
    } else {
      Node* s = make(K::Seq, line);
      s->a.assign(items.begin(), items.end());
      p->a.push_back(s);
    }
    return p;
  }

  Node* array() {
    Node* n = make(K::Array);
    advance();
    while (!at("]")) {
      if (at(",")) {
        advance();
        n->a.push_back(make(K::Hole));
        continue;
      }
      if (at("...")) {
        Node* s = make(K::Spread);
        advance();
        s->a.push_back(assign(false));
        n->a.push_back(s);
        if (at(",")) s->s2 = ",";  // refused if the array turns out to be a pattern
      } else {
        n->a.push_back(assign(false));
      }
      if (!at("]")) expect(",");
    }
    n->end_line = tok_.line;
    advance();
    return n;
  }

  Node* object() {
    Node* n = make(K::Object);
    advance();
    while (!at("}")) {
      Node* p = make(K::Prop);
      if (at("...")) {
        advance();
        p->flags |= F_SPREAD;
        p->a.push_back(nullptr);
        p->a.push_back(assign(false));
      } else {
        bool is_async = false, gen = false;
        member_head(p, &is_async, &gen);
        if (at("(")) {
          if (!p->has(F_GET | F_SET)) p->flags |= F_METHOD;
          p->a.push_back(method_function(p->line, is_async, gen, p->flags & (F_GET | F_SET)));
        } else if (p->has(F_GET | F_SET) || is_async || gen) {
          unexpected();
        } else if (eat(":")) {
          p->a.push_back(assign(false));
        } else {
          Node* key = p->a[0];
          if (key->k != K::Ident || p->has(F_COMPUTED)) unexpected();
          p->flags |= F_SHORTHAND;
          Node* id = make(K::Ident, p->line);
          id->s = key->s;
          if (at("=")) {
            // Only valid as a destructuring pattern: `({a = 1} = obj)`.
            advance();
            Node* as = make(K::Assign, p->line);
            as->s = "=";
            as->a.push_back(id);
            as->a.push_back(assign(false));
            p->a.push_back(as);
          } else {
            p->a.push_back(id);
          }
        }
      }
      n->a.push_back(p);
      if (!at("}")) {
        expect(",");
        if (p->has(F_SPREAD)) p->s2 = ",";  // `{...a,}` is no valid pattern
      }
      if (!p->has(F_COMPUTED | F_SHORTHAND | F_METHOD | F_GET | F_SET | F_SPREAD) && is_proto_key(p->a[0])) {
        if (n->s2 == "__proto__") fail("SyntaxError: duplicate __proto__ fields are not allowed in object literals", p->line);
        n->s2 = "__proto__";
      }
    }
    n->end_line = tok_.line;
    advance();
    return n;
  }

  static bool is_proto_key(Node* k) {
    return (k->k == K::Ident && k->s == "__proto__") || (k->k == K::Str && k->s.size() == 11 && k->s.substr(1, 9) == "__proto__");
  }

  Lexer lex_;
  Arena& ar_;
  Token tok_;
  int prev_line_ = 1;
  int depth_ = 0;
  bool no_in_ = false;
  bool single_ = false;  // the next statement is the body of if/while/for/a label
  std::vector<FnCtx> fn_;
};

}  // namespace

Node* parse_program(std::string_view src, Arena& arena, ParseError* err) {
  try {
    Parser p(src, arena);
    return p.program();
  } catch (ParseFailure& f) {
    err->line = f.line;
    err->message = f.msg + " (line " + std::to_string(f.line) + ")";
    return nullptr;
  }
}

}  // namespace oda::js
