// oda-mcp's tools: tools/list from the command tables (run::command(), term::commands(),
// cli::schema), and each call down the same library path as the binaries: the terminal
// tools through term::call, run_code through a run-code child per call.
#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.h"
#include "mcp/server.h"
#include "sys/fd.h"

namespace oda::mcp {

// What every call of one connection shares: its chat, code-call mode, and the harness-wide
// options handed to each run (as run-code arguments) and to each terminal call.
struct Settings {
  std::string chat;
  bool code_mode = false;
  std::vector<std::string> run_args;  // e.g. {"--sandbox", "read-only", "--tools", "cat.json"}
  size_t max_bytes = 262144;
  // The harness's --sandbox and --workspace ("" when not given): the terminal calls' mode
  // and workspace too, as a program's calls get its run's (term::caller_mode fills the rest).
  std::string sandbox, workspace;
  std::string run_code;  // the run-code binary
  // The approver that asks the client (AskListener::approver), given to a run whose client
  // offers elicitation; empty when none could be set up.
  std::string ask_client;
};

// The MCP tool object of a command table: name, title, description, inputSchema and the
// annotations that hold for it.
json::Value tool_definition(const cli::Command& cmd);

// A child process with pipes on its stdin, stdout and stderr.
struct Spawned {
  pid_t pid = -1;
  sys::UniqueFd in, out, err;
  // Closes its stdin and reaps it (for a run-code still waiting for its request).
  void discard();
};
// env: the child's whole environment (nullptr: this process's); cwd: its folder ("": ours).
bool spawn(const std::vector<std::string>& argv, Spawned* sp, const std::vector<std::string>* env = nullptr,
           const std::string& cwd = "");

class Tools : public Backend {
 public:
  explicit Tools(Settings settings) : s_(std::move(settings)) {}
  ~Tools() override;
  json::Value tools() const override;
  bool known(std::string_view name) const override;
  ToolResult call(std::string_view name, const json::Value& arguments, Call* call) override;
  // Ends the run-code waiting for a next run (at the end of the connection).
  void stop();

 private:
  ToolResult terminal(const cli::Command& cmd, const json::Value& arguments, Call* call);
  ToolResult run_code(const json::Value& arguments, Call* call);
  bool take_child(const std::vector<std::string>& argv, Spawned* sp);
  // run_code's description as `run-code --schema` gives it with the harness's options: the
  // declarations of the catalogs' and MCP servers' tools at its end when there are any.
  // Asked of a run-code child once (it starts the servers to list their tools), then kept.
  std::string run_code_description() const;
  void refill(const std::vector<std::string>& argv);
  Settings s_;
  // The run-code started ahead for the next run, and the command line it was started with.
  std::mutex warm_mu_;
  Spawned warm_;
  std::vector<std::string> warm_argv_;
  mutable std::mutex description_mu_;
  mutable bool described_ = false;
  mutable std::string description_;
};

// The text after "run-code: error: " in what a run-code child wrote to stderr (its last
// such line), else the whole text trimmed.
std::string child_error(std::string_view stderr_text);

}  // namespace oda::mcp
