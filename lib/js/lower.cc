// The lowering printer: walks the resolved syntax tree once and prints the ES5 Duktape runs,
// rewriting each modern construct in place. A newline is only ever printed to bring the
// output up to the source line of the node being printed, so line N stays line N.
#include "js/lower.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "js/ast.h"
#include "js/parser.h"
#include "js/regexp.h"
#include "js/resolve.h"

namespace oda::js {
namespace {

struct Fail {
  std::string msg;
  int line;
};

// A JavaScript string literal for s (UTF-8), with astral characters as surrogate escapes so
// that Duktape sees the same UTF-16 length as other engines.
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

// A string literal as written, with ES2015 escapes (\u{...}) and astral characters rewritten.
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

// Whether a body awaits: an await or a `for await` outside the functions nested in it. An
// async body that never does runs to its end at once, so it needs no coroutine
// (__oda_async_sync: a promise around a direct call).
bool awaits(const Node* n) {
  if (n == nullptr || n->k == K::Function) return false;
  if (n->k == K::Await || (n->k == K::ForOf && n->has(F_AWAIT))) return true;
  for (const Node* c : n->a)
    if (awaits(c)) return true;
  return false;
}

bool is_loop(const Node* n) {
  return n->k == K::For || n->k == K::ForIn || n->k == K::ForOf || n->k == K::While || n->k == K::DoWhile;
}

class Emitter {
 public:
  std::string out;

  void program(Node* p) {
    out.reserve(4096);
    w(awaits(p) ? "(__oda_async(function(){" : "(__oda_async_sync(function(){");
    Fn f;
    f.kind = Fn::Program;
    f.insert_at = out.size();
    push(&f);
    tdz_entry(p->scope);
    stmts(p->a);
    pop();
    sync(p->end_line);
    w("\n}))");
  }

  // eval code: the statements stay at the top level (their vars and completion value are
  // eval's), with temps of their own so they never clobber the caller's.
  // lexical_this: the eval runs inside a lowered arrow, whose this the caller left in
  // __oda_evthis just before.
  void script(Node* p, int flags) {
    bool lexical_this = flags & 1;
    out.reserve(256);
    temp_prefix_ = "__te";
    script_ = true;
    eval_flags_ = flags;
    Fn f;
    f.kind = Fn::Program;
    f.insert_at = 0;
    if (lexical_this) f.this_name = "__tethis";
    push(&f);
    tdz_entry(p->scope);
    stmts(p->a);
    pop();
    if (lexical_this) out.insert(0, "var __tethis = __oda_evthis;");
  }

 private:
  struct ClassCtx {
    std::vector<std::pair<std::string, std::string>> privates;  // name, symbol variable
    std::string super_var;  // "__super" or "" (no extends)
    std::string name;
  };

  struct Fn {
    enum Kind { Program, Normal, Arrow, Closure, Inner } kind = Normal;
    Node* node = nullptr;
    size_t insert_at = 0;
    int temps = 0;
    std::vector<std::string> vars;
    bool need_this = false, need_args = false;
    std::string this_name = "this";
    Fn* parent = nullptr;
    std::string home;        // super property base: "__super.prototype", "__super", ...
    bool derived_ctor = false;
    bool field_init = false;  // class field initializers (no arguments, no new.target)
    bool param_args = false;  // printing the defaults of parameters one of which is `arguments`
    bool ctor_fields = false;  // the class has instance fields to initialize after super()
    bool gen = false;        // body of a (sync) generator
    bool agen = false;       // body of an async generator
    // Closures that run a loop body: the jump entry of their loop and what they signalled.
    size_t loop_jump = 0;
    bool used_break = false, used_return = false;
    std::set<std::string> codes;
    bool iter_consts = false;  // holds Symbol.iterator and the stock Array.prototype.values in locals
  };

  struct Jump {
    std::vector<std::string> labels;
    bool loop = false, sw = false;
    Fn* owner = nullptr;
  };

  Fn* fn_ = nullptr;
  std::vector<Jump> jumps_;
  std::vector<ClassCtx*> classes_;
  int line_ = 1;
  int tpl_sites_ = 0;
  int class_counter_ = 0;
  std::string temp_prefix_ = "__t";
  bool script_ = false;
  int eval_flags_ = 0;  // eval code: 1 this from __oda_evthis, 2 new.target allowed, 4 in a field initializer

  [[noreturn]] void fail(const std::string& m, int line) { throw Fail{m, line}; }

  void w(std::string_view s) { out.append(s); }
  void sync(int l) {
    while (line_ < l) {
      out += '\n';
      line_++;
    }
  }

