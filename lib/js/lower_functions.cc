// The lowering of functions: parameters (defaults, rests, patterns), arrows with their
// lexical this and arguments, async functions and generators as the runtime's coroutines.
#include "js/lower_internal.h"

namespace oda::js::lowering {

static bool is_super_call(const Node* n) {
  return n && n->k == K::Call && !n->a.empty() && n->a[0] && n->a[0]->k == K::Super;
}

static bool has_super_call(const Node* n) {
  if (!n) return false;
  if (is_super_call(n)) return true;
  for (const Node* c : n->a)
    if (has_super_call(c)) return true;
  return false;
}

// The index of a derived constructor's first statement that is a plain `super(...);` with no
// super call anywhere before it, or list.size().
static size_t first_super_stmt(const NodeList& list) {
  for (size_t i = 0; i < list.size(); i++) {
    const Node* s = list[i];
    if (s->k == K::ExprStmt && is_super_call(s->a[0])) return i;
    if (has_super_call(s)) break;
  }
  return list.size();
}

namespace {

// Whether f's parameters or body may reach its arguments object: the name (outside nested
// functions other than arrows) or a direct eval.
bool reads_arguments(const Node* f) {
  return any_node(f, [f](const Node* x, const Node* parent, size_t i) {
    if (parent && !parent->has(F_COMPUTED) &&
        ((parent->k == K::Dot && i == 1) || (parent->k == K::Prop && !parent->has(F_SHORTHAND) && i == 0)))
      return Visit::Skip;
    if (x->k == K::Ident && (x->s == "arguments" || x->s == "eval")) return Visit::Hit;
    return x != f && x->k == K::Function && !x->has(F_ARROW) ? Visit::Skip : Visit::Descend;
  });
}

// Whether evaluating v cannot throw: a number or string literal, or a plain parameter of the
// function (read before anything could have made it a getter or a binding in its TDZ).
bool cannot_throw(const Node* v, const Node* params) {
  if (v->k == K::Num || v->k == K::Str) return true;
  if (v->k != K::Ident) return false;
  for (const Node* p : params->a)
    if (p->k == K::Ident && p->s == v->s) return true;
  return false;
}

}  // namespace

// A closure made in a loop body that reads the loop's let and const bindings, which never
// change once set (lib/js/resolve.cc copyable), gets its own copies of them as it is made:
// __oda_bind(closure, "name", name, ...) puts them in an environment between the closure and
// the function it is made in. The body then runs in place, where a function called per
// iteration made each iteration's bindings its own (loop_body) at the cost of a call, an
// environment for every binding of the body, and each name of the enclosing function reached
// through the scope chain (bench/js-workloads closures-create). Out of line, so that
// function(), which recurses as deep as functions nest, keeps its frame.
bool Emitter::open_copies(Node* f) {
  for (Binding* b : f->copies) {
    if (b->loop->copy_bindings) {
      var_owner()->bind = true;
      w(temp_prefix_ + "bd(");
      return true;
    }
  }
  return false;
}

void Emitter::close_copies(Node* f) {
  for (Binding* b : f->copies)
    if (b->loop->copy_bindings) w(", " + quote(b->out) + ", " + b->out);
  w(")");
}

void Emitter::function(Node* f, const FnOpts& o) {
  bool copies = !f->copies.empty() && open_copies(f);
  sync(f->line);
  bool saved_assigning = assigning_;
  assigning_ = false;
  bool arrow = f->has(F_ARROW);
  bool is_async = f->has(F_ASYNC), gen = f->has(F_GEN);
  // A generator function expression or method gets its prototypes as it is made (a
  // declaration where its statement list starts: gen_entry).
  bool gen_made = gen && !arrow && o.header.empty() && !f->has(F_DECL);
  if (gen_made) w("__oda_genfn(");
  if (!o.header.empty()) {
    w(o.header);
  } else {
    w("function");
    if (!f->s.empty() && !arrow) w(" " + (f->b ? f->b->out : f->s));
    else if (!o.name.empty()) w(" " + o.name);
  }
  w("(");
  Node* params = f->a[0];
  std::vector<std::pair<Node*, std::string>> complex;  // pattern or default, param name
  size_t rest_at = std::string::npos;
  int pn = 0;
  // The function's length counts the parameters before the first default or rest; later
  // ones are read from arguments in the prologue.
  bool listed = true;
  std::vector<std::pair<std::string, size_t>> late;  // name, index
  // With a rest, a default or a pattern anywhere in the list, arguments is no alias of the
  // parameters (an unmapped arguments object): the plain ones before the first default are
  // copied from placeholders the engine's mapped arguments may change.
  bool unmapped = false;
  for (Node* p : params->a) unmapped |= p->k != K::Ident;
  unmapped = unmapped && !arrow && reads_arguments(f);
  std::vector<std::pair<std::string, std::string>> copied;  // name, placeholder
  for (size_t i = 0; i < params->a.size(); i++) {
    Node* p = params->a[i];
    sync(p->line);
    if (p->k == K::Rest) {
      rest_at = i;
      break;
    }
    if (p->k == K::AssignPat) listed = false;
    std::string nm;
    if (p->k == K::Ident) {
      nm = name_of(p);
      if (unmapped && listed) {
        copied.push_back({nm, "__p" + std::to_string(pn++)});
        nm = copied.back().second;
      }
    } else if (p->k == K::AssignPat && p->a[0]->k == K::Ident) {
      nm = name_of(p->a[0]);
      complex.push_back({p, nm});
    } else {
      nm = "__p" + std::to_string(pn++);
      complex.push_back({p, nm});
    }
    if (listed) {
      if (i) w(", ");
      w(nm);
    } else {
      late.push_back({nm, i});
    }
  }
  w(") {");
  // Functions that are no constructors say so to the engine (lib/engine/patches/0003): it
  // gives them no `prototype` (nor the cycle through it that only a full collection frees)
  // and `new` on them throws. Arrows and methods also have no binding of their own name.
  if (arrow || (o.method && !gen)) w(kBareFunction);
  else if (is_async && !gen) w(kNoCtorFunction);
  Fn fc;
  fc.kind = arrow ? Fn::Arrow : Fn::Normal;
  fc.node = f;
  fc.insert_at = out.size();
  fc.strict = !f->has(F_EXPRBODY) && opens_strict(f->a[1]->a);
  if (!o.home.empty()) fc.home = o.home;
  fc.derived_ctor = o.derived;
  fc.no_new = (o.method && !o.ctor) || is_async || gen;
  fc.ctor_fields = o.fields;
  if (o.derived) fc.this_name = "__self";
  push(&fc);
  if (!o.ctor_prologue.empty()) w(o.ctor_prologue);
  if (!copied.empty()) {
    w("var ");
    for (size_t i = 0; i < copied.size(); i++) w((i ? ", " : "") + copied[i].first + " = " + copied[i].second);
    w(";");
  }
  if (!late.empty()) {
    w("var ");
    for (size_t i = 0; i < late.size(); i++)
      w((i ? ", " : "") + late[i].first + " = arguments[" + std::to_string(late[i].second) + "]");
    w(";");
  }
  for (Node* p : params->a) {
    std::vector<Node*> ids;
    pattern_idents(p, ids);
    for (Node* id : ids) fc.param_args |= id->s == "arguments";
  }
  if (!complex.empty()) fc.param_list = params;
  // An async function's parameters that throw reject its promise (the body's thread has not
  // started yet, so the prologue catches for it).
  bool reject_params = is_async && !gen && !complex.empty();
  if (reject_params) w("try {");
  for (auto& [p, nm] : complex) {
    if (p->k == K::AssignPat && p->a[0]->k == K::Ident) {
      w("if (" + nm + " === void 0) " + nm + " = ");
      named_expr(p->a[1], p->a[0]->s);
      w(";");
    } else {
      w("var ");
      first_ = true;
      destructure(p, nm);
      w(";");
    }
  }
  if (reject_params) {
    w("} catch (__e) {return ");
    w_async_helper("__oda_async_reject");
    w("(__e);}");
  }
  fc.param_args = false;
  fc.param_list = nullptr;
  if (rest_at != std::string::npos) {
    Node* r = params->a[rest_at]->a[0];
    std::string src = "Array.prototype.slice.call(arguments, " + std::to_string(rest_at) + ")";
    if (r->k == K::Ident) {
      w("var " + name_of(r) + " = " + src + ";");
    } else {
      w("var ");
      first_ = true;
      std::string t = temp();
      piece();
      w(t + " = " + src);
      destructure(r, t);
      w(";");
    }
  }
  Fn inner;
  Node* body = f->a[1];
  // An async function whose whole body is one value that awaits nothing (`async (x) => x * 2`,
  // `async function f(i) { return i; }`) gives its promise from its own frame: no body
  // function made and called per call, nor an environment kept for it (await-loop at 20,000
  // awaits 276.8 -> 195.6 M worker instructions). The catch rejects what the value threw.
  bool one_value = is_async && !gen && !awaits(body) &&
                   (f->has(F_EXPRBODY) || body->a.empty() || (body->a.size() == 1 && body->a[0]->k == K::Return));
  if (one_value) {
    Node* v = f->has(F_EXPRBODY) ? body : body->a.empty() || body->a[0]->a.empty() ? nullptr : body->a[0]->a[0];
    if (!v) {
      w("return ");
      w_async_helper("__oda_async_resolved");
      w("(void 0);");
    } else if (cannot_throw(v, params)) {  // no try to enter and leave per call
      w("return ");
      w_async_helper("__oda_async_resolved");
      w("(");
      expr(v);
      w(");");
    } else {
      w("try {return ");
      w_async_helper("__oda_async_resolved");
      w("(");
      if (v->k == K::Seq) {
        w("(");
        expr(v);
        w(")");
      } else {
        expr(v);
      }
      w(");} catch (__e) {return ");
      w_async_helper("__oda_async_reject");
      w("(__e);}");
    }
    if (!f->has(F_EXPRBODY)) sync(body->end_line);
    pop();
    w("}");
    assigning_ = saved_assigning;
    return;
  }
  bool wrapped = is_async || gen;
  // A generator function's or method's object inherits from its prototype property (or
  // %GeneratorPrototype%): __oda_gen refuses `new` on it.
  bool gen_obj = gen && !arrow;
  if (gen_obj) callee_ref(fn_);
  if (wrapped) {
    if (is_async && gen) w("return __oda_agen(function(__g){");
    else if (gen) w("return __oda_gen(function(){");
    // The body runs at once (__oda_async_call, or __oda_async_sync_call for one that never
    // awaits): no wrapper function made and called per call.
    else {
      w("return ");
      w_async_helper(awaits(f->a[1]) ? "__oda_async_call" : "__oda_async_sync_call");
      w("(function(){");
    }
    w(kBareFunction);
    inner.kind = Fn::Inner;
    inner.insert_at = out.size();
    inner.gen = gen && !is_async;
    inner.agen = gen && is_async;
    push(&inner);
  }
  if (!f->has(F_EXPRBODY)) {
    tdz_entry(f->scope);
    gen_entry(body->a, true);
  }
  if (f->has(F_EXPRBODY)) {
    w("return (");
    expr(body);
    w(");");
  } else if (o.derived) {
    // The statements after a top-level super() read this without a check.
    size_t at = first_super_stmt(body->a);
    if (at < body->a.size()) fc.first_super = body->a[at]->a[0];
    for (size_t i = 0; i < body->a.size(); i++) {
      stmt(body->a[i]);
      if (i == at) fc.self_bound = true;
    }
    sync(body->end_line);
  } else {
    stmts(body->a);
    sync(body->end_line);
  }
  if (o.derived) w("return __oda_self(__self);");
  if (wrapped) {
    pop();
    w(gen_obj ? "}, " + callee_ref(fn_) + ", this);" : "});");
  }
  pop();
  w("}");
  if (gen_made) w(is_async ? ", 1)" : ")");
  if (copies) close_copies(f);
  assigning_ = saved_assigning;
}

}  // namespace oda::js::lowering
