// The compiler's one nesting limit: how deep a program's syntax tree may nest before the
// parser, the resolver and the lowering (all recursive) would run out of C stack.
#pragma once

#include <string>

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

}  // namespace oda::js
