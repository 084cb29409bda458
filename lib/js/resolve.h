// Scope analysis for the lowering: binds every identifier to its declaration, decides which
// block bindings must be renamed once they become function-level vars, and marks the loops
// whose bindings are captured by closures (those get a fresh binding per iteration).
#pragma once

#include "js/ast.h"

namespace oda::js {

void resolve_program(Node* program, Arena& arena);

}  // namespace oda::js
