// The MCP server's protocol side (see server.h).
#include "mcp/server.h"

#include <signal.h>

#include "cli/cli.h"

namespace oda::mcp {

const char* const kProtocolVersions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};
const size_t kProtocolVersionCount = sizeof kProtocolVersions / sizeof kProtocolVersions[0];

namespace {

std::string key_of(const json::Value& id) { return json::write(id); }

json::Value text_result(const ToolResult& r) {
  json::Value block = json::Value::object();
  block.set("type", "text");
  block.set("text", r.text);
  json::Value content = json::Value::array();
  content.push(std::move(block));
  json::Value res = json::Value::object();
  res.set("content", std::move(content));
  if (r.structured.is_object()) res.set("structuredContent", r.structured);
  res.set("isError", r.is_error);
  return res;
}

}  // namespace

void Call::cancel() {
  abort = 1;
  cancelled_ = true;
  std::lock_guard<std::mutex> lock(mu_);
  if (child_ > 0) ::kill(child_, SIGINT);
}

bool Call::adopt_child(pid_t pid) {
  std::lock_guard<std::mutex> lock(mu_);
  child_ = pid;
  if (cancelled_) {
    ::kill(pid, SIGINT);
    return false;
  }
  return true;
}

void Call::child_done() {
  std::lock_guard<std::mutex> lock(mu_);
  child_ = -1;
}

// One request of ours to the client, waiting for its response.
struct Server::Pending {
  bool answered = false;
  jsonrpc::Message response;
};

Server::Server(ServerOptions options, Backend* backend, jsonrpc::Writer* out)
    : opt_(std::move(options)), backend_(backend), out_(out) {
  if (opt_.progress_ms > 0) progress_ = std::thread([this] { progress_loop(); });
}

Server::~Server() {
  shutdown();
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (progress_.joinable()) progress_.join();
}

void Server::handle(std::string_view line) {
  reap();
  jsonrpc::Message m;
  jsonrpc::Failure why;
  if (!jsonrpc::decode(line, &m, &why)) {
    out_->send(jsonrpc::error(why.id, why.code, why.message));
    return;
  }
  switch (m.kind) {
    case jsonrpc::Kind::Request: request(m); break;
    case jsonrpc::Kind::Notification: notification(m); break;
    case jsonrpc::Kind::Response: response(m); break;
  }
}

void Server::too_long(size_t max) {
  out_->send(jsonrpc::error(nullptr, jsonrpc::kInvalidRequest,
                            "invalid request: message longer than " + std::to_string(max) + " bytes"));
}

void Server::request(const jsonrpc::Message& m) {
  if (m.method == "ping") {
    out_->send(jsonrpc::result(m.id, json::Value::object()));
    return;
  }
  if (m.method == "initialize") {
    initialize(m);
    return;
  }
  if (!initialized_) {
    out_->send(jsonrpc::error(m.id, jsonrpc::kInvalidRequest,
                              "invalid request: not initialized: the first request must be initialize"));
    return;
  }
  if (m.method == "tools/list") {
    json::Value res = json::Value::object();
    res.set("tools", backend_->tools());
    out_->send(jsonrpc::result(m.id, std::move(res)));
    return;
  }
  if (m.method == "tools/call") {
    call_tool(m);
    return;
  }
  out_->send(jsonrpc::error(m.id, jsonrpc::kMethodNotFound, "method not found: '" + m.method + "'"));
}

void Server::initialize(const jsonrpc::Message& m) {
  if (initialized_) {
    out_->send(jsonrpc::error(m.id, jsonrpc::kInvalidRequest, "invalid request: already initialized"));
    return;
  }
  const json::Value* asked = m.params.get("protocolVersion");
  if (!asked || !asked->is_string()) {
    out_->send(jsonrpc::error(m.id, jsonrpc::kInvalidParams,
                              "invalid params: initialize needs \"protocolVersion\" (a string)"));
    return;
  }
  std::string version = kProtocolVersions[0];
  for (size_t i = 0; i < kProtocolVersionCount; ++i)
    if (asked->as_string() == kProtocolVersions[i]) version = kProtocolVersions[i];
  if (const json::Value* caps = m.params.get("capabilities"); caps && caps->is_object())
    can_elicit_ = caps->get("elicitation") != nullptr;
  json::Value tools = json::Value::object();
  tools.set("listChanged", false);
  json::Value caps = json::Value::object();
  caps.set("tools", std::move(tools));
  json::Value info = json::Value::object();
  info.set("name", "oda-mcp");
  info.set("title", "oda tools");
  info.set("version", cli::kVersion);
  json::Value res = json::Value::object();
  res.set("protocolVersion", version);
  res.set("capabilities", std::move(caps));
  res.set("serverInfo", std::move(info));
  if (!opt_.instructions.empty()) res.set("instructions", opt_.instructions);
  initialized_ = true;
  out_->send(jsonrpc::result(m.id, std::move(res)));
}

