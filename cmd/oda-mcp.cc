// oda-mcp: run-code and the terminal tools as an MCP server over stdio (SPEC section 6).
#include <cstring>

#include "cli/cli.h"
#include "mcp/ask.h"
#include "mcp/mcp.h"

int main(int argc, char** argv) {
  // The approver oda-mcp gives its runs (lib/mcp/ask.h), not an option for people.
  if (argc == 3 && std::strcmp(argv[1], "--ask-client") == 0) return oda::mcp::ask_client_main(argv[2]);
  const oda::cli::Command& cmd = oda::mcp::command();
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(cmd, argc, argv, &args, &code)) return code;
  return oda::mcp::serve(cmd, args);
}
