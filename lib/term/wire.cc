// The framing, hello and envelopes of termd's protocol (see wire.h).
#include "term/wire.h"

namespace oda::term::wire {

std::string frame(const json::Value& message) {
  std::string s = json::write(message);
  s.push_back('\n');
  return s;
}

json::Value hello(int version) {
  json::Value h = json::Value::object();
  h.set("hello", "termd");
  h.set("version", version);
  return h;
}

bool accept_hello(const json::Value& request, json::Value* refusal) {
  int64_t v = request.get_or<int64_t>("version", -1);
  if (request.get_or("hello", "") == "termd" && v == kVersion) return true;
  *refusal = error_reply("protocol version mismatch (client " + std::to_string(v) + ", daemon " +
                             std::to_string(kVersion) + ")",
                         kCodeDaemon);
  return false;
}

json::Value welcome(int64_t pid) {
  json::Value r = json::Value::object();
  r.set("ok", true);
  r.set("version", kVersion);
  r.set("pid", pid);
  return r;
}

json::Value ok_reply(json::Value result) {
  json::Value r = json::Value::object();
  r.set("ok", true);
  r.set("result", std::move(result));
  return r;
}

json::Value error_reply(std::string_view message, int code) {
  json::Value r = json::Value::object();
  r.set("ok", false);
  r.set("error", std::string(message));
  r.set("code", code);
  return r;
}

bool LineBuffer::next(std::string* line) {
  size_t nl = buf_.find('\n', pos_);
  if (nl == std::string::npos) {
    if (pos_ > 0 && pos_ == buf_.size()) { buf_.clear(); pos_ = 0; }
    return false;
  }
  line->assign(buf_, pos_, nl - pos_);
  pos_ = nl + 1;
  // Compacting only once the dead head is large and most of the buffer keeps a stream of
  // small requests from copying the buffer on every line.
  if (pos_ > 65536 && pos_ * 2 > buf_.size()) { buf_.erase(0, pos_); pos_ = 0; }
  return true;
}

}  // namespace oda::term::wire
