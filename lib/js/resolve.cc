// Scope analysis: see resolve.h.
#include "js/resolve.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace oda::js {
namespace {

// A name declared twice where the language forbids it: the one error the analysis finds.
struct Redeclaration {
  std::string msg;
  int line;
};

class Resolver {
 public:
  explicit Resolver(Arena& ar) : ar_(ar) {}

  void program(Node* p) {
    Scope* s = new_scope(nullptr, p, true);
    p->scope = s;
    cur_ = s;
    hoist_body(p->a, s, {});
    declare_block(p->a, s, false);
    for (Node* st : p->a) stmt(st);
    finish();
  }

 private:
  Scope* new_scope(Scope* parent, Node* fn, bool is_fn) {
    ar_.scopes.emplace_back();
    Scope* s = &ar_.scopes.back();
    s->parent = parent;
    s->fn = fn;
    s->is_function = is_fn;
    return s;
  }
  Scope* fn_scope(Scope* s) {
    while (!s->is_function) s = s->parent;
    return s;
  }

  Binding* declare(Scope* s, Node* id, char kind, bool block_level) {
    auto it = s->names.find(id->s);
    if (it != s->names.end()) {
      id->b = it->second;
      return it->second;
    }
    ar_.bindings.emplace_back();
    Binding* b = &ar_.bindings.back();
    b->name = id->s;
    b->out = id->s;
    b->kind = kind;
    b->scope = s;
    b->block_level = block_level;
    b->loop = block_level ? loop_ : nullptr;
    b->in_with = block_level && with_depth_ > 0;
    s->names.emplace(id->s, b);
    fn_scope(s)->decl_count[id->s]++;
    id->b = b;
    all_.push_back(b);
    return b;
  }

  // The names a statement list declares with let, const or class.
  void lexical_names(const NodeList& stmts, size_t from, std::vector<std::string>& out) {
    for (size_t i = from; i < stmts.size(); i++) {
      Node* st = stmts[i];
      if (st->k == K::VarDecl && st->s != "var") {
        std::vector<Node*> ids;
        for (Node* d : st->a) pattern_names(d->a[0], ids);
        for (Node* id : ids) out.push_back(id->s);
      } else if (st->k == K::Class && st->has(F_DECL)) {
        out.push_back(st->s);
      }
    }
  }

