// Newline-delimited JSON-RPC 2.0 (see jsonrpc.h).
#include "mcp/jsonrpc.h"

#include <poll.h>

#include <cerrno>
#include <cmath>

#include <unistd.h>

#include "sys/fd.h"

namespace oda::mcp::jsonrpc {

namespace {

bool valid_id(const json::Value& id) {
  if (id.is_string()) return true;
  return id.is_number() && std::trunc(id.as_number()) == id.as_number();
}

bool fail(Failure* why, Code code, std::string message, json::Value id = nullptr) {
  why->code = code;
  why->message = std::move(message);
  why->id = std::move(id);
  return false;
}

json::Value envelope() {
  json::Value m = json::Value::object();
  m.set("jsonrpc", "2.0");
  return m;
}

}  // namespace

bool decode(std::string_view line, Message* out, Failure* why) {
  json::Value v;
  std::string err;
  if (!json::parse(line, &v, &err)) return fail(why, kParseError, "parse error: " + err);
  if (v.is_array()) return fail(why, kInvalidRequest, "invalid request: batches are not supported");
  if (!v.is_object()) return fail(why, kInvalidRequest, "invalid request: a message is a JSON object");
  const json::Value* id = v.get("id");
  json::Value answer_id = id && valid_id(*id) ? *id : json::Value();
  if (v.get_or("jsonrpc", "") != "2.0")
    return fail(why, kInvalidRequest, "invalid request: \"jsonrpc\" must be \"2.0\"", answer_id);
  if (id && !valid_id(*id))
    return fail(why, kInvalidRequest, "invalid request: \"id\" must be a string or an integer");
  *out = Message();
  if (const json::Value* method = v.get("method")) {
    if (!method->is_string() || method->as_string().empty())
      return fail(why, kInvalidRequest, "invalid request: \"method\" must be a non-empty string", answer_id);
    const json::Value* params = v.get("params");
    if (params && !params->is_object() && !params->is_array())
      return fail(why, kInvalidRequest, "invalid request: \"params\" must be an object", answer_id);
    out->kind = id ? Kind::Request : Kind::Notification;
    out->method = method->as_string();
    if (id) out->id = *id;
    if (params) out->params = *params;
    return true;
  }
  const json::Value* res = v.get("result");
  const json::Value* e = v.get("error");
  if (!id || (!res == !e)) return fail(why, kInvalidRequest, "invalid request: no method, and not a response", answer_id);
  if (e && (!e->is_object() || !e->get("code") || !e->get("code")->is_number()))
    return fail(why, kInvalidRequest, "invalid request: \"error\" must be an object with a numeric code", answer_id);
  out->kind = Kind::Response;
  out->id = *id;
  if (res) out->result = *res;
  if (e) out->error = *e;
  return true;
}

std::string request(const json::Value& id, std::string_view method, json::Value params) {
  json::Value m = envelope();
  m.set("id", id);
  m.set("method", std::string(method));
  if (!params.is_null()) m.set("params", std::move(params));
  return json::write(m);
}

std::string notification(std::string_view method, json::Value params) {
  json::Value m = envelope();
  m.set("method", std::string(method));
  if (!params.is_null()) m.set("params", std::move(params));
  return json::write(m);
}

std::string result(const json::Value& id, json::Value value) {
  json::Value m = envelope();
  m.set("id", id);
  m.set("result", std::move(value));
  return json::write(m);
}

std::string error(const json::Value& id, int code, std::string_view message) {
  json::Value e = json::Value::object();
  e.set("code", code);
  e.set("message", std::string(message));
  json::Value m = envelope();
  m.set("id", id);
  m.set("error", std::move(e));
  return json::write(m);
}

LineReader::Status LineReader::next(std::string* line) {
  for (;;) {
    size_t nl = buf_.find('\n', scanned_);
    if (nl != std::string::npos) {
      bool was_skipping = skipping_;
      skipping_ = false;
      std::string text = buf_.substr(0, nl);
      buf_.erase(0, nl + 1);
      scanned_ = 0;
      if (was_skipping) return Status::TooLong;
      if (!text.empty() && text.back() == '\r') text.pop_back();
      if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
      if (text.size() > max_) return Status::TooLong;
      *line = std::move(text);
      return Status::Line;
    }
    if (buf_.size() > max_) {
      // Keep nothing of an over-long line: only whether its newline has come yet.
      skipping_ = true;
      buf_.clear();
    }
    scanned_ = buf_.size();
    if (ended_) {
      bool was_skipping = skipping_;
      skipping_ = false;
      // A last line without its newline still counts.
      if (was_skipping) return Status::TooLong;
      if (buf_.find_first_not_of(" \t\r") == std::string::npos) return Status::End;
      *line = std::move(buf_);
      buf_.clear();
      scanned_ = 0;
      if (line->size() > max_) return Status::TooLong;
      return Status::Line;
    }
    if (stop_fd_ >= 0) {
      pollfd p[2] = {{fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
      if (::poll(p, 2, -1) < 0) {
        if (errno == EINTR) continue;
        ended_ = true;
        continue;
      }
      if (p[1].revents) return Status::Stopped;
    }
    char tmp[65536];
    ssize_t n = ::read(fd_, tmp, sizeof tmp);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ended_ = true;
      continue;
    }
    buf_.append(tmp, static_cast<size_t>(n));
  }
}

bool Writer::send(const std::string& message) {
  std::lock_guard<std::mutex> lock(mu_);
  if (broken_) return false;
  std::string line = message + "\n";
  if (!sys::write_all(fd_, line)) broken_ = true;
  return !broken_;
}

}  // namespace oda::mcp::jsonrpc
