// Approvals through the client (see ask.h).
#include "mcp/ask.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mcp/jsonrpc.h"
#include "sys/unix_socket.h"

namespace oda::mcp {

namespace {

// A question or an answer is one short JSON line; anything longer is no question of ours.
constexpr size_t kMaxLine = size_t{1} << 20;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

}  // namespace

std::string question_text(const json::Value& asked) {
  if (asked.get_or("type", "") == "sandbox_escalation")
    return "run_code asks for " + quoted(asked.get_or("requested", "")) + " file access (the chat has " +
           quoted(asked.get_or("mode", "")) + ") for one run, " + quoted(asked.get_or("description", "")) +
           ": " + asked.get_or("justification", "") + " Allow it?";
  const json::Value* args = asked.get("arguments");
  return "A run_code program calls " + quoted(asked.get_or("tool", "")) + " with " +
         (args ? json::write(*args) : std::string("{}")) + ". Allow this call?";
}

bool AskListener::start(std::function<Answer(const std::string&)> ask, std::string* err) {
  ask_ = std::move(ask);
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/oda-mcp-XXXXXX";
  if (!mkdtemp(templ.data())) {
    *err = "cannot make a folder for approvals: " + std::string(std::strerror(errno));
    return false;
  }
  dir_ = templ;
  path_ = dir_ + "/ask.sock";
  sockaddr_un sa;
  listen_.reset(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!listen_ || !sys::unix_address(path_, &sa) ||
      bind(listen_.get(), reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0 || listen(listen_.get(), 16) != 0) {
    *err = "cannot listen at '" + path_ + "': " + std::strerror(errno);
    return false;
  }
  accept_ = std::thread([this] {
    for (;;) {
      int fd = accept4(listen_.get(), nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0 && errno == EINTR) continue;
      if (fd < 0) return;
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_) {
        close(fd);
        return;
      }
      conns_.emplace_back([this, fd] { serve(sys::UniqueFd(fd)); });
    }
  });
  return true;
}

std::string AskListener::approver(const std::string& self) const {
  // Both paths are ours (a binary's path, a mkdtemp folder) and hold no single quote.
  return "exec '" + self + "' --ask-client '" + path_ + "'";
}

void AskListener::serve(sys::UniqueFd conn) {
  jsonrpc::LineReader in(conn.get(), kMaxLine);
  std::string line;
  if (in.next(&line) != jsonrpc::LineReader::Status::Line) return;
  json::Value q;
  std::string perr;
  Answer a;
  if (json::parse(line, &q, &perr) && q.is_object()) a = ask_(q.get_or("message", ""));
  else a.why = "malformed question";
  json::Value reply = json::Value::object();
  reply.set("allowed", a.allowed);
  reply.set("why", a.why);
  sys::send_all(conn.get(), json::write(reply) + "\n");
}

void AskListener::stop() {
  std::vector<std::thread> conns;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_) return;
    stopped_ = true;
    conns.swap(conns_);
  }
  if (listen_) shutdown(listen_.get(), SHUT_RDWR);
  if (accept_.joinable()) accept_.join();
  for (auto& t : conns) t.join();
  if (!path_.empty()) unlink(path_.c_str());
  if (!dir_.empty()) rmdir(dir_.c_str());
}

int ask_client_main(const char* socket_path) {
  std::ostringstream ss;
  ss << std::cin.rdbuf();
  json::Value asked;
  std::string perr;
  if (!json::parse(ss.str(), &asked, &perr) || !asked.is_object()) asked = json::Value::object();
  int e = 0;
  sys::UniqueFd fd = sys::connect_unix(socket_path, &e);
  if (!fd) {
    std::cerr << "cannot reach oda-mcp to ask the client: " << std::strerror(e) << "\n";
    return 1;
  }
  json::Value q = json::Value::object();
  q.set("message", question_text(asked));
  if (!sys::send_all(fd.get(), json::write(q) + "\n")) return 1;
  jsonrpc::LineReader in(fd.get(), kMaxLine);
  std::string line;
  json::Value reply;
  if (in.next(&line) != jsonrpc::LineReader::Status::Line || !json::parse(line, &reply, &perr)) {
    std::cerr << "oda-mcp gave no answer\n";
    return 1;
  }
  if (reply.get_or("allowed", false)) return 0;
  std::cerr << reply.get_or("why", "denied") << "\n";
  return 1;
}

}  // namespace oda::mcp