  // Declares the var and function declarations of a function body in its scope. A function
  // declared in a block is hoisted to the function too (annex B.3.3, sloppy code only), unless
  // a var of its name there would be an error: a parameter, or a let, const or class of that
  // name in the function body or in a block around it (a block function around it does not
  // stop it, as in node). Then it stays in its block (block_fns_).
  void hoist_body(const NodeList& stmts, Scope* fs, std::vector<std::string> blocked) {
    lexical_names(stmts, 0, blocked);
    for (Node* st : stmts) hoist(st, fs, blocked, false);
  }
  // A block's own let, const and class are around the blocks inside it (one of a block
  // function's name in its own block is a redeclaration, refused later).
  void hoist_block(const NodeList& stmts, Scope* fs, std::vector<std::string>& blocked) {
    size_t around = blocked.size();
    lexical_names(stmts, 0, blocked);
    for (Node* st : stmts) hoist(st, fs, blocked, true);
    blocked.resize(around);
  }
  // A loop's let or const head, or a catch block's pattern parameter (head_is_pattern), is
  // around its body.
  void hoist_under(Node* head, bool head_is_pattern, Node* body, Scope* fs, std::vector<std::string>& blocked) {
    size_t around = blocked.size();
    std::vector<Node*> ids;
    if (head && head_is_pattern && head->k != K::Ident) pattern_names(head, ids);
    if (head && !head_is_pattern && head->k == K::VarDecl && head->s != "var")
      for (Node* d : head->a) pattern_names(d->a[0], ids);
    for (Node* id : ids) blocked.push_back(id->s);
    hoist(body, fs, blocked, true);
    blocked.resize(around);
  }
  void hoist_fn(Node* st, Scope* fs) {
    Node id;
    id.k = K::Ident;
    id.s = st->s;
    size_t before = all_.size();
    Binding* b = declare(fs, &id, 'f', false);
    b->plain_fn = (all_.size() > before || b->plain_fn) && !st->has(F_ASYNC | F_GEN);
  }
  void hoist(Node* st, Scope* fs, std::vector<std::string>& blocked, bool nested) {
    if (!st) return;
    switch (st->k) {
      case K::VarDecl:
        if (st->s == "var") {
          std::vector<Node*> ids;
          for (Node* d : st->a) pattern_names(d->a[0], ids);
          for (Node* id : ids) declare(fs, id, 'v', false);
        }
        break;
      case K::Function:
        if (st->has(F_DECL)) {
          if (nested && (st->has(F_STRICT) || std::find(blocked.begin(), blocked.end(), st->s) != blocked.end()))
            block_fns_.insert(st);
          else hoist_fn(st, fs);
        }
        break;
      case K::Block: hoist_block(st->a, fs, blocked); break;
      case K::If: hoist(st->a[1], fs, blocked, true); hoist(st->a[2], fs, blocked, true); break;
      case K::For: hoist(st->a[0], fs, blocked, true); hoist_under(st->a[0], false, st->a[3], fs, blocked); break;
      case K::ForIn:
      case K::ForOf: hoist(st->a[0], fs, blocked, true); hoist_under(st->a[0], false, st->a[2], fs, blocked); break;
      case K::While:
      case K::DoWhile: hoist(st->a[1], fs, blocked, true); break;
      case K::Try:
        hoist(st->a[0], fs, blocked, true);
        hoist_under(st->a[1], true, st->a[2], fs, blocked);
        hoist(st->a[3], fs, blocked, true);
        break;
      case K::Switch: {  // the case clauses are one block
        size_t around = blocked.size();
        for (size_t i = 1; i < st->a.size(); i++) lexical_names(st->a[i]->a, 1, blocked);
        for (size_t i = 1; i < st->a.size(); i++)
          for (size_t j = 1; j < st->a[i]->a.size(); j++) hoist(st->a[i]->a[j], fs, blocked, true);
        blocked.resize(around);
        break;
      }
      case K::Labeled: hoist(st->a[0], fs, blocked, nested); break;
      case K::With: hoist(st->a[1], fs, blocked, true); break;
      default: break;
    }
  }

  [[noreturn]] void redeclared(const std::string& name, int line) {
    throw Redeclaration{"SyntaxError: Identifier '" + name + "' has already been declared", line};
  }

  // Records a lexical name in s, refusing a second declaration of it there.
  void lexical(Scope* s, const std::string& name, char kind, int line) {
    auto it = s->lex.find(name);
    if (it != s->lex.end() && !(it->second == 'f' && kind == 'f')) redeclared(name, line);
    if (s->is_function) {
      auto b = s->names.find(name);
      if (b != s->names.end() && kind != 'f' && (b->second->kind == 'v' || b->second->kind == 'p' || b->second->kind == 'f'))
        redeclared(name, line);
    }
    s->lex[name] = kind;
  }

  // Declares the let/const/class bindings a statement list holds directly.
  void declare_block(const NodeList& stmts, Scope* s, bool block_level, size_t from = 0) {
    for (size_t i = from; i < stmts.size(); i++) {
      Node* st = stmts[i];
      if (block_level && st->k == K::Function && st->has(F_DECL)) {
        lexical(s, st->s, st->has(F_ASYNC | F_GEN) ? 'l' : 'f', st->line);
        if (block_fns_.count(st)) {  // not hoisted: the block's own binding
          Node* id = ar_.make(K::Ident, st->line);
          id->s = st->s;
          declare(s, id, 'f', true);
        }
        continue;
      }
      if (st->k == K::VarDecl && st->s != "var") {
        std::vector<Node*> ids;
        for (Node* d : st->a) pattern_names(d->a[0], ids);
        for (Node* id : ids) lexical(s, id->s, 'l', id->line);
        for (Node* d : st->a) {
          std::vector<Node*> dids;
          pattern_names(d->a[0], dids);
          // A name in a pattern is initialized where it stands; a plain name after its initializer.
          for (Node* id : dids)
            declare(s, id, st->s == "let" ? 'l' : 'c', block_level)->decl_end = d->a[0] == id ? d->end_seq : id->seq + 1;
        }
      } else if (st->k == K::Class && st->has(F_DECL)) {
        Node* id = ar_.make(K::Ident, st->line);
        id->s = st->s;
        lexical(s, st->s, 'l', st->line);
        Binding* b = declare(s, id, 'k', block_level);
        b->decl_end = st->seq + 1;  // read before the class statement: the temporal dead zone
        class_binding_[st] = b;
      }
    }
  }

