// oda-mcp as a command (SPEC section 6): its option table and its whole job, serving one
// MCP connection on stdin and stdout.
#pragma once

#include <string_view>

#include "cli/cli.h"

namespace oda::mcp {

// oda-mcp's option table (lib/mcp/options.cc).
const cli::Command& command();

// Whether an option of oda-mcp's table is one of run-code's, handed to every run.
bool is_run_option(std::string_view name);

// Serves MCP on stdin/stdout until the client closes stdin; returns the exit status.
int serve(const cli::Command& cmd, const cli::Args& args);

}  // namespace oda::mcp
