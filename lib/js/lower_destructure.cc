// The lowering of destructuring: object and array patterns, with defaults and rests, as
// comma-separated pieces valid both as var declarators and as a comma expression.
#include "js/lower_internal.h"

namespace oda::js::lowering {

void Emitter::piece() {
  if (!first_) w(", ");
  first_ = false;
}

void Emitter::assign_to(Node* target, const std::string& value) {
  if (target->k == K::Ident && target->has(F_TDZ)) {
    piece();
    w("__oda_tdz(" + quote(target->s) + ")");
  } else if (target->k == K::Ident) {
    piece();
    check_const(target);
    w(name_of(target) + " = " + value);
  } else if (target->k == K::Dot || target->k == K::Paren) {
    piece();
    if (private_write_error(target, nullptr)) return;
    private_store_ = true;
    expr(target);
    private_store_ = false;
    w(" = " + value);
  } else {
    destructure(target, value);
  }
}

void Emitter::destructure(Node* p, const std::string& src) {
  switch (p->k) {
    case K::Ident:
    case K::Dot:
    case K::Paren:
      assign_to(p, src);
      break;
    case K::AssignPat: {
      std::string t = temp();
      piece();
      w(t + " = " + src);
      std::string v = temp();
      piece();
      w(v + " = " + t + " === void 0 ? (");
      named_expr(p->a[1], p->a[0]->k == K::Ident ? p->a[0]->s : "");
      w(") : " + t);
      assign_to(p->a[0], v);
      break;
    }
    case K::ArrPat: {
      bool rest = !p->a.empty() && p->a.back()->k == K::Rest;
      std::string arr = temp();
      piece();
      if (assigning_ && steps_targets(p)) {
        stepped_array(p, arr, src, rest);
        break;
      }
      w(arr + " = " + src + ", " + arr + " = " + stock_iterable(arr, rest) + " ? " + arr + " : __oda_arr(" + arr +
        ", " + std::to_string(rest ? -1 : int(p->a.size())) + ")");
      indexed_elements(p, arr);
      break;
    }
    case K::ObjPat: {
      std::string obj = src;
      bool has_rest = !p->a.empty() && p->a.back()->k == K::Rest;
      if (src.rfind("__t", 0) != 0 || src.find_first_of(".[(") != std::string::npos) {
        obj = temp();
        piece();
        w(obj + " = " + src);
      }
      if (p->a.empty()) {
        std::string t = temp();
        piece();
        w(t + " = __oda_coerce(" + obj + ")");
      }
      std::string keys;
      for (Node* e : p->a) {
        if (e->k == K::Rest) {
          assign_to(e->a[0], "__oda_orest(" + obj + ", [" + keys + "])");
          continue;
        }
        Node* key = e->a[0];
        std::string access;
        if (e->has(F_COMPUTED)) {
          std::string k = temp();
          piece();
          w(k + " = ");
          expr(key);
          access = obj + "[" + k + "]";
          if (has_rest) keys += (keys.empty() ? "" : ", ") + k;
        } else if (key->k == K::Ident) {
          access = ascii(key->s) ? obj + "." + key->s : obj + "[" + quote(key->s) + "]";
          if (has_rest) keys += (keys.empty() ? "" : ", ") + quote(key->s);
        } else if (key->k == K::Str) {
          access = obj + "[" + fix_string(key->s) + "]";
          if (has_rest) keys += (keys.empty() ? "" : ", ") + fix_string(key->s);
        } else {
          access = obj + "[" + key->s + "]";
          if (has_rest) keys += (keys.empty() ? "" : ", ") + std::string("\"") + key->s + "\"";
        }
        Node* v = e->a[1];
        if (v->k == K::Ident || v->k == K::Dot) assign_to(v, access);
        else destructure(v, access);
      }
      break;
    }
    default:
      fail("SyntaxError: invalid destructuring target", p->line);
  }
}

void Emitter::indexed_elements(Node* p, const std::string& arr) {
  for (size_t i = 0; i < p->a.size(); i++) {
    Node* e = p->a[i];
    if (e->k == K::Hole) continue;
    if (e->k == K::Rest) {
      assign_to(e->a[0], arr + ".slice(" + std::to_string(i) + ")");
      continue;
    }
    std::string v = arr + "[" + std::to_string(i) + "]";
    if (e->k == K::Ident || e->k == K::Dot) {
      assign_to(e, v);
    } else {
      destructure(e, v);
    }
  }
}

// Whether an assignment pattern has a target that may run code (a member, a default, a
// nested pattern): between the iterator's steps, which it must see in order, and which
// closes the iterator if it throws.
bool Emitter::steps_targets(Node* p) {
  for (Node* e : p->a) {
    Node* t = e->k == K::Rest ? e->a[0] : e;
    if (t->k != K::Hole && t->k != K::Ident) return true;
  }
  return false;
}

// An array assignment pattern with such targets: a stock array is indexed as any other,
// other iterables step once per element inside __oda_dstr, whose catch closes the iterator
// when a target throws or the generator holding it is closed at a yield there. The closure
// is no native frame, so a yield or await in a target still suspends the caller.
void Emitter::stepped_array(Node* p, const std::string& arr, const std::string& src, bool rest) {
  w(arr + " = " + src + ", " + stock_iterable(arr, rest) + " ? (");
  first_ = true;
  indexed_elements(p, arr);
  if (first_) w("0");
  w(") : __oda_dstr(" + arr + ", function (__dr) {");
  w(kBareFunction);
  Fn f;
  f.kind = Fn::Closure;
  f.temps = fn_->temps;  // temps of the caller stay visible under their own names
  f.insert_at = out.size();
  push(&f);
  w("(");  // the pieces may start with an object literal, not a block
  first_ = true;
  for (Node* e : p->a) {
    if (e->k == K::Hole) {
      piece();
      w("__oda_dstep(__dr)");
    } else if (e->k == K::Rest) {
      assign_to(e->a[0], "__oda_drest(__dr)");
    } else if (e->k == K::Ident || e->k == K::Dot) {
      assign_to(e, "__oda_dstep(__dr)");
    } else {
      destructure(e, "__oda_dstep(__dr)");
    }
  }
  w(");");
  pop();
  w("})");
  first_ = false;
}

void Emitter::check_const(Node* id) {
  if (id->b && (id->b->kind == 'c' || id->b->fixed) && assigning_) {
    // Assigning a const throws, as it does natively.
    w("__oda_constassign(" + quote(id->s) + "), ");
  }
}

}  // namespace oda::js::lowering
