// The lowering printer: walks the resolved syntax tree once and prints the ES5 Duktape runs,
// rewriting each modern construct in place. A newline is only ever printed to bring the
// output up to the source line of the node being printed, so line N stays line N.
// This file holds the entry points, the helpers every part shares and the function
// context (temps, this, arguments); lower_*.cc hold the constructs.
#include "js/lower.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "js/ast.h"
#include "js/lower_internal.h"
#include "js/nesting.h"
#include "js/parser.h"
#include "js/resolve.h"

namespace oda::js {
namespace lowering {

std::string quote(std::string_view s) {
  std::string o = "\"";
  for (size_t i = 0; i < s.size(); i++) {
    unsigned char c = s[i];
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\r': o += "\\r"; break;
      case '\t': o += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char buf[8];
          snprintf(buf, sizeof buf, "\\u%04x", c);
          o += buf;
        } else if (c >= 0xF0 && i + 3 < s.size()) {
          uint32_t cp = ((c & 0x07) << 18) | ((s[i + 1] & 0x3F) << 12) | ((s[i + 2] & 0x3F) << 6) | (s[i + 3] & 0x3F);
          cp -= 0x10000;
          char buf[16];
          snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
          o += buf;
          i += 3;
        } else if (c == 0xE2 && i + 2 < s.size() && (unsigned char)s[i + 1] == 0x80 &&
                   ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9)) {
          o += (unsigned char)s[i + 2] == 0xA8 ? "\\u2028" : "\\u2029";
          i += 2;
        } else {
          o += char(c);
        }
    }
  }
  o += '"';
  return o;
}

std::string fix_string(std::string_view raw) {
  bool plain = true;
  for (size_t i = 0; i < raw.size(); i++) {
    unsigned char c = raw[i];
    if (c >= 0xF0 || (c == '\\' && i + 1 < raw.size() && raw[i + 1] == 'u' && i + 2 < raw.size() && raw[i + 2] == '{')) {
      plain = false;
      break;
    }
  }
  if (plain) return std::string(raw);
  std::string o;
  for (size_t i = 0; i < raw.size(); i++) {
    unsigned char c = raw[i];
    if (c == '\\' && i + 2 < raw.size() && raw[i + 1] == 'u' && raw[i + 2] == '{') {
      size_t e = raw.find('}', i);
      uint32_t cp = std::stoul(std::string(raw.substr(i + 3, e - i - 3)), nullptr, 16);
      char buf[16];
      if (cp >= 0x10000) {
        cp -= 0x10000;
        snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
      } else {
        snprintf(buf, sizeof buf, "\\u%04x", cp);
      }
      o += buf;
      i = e;
    } else if (c == '\\' && i + 1 < raw.size()) {
      o += raw[i];
      o += raw[++i];
    } else if (c >= 0xF0 && i + 3 < raw.size()) {
      uint32_t cp = ((c & 0x07) << 18) | ((raw[i + 1] & 0x3F) << 12) | ((raw[i + 2] & 0x3F) << 6) | (raw[i + 3] & 0x3F);
      cp -= 0x10000;
      char buf[16];
      snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
      o += buf;
      i += 3;
    } else {
      o += char(c);
    }
  }
  return o;
}

// An async body that never awaits runs to its end at once, so it needs no coroutine
// (__oda_async_sync: a promise around a direct call).
bool awaits(const Node* n) {
  if (n == nullptr || n->k == K::Function) return false;
  return any_node(n, [](const Node* x, const Node*, size_t) {
    if (x->k == K::Await || (x->k == K::ForOf && x->has(F_AWAIT))) return Visit::Hit;
    return x->k == K::Function ? Visit::Skip : Visit::Descend;
  });
}

bool is_loop(const Node* n) {
  return n->k == K::For || n->k == K::ForIn || n->k == K::ForOf || n->k == K::While || n->k == K::DoWhile;
}

// Whether statements open with a directive prologue holding "use strict" (the parser's
// rule: string-literal statements, the exact words without escapes).
bool opens_strict(const NodeList& stmts) {
  for (Node* st : stmts) {
    if (st->k != K::ExprStmt || st->a[0]->k != K::Str) return false;
    const std::string& d = st->a[0]->s;
    if (d.size() == 12 && d.substr(1, 10) == "use strict") return true;
  }
  return false;
}

// Whether a program or eval code names something as the locals of BigInt's operators and
// literals are named (__tb..., __teb...: Emitter::bi): then those stay global reads, so that a
// program's own __tbmul, say, keeps its value and * its meaning.
bool names_bi_local(const Node* p) {
  auto clash = [](const std::string& s) { return s.rfind("__tb", 0) == 0 || s.rfind("__teb", 0) == 0; };
  return any_node(p, [&](const Node* x, const Node*, size_t) {
    if (clash(x->s) || clash(x->s2)) return Visit::Hit;
    for (const std::string& s : x->strs)
      if (clash(s)) return Visit::Hit;
    return Visit::Descend;
  });
}

