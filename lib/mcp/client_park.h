// Warm MCP servers (issue 15): a run with a chat parks each live stdio server with termd when
// it ends (its fds passed on termd's socket, lib/term/mcp_park.h holds them), and the chat's
// next run with the same server config takes it back instead of starting one. The key says
// what "the same" is; a server is only ever taken by its own chat.
#pragma once

#include <string>

#include "json/json.h"
#include "mcp/client_config.h"
#include "mcp/client_transport.h"

namespace oda::mcp::client {

// Everything that shapes a stdio server, hashed: its config (command, args, env, cwd), the
// whole environment it starts in (server_environment) and the workspace roots/list answers.
std::string server_key(const ServerConfig& config, const std::string& workspace);

// Takes chat's parked server for key from termd into *h and *state (what Connection::adopt
// needs). false when there is none, or no termd runs (none is started for this).
bool take_parked(const std::string& chat, const std::string& key, Handover* h, json::Value* state);

// Hands a server over to termd for chat (termd is started when none runs). false with *err
// when it is refused or cannot be reached; *h is then still the caller's to end.
bool park(const std::string& chat, const std::string& key, Handover* h, const json::Value& state, std::string* err);

}  // namespace oda::mcp::client
