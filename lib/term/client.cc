// Reaching termd (starting it under a lock when term-open finds none), the request checks
// every caller shares, and the text renderings of SPEC 3 (see client.h).
#include "term/client.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/fd.h"
#include "sys/unix_socket.h"
#include "term/runtime.h"
#include "term/wire.h"
#include "term/signals.h"

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

// How reading a reply ended.
enum class ReplyRead { Line, Lost, Aborted };

// Reads one reply line, giving up when *abort is set (checked every 50 ms).
ReplyRead read_reply(int fd, wire::LineBuffer* buf, std::string* line, const volatile sig_atomic_t* abort) {
  for (;;) {
    if (buf->next(line)) return ReplyRead::Line;
    if (abort && *abort) return ReplyRead::Aborted;
    pollfd p{fd, POLLIN, 0};
    int r = poll(&p, 1, abort ? 50 : -1);
    if (r < 0 && errno != EINTR) return ReplyRead::Lost;
    if (r <= 0) continue;
    char tmp[65536];
    ssize_t n = recv(fd, tmp, sizeof tmp, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ReplyRead::Lost;
    buf->add(std::string_view(tmp, static_cast<size_t>(n)));
  }
}

bool whole(const json::Value& v) { return v.is_number() && std::trunc(v.as_number()) == v.as_number(); }

bool valid_name(const std::string& n) {
  if (n.empty() || n.size() > 64) return false;
  for (char c : n) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
  }
  if (n.rfind("pty-", 0) == 0) return false;  // would read as a session id
  return true;
}

std::string num(const json::Value* v) {
  if (!v || !v->is_number()) return "null";
  return json::number_to_string(v->as_number());
}

// Checks and completes a request before it goes to the daemon; false: *err, *code set.
bool check(std::string_view tool, json::Value* req, std::string* err, int* code) {
  *code = 2;
  auto str = [&](const char* k) { return req->get_or(k, ""); };
  auto need_session = [&]() {
    if (str("session").empty()) { *err = "missing session: pass a session id or name"; return false; }
    return true;
  };
  if (tool == "terminal_open") {
    std::string type = str("type");
    if (!type.empty() && type != "shell") { *err = "unknown session type '" + type + "' (the type is 'shell')"; return false; }
    std::string name = str("name");
    if (req->get("name") && !name.empty() && !valid_name(name)) {
      *err = "invalid name '" + name + "': expected letters, digits, '.', '-' or '_', not an id like 'pty-1'";
      return false;
    }
    if (const json::Value* env = req->get("env"); env && env->is_array()) {
      for (const auto& e : env->items()) {
        if (!e.is_string() || e.as_string().find('=') == std::string::npos || e.as_string()[0] == '=') {
          *err = "invalid env '" + (e.is_string() ? e.as_string() : json::write(e)) + "': expected K=V";
          return false;
        }
      }
    }
    for (const char* k : {"cols", "rows"}) {
      if (const json::Value* v = req->get(k); v && (!whole(*v) || v->as_number() < 2 || v->as_number() > 1000)) {
        *err = std::string("invalid ") + k + " '" + num(v) + "': expected a whole number from 2 to 1000";
        return false;
      }
    }
    if (!req->get("cwd")) {
      char buf[PATH_MAX];
      if (getcwd(buf, sizeof buf)) req->set("cwd", std::string(buf));
    }
    return true;
  }
  if (tool == "terminal_send") {
    if (!need_session()) return false;
    if (const json::Value* w = req->get("wait_ms"); w && (!whole(*w) || w->as_number() < 0)) {
      *err = "invalid wait-ms '" + num(w) + "': expected a whole number not below zero";
      return false;
    }
    if (req->get_or<bool>("escapes", false)) {
      std::string out;
      if (!decode_escapes(str("text"), &out, err)) return false;
      req->set("text", out);
    }
    return true;
  }
  if (tool == "terminal_read") {
    if (str("job").empty() && !need_session()) return false;
    if (const json::Value* o = req->get("offset"); o && (!whole(*o) || o->as_number() < 0)) {
      *err = "invalid offset '" + num(o) + "': expected a whole number not below zero";
      return false;
    }
    if (const json::Value* c = req->get("count"); c && (!whole(*c) || c->as_number() < 1)) {
      *err = "invalid count '" + num(c) + "': expected a whole number of at least one";
      return false;
    }
    if (const json::Value* t = req->get("tail"); t && (!whole(*t) || t->as_number() < 1)) {
      *err = "invalid tail '" + num(t) + "': expected a whole number of at least one";
      return false;
    }
    return true;
  }
  if (tool == "terminal_signal") {
    if (!need_session()) return false;
    std::string s = str("signal");
    int sig = signal_number(s);
    if (sig == 0) {
      *err = "unknown signal '" + s + "': expected one of SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP";
      return false;
    }
    req->set("signal", signal_name(sig));
    return true;
  }
  if (tool == "terminal_close") return need_session();
  if (tool == "terminal_list") return true;
  *err = "unknown tool '" + std::string(tool) + "'";
  return false;
}

