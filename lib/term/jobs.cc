// Background jobs beside their sessions (see jobs.h).
#include "term/jobs.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "sandbox/sandbox_shell.h"
#include "sys/clock.h"
#include "sys/fd.h"
#include "term/closing.h"
#include "term/lines.h"
#include "term/procs.h"
#include "term/text.h"

namespace oda::term {

bool state_dump(std::string_view file, std::string* dump) {
  static constexpr std::string_view kHead = "#oda-state ";
  if (file.substr(0, kHead.size()) != kHead) return false;
  size_t nl = file.find('\n');
  if (nl == std::string_view::npos) return false;
  std::string closing = "\n" + std::string(file.substr(0, nl + 1));
  size_t end = file.find(closing, nl);
  if (end == std::string_view::npos) return false;
  *dump = std::string(file.substr(nl + 1, end - nl));
  return true;
}

namespace {

// The name the job's dump travels under, read and unset by the job's shell before its text.
constexpr const char* kDumpVar = "__ODA_JOB_ENV";

std::string name_of(const std::string& kv) { return kv.substr(0, kv.find('=') + 1); }

}  // namespace

JobPlan job_plan(const std::string& shell, ShellKind kind, const std::string& text,
                 const std::optional<std::string>& dump, const std::vector<std::string>& exec_env,
                 const std::vector<std::string>& own) {
  JobPlan p;
  switch (kind) {
    case ShellKind::Bash: p.argv = {shell, "--noprofile", "--norc", "-c"}; break;
    case ShellKind::Zsh: p.argv = {shell, "-f", "-c"}; break;
    case ShellKind::Posix: p.argv = {shell, "-c"}; break;
  }
  std::string script;
  if (dump) {
    // The dump is the shell's own `export -p`, which that shell reads back as it wrote it.
    script = std::string("builtin eval \"$") + kDumpVar + "\"; builtin unset " + kDumpVar + "\n";
    p.env = own;
    p.env.push_back(std::string(kDumpVar) + "=" + *dump);
  } else {
    for (const auto& kv : exec_env) {
      bool replaced = false;
      for (const auto& o : own) replaced = replaced || name_of(kv) == name_of(o);
      if (!replaced) p.env.push_back(kv);
    }
    p.env.insert(p.env.end(), own.begin(), own.end());
  }
  p.argv.push_back(script + text);
  return p;
}

struct Jobs::Job {
  std::string id, chat, session, text;
  const Session* s = nullptr;  // null once its session is closed
  bool sandboxed = false;
  sandbox::Mode mode = sandbox::Mode::DangerFullAccess;
  std::string workspace;
  sys::UniqueFd master, slave, status_fd;
  pid_t shell = -1, keeper = -1;
  LineStore store{100000};
  TextSink sink{&store};
  Pos cursor;
  std::string state = "running";
  json::Value exit;
  // The keeper's report of the shell's end, taken as the job's end once the terminal has
  // given all the shell wrote (at its end of file, or kSettleMs after the report when what
  // the job left behind holds the terminal on).
  std::optional<int> ended;
  int64_t ended_ms = 0;
  bool term_sent = false;  // a close's SIGTERM went out
  bool keeper_gone = false;  // reaped: nothing the job started is left
};

namespace {

std::string read_link(const std::string& path) {
  char buf[4096];
  ssize_t n = readlink(path.c_str(), buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

bool read_file(const std::string& path, std::string* out) {
  sys::UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
  return fd && sys::read_to_end(fd.get(), out);
}

// The session's exported variables now: its state file once whole (a shell writing it
// over is given a moment to finish).
std::optional<std::string> session_dump(const Session& s) {
  if (s.state_path().empty()) return std::nullopt;
  for (int attempt = 0; attempt < 5; ++attempt) {
    std::string file, dump;
    if (!read_file(s.state_path(), &file) || file.empty()) return std::nullopt;
    if (state_dump(file, &dump)) return dump;
    usleep(2000);
  }
  return std::nullopt;
}

std::vector<std::string> exec_env(pid_t pid) {
  std::string raw;
  std::vector<std::string> env;
  if (!read_file("/proc/" + std::to_string(pid) + "/environ", &raw)) return env;
  size_t at = 0;
  while (at < raw.size()) {
    size_t z = raw.find('\0', at);
    if (z == std::string::npos) z = raw.size();
    if (z > at) env.emplace_back(raw, at, z - at);
    at = z + 1;
  }
  return env;
}

// A terminal for the job, set up as a session's (echo off: nothing is typed into it).
bool open_terminal(int cols, int rows, sys::UniqueFd* master, sys::UniqueFd* slave, std::string* slave_name,
                   std::string* err) {
  master->reset(posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!*master || grantpt(master->get()) != 0 || unlockpt(master->get()) != 0) {
    *err = std::string("cannot open a pseudo-terminal for the job: ") + std::strerror(errno);
    return false;
  }
  const char* pts = ptsname(master->get());
  *slave_name = pts ? pts : "";
  // Held until the job's shell ended, so the terminal is there however early it writes.
  slave->reset(open(slave_name->c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!*slave) {
    *err = std::string("cannot open the job's terminal: ") + std::strerror(errno);
    return false;
  }
  termios t;
  tcgetattr(slave->get(), &t);
  t.c_lflag |= ICANON | ISIG | IEXTEN;
  t.c_lflag &= ~(ECHO | ECHOE | ECHOK | ECHONL | ECHOCTL | ECHOKE);
  t.c_oflag |= OPOST | ONLCR;
  tcsetattr(slave->get(), TCSANOW, &t);
  winsize ws{};
  ws.ws_col = static_cast<unsigned short>(cols);
  ws.ws_row = static_cast<unsigned short>(rows);
  ioctl(master->get(), TIOCSWINSZ, &ws);
  fcntl(master->get(), F_SETFL, fcntl(master->get(), F_GETFL) | O_NONBLOCK);
  return true;
}

constexpr int64_t kSettleMs = 200;

void signal_all(const std::vector<pid_t>& procs, int sig) {
  for (pid_t p : procs) {
    kill(p, sig);
    if (sig == SIGHUP) kill(p, SIGCONT);
  }
}

}  // namespace

Jobs::Jobs() = default;

Jobs::~Jobs() {
  // The daemon's end: nothing of a job outlives it.
  for (auto& j : jobs_) signal_all(session_processes(j->shell, j->keeper, ""), SIGKILL);
}

bool Jobs::start(const std::string& chat, Session* s, const std::string& text, json::Value* result, int* master,
                 std::string* err) {
  size_t running = 0;
  for (auto& j : jobs_) {
    settle(j.get(), !j->master);
    if (j->chat == chat && j->state == "running") ++running;
  }
  if (running >= kMaxRunningPerChat) {
    *err = "refused: chat '" + chat + "' has " + std::to_string(kMaxRunningPerChat) +
           " jobs running, the most termd runs at once for a chat: wait for one to end";
    return false;
  }
  // The oldest ended jobs whose terminal is closed are forgotten past kKept.
  while (jobs_.size() >= kKept) {
    auto old = std::find_if(jobs_.begin(), jobs_.end(), [](auto& j) { return j->state != "running" && !j->master && j->keeper_gone; });
    if (old == jobs_.end()) break;
    jobs_.erase(old);
  }
  auto j = std::make_unique<Job>();
  std::string slave_name;
  if (!open_terminal(s->cols(), s->rows(), &j->master, &j->slave, &slave_name, err)) return false;
  // The shell the session runs now (it may have exec'd another), in its folder now.
  pid_t pid = s->pid() > 0 ? s->pid() : s->leader();
  std::string shell = s->shell();
  ShellKind kind = ShellKind::Bash;
  shell_kind(shell, &kind);
  if (std::string exe = read_link("/proc/" + std::to_string(pid) + "/exe"); shell_kind(exe, &kind)) shell = exe;
  else shell_kind(shell, &kind);
  std::string cwd = read_link("/proc/" + std::to_string(pid) + "/cwd");
  struct stat st;
  if (cwd.empty() || stat(cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) cwd = "/";
  // A POSIX sh writes no dump: the job then gets what the session's shell started with.
  std::optional<std::string> dump = kind == ShellKind::Posix ? std::nullopt : session_dump(*s);
  JobPlan plan = job_plan(shell, kind, text, dump, exec_env(pid), {s->tag()});
  int ruleset = -1;
  if (s->box() && !s->box()->child_ruleset(slave_name, &ruleset, err)) return false;
  ShellProcess proc;
  bool ok = start_shell_process(
      ShellStart{.argv = plan.argv, .env = plan.env, .cwd = cwd, .tty = slave_name, .ruleset = ruleset}, &proc, err);
  if (ruleset >= 0) close(ruleset);
  if (!ok) return false;
  j->id = "job-" + std::to_string(next_++);
  j->chat = chat;
  j->session = s->id();
  j->text = text;
  j->s = s;
  j->sandboxed = s->sandboxed();
  j->mode = s->mode();
  j->workspace = s->workspace();
  j->shell = proc.shell;
  j->keeper = proc.keeper;
  j->status_fd.reset(proc.status_fd);
  json::Value r = json::Value::object();
  r.set("jobId", j->id);
  r.set("session", s->id());
  r.set("text", text);
  r.set("status", "running");
  *result = std::move(r);
  *master = j->master.get();
  jobs_.push_back(std::move(j));
  return true;
}

Jobs::Job* Jobs::by_master(int master) {
  for (auto& j : jobs_) if (j->master && j->master.get() == master) return j.get();
  return nullptr;
}

bool Jobs::on_output(int master) {
  Job* j = by_master(master);
  if (!j) return false;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(master, buf, sizeof buf);
    if (n > 0) {
      j->sink.feed(std::string_view(buf, static_cast<size_t>(n)));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return true;
    // Every process of the job closed its terminal: nothing more can come.
    j->sink.commit_partial();
    j->master.reset();
    settle(j, true);
    return false;
  }
}

void Jobs::reap() {
  for (auto& j : jobs_) {
    if (!j->keeper_gone && waitpid(j->keeper, nullptr, WNOHANG) == j->keeper) j->keeper_gone = true;
    if (!j->status_fd) continue;
    int status = 0;
    if (::read(j->status_fd.get(), &status, sizeof status) != static_cast<ssize_t>(sizeof status)) continue;
    j->status_fd.reset();
    j->ended = status;
    j->ended_ms = sys::monotonic_ms();
    // Once what it left behind closes the terminal too, the reader sees its end of file.
    j->slave.reset();
    if (j->master) on_output(j->master.get());
    settle(j.get(), !j->master);
  }
}

void Jobs::settle(Job* j, bool all_read) {
  if (j->state != "running" || !j->ended) return;
  if (!all_read && sys::monotonic_ms() - j->ended_ms < kSettleMs) return;
  if (WIFEXITED(*j->ended)) {
    j->state = "finished";
    j->exit = WEXITSTATUS(*j->ended);
  } else {
    j->state = "killed";
  }
}

void Jobs::close_session(const Session* s) {
  for (auto& j : jobs_) {
    if (j->s != s) continue;
    settle(j.get(), !j->master);
    if (j->state == "running") j->state = "killed";
    signal_all(session_processes(j->shell, j->keeper, ""), SIGHUP);
  }
}

bool Jobs::ended_with(const Session* s, int64_t elapsed) {
  bool gone = true;
  Closing::Phase phase = closing_phase(elapsed);
  for (auto& j : jobs_) {
    if (j->s != s) continue;
    std::vector<pid_t> left;
    if (!j->keeper_gone) left = session_processes(j->shell, j->keeper, "");
    if (left.empty()) {
      j->s = nullptr;
      continue;
    }
    gone = false;
    if (phase != Closing::Phase::HungUp && !j->term_sent) {
      signal_all(left, SIGTERM);
      j->term_sent = true;
    }
    if (phase == Closing::Phase::Killed) signal_all(left, SIGKILL);
  }
  return gone;
}

bool Jobs::find(const std::string& chat, const std::string& id, std::string* session, sandbox::Mode* mode) const {
  for (const auto& j : jobs_) {
    if (j->id != id || j->chat != chat) continue;
    *session = j->session;
    *mode = j->mode;
    return true;
  }
  return false;
}

void Jobs::forget(const Session* s) {
  for (auto& j : jobs_) {
    if (j->s != s) continue;
    // A session freed without a close (its shell ended before its first prompt): what its
    // jobs left goes with it now.
    if (!j->keeper_gone) signal_all(session_processes(j->shell, j->keeper, ""), SIGKILL);
    if (j->state == "running") j->state = "killed";
    j->s = nullptr;
  }
}

bool Jobs::read(const std::string& chat, const std::string& id, size_t max_bytes, json::Value* result) {
  for (auto& j : jobs_) {
    if (j->id != id || j->chat != chat) continue;
    if (j->master) on_output(j->master.get());
    settle(j.get(), !j->master);
    std::string out = text_since(j->store, j->sink.partial(), &j->cursor, UINT64_MAX, max_bytes);
    bool truncated = cut(&out, max_bytes);
    json::Value r = json::Value::object();
    r.set("jobId", j->id);
    r.set("session", j->session);
    r.set("text", j->text);
    r.set("output", out);
    r.set("truncated", truncated);
    r.set("status", j->state);
    r.set("exit", j->exit);
    *result = std::move(r);
    return true;
  }
  return false;
}

std::vector<SessionBound> Jobs::bounds() const {
  std::vector<SessionBound> out;
  for (const auto& j : jobs_) {
    if (!j->s) continue;
    out.push_back({j->shell, j->sandboxed, j->mode, j->workspace});
    out.push_back({j->keeper, j->sandboxed, j->mode, j->workspace});
  }
  return out;
}

}  // namespace oda::term