  void push(Fn* f) {
    f->parent = fn_;
    if (fn_ && f->home.empty()) f->home = fn_->home;
    fn_ = f;
  }
  // Closes the function context: declares its temps and captured this/arguments at its start.
  void pop() {
    Fn* f = fn_;
    std::string decl;
    if (f->need_this) decl += this_var(f) + " = this";
    if (f->need_args) decl += std::string(decl.empty() ? "" : ", ") + args_var(f) + " = arguments";
    for (auto& v : f->vars) decl += (decl.empty() ? "" : ", ") + v;
    if (f->iter_consts) {
      decl += (decl.empty() ? "" : ", ") + temp_prefix_ + "si = __oda_SI, " + temp_prefix_ + "av = __oda_AV";
    }
    if (!decl.empty()) out.insert(f->insert_at, "var " + decl + ";");
    fn_ = f->parent;
  }
  std::string temp() {
    std::string t = temp_prefix_ + std::to_string(++fn_->temps);
    fn_->vars.push_back(t);
    return t;
  }
  // Whether x is an array (or array-like) whose iteration is the stock one, so destructuring
  // may index it: the global lookups of Symbol.iterator and Array.prototype.values are done
  // once per function, into locals (a destructuring in a hot loop spent most of its time on
  // them). `instanceof Array` only where the result must be a real array (a rest element
  // slices it): it costs a native @@hasInstance call, and for a pattern without a rest,
  // indexing an array-like that borrowed the stock iterator reads the same elements.
  std::string stock_iterable(const std::string& x, bool must_be_array) {
    fn_->iter_consts = true;
    std::string check = x + "[" + temp_prefix_ + "si] === " + temp_prefix_ + "av";
    return (must_be_array ? x + " instanceof Array && " : x + " != null && ") + check;
  }
  // The function that owns var declarations (closures over loop bodies are not).
  Fn* var_owner() {
    Fn* f = fn_;
    while (f->kind == Fn::Closure) f = f->parent;
    return f;
  }

  std::string this_ref() {
    Fn* f = fn_;
    bool crossed = false;
    while (f->kind == Fn::Arrow || f->kind == Fn::Closure || f->kind == Fn::Inner) {
      f = f->parent;
      crossed = true;
    }
    if (f->this_name != "this") return f->this_name;
    if (!crossed) return "this";
    f->need_this = true;
    return this_var(f);
  }
  // eval code's own captures (vars of the caller's function once evaluated) never reuse the
  // caller's __this and __args.
  std::string this_var(Fn* f) const { return f->kind == Fn::Program && script_ ? "__tethis" : "__this"; }
  std::string args_var(Fn* f) const { return f->kind == Fn::Program && script_ ? "__teargs" : "__args"; }
  std::string args_ref(int line = 0) {
    Fn* f = fn_;
    bool crossed = false;
    while (f->kind == Fn::Arrow || f->kind == Fn::Closure || f->kind == Fn::Inner) {
      f = f->parent;
      crossed = true;
    }
    if (f->kind == Fn::Program && script_ && (eval_flags_ & 4))
      fail("SyntaxError: 'arguments' is not allowed in class field initializer or static initialization block", line);
    if (!crossed) return "arguments";
    f->need_args = true;
    return args_var(f);
  }

