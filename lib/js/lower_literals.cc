// The lowering of literals: object literals (computed keys, accessors, spread, super in
// methods), arrays with spread, template literals and tagged templates.
#include "js/lower_internal.h"

namespace oda::js::lowering {

bool Emitter::uses_super(Node* n) {
  if (!n || (n->k == K::Function && !n->has(F_ARROW)) || n->k == K::Class) return false;
  return any_node(n, [](const Node* x, const Node*, size_t) {
    if (x->k == K::Super) return Visit::Hit;
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

// `a${b}c` is ("a" + (b) + "c"); empty parts are left out, except a leading "" that makes
// the first substitution a string. A substitution converts with ToString, where `+` would ask
// an object's valueOf first: a value that may be an object goes through __oda_str (String()),
// tested in a temp right after it is evaluated, so the conversions keep the order of the text.
// Literals and nested templates are primitive already.
void Emitter::template_lit(Node* t) {
  w("(");
  std::string v;
  for (size_t i = 0; i * 2 < t->strs.size(); i++) {
    const std::string& part = t->strs[i * 2];
    if (i == 0) w(quote(part));
    else if (!part.empty()) w(" + " + quote(part));
    if (i < t->a.size()) {
      Node* e = t->a[i];
      w(" + (");
      if (e->k == K::Num || e->k == K::Str || e->k == K::Template) {
        expr(e);
      } else {
        if (v.empty()) v = temp();
        w("typeof (" + v + " = (");
        expr(e);
        // (A BigInt, an object the engine types 'bigint', converts by its toString too.)
        w(")) == \"object\" || typeof " + v + " == \"function\"" + (bigint ? " || typeof " + v + " == \"bigint\"" : "") +
          " ? __oda_str(" + v + ") : " + v);
      }
      w(")");
    }
  }
  w(")");
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
  std::string obj = "__oda_tpl(" + std::to_string(site) + ", " + cooked + ", " + raw + ")";
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