// Whether a program names something as async_helper's locals are named (__tq...).
bool names_async_local(const Node* p) {
  auto clash = [](const std::string& s) { return s.rfind("__tq", 0) == 0; };
  return any_node(p, [&](const Node* x, const Node*, size_t) {
    if (clash(x->s) || clash(x->s2)) return Visit::Hit;
    for (const std::string& s : x->strs)
      if (clash(s)) return Visit::Hit;
    return Visit::Descend;
  });
}

std::string Emitter::async_helper(const char* name) {
  if (!async_locals_) return name;
  std::string_view n = name;
  std::string local = n == "__oda_await"             ? "__tqa"
                      : n == "__oda_async_call"      ? "__tqc"
                      : n == "__oda_async_sync_call" ? "__tqs"
                      : n == "__oda_async_resolved"  ? "__tqr"
                                                     : "__tqj";  // __oda_async_reject
  root_->bi.emplace(local, name);
  return local;
}

void Emitter::program(Node* p) {
  out.reserve(4096);
  bi_locals_ = !bigint || !names_bi_local(p);
  async_locals_ = !names_async_local(p);
  // A program with BigInt says so first (__oda_BI.use()), so that code it builds at run time
  // (eval, Function) is lowered for BigInt values too (lib/engine/natives.cc).
  if (bigint) w("(__oda_BI.use(), ");
  else w("(");
  w(awaits(p) ? "__oda_async(function(){" : "__oda_async_sync(function(){");
  Fn f;
  f.kind = Fn::Program;
  f.insert_at = out.size();
  f.strict = opens_strict(p->a);
  push(&f);
  root_ = &f;
  tdz_entry(p->scope);
  gen_entry(p->a, true);
  stmts(p->a);
  pop();
  sync(p->end_line);
  w("\n}))");
}

// eval code: the statements stay at the top level (their vars and completion value are
// eval's), with temps of their own so they never clobber the caller's.
// lexical_this: the eval runs inside a lowered arrow, whose this the caller left in
// __oda_evthis just before.
void Emitter::script(Node* p, EvalFlags flags) {
  bool lexical_this = has(flags, EvalFlags::LexicalThis);
  out.reserve(256);
  temp_prefix_ = "__te";
  script_ = true;
  bi_locals_ = !bigint || !names_bi_local(p);
  eval_flags_ = flags;
  Fn f;
  f.kind = Fn::Program;
  f.insert_at = 0;
  f.strict = opens_strict(p->a);
  f.home = eval_home_;
  if (lexical_this) f.this_name = "__tethis";
  push(&f);
  tdz_entry(p->scope);
  gen_entry(p->a, true);
  stmts(p->a);
  pop();
  if (lexical_this) out.insert(0, "var __tethis = __oda_evthis;");
}

// Closes the function context: declares its temps and captured this/arguments at its start.
void Emitter::pop() {
  Fn* f = fn_;
  std::string decl;
  if (f->need_this) decl += this_var(f) + " = this";
  if (f->need_args) decl += std::string(decl.empty() ? "" : ", ") + args_var(f) + " = arguments";
  for (auto& v : f->vars) decl += (decl.empty() ? "" : ", ") + v;
  if (f->iter_consts) {
    decl += (decl.empty() ? "" : ", ") + temp_prefix_ + "si = __oda_SI, " + temp_prefix_ + "av = __oda_AV";
  }
  if (f->tcat) decl += (decl.empty() ? "" : ", ") + temp_prefix_ + "tc = __oda_tcat";
  if (f->pcat) decl += (decl.empty() ? "" : ", ") + temp_prefix_ + "pc = __oda_pcat";
  if (f->bind) decl += (decl.empty() ? "" : ", ") + temp_prefix_ + "bd = __oda_bind";
  if (f->need_callee) decl += (decl.empty() ? "" : ", ") + temp_prefix_ + "fn = __oda_callee()";
  for (auto& [local, init] : f->bi) decl += (decl.empty() ? "" : ", ") + local + " = " + init;
  if (!decl.empty()) decl = "var " + decl + ";";
  if (!entries_.empty() && entries_.back().first == f) {
    decl += entries_.back().second;
    entries_.pop_back();
  }
  if (f->strict && !decl.empty()) decl.insert(0, "\"use strict\";");
  if (!decl.empty()) out.insert(f->insert_at, decl);
  fn_ = f->parent;
}

// checked: in a derived constructor before its super() statement, this is read through a
// check that throws node's ReferenceError while super() has not run.
std::string Emitter::this_ref(bool checked) {
  Fn* f = fn_;
  bool crossed = false;
  while (f->kind == Fn::Arrow || f->kind == Fn::Closure || f->kind == Fn::Inner) {
    f = f->parent;
    crossed = true;
  }
  if (checked && f->derived_ctor && !f->self_bound) return "(" + f->this_name + " || __oda_nothis())";
  if (f->this_name != "this") return f->this_name;
  if (!crossed) return "this";
  f->need_this = true;
  return this_var(f);
}

