// Where the daemon lives: the runtime folder (created 0700 and checked like tmux checks its
// socket folder), the socket, the pid file and the start lock; and the wire protocol's
// framing (one JSON object per line).
#pragma once

#include <string>
#include <string_view>

namespace oda::term {

// Bumped whenever a request or reply changes shape; checked by the hello exchange.
constexpr int kProtocolVersion = 1;

// $ODA_RUNTIME_DIR, else $XDG_RUNTIME_DIR/oda, else /tmp/oda-<uid>.
std::string runtime_dir();
std::string socket_path();
std::string pid_path();
std::string lock_path();

// Creates the folder (0700) when missing, then refuses it when it is a link, not a folder,
// not ours or open to others. false with *err a sentence naming the folder.
bool ensure_runtime_dir(std::string* err);
// The same checks without creating: false when missing (*err empty) or unsafe (*err set).
bool check_runtime_dir(std::string* err);

// Collects bytes and hands out complete lines.
class LineBuffer {
 public:
  void add(std::string_view bytes) { buf_.append(bytes); }
  // Takes the next complete line (without its '\n'); false when none is complete yet.
  bool next(std::string* line);
  size_t size() const { return buf_.size() - pos_; }

 private:
  std::string buf_;
  size_t pos_ = 0;
};

}  // namespace oda::term
