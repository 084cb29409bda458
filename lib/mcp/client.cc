// One MCP client connection (see client.h): the messages and their waits. The transports
// (a child's pipes, HTTP) are in client_transport.cc.
#include "mcp/client.h"

#include <fmt/core.h>

#include <chrono>

#include "cli/cli.h"
#include "mcp/client_transport.h"
#include "mcp/jsonrpc.h"
#include "sys/clock.h"

namespace oda::mcp::client {

namespace {

using calls::Outcome;

// How often a waiting call looks at its run's cancel flag.
constexpr auto kCancelPoll = std::chrono::milliseconds(10);
// Log lines kept per server: a chatty server must not grow the record without end.
constexpr size_t kMaxLog = 1000;

std::string blocks_text(const json::Value& content) {
  std::string text;
  for (const auto& b : content.is_array() ? content.items() : json::Items{}) {
    if (b.is_object() && b.get_or("type", "") == "text") {
      if (!text.empty()) text += "\n";
      text += b.get_or("text", "");
    }
  }
  if (text.empty() && content.is_array() && !content.items().empty()) text = json::write(content);
  return text;
}

std::string file_uri(const std::string& path) {
  std::string uri = "file://";
  for (unsigned char c : path) {
    bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                 c == '/' || c == '-' || c == '_' || c == '.' || c == '~';
    if (plain) uri.push_back(static_cast<char>(c));
    else uri += fmt::format("%{:02X}", c);
  }
  return uri;
}

}  // namespace

Outcome outcome_of_result(const json::Value& result) {
  const json::Value* content = result.is_object() ? result.get("content") : nullptr;
  json::Value blocks = content ? *content : json::Value::array();
  if (result.is_object() && result.get_or("isError", false)) {
    std::string text = blocks_text(blocks);
    return Outcome::fail(Outcome::Status::Error, text.empty() ? "the tool failed" : text);
  }
  if (const json::Value* sc = result.is_object() ? result.get("structuredContent") : nullptr; sc && !sc->is_null())
    return Outcome::ok(*sc);
  if (blocks.is_array() && blocks.items().size() == 1 && blocks.items()[0].is_object() &&
      blocks.items()[0].get_or("type", "") == "text") {
    std::string text = blocks.items()[0].get_or("text", "");
    json::Value v;
    std::string why;
    json::ParseError pe = json::ParseError::None;
    // Text that is JSON but would not read back as written (an integer past 2^53) stays text.
    if (json::parse(text, &v, &why, &pe)) return Outcome::ok(std::move(v));
    return Outcome::ok(json::Value(text));
  }
  return Outcome::ok(std::move(blocks));
}

std::string error_text(const json::Value& error) {
  if (!error.is_object()) return json::write(error);
  std::string message = error.get_or("message", "");
  if (message.empty()) message = json::write(error);
  return message;
}

json::Value tool_json(const ToolInfo& t) {
  json::Value o = json::Value::object();
  o.set("name", t.name);
  o.set("description", t.description);
  o.set("inputSchema", t.input_schema);
  if (!t.output_schema.is_null()) o.set("outputSchema", t.output_schema);
  return o;
}

bool tool_from_json(const json::Value& t, ToolInfo* out) {
  if (!t.is_object() || !t.get("name") || !t.get("name")->is_string()) return false;
  out->name = t.get_or("name", "");
  out->description = t.get_or("description", "");
  const json::Value* in = t.get("inputSchema");
  out->input_schema = in && in->is_object() ? *in : json::Value::object();
  const json::Value* o = t.get("outputSchema");
  out->output_schema = o && o->is_object() ? *o : json::Value();
  return true;
}

Connection::Connection(ServerConfig config, std::string workspace)
    : config_(std::move(config)), workspace_(std::move(workspace)), t0_(sys::monotonic_ms()) {}

Connection::~Connection() { close(); }

void Connection::close() {
  if (transport_) transport_->close();
}

int64_t Connection::now() const { return sys::monotonic_ms() - t0_; }

bool Connection::alive() const {
  std::lock_guard lock(mu_);
  return !dead_;
}

bool Connection::has_tool(const std::string& name) const {
  for (const auto& t : tools_)
    if (t.name == name) return true;
  return false;
}

bool Connection::start(int64_t timeout_ms, std::string* err) {
  int64_t t0 = sys::monotonic_ms();
  std::string who = fmt::format("mcp server '{}'", config_.name);
  transport_ = make_transport(config_, this);
  std::string why;
  if (!transport_->open(&why)) {
    *err = fmt::format("{} could not start: {}", who, why);
    std::lock_guard lock(mu_);
    dead_ = true;
    death_ = *err;
    return false;
  }
  auto left = [&] { return std::max<int64_t>(1, timeout_ms - (sys::monotonic_ms() - t0)); };
  json::Value params = json::Value::object();
  params.set("protocolVersion", kProtocolVersion);
  json::Value caps = json::Value::object();
  json::Value roots = json::Value::object();
  roots.set("listChanged", false);
  caps.set("roots", std::move(roots));
  params.set("capabilities", std::move(caps));
  json::Value info = json::Value::object();
  info.set("name", "oda run-code");
  info.set("version", cli::kVersion);
  params.set("clientInfo", std::move(info));
  json::Value result;
  bool cancelled = false;
  // A death's text names the server already: "could not start" takes only its reason.
  auto reason = [&](const std::string& w) { return w.starts_with(who + " ") ? w.substr(who.size() + 1) : w; };
  if (!request("initialize", std::move(params), nullptr, left(), &result, &why, &cancelled)) {
    *err = fmt::format("{} could not start: {}", who, reason(why));
    return false;
  }
  protocol_version_ = result.get_or("protocolVersion", kProtocolVersion);
  transport_->set_protocol_version(protocol_version_);
  if (!transport_->send(jsonrpc::notification("notifications/initialized", json::Value::object()), nullptr, &why)) {
    *err = fmt::format("{} could not start: {}", who, why);
    return false;
  }
  // tools/list, page by page.
  std::string cursor;
  for (int page = 0; page < 1000; page++) {
    json::Value p = json::Value::object();
    if (!cursor.empty()) p.set("cursor", cursor);
    json::Value list;
    if (!request("tools/list", std::move(p), nullptr, left(), &list, &why, &cancelled)) {
      *err = fmt::format("{} could not list its tools: {}", who, reason(why));
      return false;
    }
    const json::Value* tools = list.get("tools");
    for (const auto& t : tools && tools->is_array() ? tools->items() : json::Items{}) {
      ToolInfo ti;
      if (tool_from_json(t, &ti)) tools_.push_back(std::move(ti));
    }
    cursor = list.get_or("nextCursor", "");
    if (cursor.empty()) break;
  }
  start_ms_ = sys::monotonic_ms() - t0;
  return true;
}

bool Connection::adopt(Handover h, const json::Value& state, std::string* err) {
  int64_t t0 = sys::monotonic_ms();
  const json::Value* tools = state.get("tools");
  int64_t next = state.get_or<int64_t>("nextId", 0);
  if (!tools || !tools->is_array() || next < 1) {
    *err = fmt::format("mcp server '{}': the warm server's state is unusable", config_.name);
    return false;
  }
  for (const auto& t : tools->items()) {
    ToolInfo ti;
    if (tool_from_json(t, &ti)) tools_.push_back(std::move(ti));
  }
  protocol_version_ = state.get_or("protocolVersion", kProtocolVersion);
  next_id_ = next;
  transport_ = adopt_transport(config_, this, std::move(h));
  std::string why;
  if (!transport_->open(&why)) {
    *err = why;
    return false;
  }
  warm_ = true;
  start_ms_ = sys::monotonic_ms() - t0;
  return true;
}

bool Connection::hand_over(Handover* h, json::Value* state) {
  int64_t next;
  {
    std::lock_guard lock(mu_);
    if (dead_ || !pending_.empty() || !transport_) return false;
    next = next_id_;
  }
  if (!transport_->hand_over(h)) return false;
  {
    std::lock_guard lock(mu_);
    dead_ = true;
    death_ = fmt::format("mcp server '{}' was handed over", config_.name);
  }
  json::Value tools = json::Value::array();
  for (const ToolInfo& t : tools_) tools.push(tool_json(t));
  *state = json::Value::object();
  state->set("tools", std::move(tools));
  state->set("protocolVersion", protocol_version_);
  state->set("nextId", next);
  return true;
}

int64_t Connection::pid() const { return transport_ ? transport_->pid() : 0; }

bool Connection::request(const std::string& method, json::Value params, const calls::CancelFlag* cancel,
                         int64_t timeout_ms, json::Value* result, std::string* err, bool* cancelled,
                         json::Value* notes) {
  int64_t id;
  {
    std::lock_guard lock(mu_);
    if (dead_) {
      *err = death_;
      return false;
    }
    id = next_id_++;
    pending_[id];
  }
  // A call that keeps notes asks for progress, under its own id.
  if (notes && params.is_object()) {
    json::Value meta = json::Value::object();
    meta.set("progressToken", id);
    params.set("_meta", std::move(meta));
  }
  std::string why;
  if (!transport_->send(jsonrpc::request(json::Value(id), method, std::move(params)), cancel, &why)) {
    std::lock_guard lock(mu_);
    pending_.erase(id);
    if (cancel && cancel->cancelled()) {
      *cancelled = true;
      *err = "the run was stopped";
    } else {
      *err = dead_ ? death_ : why;
    }
    return false;
  }
  int64_t deadline = timeout_ms < 0 ? -1 : sys::monotonic_ms() + timeout_ms;
  std::unique_lock lock(mu_);
  for (;;) {
    Pending& p = pending_[id];
    if (p.done) break;
    bool stop = cancel && cancel->cancelled();
    bool late = deadline >= 0 && sys::monotonic_ms() >= deadline;
    if (stop || late) {
      if (notes) *notes = p.notes;
      pending_.erase(id);
      lock.unlock();
      // The specification's cancel: the server may stop the work, and answers nothing.
      json::Value c = json::Value::object();
      c.set("requestId", id);
      c.set("reason", stop ? "the run was stopped" : "timed out");
      std::string ignored;
      transport_->send(jsonrpc::notification("notifications/cancelled", std::move(c)), nullptr, &ignored);
      *cancelled = stop;
      *err = stop ? "the run was stopped" : fmt::format("no answer to {} within {} ms", method, timeout_ms);
      return false;
    }
    cv_.wait_for(lock, kCancelPoll);
  }
  Pending p = std::move(pending_[id]);
  pending_.erase(id);
  if (notes) *notes = p.notes;
  if (!p.failure.empty()) {
    *err = p.failure;
    return false;
  }
  if (!p.error.is_null()) {
    *err = error_text(p.error);
    return false;
  }
  *result = std::move(p.result);
  return true;
}

Outcome Connection::call(const std::string& tool, const json::Value& arguments, const calls::CancelFlag& cancel) {
  json::Value params = json::Value::object();
  params.set("name", tool);
  params.set("arguments", arguments);
  json::Value result, notes;
  std::string err;
  bool cancelled = false;
  bool ok = request("tools/call", std::move(params), &cancel, -1, &result, &err, &cancelled, &notes);
  Outcome o;
  if (ok) o = outcome_of_result(result);
  else o = Outcome::fail(cancelled ? Outcome::Status::Cancelled : Outcome::Status::Error, err);
  o.notes = std::move(notes);
  return o;
}

json::Value Connection::take_log() {
  std::lock_guard lock(mu_);
  json::Value out = std::move(log_);
  log_ = json::Value::array();
  return out;
}

void Connection::answer_server_request(const json::Value& id, const std::string& method) {
  std::string reply;
  if (method == "ping") {
    reply = jsonrpc::result(id, json::Value::object());
  } else if (method == "roots/list") {
    json::Value root = json::Value::object();
    root.set("uri", file_uri(workspace_));
    root.set("name", "workspace");
    json::Value roots = json::Value::array();
    roots.push(std::move(root));
    json::Value r = json::Value::object();
    r.set("roots", std::move(roots));
    reply = jsonrpc::result(id, std::move(r));
  } else if (method == "elicitation/create") {
    // No person stands behind a program's call to answer a form: declined, as a user would.
    json::Value r = json::Value::object();
    r.set("action", "decline");
    reply = jsonrpc::result(id, std::move(r));
  } else if (method == "sampling/createMessage") {
    reply = jsonrpc::error(id, jsonrpc::kMethodNotFound, "sampling is not available to a run-code program");
  } else {
    reply = jsonrpc::error(id, jsonrpc::kMethodNotFound, "method not found: " + method);
  }
  std::string ignored;
  transport_->send(reply, nullptr, &ignored);
}

void Connection::on_message(const std::string& line) {
  // A batch (JSON-RPC 2.0's array of messages, which a streamable-HTTP server may answer
  // with) is its messages one by one; an empty one is malformed, as the specification says.
  size_t first = line.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && line[first] == '[') {
    json::Value batch;
    std::string ignored;
    if (json::parse(line, &batch, &ignored) && batch.is_array() && !batch.items().empty()) {
      for (const json::Value& one : batch.items()) on_one(json::write(one));
      return;
    }
  }
  on_one(line);
}