std::string Emitter::args_ref(int line) {
  Fn* f = fn_;
  bool crossed = false;
  while (f->kind == Fn::Arrow || f->kind == Fn::Closure || f->kind == Fn::Inner) {
    f = f->parent;
    crossed = true;
  }
  if (f->kind == Fn::Program && script_ && has(eval_flags_, EvalFlags::NoArguments))
    fail("SyntaxError: 'arguments' is not allowed in class field initializer or static initialization block", line);
  if (!crossed) return "arguments";
  f->need_args = true;
  return args_var(f);
}

// Duktape's identifier tables are narrower than ES2023's: names with non-ASCII letters
// are spelled with $uXXXX instead.
std::string Emitter::ascii_name(const std::string& n) {
  bool plain = true;
  for (unsigned char c : n) plain &= c < 0x80;
  if (plain) return n;
  std::string o;
  for (size_t i = 0; i < n.size();) {
    unsigned char c = n[i];
    if (c < 0x80) {
      o += char(c);
      i++;
      continue;
    }
    int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    uint32_t cp = c & (0xFF >> (len + 1));
    for (int k = 1; k < len && i + k < n.size(); k++) cp = (cp << 6) | (n[i + k] & 0x3F);
    char buf[16];
    snprintf(buf, sizeof buf, "$u%04x", cp);
    o += buf;
    i += len;
  }
  return o;
}

}  // namespace lowering

namespace {

// A name by which BigInt values reach a program: BigInt itself, the BigInt typed arrays and
// DataView's readers of them.
bool names_bigint(const std::string& s) {
  return s == "BigInt" || s == "BigInt64Array" || s == "BigUint64Array" || s == "getBigInt64" || s == "getBigUint64";
}

bool lower(std::string_view source, bool script, EvalFlags flags, std::string_view home, std::string* out,
           LowerError* err, std::string_view params) {
  Arena arena;
  ParseError perr;
  Node* prog = parse_program(source, arena, &perr);
  if (!prog) {
    err->message = perr.message;
    err->line = perr.line;
    return false;
  }
  // The resolver and the printer recurse once per level of the tree: bounded here.
  if (!nesting_ok(prog, &err->line)) {
    err->message = nesting_message() + " (line " + std::to_string(err->line) + ")";
    return false;
  }
  if (!resolve_program(prog, arena, &err->message, &err->line)) return false;
  if (script && has(flags, EvalFlags::ArgumentsParam) && prog->scope) {
    // eval in the defaults of parameters named `arguments` cannot declare a var of that name.
    auto it = prog->scope->names.find("arguments");
    if (it != prog->scope->names.end() && (it->second->kind == 'v' || it->second->kind == 'f')) {
      err->line = 1;
      err->message = "SyntaxError: Identifier 'arguments' has already been declared (line 1)";
      return false;
    }
  }
  if (script && !params.empty() && prog->scope) {
    // eval in the defaults of parameters declares no var named as one of them (node's
    // SyntaxError, before any of the eval code runs).
    for (auto& [name, b] : prog->scope->names) {
      if (b->kind != 'v' && b->kind != 'f') continue;
      for (size_t at = 0; at <= params.size();) {
        size_t end = std::min(params.find(',', at), params.size());
        if (params.substr(at, end - at) == name) {
          err->line = 1;
          err->message = "SyntaxError: Identifier '" + name + "' has already been declared (line 1)";
          return false;
        }
        at = end + 1;
      }
    }
  }
  // Each lowered script (one eval, one Function constructor call) is numbered: its let,
  // const and class and its tagged templates' sites get names no other code uses.
  static unsigned evals = 0;
  if (script) evals++;
  if (script && prog->scope) {
    // eval code's let, const and class live in an environment of their own: as the vars
    // they become they get names no other code uses.
    for (auto& [name, b] : prog->scope->names)
      if (b->kind == 'l' || b->kind == 'c' || b->kind == 'k') b->out = "__e" + std::to_string(evals) + "_" + b->out;
  }
  try {
    lowering::Emitter e;
    e.out.reserve(source.size() + source.size() / 2);  // about what the ES5 takes
    for (const Node* n : arena.nodes)
      if (n->k == K::BigInt || (n->k == K::Ident && names_bigint(n->s)) || (script && has(flags, EvalFlags::BigInt))) {
        e.bigint = true;
        break;
      }
    // A template's site is its place in this source and this evaluation: the same text
    // given to eval twice makes two sites (a program is lowered once, a script per eval).
    if (script) e.tpl_prefix_ = "e" + std::to_string(evals) + "_";
    e.eval_home_ = std::string(home);
    if (script) e.script(prog, flags);
    else e.program(prog);
    out->swap(e.out);
    return true;
  } catch (lowering::LowerFailure& f) {
    err->line = f.line;
    err->message = f.msg + " (line " + std::to_string(f.line) + ")";
    return false;
  }
}

}  // namespace

bool lower_program(std::string_view source, std::string* out, LowerError* err) {
  return lower(source, false, EvalFlags::None, {}, out, err, {});
}

bool lower_script(std::string_view source, std::string* out, LowerError* err, EvalFlags flags,
                  std::string_view home, std::string_view params) {
  return lower(source, true, flags, home, out, err, params);
}

}  // namespace oda::js
