// The lowering of calls and member accesses: spread arguments, super calls and members,
// optional chains with their receivers, direct eval, Error options.
#include "js/lower_internal.h"

#include <algorithm>

namespace oda::js::lowering {

void Emitter::args(Node* call, size_t from) {
  w("(");
  if (from < call->a.size()) expr(call->a[from]);
  args_rest(call, from + 1);
}

// The end of an argument list whose first arguments are printed already: ", " and each
// argument from index from on, then the closing parenthesis.
void Emitter::args_rest(Node* call, size_t from) {
  for (size_t i = from; i < call->a.size(); i++) {
    w(", ");
    expr(call->a[i]);
  }
  sync(call->end_line);
  w(")");
}

bool Emitter::has_spread(Node* call, size_t from) {
  for (size_t i = from; i < call->a.size(); i++)
    if (call->a[i]->k == K::Spread) return true;
  return false;
}

// Prints the elements as one array expression: literal runs and spread iterables joined
// with concat (which flattens exactly one level). copy: the result must be a new array.
void Emitter::spread_array(const NodeList& elems, size_t from, bool copy) {
  if (!copy && elems.size() == from + 1 && elems[from]->k == K::Spread) {
    w("__oda_spr(");
    expr(elems[from]->a[0]);
    w(")");
    return;
  }
  w("[].concat(");
  bool open = false, any = false;
  for (size_t i = from; i < elems.size(); i++) {
    Node* e = elems[i];
    if (e->k == K::Spread) {
      if (open) w("]");
      open = false;
      if (any) w(", ");
      w("__oda_spr(");
      expr(e->a[0]);
      w(")");
    } else if (!open) {
      if (any) w(", ");
      w("[");
      expr_elem(e);
      open = true;
    } else {
      w(", ");
      expr_elem(e);
    }
    any = true;
  }
  if (open) w("]");
  w(")");
}

void Emitter::expr_elem(Node* e) {
  if (e->k == K::Hole) w("void 0");
  else expr(e);
}

// The `this` value and the callee of a call, for rewriting it as fn.apply/call(thisArg).
void Emitter::call(Node* n) {
  Node* callee = n->a[0];
  if (bigint && callee->k == K::Ident && !callee->b && callee->s == "Number" && n->a.size() <= 2 &&
      !has_spread(n, 1) && !n->has(F_OPTIONAL)) {
    w(bi("num"));  // Number(1n) converts, where every implicit conversion of a BigInt throws
    args(n, 1);
    return;
  }
  if (callee->k == K::Super) {
    // super(...) in a derived constructor (or an arrow inside it, through its this).
    std::string raw_this = "this";
    for (Fn* f = fn_; f && !f->derived_ctor; f = f->parent) {
      if (f->kind != Fn::Arrow && f->kind != Fn::Closure && f->kind != Fn::Inner) break;
      if (f->parent && f->parent->derived_ctor) {
        f->parent->need_this = true;
        raw_this = "__this";
      }
    }
    Fn* cf = fn_;
    while (cf && !cf->derived_ctor) cf = cf->parent;
    if (!cf) fail("SyntaxError: 'super' keyword unexpected here", n->line);
    // Any super() but the constructor's first top-level one may be a second call.
    bool first = cf->first_super == n;
    w(std::string(first ? "(__self = __oda_super(" : "(__self = __oda_super_once(") + "__super, " + raw_this + ", ");
    if (has_spread(n, 1)) spread_array(n->a, 1);
    else {
      w("[");
      for (size_t i = 1; i < n->a.size(); i++) {
        if (i > 1) w(", ");
        expr(n->a[i]);
      }
      w("]");
    }
    w(first ? ")" : ", __self)");
    if (cf->ctor_fields) w(", __fi(__self)");
    w(", __self)");
    return;
  }
  if (callee->k == K::Dot && callee->a[0]->k == K::Super) {
    // super.m(...): the parent's method on this object.
    super_member(callee);
    w(has_spread(n, 1) ? ".apply(" : ".call(");
    w(this_ref());
    if (has_spread(n, 1)) {
      w(", ");
      spread_array(n->a, 1);
      w(")");
    } else {
      for (size_t i = 1; i < n->a.size(); i++) {
        w(", ");
        expr(n->a[i]);
      }
      w(")");
    }
    return;
  }
  Node* inner = callee;
  while (inner->k == K::Paren) inner = inner->a[0];
  if (inner->k == K::OptChain && inner->a[0]->k == K::Dot && inner->a[0]->a[0]->k != K::Super) {
    // (a?.b)(): the parentheses keep the reference, so the call's this is a.
    std::string recv;
    opt_chain(inner, &recv);
    if (has_spread(n, 1)) {
      w(".apply(" + recv + ", ");
      spread_array(n->a, 1);
      w(")");
      return;
    }
    w(".call(" + recv);
    for (size_t i = 1; i < n->a.size(); i++) {
      w(", ");
      expr(n->a[i]);
    }
    sync(n->end_line);
    w(")");
    return;
  }
  if (callee->k == K::Ident && callee->s == "eval" && !callee->b && n->a.size() > 1 && !has_spread(n, 1)) {
    // A direct eval keeps the caller's scope: the real eval by its own name, on the
    // lowered source (anything but a string passes through unchanged).
    sync(callee->line);
    w("eval(__oda_lower_eval(");
    expr(n->a[1]);
    // Inside a lowered arrow the eval code's this is the arrow's: handed over in a global.
    // What the calling function allows (new.target, arguments) goes along as flags.
    Fn* f = fn_;
    while (f->kind == Fn::Arrow || f->kind == Fn::Closure || f->kind == Fn::Inner) f = f->parent;
    EvalFlags flags = EvalFlags::None;
    if (f->field_init) flags = EvalFlags::NewTarget | EvalFlags::NoArguments;
    else if (f->kind != Fn::Program || (script_ && has(eval_flags_, EvalFlags::NewTarget))) flags = EvalFlags::NewTarget;
    if (f->kind == Fn::Program && script_) flags |= eval_flags_ & EvalFlags::NoArguments;
    if (fn_->param_args) flags |= EvalFlags::ArgumentsParam;
    std::string th = this_ref(false);  // eval code that never reads this may run before super()
    std::string params;
    if (fn_->param_list) {
      std::vector<Node*> ids;
      for (Node* p : fn_->param_list->a) pattern_idents(p, ids);
      for (Node* id : ids) params += (params.empty() ? "" : ",") + id->s;
    }
    if (th != "this") w(", (__oda_evthis = " + th + ", " + std::to_string(unsigned(flags | EvalFlags::LexicalThis)) + ")");
    else if (flags != EvalFlags::None || !fn_->home.empty() || !params.empty()) w(", " + std::to_string(unsigned(flags)));
    // In a method, super.x in the eval code reads the method's super base (in its scope).
    if (!fn_->home.empty() || !params.empty()) w(", " + quote(fn_->home));
    // In the defaults of parameters, the eval code may declare no var of theirs.
    if (!params.empty()) w(", " + quote(params));
    w(")");
    args_rest(n, 2);
    return;
  }
  if (error_with_options(n)) return;
  if (!has_spread(n, 1)) {
    expr(callee);
    args(n, 1);
    return;
  }
  if (callee->k == K::Dot) {
    std::string t = temp();
    w("(" + t + " = ");
    expr(callee->a[0]);
    w(")");
    member_tail(callee);
    w(".apply(" + t + ", ");
  } else {
    expr(callee);
    w(".apply(void 0, ");
  }
  spread_array(n->a, 1);
  w(")");
}

// `new Error(msg, options)` or `Error(msg, options)` with one of the engine's error
// constructors: the error is made in place (its line is the program's) and its cause set
// from the options afterwards, which Duktape's constructors ignore.
bool Emitter::error_with_options(Node* n) {
  Node* c = n->a[0];
  if (n->a.size() < 3 || has_spread(n, 1)) return false;
  static const char* const ctors[] = {"Error", "TypeError", "RangeError", "SyntaxError",
                                      "ReferenceError", "EvalError", "URIError"};
  bool is_error = false;
  if (c->k == K::Ident && !c->b)
    for (const char* e : ctors) is_error |= c->s == e;
  if (!is_error) {
    // new C(msg, options) with C only known at run time (a variable or a property, not a
    // class or function declared here): checked against the error constructors then.
    bool dynamic = n->k == K::New && n->a.size() == 3 &&
                   ((c->k == K::Ident && c->b && c->b->kind != 'k' && c->b->kind != 'f' && !c->has(F_TDZ | F_TDZCHECK)) ||
                    (c->k == K::Dot && c->a[0]->k != K::Super));
    if (!dynamic) return false;
    std::string ctor = c->k == K::Ident ? name_of(c) : temp();
    std::string t = temp();
    w("(");
    if (c->k == K::Dot) {
      w(ctor + " = ");
      expr(c);
      w(", ");
    }
    w("__oda_ecause(" + ctor + ", new " + ctor + "(");
    expr(n->a[1]);
    w(", " + t + " = ");
    expr(n->a[2]);
    sync(n->end_line);
    w("), " + t + "))");
    return true;
  }
  std::string t = temp();
  w("__oda_cause(");
  if (n->k == K::New) w("new ");
  w(c->s + "(");
  expr(n->a[1]);
  w(", " + t + " = ");
  expr(n->a[2]);
  for (size_t i = 3; i < n->a.size(); i++) {
    w(", ");
    expr(n->a[i]);
  }
  sync(n->end_line);
  w("), " + t + ")");
  return true;
}

void Emitter::super_member(Node* d) {
  if (fn_->home.empty()) fail("SyntaxError: 'super' keyword unexpected here", d->line);
  w(fn_->home);
  member_tail(d);
}

// Prints `.name`, `[expr]` or `[privateSymbol]` for a member access.
void Emitter::member_tail(Node* d) {
  Node* p = d->a[1];
  if (d->has(F_COMPUTED)) {
    w("[");
    expr(p);
    w("]");
  } else if (p->k == K::PrivateName) {
    w("[" + private_var(p->s, p->line) + "]");
  } else if (!ascii(p->s)) {
    w("[" + quote(p->s) + "]");
  } else {
    w("." + p->s);
  }
}

// One call link of an optional chain: with this_tmp holding the receiver, the call keeps
// it as `this` (.call/.apply); the receiver is used up either way.
void Emitter::chain_call(Node* l, std::string* this_tmp, bool sync_end) {
  if (has_spread(l, 1)) {
    w(".apply(" + (this_tmp->empty() ? std::string("void 0") : *this_tmp) + ", ");
    spread_array(l->a, 1);
    w(")");
  } else if (!this_tmp->empty()) {
    w(".call(" + *this_tmp);
    for (size_t j = 1; j < l->a.size(); j++) {
      w(", ");
      expr(l->a[j]);
    }
    if (sync_end) sync(l->end_line);
    w(")");
  } else {
    args(l, 1);
  }
  this_tmp->clear();
}

// recv: the chain is a callee ending in a member access; *recv gets the temp holding that
// member's object, the `this` of the call.
void Emitter::opt_chain(Node* chain, std::string* recv, bool del) {
  std::vector<Node*> links;
  Node* base = chain->a[0];
  while ((base->k == K::Dot || base->k == K::Call) && base->a[0]->k != K::Super) {
    links.push_back(base);
    base = base->a[0];
  }
  std::reverse(links.begin(), links.end());
  size_t last_opt = 0;
  for (size_t i = 0; i < links.size(); i++)
    if (links[i]->has(F_OPTIONAL)) last_opt = i;
  w("(");
  size_t seg = out.size();
  std::string this_tmp;
  bool first_call = !links.empty() && links[0]->k == K::Call;
  Node* pb = base;
  while (pb->k == K::Paren) pb = pb->a[0];
  if (first_call && pb != base && pb->k == K::Dot && pb->a[0]->k != K::Super) {
    // (a.b)?.(): the parentheses keep the reference, so the call's this is a.
    this_tmp = temp();
    w("(" + this_tmp + " = ");
    expr(pb->a[0]);
    w(")");
    member_tail(pb);
  } else if (first_call && pb != base && pb->k == K::OptChain && pb->a[0]->k == K::Dot &&
             pb->a[0]->a[0]->k != K::Super) {
    opt_chain(pb, &this_tmp);  // (a?.b)?.()
  } else {
    expr(base);
    // super.m?.() and super.m()?.x: the parent's method runs on this.
    if (base->k == K::Dot && base->a[0]->k == K::Super && first_call) this_tmp = this_ref();
  }
  for (size_t i = 0; i < links.size(); i++) {
    Node* l = links[i];
    bool next_opt_call = i + 1 < links.size() && links[i + 1]->k == K::Call &&
                         (links[i + 1]->has(F_OPTIONAL) || has_spread(links[i + 1], 1));
    if (l->has(F_OPTIONAL)) {
      std::string t = temp();
      out.insert(seg, "(" + t + " = ");
      w(del && i == last_opt ? ") == null ? true : " : ") == null ? void 0 : ");
      seg = out.size();
      w(t);
      if (l->k == K::Call) {
        chain_call(l, &this_tmp, false);
        continue;
      }
      if (next_opt_call) this_tmp = t;
      if (recv && i + 1 == links.size()) *recv = t;
      member_tail(l);
      continue;
    }
    if (l->k == K::Call) {
      chain_call(l, &this_tmp, true);
      continue;
    }
    if (next_opt_call || (recv && i + 1 == links.size())) {
      std::string t = temp();
      if (recv) *recv = t;
      out.insert(seg, "(" + t + " = ");
      w(")");
      this_tmp = t;
    }
    member_tail(l);
  }
  if (del) out.insert(seg, "delete ");
  w(")");
}

}  // namespace oda::js::lowering
