// oda-mcp's tools: tools/list from the command tables (run::command(), term::commands(),
// cli::schema), and each call down the same library path as the binaries: the terminal
// tools through term::call, run_code through a run-code child per call.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.h"
#include "mcp/server.h"

namespace oda::mcp {

// What every call of one connection shares: its chat, code-call mode, and the harness-wide
// options handed to each run (as run-code arguments) and to each terminal call.
struct Settings {
  std::string chat;
  bool code_mode = false;
  std::vector<std::string> run_args;  // e.g. {"--sandbox", "read-only", "--tools", "cat.json"}
  size_t max_bytes = 262144;
  std::string run_code;  // the run-code binary
  // The approver that asks the client (AskListener::approver), given to a run whose client
  // offers elicitation; empty when none could be set up.
  std::string ask_client;
};

// The MCP tool object of a command table: name, title, description, inputSchema and the
// annotations that hold for it.
json::Value tool_definition(const cli::Command& cmd);

class Tools : public Backend {
 public:
  explicit Tools(Settings settings) : s_(std::move(settings)) {}
  json::Value tools() const override;
  bool known(std::string_view name) const override;
  ToolResult call(std::string_view name, const json::Value& arguments, Call* call) override;

 private:
  ToolResult terminal(const cli::Command& cmd, const json::Value& arguments, Call* call);
  ToolResult run_code(const json::Value& arguments, Call* call);
  Settings s_;
};

// The text after "run-code: error: " in what a run-code child wrote to stderr (its last
// such line), else the whole text trimmed.
std::string child_error(std::string_view stderr_text);

}  // namespace oda::mcp
