// The lowering of loops: for, for-in, for-of (and for await) over iterators, and the
// closure per iteration that gives captured let and const bindings their own copy.
#include "js/lower_internal.h"

namespace oda::js::lowering {

bool Emitter::has_exit(Node* n, int depth) {
  // Does the body leave the loop early (break, return, a labelled continue or a throw)?
  if (!n) return false;
  switch (n->k) {
    case K::Function:
    case K::Class:
      return false;
    case K::Return:
    case K::Throw:
      return true;
    case K::Break:
      return depth == 0 || !n->s.empty();
    case K::Continue:
      return !n->s.empty();
    case K::For:
    case K::ForIn:
    case K::ForOf:
    case K::While:
    case K::DoWhile:
    case K::Switch:
      for (Node* c : n->a)
        if (has_exit(c, depth + 1)) return true;
      return false;
    default:
      if (n->k == K::Block || n->k == K::If || n->k == K::Try || n->k == K::Labeled || n->k == K::Case) {
        for (Node* c : n->a)
          if (has_exit(c, depth)) return true;
      }
      return false;
  }
}

void Emitter::loop(Node* n, std::vector<std::string>* labels) {
  size_t start = out.size();
  loop_statement(n, labels);
  // A per-iteration body function kept in a temp is dropped once the loop is done: the
  // temp lives in the environment the function closes over, a cycle only mark-and-sweep
  // would free. The braces keep the loop and the drop one statement.
  if (!body_fn_.empty()) {
    out.insert(start, "{");
    w(body_fn_ + " = void 0;}");
    body_fn_.clear();
  }
}

void Emitter::loop_statement(Node* n, std::vector<std::string>* labels) {
  std::vector<std::string> ls = labels ? *labels : std::vector<std::string>{};
  if (n->k == K::ForOf) {
    for_of(n, ls);
    return;
  }
  jumps_.push_back({ls, true, false, fn_});
  size_t jump_idx = jumps_.size() - 1;
  for (auto& l : ls) w(l + ": ");
  std::vector<std::string> head;  // bindings passed to a per-iteration closure
  switch (n->k) {
    case K::For: {
      w("for (");
      writeback_.clear();
      if (n->a[0]) {
        if (n->a[0]->k == K::VarDecl) {
          var_decl(n->a[0], false);
          if (n->a[0]->s != "var") collect_names_decl(n->a[0], head);
        } else {
          expr(n->a[0]);
        }
      }
      w("; ");
      if (n->a[1]) expr(n->a[1]);
      w("; ");
      if (n->a[2]) {
        value_unused(n->a[2]);
        expr(n->a[2]);
      }
      w(") ");
      loop_body(n, n->a[3], jump_idx, head, "");
      break;
    }
    case K::ForIn: {
      Node* left = n->a[0];
      std::string pre;
      w("for (");
      if (left->k == K::VarDecl) {
        Node* t = left->a[0]->a[0];
        if (t->k == K::Ident) {
          if (fn_->kind == Fn::Closure && left->s == "var") var_owner()->vars.push_back(name_of(t));
          else w("var ");
          w(name_of(t));
          if (left->s != "var") head.push_back(name_of(t));
        } else {
          std::string k = temp();
          w(k);
          pre = k;
          collect_names(t, head);
        }
      } else {
        expr(left);
      }
      w(" in ");
      expr(n->a[1]);
      w(") ");
      if (!pre.empty()) {
        // A destructured for-in key (rare): destructure at the top of the body.
        Node* t = left->a[0]->a[0];
        w("{var ");
        first_ = true;
        destructure(t, pre);
        w(";");
        loop_body(n, n->a[2], jump_idx, head, "");
        w("}");
      } else {
        loop_body(n, n->a[2], jump_idx, head, "");
      }
      break;
    }
    case K::While:
      w("while (");
      expr(n->a[0]);
      w(") ");
      loop_body(n, n->a[1], jump_idx, head, "");
      break;
    case K::DoWhile:
      w("do ");
      loop_body(n, n->a[1], jump_idx, head, "");
      w(" while (");
      expr(n->a[0]);
      w(");");
      break;
    default: break;
  }
  jumps_.pop_back();
}

// The head bindings of a for(let...): each iteration's closure gets copies; those the body
// assigns are copied back for the next iteration (as the per-iteration environments of
// the spec do).
void Emitter::collect_names_decl(Node* decl, std::vector<std::string>& out) {
  std::vector<Node*> ids;
  for (Node* d : decl->a) pattern_idents(d->a[0], ids);
  for (Node* id : ids) {
    out.push_back(name_of(id));
    if (id->b && id->b->mutated) writeback_.push_back(name_of(id));
  }
}

void Emitter::pattern_idents(Node* p, std::vector<Node*>& out) {
  if (!p) return;
  switch (p->k) {
    case K::Ident: out.push_back(p); break;
    case K::AssignPat:
    case K::Rest: pattern_idents(p->a[0], out); break;
    case K::ArrPat:
      for (Node* e : p->a) pattern_idents(e, out);
      break;
    case K::ObjPat:
      for (Node* e : p->a) pattern_idents(e->k == K::Rest ? e : e->a[1], out);
      break;
    default: break;
  }
}

// Prints a loop body; when closures capture its block bindings, the body runs in a
// function per iteration so each iteration has its own bindings. pre is code to print
// at the start of the body (the for-of element assignment).
void Emitter::loop_body(Node* loop, Node* body, size_t jump_idx, const std::vector<std::string>& head, const std::string& pre) {
  if (!loop->wrap_body) {
    if (pre.empty()) {
      stmt(body);
      return;
    }
    w("{" + pre);
    if (body->k == K::Block) {
      stmts(body->a);
      sync(body->end_line);
    } else {
      stmt(body);
    }
    w("}");
    return;
  }
  std::vector<std::pair<std::string, std::string>> wb;  // binding, temp carrying it back
  if (loop->k == K::For)
    for (auto& name : writeback_) wb.push_back({name, temp()});
  writeback_.clear();
  // The body's function is made the first time the loop statement runs in its enclosing
  // activation and kept in a temp of that function: each iteration's environment comes from
  // the call, and its scope is the same every time, so one made per iteration only added a
  // closure to create and free (bench/js-workloads closures-create).
  std::string r = temp(), body_fn = temp();
  w("{" + pre + r + " = (" + body_fn + " || (" + body_fn + " = function(");
  for (size_t i = 0; i < head.size(); i++) w((i ? ", " : "") + head[i]);
  w("){");
  w(kBareFunction);
  Fn f;
  f.kind = Fn::Closure;
  f.insert_at = out.size();
  f.loop_jump = jump_idx;
  push(&f);
  if (!wb.empty()) w("try {");
  if (body->k == K::Block) {
    stmts(body->a);
    sync(body->end_line);
  } else {
    stmt(body);
  }
  if (!wb.empty()) {
    w("} finally {");
    for (auto& [name, t] : wb) w(t + " = " + name + ";");
    w("}");
  }
  pop();
  w("}))(");
  for (size_t i = 0; i < head.size(); i++) w((i ? ", " : "") + head[i]);
  w(");");
  for (auto& [name, t] : wb) w(name + " = " + t + ";");
  w("if (" + r + " !== void 0) {");
  if (f.used_break) w("if (" + r + " === 1) break;");
  for (const std::string& code : f.codes) {
    w("if (" + r + " === \"" + code + "\") ");
    jump(code[0] == 'b', code.substr(2), loop->line);
  }
  if (f.used_return) {
    if (fn_->kind == Fn::Closure) {
      fn_->used_return = true;
      w("if (typeof " + r + " === \"object\") return " + r + ";");
    } else if (fn_->derived_ctor) {
      w("if (typeof " + r + " === \"object\") return __oda_dret(" + r + ".r, __self);");
    } else {
      w("if (typeof " + r + " === \"object\") return " + r + ".r;");
    }
  }
  w("}}");
  body_fn_ = body_fn;
}

void Emitter::for_of(Node* n, const std::vector<std::string>& ls) {
  bool is_await = n->has(F_AWAIT);
  std::string it = temp();
  std::string step = is_await ? temp() : "";
  // The iterator is closed on any early exit: break, return, a throw, or the generator
  // holding the loop being closed at a yield. An array literal has nothing to close.
  bool close = n->a[1]->k != K::Array || has_exit(n->a[2], 0);
  if (close) w("try {");
  jumps_.push_back({ls, true, false, fn_});
  size_t jump_idx = jumps_.size() - 1;
  for (auto& l : ls) w(l + ": ");
  std::string value;
  if (is_await) {
    w("for (" + it + " = __oda_aiter(");
    expr(n->a[1]);
    w("); !(" + step + " = " + async_helper("__oda_await") + "(" + it + ".next())).done;) ");
    value = step + ".value";
  } else {
    // Arrays (the common case) step through locals; other iterables through __oda_step.
    std::string arr = temp(), idx = temp();
    w("for (" + it + " = __oda_iter(");
    expr(n->a[1]);
    // node's "o is not iterable" names the expression; __oda_iter has only the value.
    std::string what = callee_text(n->a[1]);
    if (what != "(intermediate value)") {
      Node* c = n->a[1];
      while (c->k == K::Paren) c = c->a[0];
      if (c->k == K::Call) what = what.substr(0, what.size() - 5) + " is not a function or its return value";
      w(", " + quote(what));
    }
    w("), " + arr + " = " + it + ".a, " + idx + " = 0; " + arr + " ? " + idx + " < " + arr + ".length : __oda_step(" + it +
      ");) ");
    value = "(" + arr + " ? " + arr + "[" + idx + "++] : " + it + ".v)";
  }
  // The element assignment runs in the loop's own function, before any per-iteration closure.
  Node* left = n->a[0];
  std::vector<std::string> head;
  std::string pre;
  {
    // Printed aside, then placed at the top of the loop body.
    std::string saved;
    saved.swap(out);
    if (left->k == K::VarDecl) {
      Node* t = left->a[0]->a[0];
      bool as_var = !(fn_->kind == Fn::Closure && left->s == "var");
      if (!as_var) {
        std::vector<std::string> names;
        collect_names(t, names);
        for (auto& nm : names) var_owner()->vars.push_back(nm);
      }
      if (left->s != "var") collect_names(t, head);
      if (t->k == K::Ident) {
        w((as_var ? "var " : "") + name_of(t) + " = " + value + ";");
      } else {
        std::string v = temp();
        if (as_var) w("var ");
        w(v + " = " + value);
        first_ = false;
        destructure(t, v);
        w(";");
      }
    } else if (left->k == K::Ident || left->k == K::Dot) {
      expr(left);
      w(" = " + value + ";");
    } else {
      std::string v = temp();
      w(v + " = " + value);
      first_ = false;
      bool saved = assigning_;
      assigning_ = true;
      destructure(left, v);
      assigning_ = saved;
      w(";");
    }
    // In eval code a var statement keeps the assignment out of the loop's completion value.
    if (left->k != K::VarDecl) {
      out.pop_back();
      out = quiet(out) + ";";
    }
    pre.swap(out);
    out.swap(saved);
  }
  loop_body(n, n->a[2], jump_idx, head, pre);
  jumps_.pop_back();
  if (close) {
    if (is_await) w("} finally { if (" + step + " && !" + step + ".done) " + async_helper("__oda_await") + "(__oda_aclose(" + it + ")); }");
    else w("} catch (__ce) { __oda_closeq(" + it + "); throw __ce; } finally { " + quiet("__oda_close(" + it + ")") + "; }");
  }
}

}  // namespace oda::js::lowering
