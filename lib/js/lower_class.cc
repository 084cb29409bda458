// The lowering of classes: constructors and super calls, methods and accessors, static and
// instance fields, private names as symbols, static blocks.
#include "js/lower_internal.h"

#include <memory>

namespace oda::js::lowering {

void Emitter::key_text(Node* m, std::string& out_key) {
  Node* key = m->a[0];
  if (m->has(F_COMPUTED)) {
    std::string saved;
    saved.swap(out);
    expr(key);
    out_key.swap(out);
    out.swap(saved);
    return;
  }
  if (key->k == K::Ident) out_key = quote(key->s);
  else if (key->k == K::Str) out_key = fix_string(key->s);
  else if (key->k == K::PrivateName) out_key = private_var(key->s, key->line);
  else out_key = quote(key->s);  // numbers keep their canonical text well enough as keys
  if (key->k == K::Num) {
    out_key = "String(" + key->s + ")";
  }
}

std::string Emitter::private_var(const std::string& name, int line) { return private_of(name, line).var; }

const Emitter::Private& Emitter::private_of(const std::string& name, int line) {
  for (int i = int(classes_.size()) - 1; i >= 0; i--)
    for (auto& p : classes_[i]->privates)
      if (p.name == name) return p;
  fail("SyntaxError: private field '#" + name + "' must be declared in an enclosing class", line);
}

// The private element a member access `o.#x` names, else null.
const Emitter::Private* Emitter::private_member(Node* t) {
  while (t->k == K::Paren) t = t->a[0];
  if (t->k != K::Dot || t->has(F_COMPUTED) || t->a[1]->k != K::PrivateName) return nullptr;
  return &private_of(t->a[1]->s, t->line);
}

// A store to a private method or to an accessor without a setter is a TypeError (the program
// is not strict code to Duktape, which would ignore it): prints the object's read (the brand
// check), the value and the throw, and says so.
bool Emitter::private_write_error(Node* t, Node* value) {
  const Private* p = private_read_only(t);
  if (!p) return false;
  w("(");
  expr(t->k == K::Paren ? t->a[0] : t);
  if (value) {
    w(", ");
    expr(value);
  }
  w(", " + private_write_throw(*p) + ")");
  return true;
}

// The private element `o.#x` names when a store to it can only throw (a method, or an
// accessor without a setter), else null.
const Emitter::Private* Emitter::private_read_only(Node* t) {
  const Private* p = private_member(t);
  return !p || p->kind == 'f' || (p->kind == 'a' && p->set) ? nullptr : p;
}

// The throw a store to a read-only private element makes, node's TypeError.
std::string Emitter::private_write_throw(const Private& p) {
  return p.kind == 'm' ? "__oda_perr(\"Private method '#" + p.name + "' is not writable\")"
                       : "__oda_perr(\"'#" + p.name + "' was defined without a setter\")";
}

// Private names get a key each, shared by every member of the class. Instance methods and
// accessors go onto each new object (*installs, at the start of the field initializer), as
// fields do, so that only objects the constructor made pass the brand check. (Out of class_,
// whose frame every nesting level of classes pays.)
void Emitter::class_privates(Node* c, ClassCtx& cls, int id) {
  std::string* installs = &cls.installs;
  std::string* decl = &cls.privates_decl;
  std::string brand = "__k" + std::to_string(id);
  bool has_static_private = false;
  for (size_t i = 1; i < c->a.size(); i++) {
    Node* m = c->a[i];
    if (!m->has(F_BLOCK) && !m->a.empty() && m->a[0] && m->a[0]->k == K::PrivateName) {
      Private* p = nullptr;
      for (auto& q : cls.privates)
        if (q.name == m->a[0]->s) p = &q;
      if (!p) {
        cls.privates.push_back({m->a[0]->s, "__p" + std::to_string(id) + "_" + std::to_string(cls.privates.size())});
        p = &cls.privates.back();
        p->kind = m->has(F_FIELD) ? 'f' : m->has(F_GET | F_SET) ? 'a' : 'm';
        p->stat = m->has(F_STATIC);
        if (p->stat) p->brand = brand, has_static_private = true;
        if (!p->stat && p->kind != 'f')
          *installs += ", " + p->var + ", " + p->var + "v, " + (p->kind == 'm' ? "1" : "2") + ", " +
                       quote("#" + p->name);
      }
      p->get |= m->has(F_GET);
      p->set |= m->has(F_SET);
    }
  }
  bool instance_private = false;
  for (auto& p : cls.privates) {
    *decl += ", " + p.var + " = __oda_pname(" + quote("#" + p.name) + ")";
    if (!p.stat && p.kind == 'm') *decl += ", " + p.var + "v";
    if (!p.stat && p.kind == 'a') *decl += ", " + p.var + "v = [void 0, void 0]";
    instance_private |= !p.stat;
  }
  // The instance elements' define, bound once per class: the global's lookup on every
  // element of every new object cost more than the define. (After the keys: a lookup of a
  // key, on every o.#x, scans the class scope's names in order.)
  if (instance_private) *decl += ", __pdef = __oda_pdef";
  if (has_static_private) *decl += ", " + brand + " = " + cls.name;
}

// An instance private method or accessor half, kept for the installs.
void Emitter::private_method(Node* m, const std::string& key, FnOpts& o) {
  std::string v = key + "v" + (m->has(F_GET) ? "[0]" : m->has(F_SET) ? "[1]" : "");
  w(v + " = ");
  function(m->a[1], o);
  w("; __oda_mname(" + v + ", " + quote("#" + m->a[0]->s) + (m->has(F_GET) ? ", 'get ');" : m->has(F_SET) ? ", 'set ');" : ");"));
}

// The instance fields' initializer __fi (from the first field, index first, on): the new
// object comes as a parameter (a direct call, cheaper than .call) and stands for `this` in
// the initializers. (Out of class_, whose frame every nesting level of classes pays.)
void Emitter::instance_fields(Node* c, size_t first, const std::string& installs, const std::string& home_proto) {
  w("__fi = function(__s){");
  // The methods and the private fields whose initializers are literals (nothing can
  // observe the object between them) go in one __pdef call: its arguments pending here.
  std::string pending = installs;
  auto flush = [&] {
    if (!pending.empty()) w("__pdef(__s" + pending + ");");
    pending.clear();
  };
  Fn ff;
  ff.kind = Fn::Normal;
  ff.insert_at = out.size();
  ff.home = home_proto;
  ff.this_name = "__s";
  ff.field_init = true;
  push(&ff);
  for (size_t j = first; j < c->a.size(); j++) {
    Node* f = c->a[j];
    if (!f->has(F_FIELD) || f->has(F_STATIC)) continue;
    sync(f->line);
    std::string fkey;
    key_text(f, fkey);
    bool priv = f->a[0]->k == K::PrivateName && !f->has(F_COMPUTED);
    Node* init = f->a[1];
    if (priv && (!init || init->k == K::Num || init->k == K::Str)) {
      std::string saved;
      saved.swap(out);
      if (init) expr(init);
      else w("void 0");
      pending += ", " + fkey + ", " + out + ", 0, " + quote("#" + f->a[0]->s);
      out.swap(saved);
      continue;
    }
    flush();
    w(priv ? "__pdef(__s, " + fkey + ", " : "__s[" + fkey + "] = ");
    if (f->a[1]) named_expr(f->a[1], f->a[0]->k == K::Ident ? f->a[0]->s : "");
    else w("void 0");
    w(priv ? ", 0, " + quote("#" + f->a[0]->s) + ");" : ";");
  }
  flush();
  pop();
  w("};");
}

void Emitter::class_(Node* c, const std::string& hint) {
  int id = ++class_counter_;
  // On the heap: nested classes recurse through here, one frame each (tests/nesting).
  auto cls_owner = std::make_unique<ClassCtx>();
  ClassCtx& cls = *cls_owner;
  std::string name = !c->s.empty() ? c->s : (hint.empty() ? "_class" : hint);
  cls.name = name;
  Node* ext = c->a[0];
  cls.super_var = ext ? "__super" : "";
  // Private names get a key each, shared by every member of the class. Instance methods and
  // accessors go onto each new object (installs, at the start of the field initializer), as
  // fields do, so that only objects the constructor made pass the brand check.
  class_privates(c, cls, id);
  const std::string& installs = cls.installs;
  classes_.push_back(&cls);
  bool has_fields = !installs.empty();
  Node* ctor = nullptr;
  for (size_t i = 1; i < c->a.size(); i++) {
    Node* m = c->a[i];
    if (m->has(F_FIELD) && !m->has(F_STATIC)) has_fields = true;
    if (m->has(F_CTOR)) ctor = m;
  }
  w("(function(");
  if (ext) w("__super");
  // Class code is strict: its methods, accessors, constructor and initializers with it.
  w("){\"use strict\";");
  // A class with no name of its own and none from its binding or key is still lowered to a
  // named constructor; __oda_class then makes its name ''.
  bool anon = c->s.empty() && hint.empty();
  std::string decl = "var __proto = __oda_class(" + name + ", " + (ext ? "__super" : "null") + (anon ? ", 1)" : ")");
  if (has_fields) decl += ", __fi";
  decl += cls.privates_decl;
  Binding* inner_b = nullptr;
  if (c->scope)
    for (auto& [n, b] : c->scope->names) inner_b = b;
  std::string out_name = c->b ? c->b->out : (inner_b ? inner_b->out : name);
  if (out_name != name) decl += ", " + out_name + " = " + name;
  // The constructor's check names the class by an alias where its parameters or vars shadow
  // the class's own name (mathjs: `class i extends t { constructor(e, t, r, n, i) ... }`).
  std::string self = name;
  if (ctor && ctor->a[1]->scope && ctor->a[1]->scope->decl_count.count(name)) {
    self = "__c" + std::to_string(id);
    decl += ", " + self + " = " + name;
  }
  w(decl + ";");
  std::string fi = has_fields ? "__fi(this);" : "";
  std::string ck = "if (!(this instanceof " + self + ")) __oda_nonew(" + self + ");";
  auto default_ctor = [&] {
    if (ext) {
      w("function " + name + "() {" + ck + "var __self = __oda_super(__super, this, arguments);" +
        (has_fields ? "__fi(__self);" : "") + "return __self;}");
    } else {
      w("function " + name + "() {" + ck + fi + "}");
    }
  };
  if (!ctor) default_ctor();
  std::string home_proto = ext ? "__super.prototype" : "Object.prototype";
  std::string home_static = ext ? "__super" : "Function.prototype";
  bool fields_done = false;
  for (size_t i = 1; i < c->a.size(); i++) {
    Node* m = c->a[i];
    sync(m->line);
    bool st = m->has(F_STATIC);
    std::string target = st ? name : "__proto";
    if (m->has(F_BLOCK)) {
      w("(function(){");
      Fn fb;
      fb.kind = Fn::Normal;
      fb.insert_at = out.size();
      fb.home = home_static;
      push(&fb);
      stmts(m->a[0]->a);
      sync(m->a[0]->end_line);
      pop();
      w("}).call(" + name + ");");
      continue;
    }
    if (m->has(F_CTOR)) {
      FnOpts o;
      o.header = "function " + name;
      o.home = home_proto;
      o.ctor = true;
      o.derived = ext != nullptr;
      o.ctor_prologue = ck + (ext ? "var __self;" : fi);
      o.fields = has_fields;
      function(m->a[1], o);
      continue;
    }
    std::string key;
    key_text(m, key);
    if (m->has(F_FIELD) && !st) {
      // Every instance field goes into one initializer (at the first field), run by the
      // constructor on each new object. Private names are hidden keys, so plain stores.
      if (fields_done) continue;
      fields_done = true;
      instance_fields(c, i, cls.installs, home_proto);
      continue;
    }
    if (m->has(F_FIELD)) {
      w("__oda_sf(" + name + ", " + key + ", ");
      if (m->a[1]) {
        w("function(){");
        Fn ff;
        ff.kind = Fn::Normal;
        ff.insert_at = out.size();
        ff.home = home_static;
        push(&ff);
        w("return (");
        std::string hint_name = m->a[0]->k == K::Ident ? m->a[0]->s : "";
        named_expr(m->a[1], hint_name);
        w(");");
        pop();
        w("}");
      } else {
        w("null");
      }
      w(");");
      continue;
    }
    FnOpts o;
    o.home = st ? home_static : home_proto;
    o.method = true;
    if (!st && !m->has(F_COMPUTED) && m->a[0]->k == K::PrivateName) {
      private_method(m, key, o);
      continue;
    }
    if (m->has(F_GET) || m->has(F_SET)) {
      w("__oda_acc(" + target + ", " + key + ", ");
      if (m->has(F_SET)) w("void 0, ");
      function(m->a[1], o);
      w(m->has(F_GET) ? ", void 0, false);" : ", false);");
    } else {
      w("__oda_m(" + target + ", " + key + ", ");
      if (!m->has(F_COMPUTED) && m->a[0]->k == K::Ident && can_name(m->a[1], m->a[0]->s)) o.name = m->a[0]->s;
      function(m->a[1], o);
      w(");");
    }
  }
  if (!fields_done && has_fields) w("__fi = function(__s){__pdef(__s" + installs + ");};");
  sync(c->end_line);
  w("return " + name + ";})(");
  // The heritage sees the private names around the class, not the class's own.
  classes_.pop_back();
  if (ext) expr(ext);
  w(")");
}

}  // namespace oda::js::lowering