  std::string name_of(Node* id) { return ascii_name(id->b ? id->b->out : id->s); }
  // Duktape's identifier tables are narrower than ES2023's: names with non-ASCII letters
  // are spelled with $uXXXX instead.
  static std::string ascii_name(const std::string& n) {
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
  static bool ascii(const std::string& n) {
    for (unsigned char c : n)
      if (c >= 0x80) return false;
    return true;
  }

  // ---- statements ----
  void stmts(const std::vector<Node*>& list, size_t from = 0) {
    for (size_t i = from; i < list.size(); i++) stmt(list[i]);
  }
  // At the entry of a scope: bindings a closure might read too early start out uninitialized.
  void tdz_entry(Scope* s) {
    if (!s) return;
    for (auto& [name, b] : s->names)
      if (b->runtime_tdz) w(ascii_name(b->out) + " = __oda_TDZ;");
  }

  void stmt(Node* n, std::vector<std::string>* labels = nullptr) {
    sync(n->line);
    switch (n->k) {
      case K::VarDecl:
        var_decl(n, true);
        break;
      case K::ExprStmt:
        expr(n->a[0]);
        w(";");
        break;
      case K::Block:
        w("{");
        tdz_entry(n->scope);
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
        bool closure_var = fn_->kind == Fn::Closure;
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
  // enclosing function, so it is declared there and assigned here.
  void var_decl(Node* n, bool statement) {
    bool as_assign = n->s == "var" && fn_->kind == Fn::Closure;
    if (as_assign) {
      bool any = false;
      for (Node* d : n->a) {
        std::vector<std::string> names;
        collect_names(d->a[0], names);
        for (auto& nm : names) var_owner()->vars.push_back(nm);
        if (!d->a[1]) continue;
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

  void collect_names(Node* p, std::vector<std::string>& out) {
    std::vector<Node*> ids;
    pattern_names(p, ids);
    for (Node* id : ids) out.push_back(name_of(id));
  }

  void declarator(Node* d, const std::string& kind) {
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
  void named_expr(Node* e, const std::string& name, const std::string& key_js = "") {
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
  static bool can_name(Node* f, const std::string& name) {
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

  void return_stmt(Node* n) {
    if (fn_->kind == Fn::Closure) {
      // Signals the return to the loop that called the closure.
      fn_->used_return = true;
      w("return {r: ");
      if (n->a.empty()) w("void 0");
      else expr(n->a[0]);
      w("};");
      return;
    }
    if (fn_->derived_ctor && n->a.empty()) {
      w("return __oda_self(__self);");
      return;
    }
    w("return");
    if (!n->a.empty()) {
      w(" ");
      expr(n->a[0]);
    }
    w(";");
  }

  void jump(bool is_break, const std::string& label, int line) {
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

  void try_stmt(Node* n) {
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
      stmt(n->a[3]);
    }
  }

  // ---- loops ----
  bool has_exit(Node* n, int depth) {
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

  void loop(Node* n, std::vector<std::string>* labels) {
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
        if (n->a[2]) expr(n->a[2]);
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
  void collect_names_decl(Node* decl, std::vector<std::string>& out) {
    std::vector<Node*> ids;
    for (Node* d : decl->a) pattern_idents(d->a[0], ids);
    for (Node* id : ids) {
      out.push_back(name_of(id));
      if (id->b && id->b->mutated) writeback_.push_back(name_of(id));
    }
  }
  std::vector<std::string> writeback_;  // head bindings of the loop being printed that its body assigns
  void pattern_idents(Node* p, std::vector<Node*>& out) {
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
  void loop_body(Node* loop, Node* body, size_t jump_idx, const std::vector<std::string>& head, const std::string& pre) {
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
    std::string r = temp();
    w("{" + pre + r + " = (function(");
    for (size_t i = 0; i < head.size(); i++) w((i ? ", " : "") + head[i]);
    w("){");
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
    w("})(");
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
        w("if (typeof " + r + " === \"object\") return " + r + ".r === void 0 ? __oda_self(__self) : " + r + ".r;");
      } else {
        w("if (typeof " + r + " === \"object\") return " + r + ".r;");
      }
    }
    w("}}");
  }

  void for_of(Node* n, const std::vector<std::string>& ls) {
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
      w("); !(" + step + " = __oda_await(" + it + ".next())).done;) ");
      value = step + ".value";
    } else {
      // Arrays (the common case) step through locals; other iterables through __oda_step.
      std::string arr = temp(), idx = temp();
      w("for (" + it + " = __oda_iter(");
      expr(n->a[1]);
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
      pre.swap(out);
      out.swap(saved);
    }
    loop_body(n, n->a[2], jump_idx, head, pre);
    jumps_.pop_back();
    if (close) {
      if (is_await) w("} finally { if (" + step + " && !" + step + ".done) __oda_await(__oda_aclose(" + it + ")); }");
      else w("} catch (__ce) { __oda_closeq(" + it + "); throw __ce; } finally { __oda_close(" + it + "); }");
    }
  }

  // ---- destructuring ----
  // Prints the pieces `target = value` that destructure the value held in src (a temp or
  // name), comma separated: valid both as var declarators and as a comma expression.
  bool first_ = true;
  void piece() {
    if (!first_) w(", ");
    first_ = false;
  }

  void assign_to(Node* target, const std::string& value) {
    if (target->k == K::Ident && target->has(F_TDZ)) {
      piece();
      w("__oda_tdz(" + quote(target->s) + ")");
    } else if (target->k == K::Ident) {
      piece();
      check_const(target);
      w(name_of(target) + " = " + value);
    } else if (target->k == K::Dot || target->k == K::Paren) {
      piece();
      expr(target);
      w(" = " + value);
    } else {
      destructure(target, value);
    }
  }

  void destructure(Node* p, const std::string& src) {
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
        w(arr + " = " + src + ", " + arr + " = " + stock_iterable(arr, rest) + " ? " + arr + " : __oda_arr(" + arr +
          ", " + std::to_string(rest ? -1 : int(p->a.size())) + ")");
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

  void check_const(Node* id) {
    if (id->b && id->b->kind == 'c' && assigning_) {
      // Assigning a const throws, as it does natively.
      w("__oda_constassign(" + quote(id->s) + "), ");
    }
  }
  bool assigning_ = false;  // destructuring an assignment expression, not a declaration

  // ---- functions ----
  struct FnOpts {
    std::string header;  // replaces "function NAME" (accessors: "get x")
    std::string name;    // the inferred name of an anonymous function
    std::string home;    // super base for methods
    bool ctor = false;
    bool derived = false;
    bool fields = false;
    ClassCtx* cls = nullptr;
    std::string ctor_prologue;
  };

  void function(Node* f, const FnOpts& o) {
    sync(f->line);
    bool saved_assigning = assigning_;
    assigning_ = false;
    bool arrow = f->has(F_ARROW);
    bool is_async = f->has(F_ASYNC), gen = f->has(F_GEN);
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
    Fn fc;
    fc.kind = arrow ? Fn::Arrow : Fn::Normal;
    fc.node = f;
    fc.insert_at = out.size();
    if (!o.home.empty()) fc.home = o.home;
    fc.derived_ctor = o.derived;
    fc.ctor_fields = o.fields;
    if (o.derived) fc.this_name = "__self";
    push(&fc);
    if (!o.ctor_prologue.empty()) w(o.ctor_prologue);
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
    fc.param_args = false;
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
    bool wrapped = is_async || gen;
    if (gen && !arrow) w("if (this instanceof arguments.callee) __oda_notctor();");
    if (wrapped) {
      if (is_async && gen) w("return __oda_agen(function(__g){");
      else if (gen) w("return __oda_gen(function(){");
      else w(awaits(f->a[1]) ? "return __oda_async(function(){" : "return __oda_async_sync(function(){");
      inner.kind = Fn::Inner;
      inner.insert_at = out.size();
      inner.gen = gen && !is_async;
      inner.agen = gen && is_async;
      push(&inner);
    }
    Node* body = f->a[1];
    if (!f->has(F_EXPRBODY)) tdz_entry(f->scope);
    if (f->has(F_EXPRBODY)) {
      w("return (");
      expr(body);
      w(");");
    } else {
      stmts(body->a);
      sync(body->end_line);
    }
    if (o.derived) w("return __oda_self(__self);");
    if (wrapped) {
      pop();
      w(is_async && !gen ? "})();" : "});");
    }
    pop();
    w("}");
    assigning_ = saved_assigning;
  }

  // ---- classes ----
  void key_text(Node* m, std::string& out_key) {
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

  std::string private_var(const std::string& name, int line) {
    for (int i = int(classes_.size()) - 1; i >= 0; i--)
      for (auto& [n, v] : classes_[i]->privates)
        if (n == name) return v;
    fail("SyntaxError: private field '#" + name + "' must be declared in an enclosing class", line);
  }

  void class_(Node* c, const std::string& hint) {
    int id = ++class_counter_;
    ClassCtx cls;
    std::string name = !c->s.empty() ? c->s : (hint.empty() ? "_class" : hint);
    cls.name = name;
    Node* ext = c->a[0];
    cls.super_var = ext ? "__super" : "";
    // Private names get a Symbol each, shared by every member of the class.
    for (size_t i = 1; i < c->a.size(); i++) {
      Node* m = c->a[i];
      if (!m->has(F_BLOCK) && !m->a.empty() && m->a[0] && m->a[0]->k == K::PrivateName) {
        bool seen = false;
        for (auto& [n, v] : cls.privates) seen |= n == m->a[0]->s;
        if (!seen) cls.privates.push_back({m->a[0]->s, "__p" + std::to_string(id) + "_" + std::to_string(cls.privates.size())});
      }
    }
    classes_.push_back(&cls);
    bool has_fields = false;
    Node* ctor = nullptr;
    for (size_t i = 1; i < c->a.size(); i++) {
      Node* m = c->a[i];
      if (m->has(F_FIELD) && !m->has(F_STATIC)) has_fields = true;
      if (m->has(F_CTOR)) ctor = m;
    }
    w("(function(");
    if (ext) w("__super");
    w("){");
    std::string decl = "var __proto = __oda_class(" + name + ", " + (ext ? "__super" : "null") + ")";
    if (has_fields) decl += ", __fi";
    for (auto& [n, v] : cls.privates) decl += ", " + v + " = __oda_pname(" + quote("#" + n) + ")";
    Binding* inner_b = nullptr;
    if (c->scope)
      for (auto& [n, b] : c->scope->names) inner_b = b;
    std::string out_name = c->b ? c->b->out : (inner_b ? inner_b->out : name);
    if (out_name != name) decl += ", " + out_name + " = " + name;
    w(decl + ";");
    std::string fi = has_fields ? "__fi(this);" : "";
    std::string ck = "if (!(this instanceof " + name + ")) __oda_nonew(" + name + ");";
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
        // The new object comes as a parameter (a direct call, cheaper than .call) and stands
        // for `this` in the initializers.
        w("__fi = function(__s){");
        Fn ff;
        ff.kind = Fn::Normal;
        ff.insert_at = out.size();
        ff.home = home_proto;
        ff.this_name = "__s";
        ff.field_init = true;
        push(&ff);
        for (size_t j = i; j < c->a.size(); j++) {
          Node* f = c->a[j];
          if (!f->has(F_FIELD) || f->has(F_STATIC)) continue;
          sync(f->line);
          std::string fkey;
          key_text(f, fkey);
          w("__s[" + fkey + "] = ");
          if (f->a[1]) named_expr(f->a[1], f->a[0]->k == K::Ident ? f->a[0]->s : "");
          else w("void 0");
          w(";");
        }
        pop();
        w("};");
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
    sync(c->end_line);
    w("return " + name + ";})(");
    if (ext) expr(ext);
    w(")");
    classes_.pop_back();
  }

  // ---- expressions ----
  void args(Node* call, size_t from) {
    w("(");
    for (size_t i = from; i < call->a.size(); i++) {
      if (i > from) w(", ");
      expr(call->a[i]);
    }
    sync(call->end_line);
    w(")");
  }
  bool has_spread(Node* call, size_t from) {
    for (size_t i = from; i < call->a.size(); i++)
      if (call->a[i]->k == K::Spread) return true;
    return false;
  }
  // Prints the elements as one array expression: literal runs and spread iterables joined
  // with concat (which flattens exactly one level). copy: the result must be a new array.
  void spread_array(const std::vector<Node*>& elems, size_t from, bool copy = false) {
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
  void expr_elem(Node* e) {
    if (e->k == K::Hole) w("void 0");
    else expr(e);
  }

  // The `this` value and the callee of a call, for rewriting it as fn.apply/call(thisArg).
  void call(Node* n) {
    Node* callee = n->a[0];
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
      w("(__self = __oda_super(__super, " + raw_this + ", ");
      if (has_spread(n, 1)) spread_array(n->a, 1);
      else {
        w("[");
        for (size_t i = 1; i < n->a.size(); i++) {
          if (i > 1) w(", ");
          expr(n->a[i]);
        }
        w("]");
      }
      w(")");
      Fn* cf = fn_;
      while (cf && !cf->derived_ctor) cf = cf->parent;
      if (!cf) fail("SyntaxError: 'super' keyword unexpected here", n->line);
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
      int flags = f->field_init ? 6 : f->kind != Fn::Program || (script_ && (eval_flags_ & 2)) ? 2 : 0;
      if (f->kind == Fn::Program && script_) flags |= eval_flags_ & 4;
      if (fn_->param_args) flags |= 8;
      std::string th = this_ref();
      if (th != "this") w(", (__oda_evthis = " + th + ", " + std::to_string(flags | 1) + ")");
      else if (flags) w(", " + std::to_string(flags));
      w(")");
      for (size_t i = 2; i < n->a.size(); i++) {
        w(", ");
        expr(n->a[i]);
      }
      sync(n->end_line);
      w(")");
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
  bool error_with_options(Node* n) {
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

  void super_member(Node* d) {
    if (fn_->home.empty()) fail("SyntaxError: 'super' keyword unexpected here", d->line);
    w(fn_->home);
    member_tail(d);
  }

  // Prints `.name`, `[expr]` or `[privateSymbol]` for a member access.
  void member_tail(Node* d) {
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
  void chain_call(Node* l, std::string* this_tmp, bool sync_end) {
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
  void opt_chain(Node* chain, std::string* recv = nullptr) {
    std::vector<Node*> links;
    Node* base = chain->a[0];
    while ((base->k == K::Dot || base->k == K::Call) && base->a[0]->k != K::Super) {
      links.push_back(base);
      base = base->a[0];
    }
    std::reverse(links.begin(), links.end());
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
        w(") == null ? void 0 : ");
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
    w(")");
  }

  // An assignment target evaluated once: prints the setup (`__t1 = obj, `) and returns the
  // text that reads or writes it.
  std::string simple_ref(Node* t) {
    if (t->k == K::Paren) return simple_ref(t->a[0]);
    if (t->k == K::Ident) return name_of(t);
    if (t->k != K::Dot) fail("SyntaxError: invalid assignment target", t->line);
    std::string o = temp();
    w(o + " = ");
    if (t->a[0]->k == K::Super) w(this_ref());
    else expr(t->a[0]);
    w(", ");
    if (t->has(F_COMPUTED)) {
      std::string k = temp();
      w(k + " = ");
      expr(t->a[1]);
      w(", ");
      return o + "[" + k + "]";
    }
    if (t->a[1]->k == K::PrivateName) return o + "[" + private_var(t->a[1]->s, t->line) + "]";
    if (!ascii(t->a[1]->s)) return o + "[" + quote(t->a[1]->s) + "]";
    return o + "." + t->a[1]->s;
  }

  void assign(Node* n) {
    Node* t = n->a[0];
    const std::string& op = n->s;
    if (op == "=" && (t->k == K::ObjPat || t->k == K::ArrPat)) {
      std::string src = temp();
      w("(" + src + " = ");
      expr(n->a[1]);
      first_ = false;
      bool saved = assigning_;
      assigning_ = true;
      destructure(t, src);
      assigning_ = saved;
      w(", " + src + ")");
      return;
    }
    if (op == "**=" || op == "&&=" || op == "||=" || op == "?\?=") {
      w("(");
      std::string r = simple_ref(t);
      if (t->k == K::Ident) check_const(t);
      if (op == "**=") {
        w(r + " = Math.pow(" + r + ", ");
        expr(n->a[1]);
        w("))");
      } else {
        if (op == "&&=") w(r + " ? (" + r + " = ");
        else if (op == "||=") w(r + " ? " + r + " : (" + r + " = ");
        else w(r + " != null ? " + r + " : (" + r + " = ");
        named_expr(n->a[1], t->k == K::Ident ? t->s : "");
        w(op == "&&=" ? ") : " + r + ")" : "))");
      }
      return;
    }
    if (t->k == K::Ident && t->has(F_TDZ)) {
      w("__oda_tdz(" + quote(t->s) + ")");
      return;
    }
    if (t->k == K::Ident && t->b && t->b->kind == 'c') {
      w("(");
      expr(n->a[1]);
      w(", __oda_constassign(" + quote(t->s) + "))");
      return;
    }
    if (t->k == K::Dot && t->a[0]->k == K::Super) {
      w(this_ref());
      member_tail(t);
    } else {
      expr(t);
    }
    w(" " + op + " ");
    named_expr(n->a[1], t->k == K::Ident ? t->s : "");
  }

  static bool uses_super(Node* n) {
    if (!n) return false;
    if (n->k == K::Super) return true;
    if (n->k == K::Function && !n->has(F_ARROW)) return false;
    if (n->k == K::Class) return false;
    for (Node* c : n->a)
      if (uses_super(c)) return true;
    return false;
  }

  // Accessors written in the literal itself are named by Duktape after their key alone;
  // __oda_accnames makes them "get key" and "set key" as in ES2015.
  void object(Node* n) {
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
  void object_inner(Node* n) {
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
  std::string obj_home_ = "Object.prototype";  // super base for methods of the literal being printed

  void prop_value(Node* p) {
    if (p->has(F_SHORTHAND)) {
      Node* v = p->a[1];
      if (v->k == K::Assign) fail("SyntaxError: invalid shorthand property initializer", p->line);
      expr(v);
    } else if (p->has(F_METHOD)) {
      FnOpts o;
      o.home = obj_home_;
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
  static bool static_name(Node* c) {
    for (size_t i = 1; i < c->a.size(); i++) {
      Node* m = c->a[i];
      if (m->has(F_STATIC) && !m->has(F_COMPUTED) && !m->a.empty() && m->a[0] &&
          (m->a[0]->s == "name" || m->a[0]->s == "'name'" || m->a[0]->s == "\"name\""))
        return true;
    }
    return false;
  }
  // The name a function gets from a string or numeric key, as a JavaScript expression.
  std::string literal_key(Node* p) {
    if (p->has(F_COMPUTED) || p->has(F_SHORTHAND)) return "";
    Node* k = p->a[0];
    if (k->k == K::Str) return fix_string(k->s);
    if (k->k == K::Num) return "String(" + k->s + ")";
    return "";
  }

  void prop(Node* p) {
    sync(p->line);
    Node* k = p->a[0];
    std::string key = k->k == K::Str ? fix_string(k->s) : (k->k == K::Ident && !ascii(k->s)) ? quote(k->s) : k->s;
    if (k->k == K::PrivateName) fail("SyntaxError: unexpected private name", p->line);
    if (p->has(F_GET) || p->has(F_SET)) {
      FnOpts o;
      o.header = std::string(p->has(F_GET) ? "get " : "set ") + key;
      o.home = obj_home_;
      function(p->a[1], o);
      return;
    }
    w(key + ": ");
    prop_value(p);
  }

  void array(Node* n) {
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
  // the first substitution a string.
  void template_lit(Node* t) {
    w("(");
    for (size_t i = 0; i * 2 < t->strs.size(); i++) {
      const std::string& part = t->strs[i * 2];
      if (i == 0) w(quote(part));
      else if (!part.empty()) w(" + " + quote(part));
      if (i < t->a.size()) {
        w(" + (");
        expr(t->a[i]);
        w(")");
      }
    }
    w(")");
  }

  void tagged(Node* n) {
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

  void expr(Node* n) {
    sync(n->line);
    switch (n->k) {
      case K::Ident:
        if (n->has(F_TDZ)) {
          w("__oda_tdz(" + quote(n->s) + ")");
          return;
        }
        if (n->has(F_TDZCHECK)) {
          std::string nm = name_of(n);
          w("(" + nm + " === __oda_TDZ ? __oda_tdz(" + quote(n->s) + ") : " + nm + ")");
          return;
        }
        if (n->s == "arguments" && !n->b) {
          w(args_ref(n->line));
          return;
        }
        if (n->s == "eval" && !n->b) {
          // eval as a value (an indirect eval): the global wrapper that lowers first.
          w("__oda_ieval");
          return;
        }
        if (n->s == "undefined" && !n->b) {
          w("undefined");
          return;
        }
        w(name_of(n));
        return;
      case K::This:
        w(this_ref());
        return;
      case K::Num:
        w(n->s);
        return;
      case K::Str: {
        // A line continuation keeps its newline in the output, so it counts as a line.
        std::string lit = fix_string(n->s);
        w(lit);
        for (char c : lit) line_ += c == '\n';
        return;
      }
      case K::Regex: {
        // An invalid literal is an early error, reported at its line before anything runs.
        std::string why;
        if (!check_regexp(n->s, n->s2, &why)) fail("SyntaxError: " + why, n->line);
        w("__oda_regexp(" + quote(n->s) + ", \"" + n->s2 + "\")");
        return;
      }
      case K::Template:
        template_lit(n);
        return;
      case K::Tagged:
        tagged(n);
        return;
      case K::Array:
        array(n);
        return;
      case K::Object:
        object(n);
        return;
      case K::Function:
        w("(");
        function(n, FnOpts{});
        w(")");
        return;
      case K::Class:
        class_(n, "");
        return;
      case K::Paren:
        w("(");
        expr(n->a[0]);
        w(")");
        return;
      case K::Seq:
        for (size_t i = 0; i < n->a.size(); i++) {
          if (i) w(", ");
          expr(n->a[i]);
        }
        return;
      case K::Unary:
        w(n->s);
        if (n->s.size() > 1 || ((n->s == "+" || n->s == "-") && n->a[0]->k == K::Unary && n->a[0]->s[0] == n->s[0]) ||
            ((n->s == "+" || n->s == "-") && n->a[0]->k == K::Update && n->a[0]->has(F_PREFIX)))
          w(" ");
        expr(n->a[0]);
        return;
      case K::Update: {
        Node* t = n->a[0];
        if (t->k == K::Ident && t->b && t->b->kind == 'c') {
          w("__oda_constassign(" + quote(t->s) + ")");
          return;
        }
        if (n->has(F_PREFIX)) {
          w(n->s);
          expr(t);
        } else {
          expr(t);
          w(n->s);
        }
        return;
      }
      case K::Binary: {
        const std::string& op = n->s;
        if (op == "**") {
          w("Math.pow(");
          expr(n->a[0]);
          w(", ");
          expr(n->a[1]);
          w(")");
          return;
        }
        if (op == "??") {
          Node* l = n->a[0];
          if (l->k == K::Ident && l->b) {
            w("(" + name_of(l) + " != null ? " + name_of(l) + " : ");
          } else {
            std::string t = temp();
            w("((" + t + " = ");
            expr(l);
            w(") != null ? " + t + " : ");
          }
          expr(n->a[1]);
          w(")");
          return;
        }
        if (op == "in" && n->a[0]->k == K::PrivateName) {
          w("(" + private_var(n->a[0]->s, n->line) + " in ");
          expr(n->a[1]);
          w(")");
          return;
        }
        expr(n->a[0]);
        w(" " + op + " ");
        expr(n->a[1]);
        return;
      }
      case K::Assign:
        assign(n);
        return;
      case K::Cond:
        expr(n->a[0]);
        w(" ? ");
        expr(n->a[1]);
        w(" : ");
        expr(n->a[2]);
        return;
      case K::Call:
        call(n);
        return;
      case K::New:
        if (error_with_options(n)) return;
        if (has_spread(n, 1)) {
          w("__oda_new(");
          expr(n->a[0]);
          w(", ");
          spread_array(n->a, 1);
          w(")");
          return;
        }
        w("new ");
        expr(n->a[0]);
        args(n, 1);
        return;
      case K::Dot:
        if (n->a[0]->k == K::Num && !n->has(F_COMPUTED) &&
            n->a[0]->s.find_first_of(".eExX") == std::string::npos) {
          // `5 .toFixed()`: an integer literal needs parentheses before a dot.
          w("(" + n->a[0]->s + ")");
          member_tail(n);
          return;
        }
        if (n->a[0]->k == K::Super) {
          // super.x reads the parent's property with this as the receiver (getters).
          if (fn_->home.empty()) fail("SyntaxError: 'super' keyword unexpected here", n->line);
          w("__oda_sget(" + fn_->home + ", ");
          if (n->has(F_COMPUTED)) expr(n->a[1]);
          else w(quote(n->a[1]->s));
          w(", " + this_ref() + ")");
          return;
        }
        expr(n->a[0]);
        member_tail(n);
        return;
      case K::OptChain:
        opt_chain(n);
        return;
      case K::Spread:
        fail("SyntaxError: unexpected spread", n->line);
      case K::Yield: {
        Fn* f = var_owner();
        if (f->agen) {
          if (n->has(F_DELEGATE)) w("__oda_ayieldstar(__g, ");
          else w("__oda_await(__g.y(");
          if (n->a.empty()) w("void 0");
          else expr(n->a[0]);
          w(n->has(F_DELEGATE) ? ")" : "))");
          return;
        }
        w(n->has(F_DELEGATE) ? "__oda_yieldstar(" : "__oda_yield(");
        if (!n->a.empty()) expr(n->a[0]);
        w(")");
        return;
      }
      case K::Await:
        w("__oda_await(");
        expr(n->a[0]);
        w(")");
        return;
      case K::NewTarget: {
        // this instanceof the running function: its own arguments.callee (captured through
        // arrows), so anonymous functions and class constructors work alike.
        Fn* f = fn_;
        while (f && (f->kind == Fn::Arrow || f->kind == Fn::Closure || f->kind == Fn::Inner)) f = f->parent;
        // eval code reads the new.target of the function calling it.
        if (!f || (f->kind == Fn::Program && !(script_ && (eval_flags_ & 2))))
          fail("SyntaxError: new.target expression is not allowed here", n->line);
        if (f->kind == Fn::Program && (eval_flags_ & 4)) {
          w("void 0");  // eval code in a field initializer: new.target is undefined there
          return;
        }
        std::string self = "this", callee = "arguments.callee";
        if (f != fn_) {
          f->need_this = true;
          self = this_var(f);
          callee = args_ref() + ".callee";
        }
        w("(" + self + " instanceof " + callee + " ? " + self + ".constructor : void 0)");
        return;
      }
      case K::Super:
        fail("SyntaxError: 'super' keyword unexpected here", n->line);
      case K::PrivateName:
        fail("SyntaxError: unexpected private name", n->line);
      case K::ObjPat:
      case K::ArrPat:
      case K::AssignPat:
      case K::Rest:
      case K::Hole:
        fail("SyntaxError: unexpected pattern", n->line);
      default:
        fail("SyntaxError: unexpected expression", n->line);
    }
  }

  std::string name_of_fn(Node* f) { return f->b ? f->b->out : f->s; }
};

}  // namespace

namespace {

bool lower(std::string_view source, int script, std::string* out, LowerError* err) {
  Arena arena;
  ParseError perr;
  Node* prog = parse_program(source, arena, &perr);
  if (!prog) {
    err->message = perr.message;
    err->line = perr.line;
    return false;
  }
  if (!resolve_program(prog, arena, &err->message, &err->line)) return false;
  if (script && ((script - 1) & 8) && prog->scope) {
    // eval in the defaults of parameters named `arguments` cannot declare a var of that name.
    auto it = prog->scope->names.find("arguments");
    if (it != prog->scope->names.end() && (it->second->kind == 'v' || it->second->kind == 'f')) {
      err->line = 1;
      err->message = "SyntaxError: Identifier 'arguments' has already been declared (line 1)";
      return false;
    }
  }
  if (script && prog->scope) {
    // eval code's let, const and class live in an environment of their own: as the vars
    // they become they get names no other code uses.
    static unsigned evals = 0;
    evals++;
    for (auto& [name, b] : prog->scope->names)
      if (b->kind == 'l' || b->kind == 'c' || b->kind == 'k') b->out = "__e" + std::to_string(evals) + "_" + b->out;
  }
  try {
    Emitter e;
    if (script) e.script(prog, script - 1);
    else e.program(prog);
    out->swap(e.out);
    return true;
  } catch (Fail& f) {
    err->line = f.line;
    err->message = f.msg + " (line " + std::to_string(f.line) + ")";
    return false;
  }
}

}  // namespace

bool lower_program(std::string_view source, std::string* out, LowerError* err) {
  return lower(source, 0, out, err);
}

bool lower_script(std::string_view source, std::string* out, LowerError* err, int flags) {
  return lower(source, flags + 1, out, err);
}

}  // namespace oda::js
