// The lowering's private interface: the Emitter that prints the ES5 of each node, whose
// parts live in lower_*.cc by the construct they lower, as esbuild's js_parser_lower_*.go.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "js/ast.h"
#include "js/lower.h"
#include "js/nesting.h"

namespace oda::js::lowering {

// The directive that opens a function which is no constructor and binds no name of its own
// (arrows, methods, the closures the lowering makes): the engine gives it no `prototype`
// (lib/engine/patches/0003-bare-closures.patch). "use oda noctor" (async functions) keeps
// the name binding.
inline constexpr std::string_view kBareFunction = "\"use oda arrow\";";
inline constexpr std::string_view kNoCtorFunction = "\"use oda noctor\";";

// A syntax error only the lowering sees (what Duktape could not run), thrown up to lower().
struct LowerFailure {
  std::string msg;
  int line;
};

// A JavaScript string literal for s (UTF-8), with astral characters as surrogate escapes so
// that Duktape sees the same UTF-16 length as other engines.
std::string quote(std::string_view s);
// A string literal as written, with ES2015 escapes (\u{...}) and astral characters rewritten.
std::string fix_string(std::string_view raw);
// Whether a body awaits: an await or a `for await` outside the functions nested in it.
bool awaits(const Node* n);
bool is_loop(const Node* n);
bool opens_strict(const NodeList& stmts);

class Emitter {
 public:
  std::string out;
  // The program mentions BigInt (a literal or the name): its operators go through __oda_BI
  // (lib/engine/runtime/51-bigint.js), which knows BigInt values.
  bool bigint = false;
  // Tagged templates' sites in eval code: "e7_" (keys of their own), none in a program.
  std::string tpl_prefix_;
  // Eval code run by a method: the caller's super base, which super.x in it reads.
  std::string eval_home_;
  void program(Node* p);
  void script(Node* p, EvalFlags flags);

 private:
  // A private element of a class: what its uses may do, known where they are lowered.
  struct Private {
    std::string name, var;  // without '#'; the variable holding its key
    char kind = 'f';        // 'f' field, 'm' method, 'a' accessor
    bool get = false, set = false, stat = false;
    std::string brand;  // for a static element: the variable holding its class
  };
  struct ClassCtx {
    std::vector<Private> privates;
    std::string installs, privates_decl;  // see class_privates
    std::string super_var;  // "__super" or "" (no extends)
    std::string name;
  };

