// The MCP servers a run-code program may call (SPEC 4.5): the standard {"mcpServers": {...}}
// config files (--mcp-config, ODA_MCP_CONFIG), the global each server is bound as, and the
// approvals of the config's "oda" section.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "json/json.h"

namespace oda::mcp::client {

enum class TransportKind { Stdio, Http };

// One server of a config file.
struct ServerConfig {
  std::string name;     // as the config spells it: "brave-search"
  std::string binding;  // the program's global: "brave_search"
  std::string file;     // the config it came from, for messages
  TransportKind transport = TransportKind::Stdio;
  // stdio: the command (resolved to a path), its arguments, the variables added to the
  // server's environment, and its folder ("" : run-code's own).
  std::vector<std::string> command;
  std::map<std::string, std::string> env;
  std::string cwd;
  // http: the endpoint and the headers sent with every request.
  std::string url;
  std::map<std::string, std::string> headers;
  // The "oda" section's approvals: the server's ("always" asks before each call) and its
  // tools' own, which win.
  bool approval_always = false;
  std::map<std::string, bool> tool_approval;
  bool asks(const std::string& tool) const;
  // What makes two configs the same server (a warm instance serves only its own config).
  std::string identity() const;
};

// The global a server name is bound as: each run of characters outside [A-Za-z0-9_]
// becomes one "_" ("brave-search" -> "brave_search").
std::string binding_of(std::string_view name);

// Reads one config file into *out. `path_env` is the PATH a bare command is looked up on;
// `environ_of` gives the variables ${NAME} and ${NAME:-default} read (nullptr: unset).
// false with *err ("mcp config 'x.json': server 'a': \"command\" must be a string") on an
// unreadable file, bad JSON or a bad entry.
using Lookup = const char* (*)(const char* name);
bool load_config(const std::string& file, const std::string& path_env, Lookup environ_of,
                 std::vector<ServerConfig>* out, std::string* err);

// All configs of a run: the --mcp-config files, else the ':'-separated ODA_MCP_CONFIG list;
// refuses a binding that is not a plain identifier, is reserved or kept (the tool-name
// rules), or that two servers share, or that `taken` says a catalog tool already has.
bool load_configs(const std::vector<std::string>& files, const std::string& oda_mcp_config,
                  const std::string& path_env, Lookup environ_of,
                  const std::function<bool(const std::string&)>& taken, std::vector<ServerConfig>* out,
                  std::string* err);

}  // namespace oda::mcp::client
