// Reaching termd (starting it under a lock when term-open finds none), one request and its
// reply, and the ceiling on a result (see client.h); each tool's own parts are in tools.cc.
#include "term/client.h"
#include "term/job_support.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/sandbox.h"
#include "config/config.h"
#include "sys/fd.h"
#include "sys/unix_socket.h"
#include "term/runtime.h"
#include "term/tools.h"
#include "term/wire.h"

extern char** environ;

namespace oda::term {

namespace {

constexpr const char* kNoChat = "refused: no chat: pass --chat ID or set ODA_CHAT";

std::string termd_path() {
  if (const char* p = std::getenv("ODA_TERMD"); p && *p) return p;
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) {
    std::string self(buf, static_cast<size_t>(n));
    std::string sibling = self.substr(0, self.rfind('/') + 1) + "termd";
    if (access(sibling.c_str(), X_OK) == 0) return sibling;
  }
  return "termd";
}

// Starts termd unless one answers, so that clients racing here yield one daemon: under the
// lock, connect once more (the winner may just have started it), then clear a stale socket.
sys::UniqueFd start_daemon(const std::string& path, std::string* err) {
  if (!ensure_runtime_dir(err)) return sys::UniqueFd();
  sys::UniqueFd lock(open(lock_path().c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600));
  if (!lock || flock(lock.get(), LOCK_EX) != 0) {
    *err = "cannot lock '" + lock_path() + "': " + std::strerror(errno);
    return sys::UniqueFd();
  }
  int e = 0;
  sys::UniqueFd fd = sys::connect_unix(path, &e);
  if (fd) return fd;
  unlink(path.c_str());
  std::string exe = termd_path();
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    execlp(exe.c_str(), "termd", static_cast<char*>(nullptr));
    _exit(127);
  }
  // termd forks itself away once it listens: its first process returns as soon as the
  // socket answers.
  int status = 0;
  if (pid > 0) waitpid(pid, &status, 0);
  fd = sys::connect_unix(path, &e);
  if (!fd) *err = "could not start the terminal daemon at " + path + " (" + exe + ")";
  return fd;
}

}  // namespace

sys::UniqueFd connect_daemon(bool start, bool* none, std::string* err) {
  *none = false;
  std::string path = socket_path();
  std::string derr;
  if (!check_runtime_dir(&derr) && !derr.empty()) {
    *err = derr;
    return sys::UniqueFd();
  }
  int e = 0;
  sys::UniqueFd fd = sys::connect_unix(path, &e);
  if (fd) return fd;
  if (e != ENOENT && e != ECONNREFUSED) {
    *err = "cannot reach the terminal daemon at " + path + ": " + std::strerror(e);
    return fd;
  }
  if (!start) {
    *none = true;
    *err = "no terminal daemon running at " + path;
    return fd;
  }
  return start_daemon(path, err);
}

namespace {

// How reading a reply ended.
enum class ReplyRead { Line, Lost, Aborted };

// Reads one reply line, giving up when *abort is set (checked every 50 ms).
// fds (if given) gets what fds came with the bytes read.
ReplyRead read_reply(int fd, wire::LineBuffer* buf, std::string* line, const volatile sig_atomic_t* abort,
                     std::vector<sys::UniqueFd>* fds = nullptr) {
  for (;;) {
    if (buf->next(line)) return ReplyRead::Line;
    if (abort && *abort) return ReplyRead::Aborted;
    pollfd p{fd, POLLIN, 0};
    int r = poll(&p, 1, abort ? 50 : -1);
    if (r < 0 && errno != EINTR) return ReplyRead::Lost;
    if (r <= 0) continue;
    char tmp[65536];
    ssize_t n = fds ? sys::receive_fds(fd, tmp, sizeof tmp, fds) : recv(fd, tmp, sizeof tmp, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ReplyRead::Lost;
    buf->add(std::string_view(tmp, static_cast<size_t>(n)));
  }
}

// Copies the tool's echo flag from the request into the result, for the rendering.
void echo(const Tool& tool, const json::Value& req, json::Value* result) {
  if (tool.echo_flag && req.get_or<bool>(tool.echo_flag, false)) result->set(tool.echo_flag, true);
}

// Fits the rendering under the ceiling by cutting the main field, keeping its start.
void fit(const Tool& tool, json::Value* result, size_t max) {
  std::string text = tool.render(*result);
  if (text.size() <= max) return;
  const char* field = tool.main_field;
  json::Value* v = field ? result->get(field) : nullptr;
  if (!v || !v->is_string()) return;
  result->set("truncated", true);
  for (int i = 0; i < 4; ++i) {
    text = tool.render(*result);
    if (text.size() <= max) return;
    std::string& s = result->get(field)->as_string();
    size_t over = text.size() - max;
    size_t n = s.size() > over ? s.size() - over : 0;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    s.resize(n);
  }
}

}  // namespace

bool decode_escapes(std::string_view in, std::string* out, std::string* err) {
  out->clear();
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] != '\\') { out->push_back(in[i]); continue; }
    if (i + 1 >= in.size()) { *err = "invalid escape '\\' at the end of the text"; return false; }
    char c = in[++i];
    switch (c) {
      case 'n': out->push_back('\n'); break;
      case 'r': out->push_back('\r'); break;
      case 't': out->push_back('\t'); break;
      case 'e': out->push_back('\x1b'); break;
      case '\\': out->push_back('\\'); break;
      case 'x':
      case 'u': {
        size_t digits = c == 'x' ? 2 : 4;
        uint32_t v = 0;
        for (size_t k = 0; k < digits; ++k) {
          int h = i + 1 + k < in.size() ? hex(in[i + 1 + k]) : -1;
          if (h < 0) { *err = std::string("invalid escape '\\") + c + "': expected " + std::to_string(digits) + " hex digits"; return false; }
          v = v * 16 + static_cast<uint32_t>(h);
        }
        i += digits;
        if (c == 'x') out->push_back(static_cast<char>(v));
        else json::append_utf8(out, v);
        break;
      }
      default:
        *err = std::string("invalid escape '\\") + c + "' (known: \\n \\r \\t \\e \\xHH \\uHHHH \\\\)";
        return false;
    }
  }
  return true;
}

