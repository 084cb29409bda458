// Scope analysis for the lowering: binds every identifier to its declaration, decides which
// block bindings must be renamed once they become function-level vars, and marks the loops
// whose bindings are captured by closures (those get a fresh binding per iteration).
#pragma once

#include <string>

#include "js/ast.h"

namespace oda::js {

// Returns false with *error ("SyntaxError: ... (line N)") on a redeclaration.
bool resolve_program(Node* program, Arena& arena, std::string* error, int* line);

}  // namespace oda::js