void Server::call_tool(const jsonrpc::Message& m) {
  const json::Value* name = m.params.get("name");
  if (!name || !name->is_string()) {
    out_->send(jsonrpc::error(m.id, jsonrpc::kInvalidParams, "invalid params: tools/call needs \"name\" (a string)"));
    return;
  }
  json::Value arguments = json::Value::object();
  if (const json::Value* a = m.params.get("arguments"); a && !a->is_null()) {
    if (!a->is_object()) {
      out_->send(jsonrpc::error(m.id, jsonrpc::kInvalidParams, "invalid params: \"arguments\" must be an object"));
      return;
    }
    arguments = *a;
  }
  const std::string& tool = name->as_string();
  if (!backend_->known(tool)) {
    out_->send(jsonrpc::error(m.id, jsonrpc::kInvalidParams, "unknown tool '" + tool + "'"));
    return;
  }
  json::Value token;
  if (const json::Value* meta = m.params.get("_meta"); meta && meta->is_object())
    if (const json::Value* t = meta->get("progressToken"); t && (t->is_string() || t->is_number())) token = *t;
  std::string key = key_of(m.id);
  std::lock_guard<std::mutex> lock(mu_);
  if (calls_.count(key)) {
    out_->send(jsonrpc::error(m.id, jsonrpc::kInvalidRequest, "invalid request: id " + key + " is already in use"));
    return;
  }
  auto call = std::make_shared<Call>();
  if (can_elicit_) call->ask = [this](const std::string& message) { return elicit(message); };
  Running& r = calls_[key];
  r.call = call;
  r.progress_token = token;
  r.started = std::chrono::steady_clock::now();
  json::Value id = m.id;
  r.thread = std::thread([this, call, id, tool, arguments, key] {
    ToolResult res = backend_->call(tool, arguments, call.get());
    // A cancelled request gets no response (the specification's cancellation).
    if (!call->cancelled()) out_->send(jsonrpc::result(id, text_result(res)));
    std::lock_guard<std::mutex> lock(mu_);
    calls_[key].done = true;
    cv_.notify_all();
  });
}

void Server::notification(const jsonrpc::Message& m) {
  if (m.method == "notifications/cancelled") {
    const json::Value* id = m.params.get("requestId");
    if (!id) return;
    std::lock_guard<std::mutex> lock(mu_);
    auto it = calls_.find(key_of(*id));
    if (it != calls_.end()) it->second.call->cancel();
  }
  // notifications/initialized and anything else need nothing from us.
}

void Server::response(const jsonrpc::Message& m) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = asked_.find(key_of(m.id));
  if (it == asked_.end()) return;
  it->second->answered = true;
  it->second->response = m;
  asked_.erase(it);
  cv_.notify_all();
}

Answer Server::elicit(const std::string& message) {
  if (!can_elicit_) return Answer{false, "the client offers no elicitation"};
  json::Value schema = json::Value::object();
  schema.set("type", "object");
  schema.set("properties", json::Value::object());
  json::Value params = json::Value::object();
  params.set("message", message);
  params.set("requestedSchema", std::move(schema));
  auto pending = std::make_shared<Pending>();
  json::Value id;
  {
    std::lock_guard<std::mutex> lock(mu_);
    id = json::Value("oda-" + std::to_string(next_id_++));
    asked_[key_of(id)] = pending;
  }
  out_->send(jsonrpc::request(id, "elicitation/create", std::move(params)));
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [&] { return pending->answered || stopping_; });
  Answer a;
  if (!pending->answered) {
    asked_.erase(key_of(id));
    a.why = "the client went away before answering";
    return a;
  }
  const jsonrpc::Message& r = pending->response;
  if (!r.error.is_null()) {
    a.why = "the client could not ask: " + r.error.get_or("message", "");
    return a;
  }
  std::string action = r.result.get_or("action", "");
  a.allowed = action == "accept";
  if (!a.allowed) a.why = action.empty() ? "no answer" : "the user chose " + action;
  return a;
}

void Server::reap() {
  std::vector<std::thread> done;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = calls_.begin(); it != calls_.end();) {
      if (it->second.done) {
        done.push_back(std::move(it->second.thread));
        it = calls_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& t : done) t.join();
}

size_t Server::calls_under_way() {
  std::lock_guard<std::mutex> lock(mu_);
  size_t n = 0;
  for (const auto& [k, r] : calls_) n += r.done ? 0 : 1;
  return n;
}

void Server::shutdown() {
  {
    std::unique_lock<std::mutex> lock(mu_);
    stopping_ = true;
    for (auto& [k, r] : calls_) r.call->cancel();
    cv_.notify_all();
    cv_.wait(lock, [&] {
      for (const auto& [k, r] : calls_)
        if (!r.done) return false;
      return true;
    });
  }
  reap();
}

void Server::progress_loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait_for(lock, std::chrono::milliseconds(opt_.progress_ms));
    if (stopping_) return;
    auto now = std::chrono::steady_clock::now();
    std::vector<std::string> notes;
    for (const auto& [k, r] : calls_) {
      if (r.done || r.progress_token.is_null() || r.call->cancelled()) continue;
      auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - r.started).count();
      if (ms < opt_.progress_ms) continue;
      json::Value p = json::Value::object();
      p.set("progressToken", r.progress_token);
      p.set("progress", static_cast<int64_t>(ms));
      p.set("message", "still running after " + std::to_string(ms / 1000) + " s");
      notes.push_back(jsonrpc::notification("notifications/progress", std::move(p)));
    }
    lock.unlock();
    for (const auto& n : notes) out_->send(n);
    lock.lock();
  }
}

}  // namespace oda::mcp