bool call(std::string_view tool, const json::Value& request, const CallOptions& opt,
          json::Value* result, std::string* err, int* exit_code) {
  if (opt.chat.empty()) { *err = kNoChat; *exit_code = 1; return false; }
  if (opt.max_bytes < 64) {
    *err = "invalid max-bytes '" + std::to_string(opt.max_bytes) + "': the smallest accepted is 64";
    *exit_code = 2;
    return false;
  }
  const Tool* row = find_tool(tool);
  if (!row) {
    *err = "unknown tool '" + std::string(tool) + "'";
    *exit_code = wire::kCodeUsage;
    return false;
  }
  sandbox::Mode mode;
  if (!opt.sandbox.empty() && !sandbox::parse_mode(opt.sandbox, &mode)) {
    *err = "unknown sandbox mode '" + opt.sandbox + "' (expected read-only, workspace-write or danger-full-access)";
    *exit_code = wire::kCodeUsage;
    return false;
  }
  json::Value req = request.is_object() ? request : json::Value::object();
  // Seed 004: where the build or the setup offers no background sends, one asked anyway.
  if (std::string why = req.get_or<bool>("run_in_background", false) ? background_refusal() : ""; !why.empty()) {
    *err = why;
    *exit_code = wire::kCodeFailed;
    return false;
  }
  if (!row->check(&req, err)) {
    *exit_code = wire::kCodeUsage;
    return false;
  }

  std::string path = socket_path();
  auto lost = [&] {
    *err = "lost the connection to the terminal daemon at " + path;
    *exit_code = wire::kCodeDaemon;
    return false;
  };
  bool none = false;
  sys::UniqueFd fd = connect_daemon(false, &none, err);
  if (!fd && none && row->offline) {
    *result = row->offline(req);
    echo(*row, req, result);
    return true;
  }
  if (!fd && none && row->starts_daemon) fd = connect_daemon(true, &none, err);
  if (!fd) { *exit_code = wire::kCodeDaemon; return false; }
  // ODA_TERM_PROTOCOL lets the tests play an older client.
  const char* pv = std::getenv("ODA_TERM_PROTOCOL");
  json::Value hello = wire::hello(pv && *pv ? std::atoi(pv) : wire::kVersion);
  json::Value msg = json::Value::object();
  msg.set("tool", std::string(tool));
  msg.set("chat", opt.chat);
  msg.set("max_bytes", static_cast<int64_t>(opt.max_bytes));
  if (!opt.sandbox.empty()) msg.set("sandbox", opt.sandbox);
  if (!opt.workspace.empty()) msg.set("workspace", opt.workspace);
  if (row->caller_context) {
    if (const json::Value* cwd = req.get("cwd")) msg.set("cwd", *cwd);
    // The shell and the environment are the caller's, not those of whoever started the
    // daemon: a session starts where its term-open (or run-code program) stands.
    if (const char* sh = std::getenv("SHELL"); sh && *sh) msg.set("shell", std::string(sh));
    // A run-code program's sessions get its run's environment instead (lib/calls).
    json::Value env = json::Value::array();
    if (opt.has_environment) for (const auto& kv : opt.environment) env.push(kv);
    else for (char** e = environ; *e; ++e) env.push(std::string(*e));
    msg.set("environ", std::move(env));
  }
  msg.set("args", req);
  if (!sys::send_all(fd.get(), wire::frame(hello) + wire::frame(msg))) return lost();
  wire::LineBuffer buf;
  std::string line;
  json::Value reply;
  // Two replies: the hello's, then the tool's.
  for (int i = 0; i < 2; ++i) {
    ReplyRead r = read_reply(fd.get(), &buf, &line, opt.abort);
    std::string perr;
    if (r == ReplyRead::Aborted) { *err = "terminal send aborted"; *exit_code = wire::kCodeFailed; return false; }
    if (r == ReplyRead::Lost || !json::parse(line, &reply, &perr) || !reply.is_object()) return lost();
    if (!reply.get_or<bool>("ok", false)) {
      *err = reply.get_or("error", "the terminal daemon refused the request");
      *exit_code = static_cast<int>(reply.get_or<int64_t>("code", wire::kCodeFailed));
      return false;
    }
  }
  const json::Value* res = reply.get("result");
  *result = res ? *res : json::Value::object();
  echo(*row, req, result);
  fit(*row, result, opt.max_bytes);
  return true;
}