  struct Fn {
    enum FnKind { Program, Normal, Arrow, Closure, Inner } kind = Normal;
    Node* node = nullptr;
    size_t insert_at = 0;
    int temps = 0;
    std::vector<std::string> vars;
    bool need_this = false, need_args = false;
    std::string this_name = "this";
    Fn* parent = nullptr;
    std::string home;        // super property base: "__super.prototype", "__super", ...
    bool derived_ctor = false;
    // A derived constructor: its top-level super() statement has run, so __self holds the
    // instance for the statements after it and needs no check; first_super is that call
    // when no super() comes before it, so it cannot be a second one.
    bool self_bound = false;
    Node* first_super = nullptr;
    bool no_new = false;  // a method, accessor, async function or generator: never new.target
    bool field_init = false;  // class field initializers (no arguments, no new.target)
    bool param_args = false;  // printing the defaults of parameters one of which is `arguments`
    Node* param_list = nullptr;  // printing the defaults of these parameters
    bool ctor_fields = false;  // the class has instance fields to initialize after super()
    bool gen = false;        // body of a (sync) generator
    bool agen = false;       // body of an async generator
    // Closures that run a loop body: the jump entry of their loop and what they signalled.
    size_t loop_jump = 0;
    bool used_break = false, used_return = false;
    std::set<std::string> codes;
    bool iter_consts = false;  // holds Symbol.iterator and the stock Array.prototype.values in locals
    // Holds the concatenation natives in locals (concat()): a global's lookup from inside a
    // function costs a quarter of a three-piece template's time.
    bool tcat = false, pcat = false;
    bool bind = false;  // holds __oda_bind in a local (function())
    // Its body opens with a "use strict" directive: the lowering's own var statement goes
    // before the body, so the directive is said again ahead of it (a directive is only one
    // before any other statement; without it strict functions ran sloppy).
    bool strict = false;
    bool need_callee = false;  // new.target or a generator's guard reads __tfn (the function itself)
    // BigInt's operators (bi()) and literals (bi_lit()) this function uses: local name -> its
    // initializer, declared at its start.
    std::map<std::string, std::string> bi;
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
  int with_ = 0;  // with statements around what is being printed: a name there may be a getter
  int class_counter_ = 0;
  std::string temp_prefix_ = "__t";
  // Whether bi() and bi_lit() may use locals: not in a program that names one of theirs
  // itself (names_bi_local).
  bool bi_locals_ = true;
  // Whether async()'s helpers may be the program's locals: not in eval code, nor in a
  // program that names one of theirs itself (names_async_local).
  bool async_locals_ = false;
  Fn* root_ = nullptr;
  bool script_ = false;
  // Printing a finally block of eval code: the engine lets its statements' values replace
  // the try's completion value, so they are printed as var statements, which have none.
  bool quiet_ = false;
  // An expression statement (without its `;`) that leaves eval code's completion value alone.
  std::string quiet(const std::string& e) {
    return script_ && fn_->kind == Fn::Program ? "var " + temp() + " = (" + e + ")" : e;
  }
  EvalFlags eval_flags_ = EvalFlags::None;  // eval code: what its caller allows
  [[noreturn]] void fail(const std::string& m, int line) { throw LowerFailure{m, line}; }
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
  void pop();
  std::string callee_ref(Fn* f) {
    f->need_callee = true;
    return temp_prefix_ + "fn";
  }
  // In a program with BigInt: the local holding __oda_BI's operator name, read once per call
  // of the function (a global lookup and a property read per operator were most of an
  // operator's cost).
  std::string bi(const std::string& name) {
    if (!bi_locals_) return "__oda_BI." + name;
    std::string local = temp_prefix_ + "b" + name;
    fn_->bi.emplace(local, "__oda_BI." + name);
    return local;
  }
  // The local holding the BigInt of a literal (its integer as the lexer kept it), made once per
  // call of the function.
  std::string bi_lit(const std::string& text) {
    std::string init = "__oda_BI.lit(\"" + text + "\")";
    if (!bi_locals_) return init;
    for (auto& [local, i] : fn_->bi)
      if (i == init) return local;
    std::string local = temp_prefix_ + "bl" + std::to_string(fn_->bi.size());
    fn_->bi.emplace(local, init);
    return local;
  }
  // The async machinery's global `name` (__oda_await, __oda_async_call, ...) as a local of the
  // program's function, read once per run: a global's lookup from a nested function cost
  // about 440 instructions, two per await of a small async function's call.
  // Not inlined: the recursive expr() keeps a small frame (nesting_test's deepest programs).
  [[gnu::noinline]] std::string async_helper(const char* name);
  // Prints it.
  [[gnu::noinline]] void w_async_helper(const char* name) { w(async_helper(name)); }
  // The next update expression printed is a statement or a for loop's update, whose value
  // nobody reads: with BigInt, x++ then needs no copy of the old value (update()).
  bool unused_update_ = false;
  void value_unused(Node* e) { unused_update_ = e->k == K::Update; }
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

  std::string this_ref(bool checked = true);
  // eval code's own captures (vars of the caller's function once evaluated) never reuse the
  // caller's __this and __args.
  std::string this_var(Fn* f) const { return f->kind == Fn::Program && script_ ? "__tethis" : "__this"; }
  std::string args_var(Fn* f) const { return f->kind == Fn::Program && script_ ? "__teargs" : "__args"; }
  std::string args_ref(int line = 0);
  std::string name_of(Node* id) { return ascii_name(id->b ? id->b->out : id->s); }
  static std::string ascii_name(const std::string& n);
  static bool ascii(const std::string& n) {
    for (unsigned char c : n)
      if (c >= 0x80) return false;
    return true;
  }

  // ---- statements (lower_stmt.cc) ----
  void stmts(const NodeList& list, size_t from = 0);
  void tdz_entry(Scope* s);
  void gen_entry(const NodeList& list, bool at_fn_start);
  // Statements pop() puts at a function's start, after its directives and temps (kept here,
  // not in Fn: each level of nesting holds Fn frames on the stack).
  std::vector<std::pair<Fn*, std::string>> entries_;
  void stmt(Node* n, std::vector<std::string>* labels = nullptr);
  void stmt_body(Node* n, std::vector<std::string>* labels);
  void var_decl(Node* n, bool statement);
  bool captures_any(Node* decl);  // does a nested function capture a name it declares?
  void collect_names(Node* p, std::vector<std::string>& out);
  void declarator(Node* d, const std::string& kind);
  void named_expr(Node* e, const std::string& name, const std::string& key_js = "");
  static bool can_name(Node* f, const std::string& name);
  void return_stmt(Node* n);
  void jump(bool is_break, const std::string& label, int line);
  void try_stmt(Node* n);

  // ---- loops (lower_loops.cc) ----
  bool has_exit(Node* n, int depth);
  void loop(Node* n, std::vector<std::string>* labels);
  void loop_statement(Node* n, std::vector<std::string>* labels);
  std::string body_fn_;  // the temp holding the per-iteration function of the loop just printed
  void collect_names_decl(Node* decl, std::vector<std::string>& out);
  std::vector<std::string> writeback_;  // head bindings of the loop being printed that its body assigns
  void pattern_idents(Node* p, std::vector<Node*>& out);
  void loop_body(Node* loop, Node* body, size_t jump_idx, const std::vector<std::string>& head, const std::string& pre);
  void for_of(Node* n, const std::vector<std::string>& ls);