void Connection::on_one(const std::string& line) {
  jsonrpc::Message m;
  jsonrpc::Failure f;
  if (!jsonrpc::decode(line, &m, &f)) {
    std::string shown = line.size() > 200 ? line.substr(0, 200) + "..." : line;
    fail_all(fmt::format("mcp server '{}' sent malformed JSON-RPC ({}): {}", config_.name, f.message, shown));
    transport_->kill();
    return;
  }
  if (m.kind == jsonrpc::Kind::Request) {
    {
      std::lock_guard lock(mu_);
      json::Value e = json::Value::object();
      e.set("ms", now());
      e.set("request", m.method);
      if (log_.items().size() < kMaxLog) log_.push(std::move(e));
    }
    answer_server_request(m.id, m.method);
    return;
  }
  std::lock_guard lock(mu_);
  if (m.kind == jsonrpc::Kind::Response) {
    if (!m.id.is_number()) return;
    auto it = pending_.find(static_cast<int64_t>(m.id.as_number()));
    if (it == pending_.end()) return;  // cancelled meanwhile
    it->second.done = true;
    it->second.result = std::move(m.result);
    it->second.error = std::move(m.error);
    cv_.notify_all();
    return;
  }
  if (m.method == "notifications/progress" && m.params.is_object()) {
    const json::Value* token = m.params.get("progressToken");
    if (token && token->is_number()) {
      auto it = pending_.find(static_cast<int64_t>(token->as_number()));
      if (it != pending_.end()) {
        json::Value e = m.params;
        e.erase("progressToken");
        e.set("ms", now());
        if (it->second.notes.is_null()) it->second.notes = json::Value::array();
        if (it->second.notes.items().size() < kMaxLog) it->second.notes.push(std::move(e));
        return;
      }
    }
  }
  json::Value e = json::Value::object();
  e.set("ms", now());
  e.set("method", m.method);
  if (!m.params.is_null()) e.set("params", std::move(m.params));
  if (log_.items().size() < kMaxLog) log_.push(std::move(e));
}

void Connection::on_closed(const std::string& why) {
  fail_all(fmt::format("mcp server '{}' {}", config_.name, why));
}

void Connection::fail_all(const std::string& why) {
  std::lock_guard lock(mu_);
  if (!dead_) {
    dead_ = true;
    death_ = why;
  }
  for (auto& [id, p] : pending_) {
    if (p.done) continue;
    p.done = true;
    p.failure = death_;
  }
  cv_.notify_all();
}

}  // namespace oda::mcp::client