bool daemon_request(const json::Value& msg, bool start, const std::vector<int>& fds, json::Value* result,
                    std::vector<sys::UniqueFd>* fds_in, std::string* err) {
  bool none = false;
  sys::UniqueFd fd = connect_daemon(start, &none, err);
  if (!fd) return false;
  // The hello and the request go together; fds come with the first byte, and termd keeps
  // them past the hello for the request.
  if (!sys::send_with_fds(fd.get(), wire::frame(wire::hello()) + wire::frame(msg), fds)) {
    *err = "lost the connection to the terminal daemon at " + socket_path();
    return false;
  }
  wire::LineBuffer buf;
  std::string line;
  json::Value reply;
  for (int i = 0; i < 2; ++i) {
    std::string perr;
    if (read_reply(fd.get(), &buf, &line, nullptr, fds_in) != ReplyRead::Line || !json::parse(line, &reply, &perr) ||
        !reply.is_object()) {
      *err = "lost the connection to the terminal daemon at " + socket_path();
      return false;
    }
    if (!reply.get_or<bool>("ok", false)) {
      *err = reply.get_or("error", "the terminal daemon refused the request");
      return false;
    }
  }
  const json::Value* res = reply.get("result");
  *result = res ? *res : json::Value::object();
  return true;
}

std::string render_text(std::string_view tool, const json::Value& result) {
  const Tool* row = find_tool(tool);
  return row ? row->render(result) : json::write(result);
}

std::string caller_mode(std::string_view tool, const std::string& given) {
  if (!given.empty()) return given;
  if (const char* env = std::getenv(sandbox::kModeVar); env && *env) return env;
  const std::string& fallback = config::current().text("terminal.sandbox");
  if (tool == "terminal_open" && fallback != "danger-full-access") return fallback;
  return "";
}

namespace {
volatile sig_atomic_t g_abort = 0;
void on_abort(int) { g_abort = 1; }
}  // namespace

int tool_main(const cli::Command& cmd, int argc, char** argv) {
  if (const std::string& bad = config::load_error(); !bad.empty()) return cli::fail(cmd, cli::kUsage, bad);
  cli::Args args;
  int code;
  if (!cli::parse(cmd, argc, argv, &args, &code)) return code;
  config::Config& setup = config::current();
  if (args.flag("show-config")) {
    std::string err;
    if (!setup.apply_options(args, {{"terminal.max_bytes", "max-bytes"}, {"terminal.type", "type"},
                                    {"terminal.cols", "cols"}, {"terminal.rows", "rows"},
                                    {"terminal.sandbox", "sandbox"}},
                                   &err))
      return cli::fail(cmd, cli::kUsage, err);
    return config::show(args);
  }
  if (setup.flag("run_code.code_mode"))
    return cli::fail(cmd, cli::kFailed, std::string(cmd.tool) + " is reachable only from a program: call it inside run-code");
  CallOptions opt;
  const char* env_chat = std::getenv("ODA_CHAT");
  opt.chat = args.str("chat", env_chat ? env_chat : "");
  opt.sandbox = caller_mode(cmd.tool, args.has("sandbox") ? args.str("sandbox") : "");
  long long mb = args.integer("max-bytes", setup.integer("terminal.max_bytes"));
  opt.max_bytes = mb < 0 ? 0 : static_cast<size_t>(mb);
  struct sigaction sa{};
  sa.sa_handler = on_abort;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  opt.abort = &g_abort;
  json::Value result;
  std::string err;
  if (!call(cmd.tool, args.as_request(cmd), opt, &result, &err, &code)) {
    if (err == "terminal send aborted") {
      cli::print_result(err);
      return code;
    }
    return cli::fail(cmd, code, err);
  }
  cli::print_result(args.json_output() ? json::write(result) : render_text(cmd.tool, result));
  return cli::kDone;
}

}  // namespace oda::term
