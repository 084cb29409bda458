// The MCP client wired into run-code (see client_bind.h).
#include "mcp/client_bind.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <thread>
#include <unistd.h>

#include "calls/calls_bind.h"
#include "duktape.h"
#include "mcp/client.h"
#include "mcp/client_config.h"
#include "mcp/client_park.h"
#include "mcp/client_transport.h"
#include "mcp/declare.h"
#include "sandbox/sandbox_run.h"
#include "sys/clock.h"

namespace oda::mcp::client {

namespace {

constexpr const char* kSettingKey = "mcp";

std::string env_or(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

const char* lookup_env(const char* name) { return std::getenv(name); }

// The run's servers (one run per process), from the settings to the record.
struct RunServers {
  std::string chat;  // "": the servers end with the run; else they are parked with termd
  std::vector<ServerConfig> configs;
  std::vector<std::string> keys;                         // index as configs; "" for none
  std::vector<std::shared_ptr<Connection>> connections;  // index as configs
  std::vector<std::string> errors;                       // "" where it started
  json::Value record = json::Value::array();
};
RunServers& run_servers() {
  static RunServers* r = new RunServers;  // never freed: a call left behind may still hold one
  return *r;
}

// Takes the chat's warm server for config i from termd; false when there is none to take.
bool take_warm(RunServers& rs, size_t i, const std::string& workspace) {
  if (rs.keys[i].empty()) return false;
  Handover h;
  json::Value state;
  if (!take_parked(rs.chat, rs.keys[i], &h, &state)) return false;
  std::string err;
  if (rs.connections[i]->adopt(std::move(h), state, &err)) return true;
  rs.connections[i] = std::make_shared<Connection>(rs.configs[i], workspace);  // the taken one ends
  return false;
}

// Starts every server at once (or takes it warm): their starts overlap, so the slowest sets
// the wait.
void start_all(RunServers& rs, const std::string& workspace, int64_t timeout_ms) {
  size_t n = rs.configs.size();
  rs.connections.resize(n);
  rs.errors.assign(n, "");
  rs.keys.assign(n, "");
  std::vector<std::thread> threads;
  for (size_t i = 0; i < n; i++) {
    rs.connections[i] = std::make_shared<Connection>(rs.configs[i], workspace);
    if (!rs.chat.empty() && rs.configs[i].transport == TransportKind::Stdio)
      rs.keys[i] = server_key(rs.configs[i], workspace);
    threads.emplace_back([&rs, i, timeout_ms, &workspace] {
      if (take_warm(rs, i, workspace)) return;
      std::string err;
      if (!rs.connections[i]->start(timeout_ms, &err)) rs.errors[i] = err;
    });
  }
  for (auto& t : threads) t.join();
}

void register_calls(RunServers& rs, calls::Scheduler* s) {
  for (size_t i = 0; i < rs.configs.size(); i++) {
    const ServerConfig& cfg = rs.configs[i];
    std::shared_ptr<Connection> conn = rs.connections[i];
    std::string failure = rs.errors[i];
    std::string name = cfg.name;
    s->add_group_fallback(cfg.binding, [failure, name](const std::string& tool) {
      return calls::Outcome::fail(calls::Outcome::Status::Error,
                                  !failure.empty() ? failure
                                                   : fmt::format("mcp server '{}' has no tool '{}'", name, tool));
    });
    if (!failure.empty()) continue;
    for (const ToolInfo& t : conn->tools()) {
      std::string tool = t.name;
      s->add_member(cfg.binding, tool, [conn, tool](const json::Value& a, const calls::CancelFlag& c) {
        return conn->call(tool, a, c);
      }, cfg.asks(tool));
    }
  }
}

json::Value program_config(const RunServers& rs) {
  json::Value servers = json::Value::array();
  for (size_t i = 0; i < rs.configs.size(); i++) {
    json::Value o = json::Value::object();
    o.set("name", rs.configs[i].name);
    o.set("binding", rs.configs[i].binding);
    json::Value tools = json::Value::array();
    if (rs.errors[i].empty())
      for (const ToolInfo& t : rs.connections[i]->tools()) tools.push(tool_json(t));
    o.set("tools", std::move(tools));
    if (!rs.errors[i].empty()) o.set("error", rs.errors[i]);
    servers.push(std::move(o));
  }
  json::Value cfg = json::Value::object();
  cfg.set("servers", std::move(servers));
  return cfg;
}

// Gives server i to termd for the chat's next run (*kept once termd holds it); false when it
// is to be closed instead.
bool park_one(RunServers& rs, size_t i, char* kept) {
  if (rs.keys[i].empty() || !rs.errors[i].empty()) return false;
  Handover h;
  json::Value state;
  if (!rs.connections[i]->hand_over(&h, &state)) return false;
  std::string ignored;
  if (park(rs.chat, rs.keys[i], &h, state, &ignored)) *kept = 1;
  else end_server(&h);  // termd would not hold it
  return true;
}

// Ends every server at once (each waits for its own to exit), or parks it with termd, and
// keeps what they said.
void end_all(RunServers& rs) {
  std::vector<std::thread> threads;
  size_t n = rs.connections.size();
  std::vector<int64_t> pids(n, 0);
  std::vector<char> kept(n, 0);
  for (size_t i = 0; i < n; i++) {
    if (!rs.connections[i]) continue;
    pids[i] = rs.connections[i]->pid();
    threads.emplace_back([&rs, &kept, i] {
      if (!park_one(rs, i, &kept[i])) rs.connections[i]->close();
    });
  }
  for (auto& t : threads) t.join();
  for (size_t i = 0; i < rs.configs.size(); i++) {
    json::Value o = json::Value::object();
    o.set("name", rs.configs[i].name);
    o.set("binding", rs.configs[i].binding);
    o.set("transport", rs.configs[i].transport == TransportKind::Http ? "http" : "stdio");
    o.set("ok", rs.errors[i].empty());
    if (!rs.errors[i].empty()) o.set("error", rs.errors[i]);
    if (rs.connections[i]) {
      o.set("startMs", rs.connections[i]->start_ms());
      if (rs.configs[i].transport == TransportKind::Stdio) {
        o.set("warm", rs.connections[i]->warm());
        o.set("kept", kept[i] != 0);
        if (pids[i] > 0) o.set("pid", pids[i]);
      }
      o.set("log", rs.connections[i]->take_log());
    }
    rs.record.push(std::move(o));
  }
}

}  // namespace

bool settings_hook(const cli::Args& args, run::RunSettings* settings, std::string* refusal) {
  RunServers& rs = run_servers();
  calls::Scheduler* s = calls::run_scheduler();
  auto taken = [s](const std::string& name) { return s && s->has(name); };
  if (!load_configs(args.list("mcp-config"), env_or("ODA_MCP_CONFIG"), env_or("PATH"), lookup_env, taken,
                    &rs.configs, refusal))
    return false;
  if (rs.configs.empty()) return true;
  rs.chat = args.has("chat") ? args.str("chat") : env_or("ODA_CHAT");
  settings->worker_settings[calls::kMoreToolsSetting] = "1";
  return true;
}

run::RunOutcome supervise_hook(const run::RunSettings& settings, const run::SuperviseNext& next) {
  RunServers& rs = run_servers();
  calls::Scheduler* s = calls::run_scheduler();
  if (rs.configs.empty() || !s) return next(settings);
  std::string workspace = sandbox::run_policy().workspace;
  if (workspace.empty()) {
    char buf[4096];
    if (::getcwd(buf, sizeof buf)) workspace = buf;
  }
  start_all(rs, workspace, std::min<int64_t>(kStartTimeoutMs, settings.budget_ms));
  register_calls(rs, s);
  run::RunSettings with = settings;
  with.worker_settings[kSettingKey] = json::write(program_config(rs));
  run::RunOutcome o = next(with);
  end_all(rs);
  return o;
}

void record_hook(const cli::Args&, json::Value* record) {
  RunServers& rs = run_servers();
  if (!rs.configs.empty()) record->set("mcpServers", rs.record);
}

namespace {

bool g_has_config = false;

}  // namespace

void register_natives(duk_hthread* ctx) {
  const std::string* config = run::worker_setting(kSettingKey);
  g_has_config = config != nullptr;
  if (!g_has_config) {
    // The heap image's installer is no global of a run without servers.
    duk_push_global_object(ctx);
    duk_del_prop_string(ctx, -1, "__oda_mcp_install");
    duk_pop(ctx);
    return;
  }
  calls::define_config_native(ctx, "__oda_mcp_config", *config);
}

bool needs_run_config() { return g_has_config; }

namespace {

bool has_tools(const cli::Args& args) {
  return !args.list("tools").empty() || !args.list("mcp-config").empty() || !env_or("ODA_TOOLS").empty() ||
         !env_or("ODA_MCP_CONFIG").empty();
}

bool describe_tools(const cli::Args& args, std::string* text, std::string* err) {
  std::vector<calls::Tool> catalog;
  if (!calls::load_catalogs(args.list("tools"), env_or("ODA_TOOLS"), env_or("PATH"), &catalog, err)) return false;
  auto taken = [&catalog](const std::string& name) {
    for (const auto& t : catalog)
      if (t.name == name) return true;
    return false;
  };
  RunServers rs;
  if (!load_configs(args.list("mcp-config"), env_or("ODA_MCP_CONFIG"), env_or("PATH"), lookup_env, taken,
                    &rs.configs, err))
    return false;
  char buf[4096];
  std::string workspace = args.has("workspace") ? args.str("workspace") : (::getcwd(buf, sizeof buf) ? buf : ".");
  start_all(rs, workspace, kStartTimeoutMs);
  std::vector<ServerTools> servers;
  for (size_t i = 0; i < rs.configs.size(); i++) {
    ServerTools st{rs.configs[i].name, rs.configs[i].binding, rs.connections[i]->tools(), rs.errors[i]};
    servers.push_back(std::move(st));
  }
  end_all(rs);
  *text = declarations(catalog, servers);
  return true;
}

}  // namespace

int list_tools_command(const cli::Args& args) {
  std::string text, err;
  if (!describe_tools(args, &text, &err)) return cli::fail("run-code", cli::kUsage, err);
  cli::print_result(text.empty() ? "(no tools: pass --tools FILE or --mcp-config FILE)" : text);
  return cli::kDone;
}

bool schema_with_tools(const cli::Command& cmd, int argc, char** argv, int* code) {
  std::vector<char*> rest;
  bool asked = false;
  for (int i = 0; i < argc; i++) {
    std::string_view a = argv[i];
    if (a == "--") {
      for (; i < argc; i++) rest.push_back(argv[i]);
      break;
    }
    if (a == "--schema" && i > 0) asked = true;
    else rest.push_back(argv[i]);
  }
  if (!asked) return false;
  cli::Args args;
  if (!cli::parse(cmd, static_cast<int>(rest.size()), rest.data(), &args, code)) return true;
  json::Value schema = cli::schema(cmd);
  if (has_tools(args)) {
    std::string text, err;
    if (!describe_tools(args, &text, &err)) {
      *code = cli::fail(cmd, cli::kUsage, err);
      return true;
    }
    schema.set("description", schema.get_or("description", "") + "\n\n" + text);
  }
  cli::print_result(json::write_pretty(schema));
  *code = cli::kDone;
  return true;
}

}  // namespace oda::mcp::client
