// The lowering of the other expressions: a dispatch over node kinds, identifiers and their
// dead-zone checks, assignments, operators ES5 lacks, yield, await, new.target.
#include "js/lower_internal.h"

#include <set>

#include "js/regexp.h"

namespace oda::js::lowering {

// An assignment target evaluated once: prints the setup (`__t1 = obj, `) and returns the
// text that reads or writes it.
std::string Emitter::simple_ref(Node* t) {
  if (t->k == K::Paren) return simple_ref(t->a[0]);
  if (t->k == K::Ident) return name_of(t);
  if (t->k != K::Dot) fail("SyntaxError: invalid assignment target", t->line);
  std::string o = temp();
  w(o + " = ");
  const Private* p = private_member(t);
  if (p && p->stat) w("__oda_sb(");
  if (t->a[0]->k == K::Super) w(this_ref());
  else expr(t->a[0]);
  if (p && p->stat) w(", " + p->brand + ", " + quote("#" + p->name) + ")");
  w(", ");
  if (t->has(F_COMPUTED)) {
    std::string k = temp();
    w(k + " = ");
    expr(t->a[1]);
    w(", ");
    return o + "[" + k + "]";
  }
  if (t->a[1]->k == K::PrivateName) return o + "[" + private_var(t->a[1]->s, t->line) + "]";
  if (!ascii(t->a[1]->s)) return o + "[" + quote(t->a[1]->s) + "]";
  return o + "." + t->a[1]->s;
}

void Emitter::assign(Node* n) {
  Node* t = n->a[0];
  const std::string& op = n->s;
  bool logical = op == "&&=" || op == "||=" || op == "?\?=";
  // A logical assignment reads first and may not store at all: a read-only private element
  // throws only when it would be stored to (below).
  if (!logical && private_write_error(t, n->a[1])) return;
  if (op == "=" && (t->k == K::ObjPat || t->k == K::ArrPat)) {
    std::string src = temp();
    w("(" + src + " = ");
    expr(n->a[1]);
    first_ = false;
    bool saved = assigning_;
    assigning_ = true;
    destructure(t, src);
    assigning_ = saved;
    w(", " + src + ")");
    return;
  }
  static const std::pair<const char*, const char*> bigint_ops[] = {
      {"+=", "add"}, {"-=", "sub"}, {"*=", "mul"}, {"/=", "div"},  {"%=", "mod"},  {"**=", "pow"},
      {"&=", "and"}, {"|=", "or"},  {"^=", "xor"}, {"<<=", "shl"}, {">>=", "shr"}, {">>>=", "ushr"}};
  const char* bigint_op = nullptr;
  if (bigint && !(t->k == K::Ident && t->has(F_TDZ | F_TDZCHECK)))
    for (auto& [o, name] : bigint_ops)
      if (op == o) bigint_op = name;
  if (bigint_op) {
    w("(");
    std::string r = simple_ref(t);
    if (t->k == K::Ident) check_const(t);
    w(r + " = " + bi(bigint_op) + "(" + r + ", ");
    expr(n->a[1]);
    w("))");
    return;
  }
  if (op == "**=" || op == "&&=" || op == "||=" || op == "?\?=") {
    w("(");
    std::string r = simple_ref(t);
    if (t->k == K::Ident) check_const(t);
    if (op == "**=") {
      w(r + " = Math.pow(" + r + ", ");
      expr(n->a[1]);
      w("))");
    } else {
      const Private* ro = private_read_only(t);
      std::string store = ro ? "(" : "(" + r + " = ";
      if (op == "&&=") w(r + " ? " + store);
      else if (op == "||=") w(r + " ? " + r + " : " + store);
      else w(r + " != null ? " + r + " : " + store);
      named_expr(n->a[1], t->k == K::Ident ? t->s : "");
      if (ro) w(", " + private_write_throw(*ro));
      w(op == "&&=" ? ") : " + r + ")" : "))");
    }
    return;
  }
  if (t->k == K::Ident && t->has(F_TDZ)) {
    w("__oda_tdz(" + quote(t->s) + ")");
    return;
  }
  if (t->k == K::Ident && t->has(F_TDZCHECK) && !(t->b && t->b->kind == 'c')) {
    // A let written from a closure that may run before its declaration: the check cannot
    // stand as the target, so it guards the whole assignment (checked before the value is
    // computed, where node computes it first: only the order of an error differs).
    std::string nm = name_of(t);
    w("(" + nm + " === __oda_TDZ ? __oda_tdz(" + quote(t->s) + ") : " + nm + " " + op + " ");
    named_expr(n->a[1], t->s);
    w(")");
    return;
  }
  if (t->k == K::Ident && t->b && (t->b->kind == 'c' || t->b->fixed)) {
    w("(");
    expr(n->a[1]);
    w(", __oda_constassign(" + quote(t->s) + "))");
    return;
  }
  if (t->k == K::Dot && t->a[0]->k == K::Super) {
    w(this_ref());
    member_tail(t);
  } else {
    private_store_ = op == "=";
    expr(t);
    private_store_ = false;
  }
  w(" " + op + " ");
  named_expr(n->a[1], t->k == K::Ident ? t->s : "");
}

// An identifier read: TDZ checks, `arguments` of the enclosing non-arrow function, and the
// names Duktape must not see as written.
void Emitter::ident(Node* n) {
  if (n->has(F_TDZ)) {
    w("__oda_tdz(" + quote(n->s) + ")");
    return;
  }
  if (n->has(F_TDZCHECK)) {
    std::string nm = name_of(n);
    w("(" + nm + " === __oda_TDZ ? __oda_tdz(" + quote(n->s) + ") : " + nm + ")");
    return;
  }
  if (n->s == "arguments" && !n->b) {
    w(args_ref(n->line));
    return;
  }
  if (n->s == "eval" && !n->b) {
    // eval as a value (an indirect eval): the global wrapper that lowers first.
    w("__oda_ieval");
    return;
  }
  if (n->s == "undefined" && !n->b) {
    w("undefined");
    return;
  }
  w(name_of(n));
}

void Emitter::string_lit(Node* n) {
  // A line continuation keeps its newline in the output, so it counts as a line.
  std::string lit = fix_string(n->s);
  w(lit);
  for (char c : lit) line_ += c == '\n';
}

void Emitter::regex_lit(Node* n) {
  // An invalid literal is an early error, reported at its line before anything runs.
  std::string why;
  if (!check_regexp(n->s, n->s2, &why)) fail("SyntaxError: " + why, n->line);
  w("__oda_regexp(" + quote(n->s) + ", \"" + n->s2 + "\")");
}

void Emitter::unary(Node* n) {
  Node* x = n->a[0];
  while (x->k == K::Paren) x = x->a[0];
  if (n->s == "delete" && x->k == K::OptChain) {
    // delete a?.b: true where the chain stops, else the delete of its last member.
    opt_chain(x, nullptr, true);
    return;
  }
  // (typeof, ! and the strict equalities know BigInts in the engine: lib/engine/patches/0010.)
  if (bigint && (n->s == "-" || n->s == "~")) {
    w(bi(n->s == "-" ? "neg" : "not") + "(");
    expr(n->a[0]);
    w(")");
    return;
  }
  w(n->s);
  // A space keeps `typeof x`, `- -x` and `- --x` from running together.
  if (n->s.size() > 1 || ((n->s == "+" || n->s == "-") && n->a[0]->k == K::Unary && n->a[0]->s[0] == n->s[0]) ||
      ((n->s == "+" || n->s == "-") && n->a[0]->k == K::Update && n->a[0]->has(F_PREFIX)))
    w(" ");
  expr(n->a[0]);
}

void Emitter::update(Node* n) {
  Node* t = n->a[0];
  bool unused = unused_update_;
  unused_update_ = false;
  if (private_write_error(t, nullptr)) return;
  if (t->k == K::Ident && t->b && (t->b->kind == 'c' || t->b->fixed)) {
    w("__oda_constassign(" + quote(t->s) + ")");
    return;
  }
  if (t->k == K::Ident && t->has(F_TDZCHECK)) {
    // As in assign(): the dead-zone check guards the update, which cannot take it as target.
    std::string nm = name_of(t);
    w("(" + nm + " === __oda_TDZ ? __oda_tdz(" + quote(t->s) + ") : " +
      (n->has(F_PREFIX) ? n->s + nm : nm + n->s) + ")");
    return;
  }
  if (bigint && t->k == K::Ident && !(t->b && t->b->number_only)) {
    std::string nm = name_of(t), f = n->s == "++" ? "inc" : "dec";
    if (n->has(F_PREFIX) || unused) {
      w("(" + nm + " = " + bi(f) + "(" + nm + "))");
    } else {  // the old value converted once (an object's valueOf), as the expression's value
      std::string old = temp();
      w("(" + old + " = " + bi("numeric") + "(" + nm + "), " + nm + " = " + bi(f) + "(" + old + "), " + old + ")");
    }
    return;
  }
  if (bigint && t->k == K::Dot && t->a[0]->k != K::Super) {
    // o.x++ and o[k]--: the object and key read once, as for o.x += 1n.
    std::string f = n->s == "++" ? "inc" : "dec";
    w("(");
    std::string r = simple_ref(t);
    if (n->has(F_PREFIX) || unused) {
      w(r + " = " + bi(f) + "(" + r + "))");
    } else {
      std::string old = temp();
      w(old + " = " + bi("numeric") + "(" + r + "), " + r + " = " + bi(f) + "(" + old + "), " + old + ")");
    }
    return;
  }
  if (n->has(F_PREFIX)) {
    w(n->s);
    expr(t);
  } else {
    expr(t);
    w(n->s);
  }
}

// The operators ES5 lacks (**, ??, #x in o) rewritten; the others as written.
// In a program that mentions BigInt, the operators BigInt has are calls of __oda_BI: the
// helper's name for op, or null. (=== and !== compare BigInts in the engine.)
const char* Emitter::bigint_op(const std::string& op) const {
  static const std::pair<const char*, const char*> ops[] = {
      {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "div"}, {"%", "mod"}, {"**", "pow"}, {"<", "lt"},
      {">", "gt"},  {"<=", "le"},  {">=", "ge"},  {"==", "eq"},  {"!=", "ne"},   {"&", "and"},   {"|", "or"},
      {"^", "xor"}, {"<<", "shl"}, {">>", "shr"}, {">>>", "ushr"}};
  if (!bigint) return nullptr;
  for (auto& [o, name] : ops)
    if (op == o) return name;
  return nullptr;
}

// Whether e is certainly a number: a number literal, a binding that only ever holds one
// (Binding::number_only), or an operator of two such (a few deep: chains run 30,000 long).
// An operator of two numbers is the engine's own, with no BigInt to look for.
bool Emitter::number_typed(Node* e, int depth) const {
  while (e->k == K::Paren) e = e->a[0];
  if (e->k == K::Num) return true;
  if (e->k == K::Ident) return e->b && e->b->number_only;
  return e->k == K::Binary && depth < 4 && e->s != "**" && bigint_op(e->s) && number_typed(e->a[0], depth + 1) &&
         number_typed(e->a[1], depth + 1);
}

// The __oda_BI helper a binary operator n is a call of, or null when it stays as written.
const char* Emitter::bigint_call(Node* n) const {
  const char* name = bigint_op(n->s);
  if (!name || (n->s != "**" && number_typed(n->a[0]) && number_typed(n->a[1]))) return nullptr;
  return name;
}

bool Emitter::bigint_binary(Node* n) {
  const char* name = bigint_call(n);
  if (!name) return false;
  w(bi(name) + "(");
  expr(n->a[0]);
  w(", ");
  expr(n->a[1]);
  w(")");
  return true;
}

void Emitter::binary(Node* n) {
  const std::string& op = n->s;
  if (bigint_binary(n)) return;
  if (op == "**") {
    w("Math.pow(");
    expr(n->a[0]);
    w(", ");
    expr(n->a[1]);
    w(")");
    return;
  }
  if (op == "??") {
    Node* l = n->a[0];
    if (l->k == K::Ident && l->b) {
      w("(" + name_of(l) + " != null ? " + name_of(l) + " : ");
    } else {
      std::string t = temp();
      w("((" + t + " = ");
      expr(l);
      w(") != null ? " + t + " : ");
    }
    expr(n->a[1]);
    w(")");
    return;
  }
  if (op == "in" && n->a[0]->k == K::PrivateName) {
    w("__oda_pin(" + private_var(n->a[0]->s, n->line) + ", ");
    expr(n->a[1]);
    w(", " + quote("#" + n->a[0]->s) + ")");
    return;
  }
  expr(n->a[0]);
  w(" " + op + " ");
  expr(n->a[1]);
}

// How V8 names the callee of a failed `new` in "X is not a constructor": member chains as
// written (o.p.q, a[0], o[k], o.m(...)), literals, else "(intermediate value)".
std::string Emitter::callee_text(Node* c) {
  while (c->k == K::Paren) c = c->a[0];
  switch (c->k) {
    case K::Ident: return c->s;
    case K::This: return "this";
    case K::Num: return c->s;
    case K::Str: return "\"" + c->s.substr(1, c->s.size() - 2) + "\"";
    case K::Call: {
      std::string f = callee_text(c->a[0]);
      return f == "(intermediate value)" ? f : f + "(...)";
    }
    case K::Dot: {
      std::string o = callee_text(c->a[0]);
      if (o == "(intermediate value)" || c->has(F_OPTIONAL)) return "(intermediate value)";
      Node* k = c->a[1];
      if (!c->has(F_COMPUTED)) return k->k == K::Ident ? o + "." + k->s : "(intermediate value)";
      if (k->k == K::Str) {
        std::string v = k->s.substr(1, k->s.size() - 2);
        bool name = !v.empty() && !(v[0] >= '0' && v[0] <= '9');
        for (char ch : v) name &= (ch == '_' || ch == '$' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'));
        if (name) return o + "." + v;
      }
      std::string i = callee_text(k);
      return i == "(intermediate value)" ? i : o + "[" + i + "]";
    }
    default: return "(intermediate value)";
  }
}

// Whether the callee of a `new` is certainly a constructor: a class or a plain function
// declared here and never reassigned, or one of the engine's constructors by its global name.
bool Emitter::known_ctor(Node* c) {
  if (c->k != K::Ident || c->has(F_TDZ | F_TDZCHECK)) return false;
  if (c->b) return !c->b->mutated && (c->b->kind == 'k' || (c->b->kind == 'f' && c->b->plain_fn));
  static const std::set<std::string, std::less<>> globals = {
      "Array", "ArrayBuffer", "Boolean", "DataView", "Date", "Error", "EvalError", "Float32Array",
      "Float64Array", "Function", "Int16Array", "Int32Array", "Int8Array", "Map", "Number", "Object",
      "Promise", "Proxy", "RangeError", "ReferenceError", "RegExp", "Set", "String", "SyntaxError",
      "TypeError", "URIError", "Uint16Array", "Uint32Array", "Uint8Array", "Uint8ClampedArray",
      "WeakMap", "WeakSet", "AggregateError", "URL", "URLSearchParams", "TextEncoder", "TextDecoder"};
  return globals.count(c->s) > 0;
}

void Emitter::new_expr(Node* n) {
  if (error_with_options(n)) return;
  // A callee that may not be a constructor (an arrow, a method, an async function, a
  // non-function) goes through __oda_ctor, which throws node's TypeError naming it.
  Node* c = n->a[0];
  bool check = !known_ctor(c);
  if (has_spread(n, 1)) {
    w("__oda_new(");
    if (check) w("__oda_ctor(");
    expr(c);
    if (check) w(", " + quote(callee_text(c)) + ")");
    w(", ");
    spread_array(n->a, 1);
    w(")");
    return;
  }
  w("new ");
  if (bigint && c->k == K::Ident && !c->b && c->s == "Number" && n->a.size() >= 2) {
    // new Number(1n) converts as Number(1n) does.
    w("Number(__oda_BI.num(");
    expr(n->a[1]);
    w(")");
    args_rest(n, 2);
    return;
  }
  if (check) {
    w("(__oda_ctor(");
    expr(c);
    w(", " + quote(callee_text(c)) + "))");
  } else {
    expr(c);
  }
  args(n, 1);
}

void Emitter::member(Node* n) {
  bool store = private_store_;
  private_store_ = false;
  if (n->a[0]->k == K::Num && !n->has(F_COMPUTED) && n->a[0]->s.find_first_of(".eExX") == std::string::npos) {
    // `5 .toFixed()`: an integer literal needs parentheses before a dot.
    w("(" + n->a[0]->s + ")");
    member_tail(n);
    return;
  }
  if (n->a[0]->k == K::Super) {
    // super.x reads the parent's property with this as the receiver (getters).
    if (fn_->home.empty()) fail("SyntaxError: 'super' keyword unexpected here", n->line);
    w("__oda_sget(" + fn_->home + ", ");
    std::string self = this_ref();
    // super[k] before super() throws for `this` before k is evaluated.
    bool check = n->has(F_COMPUTED) && self.find("__oda_nothis") != std::string::npos;
    if (check) w("(" + self + ", ");
    if (n->has(F_COMPUTED)) expr(n->a[1]);
    else w(quote(n->a[1]->s));
    if (check) w(")");
    w(", " + self + ")");
    return;
  }
  if (n->a[1]->k == K::PrivateName && !n->has(F_COMPUTED) && private_read(n, store)) return;
  expr(n->a[0]);
  member_tail(n);
}

// o.#x where the element decides more than a plain member does: a setter-only accessor's read
// throws, a static element checks that o is its class. Out of member(), whose frame every
// nesting level of a member chain's object pays.
bool Emitter::private_read(Node* n, bool store) {
  const Private* p = private_member(n);
  if (p->kind == 'a' && !p->get && !store) {
    w("(");
    expr(n->a[0]);
    w(", __oda_perr(" + quote("'#" + p->name + "' was defined without a getter") + "))");
    return true;
  }
  if (!p->stat) return false;
  w("__oda_sb(");
  expr(n->a[0]);
  w(", " + p->brand + ", " + quote("#" + p->name) + ")");
  member_tail(n);
  return true;
}

void Emitter::yield_expr(Node* n) {
  Fn* f = var_owner();
  if (f->agen) {
    if (n->has(F_DELEGATE)) w("__oda_ayieldstar(__g, ");
    else {
      w_async_helper("__oda_await");
      w("(__g.y(");
    }
    if (n->a.empty()) w("void 0");
    else expr(n->a[0]);
    w(n->has(F_DELEGATE) ? ")" : "))");
    return;
  }
  w(n->has(F_DELEGATE) ? "__oda_yieldstar(" : "__oda_yield(");
  if (!n->a.empty()) expr(n->a[0]);
  w(")");
}

void Emitter::new_target(Node* n) {
  // From this and the running function (captured through arrows), so anonymous functions
  // and class constructors work alike (lib/engine/runtime/00-lower.js).
  Fn* f = fn_;
  while (f && (f->kind == Fn::Arrow || f->kind == Fn::Closure || f->kind == Fn::Inner)) f = f->parent;
  // eval code reads the new.target of the function calling it.
  if (!f || (f->kind == Fn::Program && !(script_ && has(eval_flags_, EvalFlags::NewTarget))))
    fail("SyntaxError: new.target expression is not allowed here", n->line);
  if (f->kind == Fn::Program && has(eval_flags_, EvalFlags::NoArguments)) {
    w("void 0");  // eval code in a field initializer: new.target is undefined there
    return;
  }
  // No constructor: its arguments.callee may have no prototype for instanceof to read.
  if (f->no_new) {
    w("void 0");
    return;
  }
  // The function itself, from __oda_callee() at its start (arguments.callee throws in
  // strict code); eval code has no function of its own to ask, so it reads its caller's.
  std::string self = "this", callee = f->kind == Fn::Program ? "arguments.callee" : callee_ref(f);
  if (f != fn_) {
    f->need_this = true;
    self = this_var(f);
    if (f->kind == Fn::Program) callee = args_ref() + ".callee";
  }
  w("__oda_newtarget(" + self + ", " + callee + ")");
}

// A left-deep chain (nesting.h's chain_link) in a loop: the links' lines first (as the
// recursion would have synced them), the innermost operand, then each link's tail.
void Emitter::chain(Node* n) {
  std::vector<Node*> links;
  for (; chain_link(n); n = n->a[0]) {
    sync(n->line);
    links.push_back(n);
  }
  if (plus_chain(links)) return;
  // BigInt's operators are calls: their names open outermost first.
  for (Node* l : links)
    if (l->k == K::Binary && bigint_call(l)) w(bi(bigint_call(l)) + "(");
  if (bigint && n->k == K::Ident && !n->b && n->s == "Number" && !links.empty() && links.back()->k == K::Call &&
      links.back()->a.size() <= 2)
    w(bi("num"));  // Number(1n) converts, where every implicit conversion of a BigInt throws
  else
    expr(n);
  for (size_t i = links.size(); i-- > 0;) {
    Node* l = links[i];
    if (l->k == K::Binary && bigint_call(l)) {
      w(", ");
      expr(l->a[1]);
      w(")");
    } else if (l->k == K::Binary) {
      w(" " + l->s + " ");
      expr(l->a[1]);
    } else if (l->k == K::Dot) {
      member_tail(l);
    } else {
      args(l, 1);
    }
  }
}

// A left-deep `+` chain of three or more operands whose first `+` certainly joins strings (a
// string literal or a template on one side of it) is one __oda_pcat call: every later `+` then
// has a string on its left, so it joins too, converting its right operand as __oda_pcat does
// (ToPrimitive with no hint, then ToString). A chain whose first `+` may add numbers
// (`1 + 2 + 's'` is '3s') stays as written, and so does every `+` of a program with BigInt,
// which are calls of __oda_BI.add.
bool Emitter::plus_chain(const std::vector<Node*>& links) {
  size_t k = 0;
  while (k < links.size() && links[k]->k == K::Binary && links[k]->s == "+") k++;
  if (bigint || k < 2) return false;
  auto text = [](Node* e) {
    while (e->k == K::Paren) e = e->a[0];
    return e->k == K::Str || e->k == K::Template;
  };
  Node* first = links[k - 1];
  if (!text(first->a[0]) && !text(first->a[1])) return false;
  std::vector<Piece> pieces{{first->a[0], ""}};
  for (size_t i = k; i-- > 0;) pieces.push_back({links[i]->a[1], ""});
  concat(true, pieces);
  return true;
}

void Emitter::expr(Node* n) {
  if (chain_link(n)) return chain(n);
  sync(n->line);
  switch (n->k) {
    case K::Ident: return ident(n);
    case K::This: return w(this_ref());
    case K::Num: return w(n->s);
    // A local made once per call of the function (bi_lit).
    case K::BigInt: return w(bi_lit(n->s));
    case K::Str: return string_lit(n);
    case K::Regex: return regex_lit(n);
    case K::Template: return template_lit(n);
    case K::Tagged: return tagged(n);
    case K::Array: return array(n);
    case K::Object: return object(n);
    case K::Function:
      w("(");
      function(n, FnOpts{});
      return w(")");
    case K::Class: return class_(n, "");
    case K::Paren:
      w("(");
      expr(n->a[0]);
      return w(")");
    case K::Seq:
      for (size_t i = 0; i < n->a.size(); i++) {
        if (i) w(", ");
        expr(n->a[i]);
      }
      return;
    case K::Unary: return unary(n);
    case K::Update: return update(n);
    case K::Binary: return binary(n);
    case K::Assign: return assign(n);
    case K::Cond:
      expr(n->a[0]);
      w(" ? ");
      expr(n->a[1]);
      w(" : ");
      return expr(n->a[2]);
    case K::Call: return call(n);
    case K::New: return new_expr(n);
    case K::Dot: return member(n);
    case K::OptChain: return opt_chain(n);
    case K::Yield: return yield_expr(n);
    case K::Await:
      w_async_helper("__oda_await");
      w("(");
      expr(n->a[0]);
      return w(")");
    case K::NewTarget: return new_target(n);
    case K::Spread: fail("SyntaxError: unexpected spread", n->line);
    case K::Super: fail("SyntaxError: 'super' keyword unexpected here", n->line);
    case K::PrivateName: fail("SyntaxError: unexpected private name", n->line);
    case K::ObjPat:
    case K::ArrPat:
    case K::AssignPat:
    case K::Rest:
    case K::Hole:
      fail("SyntaxError: unexpected pattern", n->line);
    default:
      fail("SyntaxError: unexpected expression", n->line);
  }
}

}  // namespace oda::js::lowering