  void block(Node* b) {
    Scope* s = new_scope(cur_, cur_->fn, false);
    b->scope = s;
    Scope* saved = cur_;
    cur_ = s;
    declare_block(b->a, s, true);
    // A catch block may not redeclare its parameter lexically.
    for (auto& name : catch_params_)
      if (s->lex.count(name)) redeclared(name, b->line);
    catch_params_.clear();
    for (Node* st : b->a) stmt(st);
    cur_ = saved;
  }

  void stmt(Node* n) {
    if (!n) return;
    switch (n->k) {
      case K::VarDecl:
        for (Node* d : n->a) {
          if (n->s == "var") {
            std::vector<Node*> ids;
            pattern_names(d->a[0], ids);
            for (Node* id : ids) {
              // A var may not share a name with a lexical declaration of any enclosing block.
              for (Scope* sc = cur_; sc; sc = sc->parent) {
                if (sc->lex.count(id->s)) redeclared(id->s, id->line);
                if (sc->is_function) break;
              }
              ref(id);
            }
          }
          pattern_defaults(d->a[0]);
          if (d->a[1]) expr(d->a[1]);
          if (n->s != "var" && d->a[0]->k == K::Ident && d->a[0]->b) {
            Binding* b = d->a[0]->b;
            if (d->a[1] && d->a[1]->k == K::Num) b->number_only = true;
            else b->written = true;
          }
        }
        break;
      case K::ExprStmt: expr(n->a[0]); break;
      case K::Block: block(n); break;
      case K::If:
        expr(n->a[0]);
        stmt(n->a[1]);
        stmt(n->a[2]);
        break;
      case K::For:
      case K::ForIn:
      case K::ForOf:
      case K::While:
      case K::DoWhile:
        loop(n);
        break;
      case K::Return:
      case K::Throw:
        if (!n->a.empty()) expr(n->a[0]);
        break;
      case K::Try: {
        block(n->a[0]);
        if (n->a[2]) {
          Scope* s = new_scope(cur_, cur_->fn, false);
          n->scope = s;
          Scope* saved = cur_;
          cur_ = s;
          if (n->a[1]) {
            std::vector<Node*> ids;
            pattern_names(n->a[1], ids);
            bool simple = n->a[1]->k == K::Ident;
            for (Node* id : ids) {
              if (s->names.count(id->s)) redeclared(id->s, id->line);
              declare(s, id, simple ? 'e' : 'l', !simple);
            }
            for (Node* id : ids) catch_params_.push_back(id->s);
            pattern_defaults(n->a[1]);
          }
          block(n->a[2]);
          cur_ = saved;
        }
        if (n->a[3]) block(n->a[3]);
        break;
      }
      case K::Switch: {
        expr(n->a[0]);
        Scope* s = new_scope(cur_, cur_->fn, false);
        n->scope = s;
        Scope* saved = cur_;
        cur_ = s;
        for (size_t i = 1; i < n->a.size(); i++) declare_block(n->a[i]->a, s, true, 1);
        for (size_t i = 1; i < n->a.size(); i++) {
          Node* c = n->a[i];
          if (c->a[0]) expr(c->a[0]);
          for (size_t j = 1; j < c->a.size(); j++) stmt(c->a[j]);
        }
        cur_ = saved;
        break;
      }
      case K::Labeled: stmt(n->a[0]); break;
      case K::With:
        unseen_writes_ = true;
        expr(n->a[0]);
        with_depth_++;
        stmt(n->a[1]);
        with_depth_--;
        break;
      case K::Function: {
        Node id;
        id.k = K::Ident;
        id.s = n->s;
        n->b = lookup(n->s);
        function(n);
        break;
      }
      case K::Class: {
        auto it = class_binding_.find(n);
        if (it != class_binding_.end()) n->b = it->second;
        class_(n);
        break;
      }
      default: break;
    }
  }

  void body(Node* loop, Node* st) {
    bodies_.push_back(loop);
    stmt(st);
    bodies_.pop_back();
  }

