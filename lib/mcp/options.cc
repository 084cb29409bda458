// oda-mcp's option table: its own (--chat, --code-mode) and the harness-wide options it takes
// from run-code's and term-open's tables, so each keeps one source and its help.
#include "mcp/mcp.h"

#include <cstring>

#include "run/command.h"
#include "term/commands.h"

namespace oda::mcp {
namespace {

// run-code's options a harness sets once for every run (the rest belong to one call).
constexpr const char* kRunOptions[] = {"tools",    "mcp-config",  "sandbox",     "workspace",           "approve-escalation",
                                       "approver", "max-heap-mb", "max-concurrent-calls"};

const cli::Option* find_option(const cli::Command& cmd, const char* name) {
  for (const cli::Option& o : cmd.options)
    if (std::strcmp(o.name, name) == 0) return &o;
  return nullptr;
}

cli::Command build() {
  cli::Command c{
      .name = "oda-mcp",
      .summary = "serve run-code and the terminal tools to agent harnesses over MCP (stdio)",
  };
  c.options.push_back({.name = "chat", .kind = cli::Kind::String, .value_name = "ID",
                       .help = "the chat of every call (default: $ODA_CHAT, else a chat of this connection's own)"});
  c.options.push_back({.name = "code-mode",
                       .help = "offer only run_code; the terminal tools are reached from inside programs "
                               "(default: on when $ODA_CODE_MODE is 1)"});
  for (const char* name : kRunOptions)
    if (const cli::Option* o = find_option(run::command(), name)) {
      cli::Option copy = *o;
      copy.field = nullptr;
      copy.schema_required = false;
      // A run under oda-mcp has no terminal to ask on: the client is asked first (ask.h).
      if (std::strcmp(name, "approver") == 0)
        copy.help = "asks about each call that needs an answer when the client offers no elicitation "
                    "(default: $ODA_APPROVER, else the call is denied)";
      c.options.push_back(copy);
    }
  if (const cli::Option* o = find_option(*term::find_command("term-open"), "max-bytes")) c.options.push_back(*o);
  return c;
}

}  // namespace

const cli::Command& command() {
  static const cli::Command c = build();
  return c;
}

bool is_run_option(std::string_view name) {
  for (const char* n : kRunOptions)
    if (name == n) return true;
  return false;
}

}  // namespace oda::mcp
