// The lowering of literals: object literals (computed keys, accessors, spread, super in
// methods), arrays with spread, template literals and tagged templates.
#include "js/lower_internal.h"

namespace oda::js::lowering {

bool Emitter::uses_super(Node* n) {
  if (!n || (n->k == K::Function && !n->has(F_ARROW)) || n->k == K::Class) return false;
  return any_node(n, [](const Node* x, const Node*, size_t) {
    // A direct eval may use super too: the method's home is then its literal's prototype.
    if (x->k == K::Super || (x->k == K::Call && x->a[0]->k == K::Ident && x->a[0]->s == "eval")) return Visit::Hit;
    return (x->k == K::Function && !x->has(F_ARROW)) || x->k == K::Class ? Visit::Skip : Visit::Descend;
  });
}

// Accessors written in the literal itself are named by Duktape after their key alone;
// __oda_accnames makes them "get key" and "set key" as in ES2015.
void Emitter::object(Node* n) {
  bool literal_acc = false;
  for (Node* p : n->a) {
    if (p->has(F_COMPUTED) || p->has(F_SPREAD)) break;
    literal_acc |= p->has(F_GET) || p->has(F_SET);
  }
  if (!literal_acc) return object_inner(n);
  w("__oda_accnames(");
  object_inner(n);
  w(")");
}

void Emitter::object_inner(Node* n) {
  // Methods that use super need the object itself (their home object) in a temp.
  bool super_home = false;
  for (Node* p : n->a)
    if (p->has(F_METHOD | F_GET | F_SET) && p->a[1] && uses_super(p->a[1]->a[1])) super_home = true;
  size_t dyn = super_home ? 0 : n->a.size();
  for (size_t i = 0; i < n->a.size(); i++) {
    Node* p = n->a[i];
    bool is_proto = !p->has(F_COMPUTED) && !p->has(F_SHORTHAND | F_METHOD | F_GET | F_SET | F_SPREAD) && p->a[0] &&
                    ((p->a[0]->k == K::Ident && p->a[0]->s == "__proto__") ||
                     (p->a[0]->k == K::Str && p->a[0]->s.size() == 11 && p->a[0]->s.substr(1, 9) == "__proto__"));
    if (p->has(F_COMPUTED) || p->has(F_SPREAD) || is_proto) {
      dyn = i;
      break;
    }
  }
  std::string t;
  if (dyn < n->a.size()) {
    t = temp();
    w("(" + t + " = ");
  }
  std::string saved_home = obj_home_;
  obj_home_ = super_home ? "Object.getPrototypeOf(" + t + ")" : "Object.prototype";
  w("{");
  for (size_t i = 0; i < dyn; i++) {
    if (i) w(", ");
    prop(n->a[i]);
  }
  sync(dyn == n->a.size() ? n->end_line : 0);
  w("}");
  if (dyn == n->a.size()) {
    obj_home_ = saved_home;
    return;
  }
  for (size_t i = dyn; i < n->a.size(); i++) {
    Node* p = n->a[i];
    sync(p->line);
    w(", ");
    if (p->has(F_SPREAD)) {
      w("__oda_ospread(" + t + ", ");
      expr(p->a[1]);
      w(")");
      continue;
    }
    std::string key;
    if (p->has(F_COMPUTED)) {
      std::string saved;
      saved.swap(out);
      expr(p->a[0]);
      key.swap(out);
      out.swap(saved);
    } else {
      Node* k = p->a[0];
      key = k->k == K::Ident ? quote(k->s) : k->k == K::Str ? fix_string(k->s) : "String(" + k->s + ")";
    }
    if (p->has(F_GET) || p->has(F_SET)) {
      w("__oda_acc(" + t + ", " + key + ", ");
      if (p->has(F_SET)) w("void 0, ");
      FnOpts o;
      o.home = obj_home_;
      o.method = true;
      function(p->a[1], o);
      w(p->has(F_GET) ? ", void 0, true)" : ", true)");
      continue;
    }
    bool is_proto = !p->has(F_COMPUTED) && !p->has(F_SHORTHAND | F_METHOD);
    if (is_proto && p->a[0]->k != K::Num && (p->a[0]->s == "__proto__" || p->a[0]->s.substr(1, 9) == "__proto__")) {
      w("__oda_setproto(" + t + ", ");
      expr(p->a[1]);
      w(")");
      continue;
    }
    w("__oda_defprop(" + t + ", " + key + ", ");
    prop_value(p);
    // An anonymous function under a computed key is named by the key's value.
    Node* v = p->a[1];
    while (v && v->k == K::Paren) v = v->a[0];
    bool anon = p->has(F_COMPUTED) && v && v->s.empty() &&
                (v->k == K::Function || (v->k == K::Class && !static_name(v)));
    w(anon ? ", true)" : ")");
  }
  sync(n->end_line);
  w(", " + t + ")");
  obj_home_ = saved_home;
}

void Emitter::prop_value(Node* p) {
  if (p->has(F_SHORTHAND)) {
    Node* v = p->a[1];
    if (v->k == K::Assign) fail("SyntaxError: invalid shorthand property initializer", p->line);
    expr(v);
  } else if (p->has(F_METHOD)) {
    FnOpts o;
    o.home = obj_home_;
    o.method = true;
    if (!p->has(F_COMPUTED) && p->a[0]->k == K::Ident && can_name(p->a[1], p->a[0]->s)) o.name = p->a[0]->s;
    std::string key_js = literal_key(p);
    if (key_js.empty() && o.name.empty() && !p->has(F_COMPUTED) && p->a[0]->k == K::Ident) key_js = quote(p->a[0]->s);
    if (!key_js.empty()) w("__oda_fname(");
    function(p->a[1], o);
    if (!key_js.empty()) w(", " + key_js + ")");
  } else {
    named_expr(p->a[1], p->a[0]->k == K::Ident ? p->a[0]->s : "", literal_key(p));
  }
}

// A class with a static member called name keeps it (no inferred name).
bool Emitter::static_name(Node* c) {
  for (size_t i = 1; i < c->a.size(); i++) {
    Node* m = c->a[i];
    if (m->has(F_STATIC) && !m->has(F_COMPUTED) && !m->a.empty() && m->a[0] &&
        (m->a[0]->s == "name" || m->a[0]->s == "'name'" || m->a[0]->s == "\"name\""))
      return true;
  }
  return false;
}

// The name a function gets from a string or numeric key, as a JavaScript expression.
std::string Emitter::literal_key(Node* p) {
  if (p->has(F_COMPUTED) || p->has(F_SHORTHAND)) return "";
  Node* k = p->a[0];
  if (k->k == K::Str) return fix_string(k->s);
  if (k->k == K::Num) return "String(" + k->s + ")";
  return "";
}

void Emitter::prop(Node* p) {
  sync(p->line);
  Node* k = p->a[0];
  std::string key = k->k == K::Str ? fix_string(k->s) : (k->k == K::Ident && !ascii(k->s)) ? quote(k->s) : k->s;
  if (k->k == K::PrivateName) fail("SyntaxError: unexpected private name", p->line);
  if (p->has(F_GET) || p->has(F_SET)) {
    FnOpts o;
    o.header = std::string(p->has(F_GET) ? "get " : "set ") + key;
    o.home = obj_home_;
    o.method = true;
    function(p->a[1], o);
    return;
  }
  w(key + ": ");
  prop_value(p);
}

void Emitter::array(Node* n) {
  bool spread = false;
  for (Node* e : n->a) spread |= e->k == K::Spread;
  if (spread) {
    spread_array(n->a, 0, true);
    return;
  }
  w("[");
  for (size_t i = 0; i < n->a.size(); i++) {
    if (i) w(", ");
    Node* e = n->a[i];
    if (e->k != K::Hole) expr(e);
  }
  if (!n->a.empty() && n->a.back()->k == K::Hole) w(",");
  sync(n->end_line);
  w("]");
}

// Whether evaluating n has no effect and cannot throw, so nothing it does can tell when an
// earlier operand was converted: literals, the names of variables declared here (read after
// their declaration ran, outside any with statement), and templates of literals (a name
// there would be converted, which may run its toString). The top-level vars and functions of
// eval code are not: they are the caller's, behind any with statement around the eval, or
// the global object's, where an accessor may stand.
bool Emitter::inert(Node* n) const {
  while (n->k == K::Paren) n = n->a[0];
  if (n->k == K::Num || n->k == K::Str) return true;
  if (n->k == K::Ident) {
    const Binding* b = n->b;
    if (!b || n->has(F_TDZ | F_TDZCHECK) || with_) return false;
    return !script_ || b->kind == 'l' || b->kind == 'c' || b->kind == 'k' || b->scope->fn->k != K::Program;
  }
  if (n->k != K::Template) return false;
  for (Node* e : n->a)
    if (!inert(e) || !primitive(e)) return false;
  return true;
}

// Whether n's value is certainly a primitive other than a Symbol, whose conversion to a
// string runs no code and cannot throw (reading it may still throw, where it stands). Without
// BigInt in the program, arithmetic gives
// numbers; with it, a BigInt is an object the engine types 'bigint' (converted by its
// toString), so only the operators that give booleans, strings or undefined count.
bool Emitter::primitive(Node* n) const {
  switch (n->k) {
    case K::Num:
    case K::Str:
    case K::Template: return true;
    // A let or const that only ever holds a number (a loop counter: Binding::number_only).
    case K::Ident: return n->b && n->b->number_only && !with_;
    case K::Paren: return primitive(n->a[0]);
    case K::Seq: return primitive(n->a.back());
    case K::Cond: return primitive(n->a[1]) && primitive(n->a[2]);
    case K::Update: return !bigint;
    case K::Unary: return n->s == "!" || n->s == "typeof" || n->s == "void" || n->s == "delete" || !bigint;
    case K::Assign:
      if (n->s == "=") return primitive(n->a[1]);
      return n->s != "&&=" && n->s != "||=" && n->s != "?\?=" && !bigint;
    case K::Binary:
      if (n->s == "&&" || n->s == "||" || n->s == "??") return primitive(n->a[0]) && primitive(n->a[1]);
      for (const char* op : {"==", "!=", "===", "!==", "<", ">", "<=", ">=", "in", "instanceof"})
        if (n->s == op) return true;
      return !bigint;
    default: return false;
  }
}

// One call of __oda_tcat (a template) or __oda_pcat (plus: a `+` chain), held in a local of
// the function, that converts its arguments to strings and joins them (lib/engine/natives.cc).
// The language converts each operand before it evaluates the next, so an operand that may be
// an object or a Symbol, with an operand after it whose evaluation could run code or throw,
// converts where it stands: strings and numbers pass through a typeof test, anything else
// goes through the native on its own. Long ones nest on the left, in calls of at most
// kConcatArgs arguments, each converted before the next call's operands run.
void Emitter::concat(bool plus, const std::vector<Piece>& pieces) {
  constexpr size_t kConcatArgs = 1000;
  std::vector<size_t> ends;  // where each call's own operands end
  for (size_t e = kConcatArgs;; e += kConcatArgs - 1) {
    ends.push_back(e < pieces.size() ? e : pieces.size());
    if (e >= pieces.size()) break;
  }
  // Per call, the last operand whose evaluation could run code or throw: one pass, so a
  // call of a thousand operands is not scanned again for each of them.
  std::vector<size_t> last_live(ends.size(), 0);
  for (size_t i = 0, c = 0; i < pieces.size(); i++) {
    if (i == ends[c]) c++;
    if (pieces[i].e && !inert(pieces[i].e)) last_live[c] = i + 1;
  }
  (plus ? fn_->pcat : fn_->tcat) = true;
  std::string f = temp_prefix_ + (plus ? "pc" : "tc"), v;
  for (size_t c = 0; c < ends.size(); c++) w(f + "(");
  for (size_t i = 0, c = 0; i < pieces.size(); i++) {
    if (i == ends[c]) {
      w(")");
      c++;
    }
    if (i) w(", ");
    const Piece& p = pieces[i];
    if (!p.e) {
      w(p.text);
      continue;
    }
    bool later = last_live[c] > i + 1;
    if (!later || primitive(p.e)) {
      bool seq = p.e->k == K::Seq;
      if (seq) w("(");
      expr(p.e);
      if (seq) w(")");
      continue;
    }
    if (v.empty()) v = temp();
    w("typeof (" + v + " = (");
    expr(p.e);
    w(")) == \"string\" || typeof " + v + " == \"number\" ? " + v + " : " + f + "(" + v + ")");
  }
  w(")");
}

// `a${b}c` is __oda_tcat("a", b, "c"): one string built at once, each substitution converted
// with ToString (an object's toString first, where `+` would ask valueOf). Empty parts are left
// out; a template of no substitutions is its string.
void Emitter::template_lit(Node* t) {
  if (t->a.empty()) return w(quote(t->strs[0]));
  std::vector<Piece> pieces;
  for (size_t i = 0; i * 2 < t->strs.size(); i++) {
    const std::string& part = t->strs[i * 2];
    if (!part.empty()) pieces.push_back({nullptr, quote(part)});
    if (i < t->a.size()) pieces.push_back({t->a[i], ""});
  }
  concat(false, pieces);
}

void Emitter::tagged(Node* n) {
  Node* t = n->a[1];
  int site = ++tpl_sites_;
  std::string cooked = "[", raw = "[";
  for (size_t i = 0; i * 2 < t->strs.size(); i++) {
    if (i) {
      cooked += ", ";
      raw += ", ";
    }
    // A cooked part with an invalid escape (marked "\x01" by the parser) is undefined.
    cooked += t->has(F_SPREAD) && t->strs[i * 2] == "\x01" ? "void 0" : quote(t->strs[i * 2]);
    raw += quote(t->strs[i * 2 + 1]);
  }
  cooked += "]";
  raw += "]";
  Node* tag = n->a[0];
  std::string key = tpl_prefix_.empty() ? std::to_string(site) : "'" + tpl_prefix_ + std::to_string(site) + "'";
  std::string obj = "__oda_tpl(" + key + ", " + cooked + ", " + raw + ")";
  if (tag->k == K::Dot && tag->a[0]->k == K::Super) {
    super_member(tag);
    w(".call(" + this_ref() + ", " + obj);
  } else {
    expr(tag);
    w("(" + obj);
  }
  for (Node* e : t->a) {
    w(", ");
    expr(e);
  }
  w(")");
}

}  // namespace oda::js::lowering