  void loop(Node* n) {
    Node* saved_loop = loop_;
    loop_ = n;
    Scope* s = new_scope(cur_, cur_->fn, false);
    n->scope = s;
    Scope* saved = cur_;
    cur_ = s;
    switch (n->k) {
      case K::For:
        if (n->a[0]) {
          if (n->a[0]->k == K::VarDecl) {
            declare_block({n->a[0]}, s, true);
            stmt(n->a[0]);
          } else {
            expr(n->a[0]);
          }
        }
        if (n->a[1]) expr(n->a[1]);
        if (n->a[2]) {
          bool saved = in_update_;
          in_update_ = true;
          expr(n->a[2]);
          in_update_ = saved;
        }
        body(n, n->a[3]);
        break;
      case K::ForIn:
      case K::ForOf:
        expr(n->a[1]);
        if (n->a[0]->k == K::VarDecl) {
          declare_block({n->a[0]}, s, true);
          stmt(n->a[0]);
        } else {
          target(n->a[0]);
        }
        body(n, n->a[2]);
        break;
      default:
        expr(n->a[0]);
        body(n, n->a[1]);
        break;
    }
    cur_ = saved;
    loop_ = saved_loop;
  }

  void pattern_defaults(Node* p) {
    if (!p) return;
    switch (p->k) {
      case K::AssignPat:
        pattern_defaults(p->a[0]);
        expr(p->a[1]);
        break;
      case K::Rest: pattern_defaults(p->a[0]); break;
      case K::ArrPat:
        for (Node* e : p->a) pattern_defaults(e);
        break;
      case K::ObjPat:
        for (Node* e : p->a) {
          if (e->k == K::Rest) {
            pattern_defaults(e);
            continue;
          }
          if (e->has(F_COMPUTED)) expr(e->a[0]);
          pattern_defaults(e->a[1]);
        }
        break;
      default: break;
    }
  }

  // An assignment target (expression-side pattern).
  void target(Node* p) {
    if (!p) return;
    switch (p->k) {
      case K::Ident:
        ref(p);
        if (p->b && !in_update_) p->b->mutated = true;
        if (p->b && !in_incdec_) p->b->written = true;
        break;
      case K::AssignPat:
        target(p->a[0]);
        expr(p->a[1]);
        break;
      case K::Rest: target(p->a[0]); break;
      case K::ArrPat:
        for (Node* e : p->a) target(e);
        break;
      case K::ObjPat:
        for (Node* e : p->a) {
          if (e->k == K::Rest) {
            target(e);
            continue;
          }
          if (e->has(F_COMPUTED)) expr(e->a[0]);
          target(e->a[1]);
        }
        break;
      default: expr(p); break;
    }
  }

  void function(Node* f) {
    Scope* s = new_scope(cur_, f, true);
    f->scope = s;
    Scope* saved = cur_;
    Node* saved_loop = loop_;
    loop_ = nullptr;
    cur_ = s;
    std::vector<Node*> ids;
    for (Node* p : f->a[0]->a) pattern_names(p, ids);
    for (Node* id : ids) declare(s, id, 'p', false);
    Node* body = f->a[1];
    if (!f->has(F_EXPRBODY)) {
      std::vector<std::string> params;
      for (Node* id : ids) params.push_back(id->s);
      hoist_body(body->a, s, params);
      declare_block(body->a, s, false);
    }
    if (!f->s.empty() && !f->has(F_DECL) && !s->names.count(f->s)) {
      Node* id = ar_.make(K::Ident, f->line);
      id->s = f->s;
      declare(s, id, 'f', false);
    }
    // A default may only read the parameters before it.
    std::vector<std::vector<Node*>> pnames(f->a[0]->a.size());
    for (size_t i = 0; i < f->a[0]->a.size(); i++) pattern_names(f->a[0]->a[i], pnames[i]);
    for (size_t i = 0; i < f->a[0]->a.size(); i++) {
      for (size_t j = i; j < pnames.size(); j++)
        for (Node* id : pnames[j])
          if (id->b) uninit_params_.insert(id->b);
      pattern_defaults(f->a[0]->a[i]);
      uninit_params_.clear();
    }
    if (f->has(F_EXPRBODY)) expr(body);
    else
      for (Node* st : body->a) stmt(st);
    cur_ = saved;
    loop_ = saved_loop;
  }

