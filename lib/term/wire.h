// termd's wire protocol as bytes: one JSON object per line each way, the hello that opens a
// connection, and the reply envelopes (man/termd.8 writes the same down for people).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "json/json.h"

namespace oda::term::wire {

// The protocol's version, not the toolkit's: it changes only when a request or a reply
// changes shape, so a term-* binary from before an upgrade is told so in one sentence
// instead of misreading an answer. The hello exchange carries it both ways.
constexpr int kVersion = 1;

// The longest request line a daemon accepts (a send's text is the only large part); a
// client sending more is broken or hostile and is dropped.
constexpr size_t kMaxRequest = 64 << 20;

// Exit codes a refusal carries back to the client (SPEC 1): 2 for a request that could
// never work, 3 for the daemon itself (unreachable, wrong version).
constexpr int kCodeFailed = 1;
constexpr int kCodeUsage = 2;
constexpr int kCodeDaemon = 3;

// One message as it goes on the wire: the JSON text and its '\n'.
std::string frame(const json::Value& message);

// The first line a client sends.
json::Value hello(int version = kVersion);
// Checks a hello; false with *refusal the error reply (and its sentence naming both
// versions) when it is not one, or of another version.
bool accept_hello(const json::Value& request, json::Value* refusal);
// The daemon's answer to an accepted hello.
json::Value welcome(int64_t pid);

// {"ok":true,"result":...} and {"ok":false,"error":...,"code":...}.
json::Value ok_reply(json::Value result);
json::Value error_reply(std::string_view message, int code = kCodeFailed);

// Collects bytes and hands out complete lines.
class LineBuffer {
 public:
  void add(std::string_view bytes) { buf_.append(bytes); }
  // Takes the next complete line (without its '\n'); false when none is complete yet.
  bool next(std::string* line);
  // Bytes held that no line handed out yet.
  size_t size() const { return buf_.size() - pos_; }

 private:
  std::string buf_;
  size_t pos_ = 0;  // start of the first line not handed out (compacted now and then)
};

}  // namespace oda::term::wire