  // ---- destructuring (lower_destructure.cc) ----
  // Prints the pieces `target = value` that destructure the value held in src (a temp or
  // name), comma separated: valid both as var declarators and as a comma expression.
  bool first_ = true;
  void piece();
  void assign_to(Node* target, const std::string& value);
  void destructure(Node* p, const std::string& src);
  void indexed_elements(Node* p, const std::string& arr);
  static bool steps_targets(Node* p);
  void stepped_array(Node* p, const std::string& arr, const std::string& src, bool rest);
  void check_const(Node* id);
  bool assigning_ = false;  // destructuring an assignment expression, not a declaration
  bool private_store_ = false;  // lowering the target of a store: a setter-only #x is no read

  // ---- functions (lower_functions.cc) ----
  struct FnOpts {
    std::string header;  // replaces "function NAME" (accessors: "get x")
    std::string name;    // the inferred name of an anonymous function
    std::string home;    // super base for methods
    bool ctor = false;
    bool method = false;  // a method or an accessor: no constructor, no `prototype`
    bool derived = false;
    bool fields = false;
    ClassCtx* cls = nullptr;
    std::string ctor_prologue;
  };

  void function(Node* f, const FnOpts& o);
  [[gnu::noinline]] bool open_copies(Node* f);
  [[gnu::noinline]] void close_copies(Node* f);

  // ---- classes (lower_class.cc) ----
  void key_text(Node* m, std::string& out_key);
  std::string private_var(const std::string& name, int line);
  const Private& private_of(const std::string& name, int line);
  const Private* private_member(Node* t);
  bool private_write_error(Node* t, Node* value);
  const Private* private_read_only(Node* t);
  std::string private_write_throw(const Private& p);
  [[gnu::noinline]] bool private_read(Node* n, bool store);
  [[gnu::noinline]] void class_privates(Node* c, ClassCtx& cls, int id);
  [[gnu::noinline]] void private_method(Node* m, const std::string& key, FnOpts& o);
  [[gnu::noinline]] void instance_fields(Node* c, size_t first, const std::string& installs,
                                         const std::string& home_proto);
  void class_(Node* c, const std::string& hint);

  // ---- calls and member accesses (lower_call.cc) ----
  void args(Node* call, size_t from);
  void args_rest(Node* call, size_t from);
  bool has_spread(Node* call, size_t from);
  void spread_array(const NodeList& elems, size_t from, bool copy = false);
  void expr_elem(Node* e);
  void call(Node* n);
  bool error_with_options(Node* n);
  void super_member(Node* d);
  void member_tail(Node* d);
  void chain_call(Node* l, std::string* this_tmp, bool sync_end);
  void opt_chain(Node* chain, std::string* recv = nullptr, bool del = false);

  // ---- literals (lower_literals.cc) ----
  static bool uses_super(Node* n);
  void object(Node* n);
  void object_inner(Node* n);
  std::string obj_home_ = "Object.prototype";  // super base for methods of the literal being printed
  void prop_value(Node* p);
  static bool static_name(Node* c);
  std::string literal_key(Node* p);
  void prop(Node* p);
  void array(Node* n);
  void template_lit(Node* t);
  void tagged(Node* n);
  // One operand of a concatenation: an expression, or (e null) a literal's quoted text.
  struct Piece {
    Node* e = nullptr;
    std::string text;
  };
  void concat(bool plus, const std::vector<Piece>& pieces);
  bool plus_chain(const std::vector<Node*>& links);
  bool primitive(Node* n) const;
  bool inert(Node* n) const;

  // ---- the other expressions (lower_expr.cc) ----
  // Prints an expression: a dispatch over the helpers below, one per kind or family.
  void expr(Node* n);
  void chain(Node* n);
  std::string simple_ref(Node* t);
  void assign(Node* n);
  void ident(Node* n);
  void string_lit(Node* n);
  void regex_lit(Node* n);
  void unary(Node* n);
  void update(Node* n);
  bool bigint_binary(Node* n);
  const char* bigint_op(const std::string& op) const;
  bool number_typed(Node* e, int depth = 0) const;
  const char* bigint_call(Node* n) const;
  void binary(Node* n);
  void new_expr(Node* n);
  static std::string callee_text(Node* c);
  static bool known_ctor(Node* c);
  void member(Node* n);
  void yield_expr(Node* n);
  void new_target(Node* n);
};

}  // namespace oda::js::lowering