  void class_(Node* c) {
    if (c->a[0]) expr(c->a[0]);
    Scope* s = new_scope(cur_, cur_->fn, false);
    c->scope = s;
    Scope* saved = cur_;
    cur_ = s;
    if (!c->s.empty() && !c->has(F_DECL)) {
      Node* id = ar_.make(K::Ident, c->line);
      id->s = c->s;
      declare(s, id, 'k', true)->fixed = true;
    }
    for (size_t i = 1; i < c->a.size(); i++) {
      Node* m = c->a[i];
      if (m->has(F_COMPUTED)) expr(m->a[0]);
      if (m->has(F_BLOCK)) {
        // A static block is a function body of its own.
        Node* f = ar_.make(K::Function, m->line);
        f->a.push_back(ar_.make(K::Params, m->line));
        f->a.push_back(m->a[0]);
        f->flags |= F_METHOD;
        function(f);
        m->a[0]->scope = f->scope;
      } else if (m->has(F_METHOD)) {
        function(m->a[1]);
      } else if (m->a.size() > 1 && m->a[1]) {
        // A field initializer runs as a method of the instance.
        Node* f = ar_.make(K::Function, m->line);
        f->a.push_back(ar_.make(K::Params, m->line));
        f->a.push_back(m->a[1]);
        f->flags |= F_METHOD | F_EXPRBODY;
        function(f);
      }
    }
    cur_ = saved;
  }

  Binding* lookup(const std::string& name) {
    for (Scope* s = cur_; s; s = s->parent) {
      auto it = s->names.find(name);
      if (it != s->names.end()) return it->second;
    }
    return nullptr;
  }

  void ref(Node* id) {
    Binding* b = lookup(id->s);
    id->b = b;
    if (id->s == "eval") unseen_writes_ = true;
    // Read before the declaration ran, in the same function: the temporal dead zone. From a
    // closure written before the declaration, it depends on when the closure runs.
    if (b && (b->kind == 'l' || b->kind == 'c' || b->kind == 'k') && id->seq < b->decl_end) {
      if (fn_scope(cur_) == fn_scope(b->scope)) {
        id->flags |= F_TDZ;
      } else {
        id->flags |= F_TDZCHECK;
        b->runtime_tdz = true;
      }
    }
    if (b && b->kind == 'p' && uninit_params_.count(b)) id->flags |= F_TDZ;
    Scope* home = b ? fn_scope(b->scope) : nullptr;
    Node* outermost = nullptr;  // the function made in b's own function that holds this use
    for (Scope* s = fn_scope(cur_); s && s != home; s = s->parent ? fn_scope(s->parent) : nullptr) {
      s->foreign[id->s] = true;
      if (b) b->captured = true;
      outermost = s->fn;
    }
    if (b && b->loop && outermost) loop_capture(b, outermost);
  }

  // A loop's binding b read from inside fn, a function made in the loop's function. Its
  // copies can be bound to fn as fn is made when fn is an arrow or a plain function
  // expression (no declaration, hoisted to its block's start; no method, made with its
  // object or class; no generator or async function, made through the runtime's wrappers)
  // made in the loop's body, not its head.
  void loop_capture(Binding* b, Node* fn) {
    Node* loop = b->loop;
    bool plain = fn->k == K::Function && !fn->has(F_DECL | F_METHOD | F_ASYNC | F_GEN);
    bool in_body = std::find(bodies_.begin(), bodies_.end(), loop) != bodies_.end();
    if (!plain || !in_body) {
      loop->no_copies = true;
      return;
    }
    if (std::find(fn->copies.begin(), fn->copies.end(), b) == fn->copies.end()) fn->copies.push_back(b);
  }

  // Whether each closure may keep its own copy of b, a binding of a loop that a closure
  // captures: a let or const of the loop's head or its body's own block that nothing assigns
  // once it is set (the for statement's update clause writes the next iteration's binding),
  // that no closure can read before its declaration, where no eval or with could write it.
  bool copyable(const Binding* b) const {
    Node* loop = b->loop;
    Node* body = loop->k == K::For ? loop->a[3] : loop->k == K::ForIn || loop->k == K::ForOf ? loop->a[2] : loop->a[1];
    bool own_scope = b->scope == loop->scope || (body && body->k == K::Block && b->scope == body->scope);
    return (b->kind == 'l' || b->kind == 'c') && own_scope && !b->mutated && !b->runtime_tdz && !b->in_with &&
           !unseen_writes_;
  }

