// oda-mcp's job (see mcp.h): settings from the command line and the environment, the chat of
// the connection, the read loop, and the end: calls cancelled, a chat of our own closed.
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include "mcp/ask.h"
#include "mcp/mcp.h"
#include "mcp/tools.h"
#include "term/client.h"

namespace oda::mcp {

namespace {

// Past this a message is refused unread: a program (run_code's code) of a few megabytes is
// plenty, and the reader must not hold a runaway line in memory.
constexpr size_t kMaxMessageBytes = size_t{32} << 20;

std::string sibling(const char* name) {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) {
    std::string self(buf, static_cast<size_t>(n));
    std::string path = self.substr(0, self.rfind('/') + 1) + name;
    if (access(path.c_str(), X_OK) == 0) return path;
  }
  return name;
}

// A chat nobody else can name: "mcp-" and 16 random hex digits.
std::string own_chat() {
  unsigned char bytes[8] = {};
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ssize_t ignored = read(fd, bytes, sizeof bytes);
    (void)ignored;
    close(fd);
  }
  std::string id = "mcp-";
  for (unsigned char b : bytes) {
    const char* hex = "0123456789abcdef";
    id += hex[b >> 4];
    id += hex[b & 15];
  }
  return id;
}

// Ends the sessions of a chat that only this connection knew: nobody can reach them later.
void close_own_sessions(const std::string& chat) {
  term::CallOptions opt;
  opt.chat = chat;
  json::Value list, ignored;
  std::string err;
  int code = 0;
  if (!term::call("terminal_list", json::Value::object(), opt, &list, &err, &code)) return;
  const json::Value* sessions = list.get("sessions");
  if (!sessions || !sessions->is_array()) return;
  for (const json::Value& s : sessions->items()) {
    json::Value req = json::Value::object();
    req.set("session", s.get_or("id", ""));
    term::call("terminal_close", req, opt, &ignored, &err, &code);
  }
}

Settings settings_from(const cli::Command& cmd, const cli::Args& args) {
  Settings s;
  const char* env_chat = std::getenv("ODA_CHAT");
  s.chat = args.str("chat", env_chat ? env_chat : "");
  const char* mode = std::getenv("ODA_CODE_MODE");
  s.code_mode = args.flag("code-mode") || (mode && std::string_view(mode) == "1");
  long long mb = args.integer("max-bytes", 262144);
  s.max_bytes = mb < 0 ? 0 : static_cast<size_t>(mb);
  for (const cli::Option& o : cmd.options) {
    if (!is_run_option(o.name) || !args.has(o.name)) continue;
    std::string flag = std::string("--") + o.name;
    const json::Value* v = args.get(o.name);
    if (o.kind == cli::Kind::Flag) {
      s.run_args.push_back(flag);
    } else if (o.kind == cli::Kind::List) {
      for (const auto& item : v->items()) s.run_args.insert(s.run_args.end(), {flag, item.as_string()});
    } else {
      s.run_args.insert(s.run_args.end(), {flag, v->is_string() ? v->as_string() : json::write(*v)});
    }
  }
  s.sandbox = args.str("sandbox", "");
  s.workspace = args.str("workspace", "");
  s.run_code = sibling("run-code");
  return s;
}

}  // namespace

int serve(const cli::Command& cmd, const cli::Args& args) {
  Settings s = settings_from(cmd, args);
  if (s.max_bytes < 64)
    return cli::fail(cmd, cli::kUsage, "invalid max-bytes '" + std::to_string(s.max_bytes) + "': the smallest accepted is 64");
  bool own = s.chat.empty();
  if (own) s.chat = own_chat();
  // Stdout carries protocol messages only: the writer keeps it, and fd 1 becomes stderr, so
  // nothing printed by mistake can corrupt the stream.
  int proto = fcntl(1, F_DUPFD_CLOEXEC, 3);
  if (proto < 0) return cli::fail(cmd, cli::kFailed, std::string("cannot use stdout: ") + std::strerror(errno));
  dup2(2, 1);
  signal(SIGPIPE, SIG_IGN);
  // SIGINT, SIGTERM and SIGHUP end the connection as a closed stdin does; they are taken by
  // one thread (sigwait), so the calls' threads never see them.
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);

  ServerOptions so;
  if (const char* p = std::getenv("ODA_MCP_PROGRESS_MS"); p && std::atoi(p) > 0) so.progress_ms = std::atoi(p);
  if (s.code_mode)
    so.instructions = "Code-call mode: only run_code is offered. Call the terminal tools (terminal_open, "
                      "terminal_send, ...) as async functions from inside a run_code program.";
  std::string chat = s.chat;
  Server* asked = nullptr;
  AskListener listener;
  std::string err;
  if (listener.start([&asked](const std::string& m) { return asked->elicit(m); }, &err))
    s.ask_client = listener.approver(sibling("oda-mcp"));
  else
    cli::fail(cmd, 0, err + " (approvals will not ask the client)");
  Tools tools(std::move(s));
  jsonrpc::Writer out(proto);
  Server server(so, &tools, &out);
  asked = &server;
  auto finish = [&] {
    server.shutdown();
    tools.stop();
    listener.stop();
    if (own) close_own_sessions(chat);
  };
  std::thread([&] {
    int sig = 0;
    sigwait(&stop, &sig);
    finish();
    _exit(cli::kDone);
  }).detach();

  jsonrpc::LineReader in(0, kMaxMessageBytes);
  std::string line;
  for (;;) {
    jsonrpc::LineReader::Status st = in.next(&line);
    if (st == jsonrpc::LineReader::Status::End) break;
    if (st == jsonrpc::LineReader::Status::TooLong) server.too_long(kMaxMessageBytes);
    else server.handle(line);
  }
  finish();
  _exit(cli::kDone);
}

}  // namespace oda::mcp
