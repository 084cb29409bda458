// The syntax tree of a modern JavaScript program, shared by the parser, the scope resolver
// and the lowering printer. One generic node keeps the parser small; each kind documents
// what its children mean.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory_resource>
#include <string>
#include <vector>

namespace oda::js {

enum class K : uint8_t {
  // Statements
  Program,     // a: statements
  VarDecl,     // s: var|let|const; a: Declarator
  Declarator,  // a[0]: target pattern, a[1]: init or null
  ExprStmt,    // a[0]
  Block,       // a: statements
  If,          // a[0] test, a[1] then, a[2] else or null
  For,         // a[0] init|null, a[1] test|null, a[2] update|null, a[3] body
  ForIn,       // a[0] left (VarDecl or pattern), a[1] right, a[2] body
  ForOf,       // same; F_AWAIT for `for await`
  While,       // a[0] test, a[1] body
  DoWhile,     // a[0] test, a[1] body
  Return,      // a[0] or nothing
  Break,       // s: label or empty
  Continue,    // s: label or empty
  Throw,       // a[0]
  Try,         // a[0] block, a[1] catch param|null, a[2] catch block|null, a[3] finally|null
  Switch,      // a[0] discriminant, a[1..] Case
  Case,        // a[0] test|null (default), a[1..] statements
  Labeled,     // s: label, a[0] statement
  With,        // a[0] object, a[1] body (sloppy code only)
  Empty,
  Debugger,
  // Expressions
  Ident,       // s: name
  This,
  Super,
  NewTarget,
  Num,         // s: source text without separators
  BigInt,      // s: the integer without separators or n, with its prefix ("0x1f", "12")
  Str,         // s: source text with quotes
  Regex,       // s: body, s2: flags
  Template,    // strs: cooked0, raw0, cooked1, raw1...; a: substitutions
  Tagged,      // a[0] tag, a[1] Template
  Array,       // a: elements (Hole, Spread, expr)
  Hole,
  Object,      // a: Prop
  Prop,        // a[0] key, a[1] value; flags F_COMPUTED F_SHORTHAND F_METHOD F_GET F_SET F_SPREAD
  Function,    // s: name; a[0] Params, a[1] body (Block or expression with F_EXPRBODY)
  Params,      // a: patterns
  Class,       // s: name; a[0] superclass|null, a[1..] Member
  Member,      // class member: a[0] key, a[1] value (Function, initializer or null, Block);
               // flags F_STATIC F_COMPUTED F_GET F_SET F_METHOD F_FIELD F_BLOCK
  Unary,       // s: op, a[0]
  Update,      // s: ++|--, a[0], F_PREFIX
  Binary,      // s: op (incl. && || ?? **), a[0], a[1]
  Assign,      // s: op, a[0] target, a[1] value
  Cond,        // a[0] ? a[1] : a[2]
  Call,        // a[0] callee, a[1..] args; F_OPTIONAL
  New,         // a[0] callee, a[1..] args
  Dot,         // a[0] object, a[1] property (Ident/PrivateName, or expr with F_COMPUTED); F_OPTIONAL
  OptChain,    // a[0]: the chain whose optional links short-circuit to undefined
  Seq,         // a: expressions
  Paren,       // a[0]
  Spread,      // a[0]
  Yield,       // a[0]|null; F_DELEGATE
  Await,       // a[0]
  PrivateName, // s: name without '#'
  // Patterns
  ObjPat,      // a: Prop (value is a pattern) or Rest
  ArrPat,      // a: Hole, pattern or Rest
  AssignPat,   // a[0] target, a[1] default
  Rest,        // a[0] target
};

enum : uint32_t {
  F_COMPUTED = 1u << 0,
  F_OPTIONAL = 1u << 1,
  F_PREFIX = 1u << 2,
  F_ARROW = 1u << 3,
  F_ASYNC = 1u << 4,
  F_GEN = 1u << 5,
  F_EXPRBODY = 1u << 6,
  F_STATIC = 1u << 7,
  F_SHORTHAND = 1u << 8,
  F_METHOD = 1u << 9,
  F_GET = 1u << 10,
  F_SET = 1u << 11,
  F_DELEGATE = 1u << 12,
  F_AWAIT = 1u << 13,
  F_DECL = 1u << 14,
  F_SPREAD = 1u << 15,
  F_FIELD = 1u << 16,
  F_BLOCK = 1u << 17,
  F_CTOR = 1u << 18,
  F_TDZ = 1u << 19,  // Ident: read before its let/const declaration ran (ReferenceError)
  F_TDZCHECK = 1u << 20,  // Ident: a closure's read that may run before the declaration
  F_STRICT = 1u << 21,  // Function declaration: in strict code (in a block, it stays the block's)
};

struct Scope;
struct Node;

// One declared name. out is the name it gets in the lowered program (renamed when a block
// binding would collide once it becomes a function-level var).
struct Binding {
  std::string name;
  std::string out;
  char kind = 'v';  // v var, l let, c const, k class, f function, p param, e catch
  Scope* scope = nullptr;
  Node* loop = nullptr;  // innermost loop (same function) holding a block binding
  bool captured = false; // referenced from a nested function
  bool block_level = false;
  int decl_end = 0;  // let/const: seq where the binding is initialized
  bool mutated = false;  // assigned somewhere other than a for statement's update clause
  bool runtime_tdz = false;  // a closure may read it before its declaration: checked at run time
  bool in_with = false;  // a block binding declared inside a with statement's body
  bool plain_fn = false;  // kind 'f': every declaration of it is a plain function (a constructor)
  bool fixed = false;  // kind 'k': a class expression's own name, immutable inside its body
  // let or const declared with a number literal and written since only by ++ and --, in a
  // program without with or eval (which could write it unseen): it always holds a number,
  // so a program with BigInt keeps its operators plain (lib/js/lower_expr.cc).
  bool number_only = false;
  bool written = false;  // assigned other than by ++ or -- (resolve.cc's bookkeeping)
};

struct Scope {
  Scope* parent = nullptr;
  Node* fn = nullptr;  // the function (or Program) this scope belongs to
  bool is_function = false;
  std::map<std::string, Binding*, std::less<>> names;
  // Lexically declared names (let, const, class, functions in blocks): 'l', or 'f' for a
  // plain function declaration (which sloppy code may repeat).
  std::map<std::string, char, std::less<>> lex;
  // Function scopes only: how many bindings of each name live anywhere in the function, and
  // the names referenced inside it that resolve to something outside it.
  std::map<std::string, int, std::less<>> decl_count;
  std::map<std::string, bool, std::less<>> foreign;
};

struct Node;
// A node's children, allocated from its Arena's buffer: a program's hundreds of thousands of
// small child lists cost no malloc or free each.
using NodeList = std::pmr::vector<Node*>;

struct Node {
  explicit Node(std::pmr::memory_resource* mem = std::pmr::get_default_resource()) : a(mem) {}
  K k;
  int line = 0;
  int end_line = 0;
  int seq = 0;      // creation order, which is source order
  int end_seq = 0;  // Declarator: seq after its initializer
  uint32_t flags = 0;
  std::string s;
  std::string s2;
  NodeList a;
  std::vector<std::string> strs;
  Binding* b = nullptr;    // Ident: the binding it names (null: global)
  Scope* scope = nullptr;  // Function/Program/Block/loops/Catch: the scope it opens
  bool wrap_body = false;  // loops: body runs in a per-iteration closure
  // Loops whose captured bindings never change once set: the body runs in place and each
  // closure made in it gets its own copies of the ones it reads (lib/js/lower_loops.cc).
  bool copy_bindings = false;
  bool no_copies = false;  // loops: some capture needs the per-iteration closure
  std::vector<Binding*> copies;  // Function: loop bindings (copy_bindings) it reads
  bool has(uint32_t f) const { return (flags & f) != 0; }
};

// Owns every node and binding of one program. Nodes and their child lists are carved out
// of one growing buffer (mathjs's 668 KB build makes about 200,000 nodes), released at once.
class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    for (Node* n : nodes) n->~Node();
  }
  Node* make(K k, int line) {
    Node* n = new (mem_.allocate(sizeof(Node), alignof(Node))) Node(&mem_);
    nodes.push_back(n);
    n->k = k;
    n->line = line;
    n->end_line = line;
    n->seq = int(nodes.size());
    return n;
  }

 private:
  std::pmr::monotonic_buffer_resource mem_{size_t(1) << 16};

 public:
  std::vector<Node*> nodes;  // in creation order
  std::deque<Binding> bindings;
  std::deque<Scope> scopes;
};

// Appends the identifiers a binding pattern declares (`a`, `[b, ...c]`, `{d: e = 1}`), in
// source order; p may be null.
inline void pattern_names(Node* p, std::vector<Node*>& out) {
  if (!p) return;
  switch (p->k) {
    case K::Ident: out.push_back(p); break;
    case K::AssignPat:
    case K::Rest: pattern_names(p->a[0], out); break;
    case K::ArrPat:
      for (Node* e : p->a) pattern_names(e, out);
      break;
    case K::ObjPat:
      for (Node* e : p->a) pattern_names(e->k == K::Rest ? e : e->a[1], out);
      break;
    default: break;
  }
}

}  // namespace oda::js