  void expr(Node* n) {
    if (!n) return;
    if (n->k == K::Binary || n->k == K::Dot || n->k == K::Call) return chain(n);
    switch (n->k) {
      case K::Ident: ref(n); break;
      case K::Function: function(n); break;
      case K::Class: class_(n); break;
      case K::Dot:
        expr(n->a[0]);
        if (n->has(F_COMPUTED)) expr(n->a[1]);
        break;
      case K::Prop:
        if (n->has(F_COMPUTED)) expr(n->a[0]);
        expr(n->a[1]);
        break;
      case K::Assign:
        target(n->a[0]);
        expr(n->a[1]);
        break;
      case K::Update:
        if (n->a[0]->k == K::Ident) {
          in_incdec_ = true;
          target(n->a[0]);
          in_incdec_ = false;
        } else {
          expr(n->a[0]);
        }
        break;
      case K::ObjPat:
      case K::ArrPat:
      case K::AssignPat:
      case K::Rest:
        target(n);
        break;
      default:
        for (Node* c : n->a) expr(c);
        break;
    }
  }

  // A left-deep chain (`a + b + c`, `a.b.c`, `f()()`) in a loop, not a recursion per link,
  // in source order: the innermost operand first, then each link's other operands.
  void chain(Node* n) {
    std::vector<Node*> links;
    for (; n && (n->k == K::Binary || n->k == K::Dot || n->k == K::Call); n = n->a[0]) links.push_back(n);
    expr(n);
    for (size_t i = links.size(); i-- > 0;) {
      Node* l = links[i];
      if (l->k == K::Dot) {
        if (l->has(F_COMPUTED)) expr(l->a[1]);
        continue;
      }
      for (size_t j = 1; j < l->a.size(); j++) expr(l->a[j]);
    }
  }

  void finish() {
    int counter = 0;
    std::set<Node*> loops;  // loops whose bindings a closure captures
    for (Binding* b : all_) {
      b->number_only = b->number_only && !b->written && !unseen_writes_ && (b->kind == 'l' || b->kind == 'c');
      if (!b->block_level) continue;
      Scope* fs = fn_scope(b->scope);
      if (fs->decl_count[b->name] > 1 || fs->foreign.count(b->name) || b->name == "arguments")
        b->out = b->name + "$" + std::to_string(++counter);
      // Inside a with body a block binding becomes a var that the object's properties would
      // shadow: a name no object has keeps it the block's own.
      if (b->in_with) b->out = "__w" + std::to_string(++counter) + "_" + b->name;
      if (b->captured && b->loop) {
        loops.insert(b->loop);
        if (!copyable(b)) b->loop->no_copies = true;
      }
    }
    for (Node* loop : loops) {
      loop->copy_bindings = !loop->no_copies;
      loop->wrap_body = loop->no_copies;
    }
  }

  Arena& ar_;
  Scope* cur_ = nullptr;
  Node* loop_ = nullptr;
  bool in_update_ = false;  // inside a for statement's update clause
  bool in_incdec_ = false;  // resolving the target of ++ or --
  bool unseen_writes_ = false;  // a with statement or a mention of eval: writes the walk misses
  int with_depth_ = 0;  // with statements around the statement being resolved (same function or not)
  std::set<Binding*> uninit_params_;  // parameters a default being resolved may not read yet
  std::vector<std::string> catch_params_;  // names the next block (a catch body) may not redeclare
  std::set<Node*> block_fns_;  // block functions annex B does not hoist (hoist())
  std::vector<Binding*> all_;
  std::vector<Node*> bodies_;  // the loops whose body holds the code being resolved
  std::map<Node*, Binding*> class_binding_;
};

}  // namespace

bool resolve_program(Node* program, Arena& arena, std::string* error, int* line) {
  try {
    Resolver r(arena);
    r.program(program);
    return true;
  } catch (Redeclaration& f) {
    *error = f.msg + " (line " + std::to_string(f.line) + ")";
    *line = f.line;
    return false;
  }
}

}  // namespace oda::js
