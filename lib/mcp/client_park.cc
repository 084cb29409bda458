// Parking and taking warm MCP servers (see client_park.h); termd is reached with the terminal
// tools' own client (lib/term/client.h).
#include "mcp/client_park.h"

#include <fmt/core.h>

#include "term/client.h"

namespace oda::mcp::client {

namespace {

// FNV-1a, 64 bits, over length-prefixed fields: no two field lists give one byte string.
struct Hasher {
  uint64_t h = 14695981039346656037ull;
  void bytes(std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
  }
  void field(std::string_view s) {
    bytes(std::to_string(s.size()));
    bytes(":");
    bytes(s);
  }
};

json::Value request(const char* tool, const std::string& chat, json::Value args) {
  json::Value m = json::Value::object();
  m.set("tool", tool);
  m.set("chat", chat);
  m.set("args", std::move(args));
  return m;
}

}  // namespace

std::string server_key(const ServerConfig& config, const std::string& workspace) {
  Hasher h;
  h.field(config.identity());
  std::vector<std::string> env = server_environment(config);
  h.field(std::to_string(env.size()));
  for (const auto& kv : env) h.field(kv);
  h.field(workspace);
  return fmt::format("stdio-{:016x}", h.h);
}

bool take_parked(const std::string& chat, const std::string& key, Handover* h, json::Value* state) {
  json::Value args = json::Value::object();
  args.set("key", key);
  json::Value r;
  std::vector<sys::UniqueFd> fds;
  std::string err;
  if (!term::daemon_request(request("mcp-take", chat, std::move(args)), false, {}, &r, &fds, &err)) return false;
  const json::Value* st = r.get("state");
  if (!r.get_or("found", false) || fds.size() != 4 || !st || !st->is_object()) return false;
  h->pid = r.get_or<int64_t>("pid", 0);
  h->in = std::move(fds[0]);
  h->out = std::move(fds[1]);
  h->err = std::move(fds[2]);
  h->pidfd = std::move(fds[3]);
  *state = *st;
  return h->pid > 0;
}

bool park(const std::string& chat, const std::string& key, Handover* h, const json::Value& state, std::string* err) {
  json::Value args = json::Value::object();
  args.set("key", key);
  args.set("pid", h->pid);
  args.set("state", state);
  json::Value r;
  return term::daemon_request(request("mcp-park", chat, std::move(args)), true,
                              {h->in.get(), h->out.get(), h->err.get(), h->pidfd.get()}, &r, nullptr, err);
}

}  // namespace oda::mcp::client
