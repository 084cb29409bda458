// oda-mcp: run-code and the terminal tools as an MCP server over stdio (SPEC section 6).
#include "cli/cli.h"
#include "mcp/mcp.h"

int main(int argc, char** argv) {
  const oda::cli::Command& cmd = oda::mcp::command();
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(cmd, argc, argv, &args, &code)) return code;
  return oda::mcp::serve(cmd, args);
}
