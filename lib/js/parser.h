// Parses a modern JavaScript program (ES2023 syntax, run as the body of an async function)
// into the syntax tree of ast.h.
#pragma once

#include <string>
#include <string_view>

#include "js/ast.h"

namespace oda::js {

struct ParseError {
  std::string message;  // "SyntaxError: ... (line N)"
  int line = 0;
};

// Returns the Program node, or null with *err set. Every node lives in arena.
Node* parse_program(std::string_view src, Arena& arena, ParseError* err);

}  // namespace oda::js
