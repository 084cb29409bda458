// Approvals through the client (elicitation): a run-code child asks its approver, and the
// approver oda-mcp gives it is itself (`oda-mcp --ask-client SOCKET`), which hands the
// question back to the server over a socket in a private folder and answers with the
// client's answer (exit 0 allows).
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "json/json.h"
#include "mcp/server.h"
#include "sys/fd.h"

namespace oda::mcp {

// The question a person reads, from what run-code gives its approver on stdin: a call
// ({"tool", "arguments"}) or an escalation ({"type": "sandbox_escalation", ...}).
std::string question_text(const json::Value& asked);

class AskListener {
 public:
  ~AskListener() { stop(); }
  // Listens in a fresh 0700 folder; each question is answered with ask(text). false with
  // *err when the socket cannot be made.
  bool start(std::function<Answer(const std::string&)> ask, std::string* err);
  // The approver command for run-code (--approver) that reaches this listener.
  std::string approver(const std::string& self) const;
  const std::string& socket_path() const { return path_; }
  void stop();

 private:
  void serve(sys::UniqueFd conn);
  std::function<Answer(const std::string&)> ask_;
  std::string dir_, path_;
  sys::UniqueFd listen_;
  std::thread accept_;
  std::mutex mu_;
  std::vector<std::thread> conns_;
  bool stopped_ = false;
};

// `oda-mcp --ask-client SOCKET`: reads the question on stdin, asks, exits 0 when allowed,
// else 1 with the reason on stderr.
int ask_client_main(const char* socket_path);

}  // namespace oda::mcp
