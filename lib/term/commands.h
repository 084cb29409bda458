// The terminal commands' option tables, one per tool: term-open ... term-list (SPEC 3).
#pragma once

#include <string_view>
#include <vector>

#include "cli/cli.h"

namespace oda::term {

// The six tables in SPEC order: open, send, read, signal, close, list.
const std::vector<const cli::Command*>& commands();

// The table of a command ("term-send") or of its tool ("terminal_send"); nullptr for none.
const cli::Command* find_command(std::string_view name);

}  // namespace oda::term
