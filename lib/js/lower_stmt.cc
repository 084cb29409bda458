// The lowering of statements: declarations, returns, jumps (break and continue with their
// labels), try, switch, and the temporal dead zone at each scope's entry.
#include "js/lower_internal.h"

#include <algorithm>

namespace oda::js::lowering {

void Emitter::stmts(const NodeList& list, size_t from) {
  for (size_t i = from; i < list.size(); i++) stmt(list[i]);
}

// At the entry of a scope: bindings a closure might read too early start out uninitialized.
void Emitter::tdz_entry(Scope* s) {
  if (!s) return;
  for (auto& [name, b] : s->names)
    if (b->runtime_tdz) w(ascii_name(b->out) + " = __oda_TDZ;");
}

// At the entry of a statement list: the generator functions it declares get the prototypes
// of generator functions (%GeneratorFunction.prototype%, and a prototype object of their own
// under %GeneratorPrototype%), as the declarations are hoisted. at_fn_start: the list is a
// function's or program's, whose directives must stay first (pop() places them after).
void Emitter::gen_entry(const NodeList& list, bool at_fn_start) {
  std::string text;
  for (Node* st : list)
    if (st->k == K::Function && st->has(F_DECL) && st->has(F_GEN))
      text += std::string(script_ ? "void " : "") + "__oda_genfn(" + (st->b ? st->b->out : st->s) +
              (st->has(F_ASYNC) ? ", 1);" : ");");  // eval code: no completion value
  if (text.empty()) return;
  if (at_fn_start) entries_.emplace_back(fn_, std::move(text));
  else w(text);
}

// Whether n is a statement whose completion value is undefined when its body's is empty
// (ES2015's UpdateEmpty); the engine keeps ES5's, the value of the statement before it.
static bool resets_completion(const Node* n) {
  return n->k == K::If || n->k == K::Try || n->k == K::Switch || n->k == K::With || is_loop(n);
}

void Emitter::stmt(Node* n, std::vector<std::string>* labels) {
  sync(n->line);
  // Only eval code's completion value is seen (eval's result); a block keeps the
  // statement a single one where it is the body of another.
  if (script_ && fn_->kind == Fn::Program && !quiet_ && resets_completion(n)) {
    w("{void 0; ");
    stmt_body(n, labels);
    w("}");
    return;
  }
  stmt_body(n, labels);
}

void Emitter::stmt_body(Node* n, std::vector<std::string>* labels) {
  switch (n->k) {
    case K::VarDecl:
      var_decl(n, true);
      break;
    case K::ExprStmt:
      if (quiet_ && fn_->kind == Fn::Program) {
        std::string saved;
        saved.swap(out);
        expr(n->a[0]);
        saved.swap(out);
        w(quiet(saved) + ";");
        break;
      }
      // eval code's statements give its completion value; others' values go unused.
      if (!(script_ && fn_->kind == Fn::Program)) value_unused(n->a[0]);
      expr(n->a[0]);
      w(";");
      break;
    case K::Block:
      w("{");
      tdz_entry(n->scope);
      gen_entry(n->a, false);
      // A block function annex B does not hoist has a name of its own (resolve.cc): the
      // engine hoists it under that name, and it is named as written.
      for (Node* st : n->a)
        if (st->k == K::Function && st->b && st->b->out != st->s) w("__oda_fname(" + st->b->out + ", " + quote(st->s) + ");");
      stmts(n->a);
      sync(n->end_line);
      w("}");
      break;
    case K::Empty:
      w(";");
      break;
    case K::Debugger:
      w("debugger;");
      break;
    case K::With:
      w("with (");
      expr(n->a[0]);
      w(") ");
      with_++;
      stmt(n->a[1]);
      with_--;
      break;
    case K::If:
      w("if (");
      expr(n->a[0]);
      w(") ");
      stmt(n->a[1]);
      if (n->a[2]) {
        w(" else ");
        stmt(n->a[2]);
      }
      break;
    case K::Return:
      return_stmt(n);
      break;
    case K::Throw:
      w("throw ");
      expr(n->a[0]);
      w(";");
      break;
    case K::Break:
      jump(true, n->s, n->line);
      break;
    case K::Continue:
      jump(false, n->s, n->line);
      break;
    case K::Try:
      try_stmt(n);
      break;
    case K::Switch: {
      jumps_.push_back({labels ? *labels : std::vector<std::string>{}, false, true, fn_});
      if (labels)
        for (auto& l : *labels) w(l + ": ");
      w("switch (");
      expr(n->a[0]);
      w(") {");
      for (size_t i = 1; i < n->a.size(); i++) {
        Node* c = n->a[i];
        sync(c->line);
        if (c->a[0]) {
          w("case ");
          expr(c->a[0]);
          w(":");
        } else {
          w("default:");
        }
        stmts(c->a, 1);
      }
      sync(n->end_line);
      w("}");
      jumps_.pop_back();
      break;
    }
    case K::Labeled: {
      std::vector<std::string> ls = labels ? *labels : std::vector<std::string>{};
      ls.push_back(n->s);
      Node* body = n->a[0];
      if (is_loop(body) || body->k == K::Switch || body->k == K::Labeled) {
        stmt(body, &ls);
      } else {
        jumps_.push_back({ls, false, false, fn_});
        for (auto& l : ls) w(l + ": ");
        stmt(body);
        jumps_.pop_back();
      }
      break;
    }
    case K::For:
    case K::ForIn:
    case K::ForOf:
    case K::While:
    case K::DoWhile:
      loop(n, labels);
      break;
    case K::Function:
      function(n, FnOpts{});
      break;
    case K::Class: {
      // As a let (var_decl): the enclosing function's var unless a closure captures it, when
      // each iteration keeps its own class.
      bool closure_var = fn_->kind == Fn::Closure && n->b && !n->b->captured;
      if (closure_var) var_owner()->vars.push_back(n->b ? n->b->out : n->s);
      else w("var ");
      w(n->b ? n->b->out : n->s);
      w(" = ");
      class_(n, n->s);
      w(";");
      break;
    }
    default:
      fail("SyntaxError: unexpected statement", n->line);
  }
}

// Prints a var/let/const declaration. In a loop-body closure a `var` belongs to the
// enclosing function, so it is declared there and assigned here; so does a let or const no
// nested function captures (its name is the function's own already, and no iteration can
// tell it is shared): kept in the closure, a closure stored in it would sit in the
// environment it closes over, a cycle only mark-and-sweep frees (bench/js-workloads
// closures-create kept a million of them).
void Emitter::var_decl(Node* n, bool statement) {
  bool as_assign = fn_->kind == Fn::Closure && (n->s == "var" || !captures_any(n));
  if (as_assign) {
    bool any = false;
    for (Node* d : n->a) {
      std::vector<std::string> names;
      collect_names(d->a[0], names);
      for (auto& nm : names) var_owner()->vars.push_back(nm);
      if (!d->a[1] && n->s != "let") continue;
      if (any) w(", ");
      any = true;
      declarator(d, n->s);
    }
    if (statement) w(";");
    return;
  }
  w("var ");
  first_ = true;
  for (size_t i = 0; i < n->a.size(); i++) {
    if (i) w(", ");
    declarator(n->a[i], n->s);
  }
  if (statement) w(";");
}

bool Emitter::captures_any(Node* decl) {
  std::vector<Node*> ids;
  for (Node* d : decl->a) pattern_names(d->a[0], ids);
  for (Node* id : ids)
    if (!id->b || id->b->captured) return true;
  return false;
}

void Emitter::collect_names(Node* p, std::vector<std::string>& out) {
  std::vector<Node*> ids;
  pattern_names(p, ids);
  for (Node* id : ids) out.push_back(name_of(id));
}

void Emitter::declarator(Node* d, const std::string& kind) {
  Node* t = d->a[0];
  sync(d->line);
  if (t->k == K::Ident) {
    w(name_of(t));
    if (d->a[1]) {
      w(" = ");
      named_expr(d->a[1], t->s);
    } else if (kind == "let") {
      w(" = void 0");
    }
    return;
  }
  if (!d->a[1]) fail("SyntaxError: missing initializer in destructuring declaration", d->line);
  std::string src = temp();
  w(src + " = ");
  expr(d->a[1]);
  first_ = false;
  destructure(t, src);
}

// Prints an expression whose function or class gets its name from the binding
// (ES2015 NamedEvaluation). A function is only named when the name would not shadow
// something its body refers to.
// key_js: a JavaScript expression for the name when it is no identifier (a string or
// numeric key); such functions, and those whose name would shadow, are named at run time.
void Emitter::named_expr(Node* e, const std::string& name, const std::string& key_js) {
  if (e->k == K::Paren && (e->a[0]->k == K::Function || e->a[0]->k == K::Class)) {
    w("(");
    named_expr(e->a[0], name, key_js);
    w(")");
    return;
  }
  if (e->k == K::Function && e->s.empty() && (!key_js.empty() || (!name.empty() && !can_name(e, name)))) {
    w("__oda_fname((");
    function(e, FnOpts{});
    w("), " + (key_js.empty() ? quote(name) : key_js) + ")");
    return;
  }
  if (e->k == K::Class && e->s.empty()) {
    class_(e, name);
    return;
  }
  if (e->k == K::Function && e->s.empty() && can_name(e, name)) {
    FnOpts o;
    o.name = name;
    w("(");
    function(e, o);
    w(")");
    return;
  }
  expr(e);
}

bool Emitter::can_name(Node* f, const std::string& name) {
  if (name.empty() || !f->scope || f->scope->foreign.count(name)) return false;
  static const char* const reserved[] = {"break", "case", "catch", "class", "const", "continue", "debugger", "default",
                                         "delete", "do", "else", "export", "extends", "finally", "for", "function",
                                         "if", "import", "in", "instanceof", "new", "return", "super", "switch",
                                         "this", "throw", "try", "typeof", "var", "void", "while", "with", "null",
                                         "true", "false", "enum", "arguments", "eval", "let", "static", "yield",
                                         "await", "implements", "interface", "package", "private", "protected", "public"};
  for (const char* r : reserved)
    if (name == r) return false;
  for (size_t i = 0; i < name.size(); i++) {
    unsigned char c = name[i];
    if (!(isalpha(c) || c == '_' || c == '$' || (i && isdigit(c)))) return false;
  }
  return true;
}

void Emitter::return_stmt(Node* n) {
  if (fn_->kind == Fn::Closure) {
    // Signals the return to the loop that called the closure.
    fn_->used_return = true;
    // In parentheses: a comma expression (`return a = f(), a.x = 1, a`) is one value.
    w("return {r: (");
    if (n->a.empty()) w("void 0");
    else expr(n->a[0]);
    w(")};");
    return;
  }
  if (fn_->derived_ctor) {
    // The value decides: an object replaces the instance, undefined gives this, else TypeError.
    if (n->a.empty()) {
      w("return __oda_self(__self);");
    } else {
      w("return __oda_dret((");
      expr(n->a[0]);
      w("), __self);");
    }
    return;
  }
  w("return");
  if (!n->a.empty()) {
    w(" ");
    expr(n->a[0]);
  }
  w(";");
}

void Emitter::jump(bool is_break, const std::string& label, int line) {
  int idx = -1;
  for (int i = int(jumps_.size()) - 1; i >= 0; i--) {
    Jump& j = jumps_[i];
    if (label.empty() ? (j.loop || (is_break && j.sw)) : std::find(j.labels.begin(), j.labels.end(), label) != j.labels.end()) {
      idx = i;
      break;
    }
  }
  if (idx < 0) fail(std::string("SyntaxError: ") + (is_break ? "break" : "continue") + " outside of a loop", line);
  Jump& j = jumps_[idx];
  if (j.owner == fn_) {
    w(is_break ? "break" : "continue");
    if (!label.empty()) w(" " + label);
    w(";");
    return;
  }
  if (fn_->kind != Fn::Closure) fail("SyntaxError: jump across a function", line);
  if (size_t(idx) == fn_->loop_jump) {
    if (is_break) {
      fn_->used_break = true;
      w("return 1;");
    } else {
      w("return;");
    }
    return;
  }
  std::string code = std::string(is_break ? "b:" : "c:") + label;
  fn_->codes.insert(code);
  w("return \"" + code + "\";");
}

void Emitter::try_stmt(Node* n) {
  w("try ");
  stmt(n->a[0]);
  if (n->a[2]) {
    Node* param = n->a[1];
    Node* body = n->a[2];
    sync(body->line);
    std::string pname = param && param->k == K::Ident ? name_of(param) : "__e";
    w(" catch (" + pname + ") {");
    if (var_owner()->gen || var_owner()->agen) w("__oda_genrethrow(" + pname + ");");
    if (param && param->k != K::Ident) {
      w("var ");
      first_ = true;
      destructure(param, pname);
      w(";");
    }
    stmts(body->a);
    sync(body->end_line);
    w("}");
  }
  if (n->a[3]) {
    w(" finally ");
    bool saved = quiet_;
    quiet_ = script_;
    stmt(n->a[3]);
    quiet_ = saved;
  }
}

}  // namespace oda::js::lowering
