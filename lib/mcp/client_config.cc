// MCP config files for run-code (see client_config.h).
#include "mcp/client_config.h"

#include <fmt/core.h>

#include "calls/calls.h"

namespace oda::mcp::client {

namespace {

bool word_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Expands ${NAME} and ${NAME:-default} as Claude Code's .mcp.json does, so one config file
// serves both. A variable that is unset and has no default refuses the config: a server
// started without its key fails later with a worse message.
bool expand(const std::string& in, Lookup environ_of, std::string* out, std::string* err) {
  out->clear();
  size_t i = 0;
  while (i < in.size()) {
    if (in.compare(i, 2, "${") != 0) {
      out->push_back(in[i++]);
      continue;
    }
    size_t close = in.find('}', i + 2);
    if (close == std::string::npos) {
      out->append(in, i, std::string::npos);
      break;
    }
    std::string inner = in.substr(i + 2, close - i - 2);
    std::string name = inner, fallback;
    bool has_fallback = false;
    if (size_t d = inner.find(":-"); d != std::string::npos) {
      name = inner.substr(0, d);
      fallback = inner.substr(d + 2);
      has_fallback = true;
    }
    const char* v = environ_of ? environ_of(name.c_str()) : nullptr;
    if (v) out->append(v);
    else if (has_fallback) out->append(fallback);
    else {
      *err = fmt::format("${{{}}} is not set", name);
      return false;
    }
    i = close + 1;
  }
  return true;
}

bool string_map(const json::Value& v, Lookup environ_of, std::map<std::string, std::string>* out,
                std::string* err) {
  if (!v.is_object()) return false;
  for (const auto& [k, val] : v.members()) {
    if (!val.is_string()) return false;
    if (!expand(val.as_string(), environ_of, &(*out)[k], err)) return false;
  }
  return true;
}

bool approval_word(const json::Value& v, bool* always) {
  if (!v.is_string() || (v.as_string() != "always" && v.as_string() != "never")) return false;
  *always = v.as_string() == "always";
  return true;
}

bool load_server(const std::string& name, const json::Value& e, const std::string& file,
                 const std::string& path_env, Lookup environ_of, ServerConfig* s, std::string* err) {
  std::string where = fmt::format("mcp config '{}': server '{}': ", file, name);
  s->name = name;
  s->binding = binding_of(name);
  s->file = file;
  if (!e.is_object()) {
    *err = where + "expected an object";
    return false;
  }
  std::string type = e.get_or("type", e.get("url") ? "http" : "stdio");
  std::string why;
  if (type == "http" || type == "streamable-http") {
    s->transport = TransportKind::Http;
    const json::Value* url = e.get("url");
    if (!url || !url->is_string() || url->as_string().empty()) {
      *err = where + "\"url\" must be a non-empty string";
      return false;
    }
    if (!expand(url->as_string(), environ_of, &s->url, &why)) {
      *err = where + why;
      return false;
    }
    if (!s->url.starts_with("http://") && !s->url.starts_with("https://")) {
      *err = where + fmt::format("url '{}' is not http or https", s->url);
      return false;
    }
    if (const json::Value* h = e.get("headers"); h && !string_map(*h, environ_of, &s->headers, &why)) {
      *err = where + (why.empty() ? "\"headers\" must be an object of strings" : why);
      return false;
    }
    return true;
  }
  if (type == "sse") {
    *err = where + "the SSE transport (deprecated in MCP) is not supported: use \"type\": \"http\"";
    return false;
  }
  if (type != "stdio") {
    *err = where + fmt::format("unknown \"type\" '{}': expected \"stdio\" or \"http\"", type);
    return false;
  }
  const json::Value* cmd = e.get("command");
  if (!cmd || !cmd->is_string() || cmd->as_string().empty()) {
    *err = where + "\"command\" must be a non-empty string";
    return false;
  }
  std::string program;
  if (!expand(cmd->as_string(), environ_of, &program, &why)) {
    *err = where + why;
    return false;
  }
  std::string resolved;
  if (!calls::find_command(program, file, path_env, &resolved)) {
    bool path = program.find('/') != std::string::npos;
    *err = where + fmt::format("command '{}' {}", program, path ? "is not an executable file" : "not found on PATH");
    return false;
  }
  s->command.push_back(resolved);
  if (const json::Value* a = e.get("args")) {
    bool good = a->is_array();
    for (const auto& item : good ? a->items() : json::Items{}) {
      if (!item.is_string()) { good = false; break; }
      std::string arg;
      if (!expand(item.as_string(), environ_of, &arg, &why)) {
        *err = where + why;
        return false;
      }
      s->command.push_back(std::move(arg));
    }
    if (!good) {
      *err = where + "\"args\" must be an array of strings";
      return false;
    }
  }
  if (const json::Value* env = e.get("env"); env && !string_map(*env, environ_of, &s->env, &why)) {
    *err = where + (why.empty() ? "\"env\" must be an object of strings" : why);
    return false;
  }
  if (const json::Value* cwd = e.get("cwd")) {
    if (!cwd->is_string() || !expand(cwd->as_string(), environ_of, &s->cwd, &why)) {
      *err = where + (why.empty() ? "\"cwd\" must be a string" : why);
      return false;
    }
  }
  return true;
}

// The "oda" section: {"approval": {"memory": "always", "memory.read_graph": "never"}}, keyed
// by server name, or "server.tool" for one tool.
bool load_oda_section(const json::Value& oda, const std::string& file, std::vector<ServerConfig>* servers,
                      size_t first, std::string* err) {
  std::string where = fmt::format("mcp config '{}': \"oda\": ", file);
  if (!oda.is_object()) {
    *err = where + "expected an object";
    return false;
  }
  for (const auto& [key, v] : oda.members()) {
    if (key != "approval") {
      *err = where + fmt::format("unknown key '{}' (expected \"approval\")", key);
      return false;
    }
    if (!v.is_object()) {
      *err = where + "\"approval\" must be an object";
      return false;
    }
    for (const auto& [target, word] : v.members()) {
      bool always = false;
      if (!approval_word(word, &always)) {
        *err = where + fmt::format("approval of '{}' must be \"never\" or \"always\"", target);
        return false;
      }
      ServerConfig* found = nullptr;
      std::string tool;
      for (size_t i = first; i < servers->size() && !found; i++) {
        ServerConfig& s = (*servers)[i];
        if (target == s.name) found = &s;
        else if (target.size() > s.name.size() && target.starts_with(s.name) && target[s.name.size()] == '.') {
          found = &s;
          tool = target.substr(s.name.size() + 1);
        }
      }
      if (!found) {
        *err = where + fmt::format("approval of '{}': no server of that name in this config", target);
        return false;
      }
      if (tool.empty()) found->approval_always = always;
      else found->tool_approval[tool] = always;
    }
  }
  return true;
}

}  // namespace

bool ServerConfig::asks(const std::string& tool) const {
  auto it = tool_approval.find(tool);
  return it != tool_approval.end() ? it->second : approval_always;
}

std::string ServerConfig::identity() const {
  json::Value v = json::Value::object();
  v.set("name", name);
  v.set("transport", transport == TransportKind::Http ? "http" : "stdio");
  json::Value c = json::Value::array();
  for (const auto& a : command) c.push(a);
  v.set("command", std::move(c));
  json::Value e = json::Value::object();
  for (const auto& [k, val] : env) e.set(k, val);
  v.set("env", std::move(e));
  v.set("cwd", cwd);
  v.set("url", url);
  json::Value h = json::Value::object();
  for (const auto& [k, val] : headers) h.set(k, val);
  v.set("headers", std::move(h));
  return json::write(v);
}

std::string binding_of(std::string_view name) {
  std::string out;
  bool in_run = false;
  for (char c : name) {
    if (word_char(c)) {
      out.push_back(c);
      in_run = false;
    } else if (!in_run) {
      out.push_back('_');
      in_run = true;
    }
  }
  return out;
}

bool load_config(const std::string& file, const std::string& path_env, Lookup environ_of,
                 std::vector<ServerConfig>* out, std::string* err) {
  json::Value root;
  if (!calls::read_json_file("mcp config", file, &root, err)) return false;
  const json::Value* servers = root.is_object() ? root.get("mcpServers") : nullptr;
  if (!servers || !servers->is_object()) {
    *err = fmt::format("mcp config '{}': expected an object with an \"mcpServers\" object", file);
    return false;
  }
  size_t first = out->size();
  for (const auto& [name, entry] : servers->members()) {
    ServerConfig s;
    if (!load_server(name, entry, file, path_env, environ_of, &s, err)) return false;
    out->push_back(std::move(s));
  }
  if (const json::Value* oda = root.get("oda"); oda && !load_oda_section(*oda, file, out, first, err))
    return false;
  return true;
}

bool load_configs(const std::vector<std::string>& files, const std::string& oda_mcp_config,
                  const std::string& path_env, Lookup environ_of,
                  const std::function<bool(const std::string&)>& taken, std::vector<ServerConfig>* out,
                  std::string* err) {
  std::vector<std::string> list = files.empty() ? calls::split_list(oda_mcp_config) : files;
  for (const auto& f : list)
    if (!load_config(f, path_env, environ_of, out, err)) return false;
  for (size_t i = 0; i < out->size(); i++) {
    const ServerConfig& s = (*out)[i];
    std::string who = fmt::format("mcp config '{}': server '{}'", s.file, s.name);
    if (s.binding != s.name) who += fmt::format(" (bound as '{}')", s.binding);
    std::string problem = calls::name_problem(s.binding);
    if (!problem.empty()) {
      *err = fmt::format("{} {}", who, problem);
      return false;
    }
    if (taken && taken(s.binding)) {
      *err = fmt::format("{} collides with the catalog tool '{}'", who, s.binding);
      return false;
    }
    for (size_t j = 0; j < i; j++) {
      const ServerConfig& o = (*out)[j];
      if (o.binding == s.binding) {
        *err = fmt::format("{} collides with server '{}' in '{}'", who, o.name, o.file);
        return false;
      }
    }
  }
  return true;
}

}  // namespace oda::mcp::client
