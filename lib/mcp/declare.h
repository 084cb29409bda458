// The API a run-code program writes against, as an agent reads it (issue 15): a compact,
// TypeScript-style declaration of every callable tool (catalog tools and MCP servers'),
// argument shapes from the input schemas, results from the output schemas. Shown by
// `run-code --list-tools` and put into run_code's description by `run-code --schema`.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "calls/calls.h"
#include "json/json.h"
#include "mcp/client.h"

namespace oda::mcp::client {

// A JSON Schema as a TypeScript type: `{ message: string; count?: number }`, `"a" | "b"`,
// `string[]`, `unknown` where the schema says nothing.
std::string ts_type(const json::Value& schema);

struct ServerTools {
  std::string name, binding;
  std::vector<ToolInfo> tools;
  std::string error;  // the server could not start: shown instead of its tools
};

// Past this many characters the full declaration gives way to the names only.
inline constexpr size_t kDeclarationLimit = 12000;

// The declaration of the catalogs' tools and the servers' (nothing for none). Past `limit`
// characters: each server's and tool's name only, and where the rest is ($tools).
std::string declarations(const std::vector<calls::Tool>& catalog, const std::vector<ServerTools>& servers,
                         size_t limit = kDeclarationLimit);

}  // namespace oda::mcp::client