// The main text field of a result, the one a ceiling cuts.
const char* main_field(std::string_view tool) {
  if (tool == "terminal_open") return "message";
  if (tool == "terminal_send" || tool == "terminal_read") return "output";
  return nullptr;
}

// Fits the rendering under the ceiling by cutting the main field, keeping its start.
void fit(std::string_view tool, json::Value* result, size_t max) {
  std::string text = render_text(tool, *result);
  if (text.size() <= max) return;
  const char* field = main_field(tool);
  json::Value* v = field ? result->get(field) : nullptr;
  if (!v || !v->is_string()) return;
  result->set("truncated", true);
  for (int i = 0; i < 4; ++i) {
    text = render_text(tool, *result);
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
  json::Value req = request.is_object() ? request : json::Value::object();
  if (!check(tool, &req, err, exit_code)) return false;

  std::string path = socket_path();
  std::string derr;
  if (!check_runtime_dir(&derr) && !derr.empty()) { *err = derr; *exit_code = wire::kCodeDaemon; return false; }
  auto lost = [&] {
    *err = "lost the connection to the terminal daemon at " + path;
    *exit_code = wire::kCodeDaemon;
    return false;
  };
  int e = 0;
  sys::UniqueFd fd = sys::connect_unix(path, &e);
  if (!fd) {
    if (e != ENOENT && e != ECONNREFUSED) {
      *err = "cannot reach the terminal daemon at " + path + ": " + std::strerror(e);
      *exit_code = wire::kCodeDaemon;
      return false;
    }
    if (tool == "terminal_list") {
      *result = json::Value::object();
      result->set("sessions", json::Value::array());
      if (req.get_or<bool>("ids", false)) result->set("ids", true);
      return true;
    }
    if (tool != "terminal_open") {
      *err = "no terminal daemon running at " + path;
      *exit_code = wire::kCodeDaemon;
      return false;
    }
    fd = start_daemon(path, err);
    if (!fd) { *exit_code = wire::kCodeDaemon; return false; }
  }
  // ODA_TERM_PROTOCOL lets the tests play an older client.
  const char* pv = std::getenv("ODA_TERM_PROTOCOL");
  json::Value hello = wire::hello(pv && *pv ? std::atoi(pv) : wire::kVersion);
  json::Value msg = json::Value::object();
  msg.set("tool", std::string(tool));
  msg.set("chat", opt.chat);
  msg.set("max_bytes", static_cast<int64_t>(opt.max_bytes));
  if (const json::Value* cwd = req.get("cwd"); cwd && tool == "terminal_open") msg.set("cwd", *cwd);
  // The shell is the caller's, not that of whoever started the daemon.
  if (const char* sh = std::getenv("SHELL"); sh && *sh && tool == "terminal_open") msg.set("shell", std::string(sh));
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
  if (tool == "terminal_list" && req.get_or<bool>("ids", false)) result->set("ids", true);
  fit(tool, result, opt.max_bytes);
  return true;
}

std::string render_text(std::string_view tool, const json::Value& r) {
  auto s = [&](const char* k) { return r.get_or(k, ""); };
  auto flag = [&](const char* k) { return r.get_or<bool>(k, false); };
  std::string out;
  if (tool == "terminal_open") {
    std::string label = s("id");
    if (!s("name").empty()) label += " (" + s("name") + ")";
    out = "started terminal session " + label + " [type: " + s("type") + "]\n";
    std::string m = s("message");
    out += m.empty() && !flag("truncated") ? "(no startup output)" : m;
    if (flag("truncated")) out += "\n[output truncated]";
    return out;
  }
  if (tool == "terminal_send") {
    if (r.get("jobId")) return "started background job " + s("jobId");
    std::string o = s("output");
    out = o.empty() && !flag("truncated") ? "(no new output)" : o;
    if (flag("truncated")) out += "\n[output truncated]";
    std::string reason = s("wait");
    out += "\n[wait: " + reason + "]";
    if (reason == "prompt") out += "\n[exit: " + num(r.get("exit")) + "]";
    if (s("status") == "exited") {
      out += "\n[session: exited code=" + num(r.get("code")) + " signal=" + r.get_or("signal", "null") + "]";
    } else {
      out += "\n[session: running]";
    }
    return out;
  }
  if (tool == "terminal_read") {
    if (r.get("jobId")) {
      std::string o = s("output");
      out = o.empty() && !flag("truncated") ? "(no new output)" : o;
      if (flag("truncated")) out += "\n[output truncated]";
      out += "\n[job: " + s("jobId") + " " + s("status") + "]";
      if (s("status") == "finished") out += "\n[exit: " + num(r.get("exit")) + "]";
      return out;
    }
    if (r.get("screen")) {
      std::string sc = s("screen");
      return sc.empty() ? "(empty screen)" : sc;
    }
    const json::Value* total = r.get("total");
    if (!total || !total->is_number() || total->as_number() == 0) return "(no retained output)";
    if (!r.get("first") || r.get("first")->is_null()) {
      return "(no lines from " + json::number_to_string(r.get("offset")->as_number() + 1) + ")\n[lines: none of " +
             num(total) + "]";
    }
    out = s("output");
    if (flag("truncated")) out += "\n[output truncated]";
    out += "\n[lines: " + num(r.get("first")) + "-" + num(r.get("last")) + " of " + num(total) + "]";
    return out;
  }
  if (tool == "terminal_signal")
    return "delivered " + s("signal") + " to foreground process group " + num(r.get("pgid"));
  if (tool == "terminal_close") {
    if (s("status") == "closed") return "closed terminal session " + s("session");
    return "terminal session " + s("session") + " was already closing";
  }
  if (tool == "terminal_list") {
    const json::Value* list = r.get("sessions");
    bool ids = flag("ids");
    if (!list || !list->is_array() || list->items().empty()) return ids ? "" : "(no terminal sessions)";
    for (const auto& e : list->items()) {
      auto es = [&](const char* k) { return e.get_or(k, ""); };
      if (ids) {
        out += es("id") + "\n";
        if (!es("name").empty()) out += es("name") + "\n";
        continue;
      }
      out += es("id");
      if (!es("name").empty()) out += " (" + es("name") + ")";
      out += " [" + es("type") + "] " + es("status");
      if (const json::Value* pid = e.get("pid"); pid && pid->is_number()) out += " " + num(pid);
      out += "\n";
    }
    if (!out.empty()) out.pop_back();
    return out;
  }
  return json::write(r);
}

namespace {
volatile sig_atomic_t g_abort = 0;
void on_abort(int) { g_abort = 1; }
}  // namespace

int tool_main(const cli::Command& cmd, int argc, char** argv) {
  cli::Args args;
  int code;
  if (!cli::parse(cmd, argc, argv, &args, &code)) return code;
  const char* mode = std::getenv("ODA_CODE_MODE");
  if (mode && std::string_view(mode) == "1")
    return cli::fail(cmd, cli::kFailed, std::string(cmd.tool) + " is reachable only from a program: call it inside run-code");
  CallOptions opt;
  const char* env_chat = std::getenv("ODA_CHAT");
  opt.chat = args.str("chat", env_chat ? env_chat : "");
  long long mb = args.integer("max-bytes", 262144);
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
