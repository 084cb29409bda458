// The compiler's one nesting limit: how deep a program's syntax tree may nest before the
// parser, the resolver and the lowering (all recursive) would run out of C stack.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "js/ast.h"

namespace oda::js {

// Levels of nesting a program may use (README, run-code(1)). The parser, resolver and printer
// take at most a few hundred bytes of stack per level, so 1,000 levels stay far inside the
// worker's 8 MiB (lib/js/nesting_test.cc measures it), and the ES5 they print stays inside
// Duktape's own compiler recursion limit (DUK_USE_COMPILER_RECLIMIT, 2500).
constexpr int kMaxNesting = 750;

// "SyntaxError: program nests deeper than 1000 levels": without the line, which callers add.
std::string nesting_message();

// Whether child a[0] of n continues a left-deep chain (`a + b + c`, `a.b.c`, `f()()`), which
// the lowering prints in a loop: such links do not count as nesting. A shared predicate, so
// the check below and the printer agree on what is walked without recursion.
bool chain_link(const Node* n);

// Measures the tree without recursion; false with *line set to where it first nests deeper
// than kMaxNesting.
bool nesting_ok(const Node* program, int* line);

// What any_node() does at a node: stop with true, look inside it, or pass over it.
enum class Visit { Hit, Descend, Skip };

// Whether visit(node, parent, index in parent) hits somewhere under root, walked without
// recursion: the searches over whole bodies (does it await, use super, read arguments) meet
// 30,000-link chains.
template <class F>
bool any_node(const Node* root, F visit) {
  std::vector<std::pair<const Node*, std::pair<const Node*, size_t>>> todo;
  if (root) todo.push_back({root, {nullptr, 0}});
  while (!todo.empty()) {
    auto [n, where] = todo.back();
    todo.pop_back();
    Visit v = visit(n, where.first, where.second);
    if (v == Visit::Hit) return true;
    if (v == Visit::Skip) continue;
    for (size_t i = n->a.size(); i-- > 0;)
      if (n->a[i]) todo.push_back({n->a[i], {n, i}});
  }
  return false;
}

}  // namespace oda::js
