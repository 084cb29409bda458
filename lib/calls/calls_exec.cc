// Running a catalog tool's command and an approver: started into its own process group,
// the input on stdin, stdout and stderr collected, stopped on its timeout or when the run is.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>

#include "calls/calls.h"
#include "sys/clock.h"
#include "sys/fd.h"
#include "sys/spawn.h"

namespace oda::calls {

namespace {

constexpr size_t kMaxToolOutput = 64u << 20;  // the run's own output cap; more is useless
constexpr const char* kMinimalPath = "/usr/local/bin:/usr/bin:/bin";

struct Spawned {
  std::string spawn_error;  // non-empty: it never started
  int status = 0;           // waitpid status
  bool timed_out = false;
  bool cancelled = false;
  bool too_big = false;
  std::string out, err;
};

// Stops the whole process group: TERM, a grace period, then KILL; reaps the leader.
void stop_group(pid_t pid, int pidfd, int* status) {
  ::kill(-pid, SIGTERM);
  int64_t until = sys::monotonic_ms() + 1000;
  for (;;) {
    pid_t r = ::waitpid(pid, status, WNOHANG);
    if (r == pid || (r < 0 && errno != EINTR)) break;
    int64_t left = until - sys::monotonic_ms();
    if (left <= 0) {
      ::kill(-pid, SIGKILL);
      while (::waitpid(pid, status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    if (pidfd >= 0) {
      pollfd p{pidfd, POLLIN, 0};
      ::poll(&p, 1, static_cast<int>(left));
    } else {
      ::usleep(10000);
    }
  }
  ::kill(-pid, SIGKILL);  // whatever the leader left behind in its group
}

// Runs argv[0] (a path) with envp (nullptr: this process's environment), writes input to its
// stdin, collects its output until it exits. timeout_ms < 0: no timeout of its own.
Spawned spawn_collect(const std::vector<std::string>& argv, const std::vector<std::string>* envp,
                      const std::string& input, int64_t timeout_ms, const CancelFlag& cancel) {
  Spawned r;
  sys::PipedChild child;
  if (int rc = sys::spawn_piped(argv, envp, sys::Detach::Group, &child); rc != 0) {
    r.spawn_error = std::strerror(rc);
    return r;
  }
  pid_t pid = child.pid;
  sys::UniqueFd pidfd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
  sys::UniqueFd wfd(std::move(child.in)), ofd(std::move(child.out)), efd(std::move(child.err));
  for (int fd : {wfd.get(), ofd.get(), efd.get()}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  size_t written = 0;
  if (input.empty()) wfd.reset();
  int64_t deadline = timeout_ms < 0 ? -1 : sys::monotonic_ms() + timeout_ms;
  bool exited = false;
  int64_t drain_until = -1;  // after the leader exits, a short while for the pipes to empty
  char buf[65536];
  for (;;) {
    if (!exited) {
      pid_t w = ::waitpid(pid, &r.status, WNOHANG);
      if (w == pid) {
        exited = true;
        drain_until = sys::monotonic_ms() + 200;
        wfd.reset();
      }
    }
    if (exited && !ofd && !efd) break;
    int64_t now = sys::monotonic_ms();
    if (exited && now >= drain_until) break;
    if (!exited && cancel.cancelled()) {
      r.cancelled = true;
      stop_group(pid, pidfd.get(), &r.status);
      exited = true;
      break;
    }
    if (!exited && deadline >= 0 && now >= deadline) {
      r.timed_out = true;
      stop_group(pid, pidfd.get(), &r.status);
      exited = true;
      break;
    }
    pollfd fds[5];
    int n = 0;
    int iw = -1, io = -1, ie = -1;
    if (wfd) iw = n, fds[n++] = {wfd.get(), POLLOUT, 0};
    if (ofd) io = n, fds[n++] = {ofd.get(), POLLIN, 0};
    if (efd) ie = n, fds[n++] = {efd.get(), POLLIN, 0};
    if (!exited) {
      fds[n++] = {cancel.fd(), POLLIN, 0};
      fds[n++] = {pidfd.get(), POLLIN, 0};  // -1 without pidfd: poll ignores it
    }
    int64_t wait = 1000;
    if (exited) wait = drain_until - now;
    else if (deadline >= 0) wait = std::min<int64_t>(wait, deadline - now);
    if (!pidfd && !exited) wait = std::min<int64_t>(wait, 20);
    if (::poll(fds, n, static_cast<int>(std::max<int64_t>(wait, 0))) < 0 && errno != EINTR) break;
    if (iw >= 0 && (fds[iw].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t k = ::write(wfd.get(), input.data() + written, input.size() - written);
      if (k > 0) written += k;
      if ((k < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) wfd.reset();
    }
    for (auto [idx, fdp, dst] : {std::tuple{io, &ofd, &r.out}, std::tuple{ie, &efd, &r.err}}) {
      if (idx < 0 || !(fds[idx].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t k = ::read(fdp->get(), buf, sizeof buf);
      if (k > 0) {
        dst->append(buf, k);
        if (dst->size() > kMaxToolOutput) r.too_big = true;
      } else if (k == 0 || (errno != EAGAIN && errno != EINTR)) {
        fdp->reset();
      }
    }
    if (r.too_big && !exited) {
      stop_group(pid, pidfd.get(), &r.status);
      exited = true;
      break;
    }
  }
  if (!exited) {
    while (::waitpid(pid, &r.status, 0) < 0 && errno == EINTR) {
    }
  }
  ::kill(-pid, SIGKILL);  // nothing of the call outlives it
  return r;
}

std::string trim_end(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
    s.pop_back();
  return s;
}

}  // namespace

Outcome exec_tool(const Tool& tool, const json::Value& arguments, const CancelFlag& cancel) {
  std::vector<std::string> env;
  bool has_path = false;
  for (const auto& name : tool.env) {
    if (name == "PATH") has_path = true;
    if (const char* v = ::getenv(name.c_str())) env.push_back(name + "=" + v);
  }
  if (!has_path) env.push_back(std::string("PATH=") + kMinimalPath);
  Spawned s = spawn_collect(tool.command, &env, json::write(arguments) + "\n", tool.timeout_ms, cancel);
  std::string who = "tool '" + tool.name + "'";
  if (!s.spawn_error.empty())
    return Outcome::fail(Outcome::Status::Error, who + " could not start: " + s.spawn_error);
  if (s.cancelled) return Outcome::fail(Outcome::Status::Cancelled, "the run was stopped");
  if (s.timed_out)
    return Outcome::fail(Outcome::Status::Timeout,
                         who + " timed out after " + std::to_string(tool.timeout_ms) + "ms");
  if (s.too_big)
    return Outcome::fail(Outcome::Status::Error, who + " printed more than 64 MiB");
  std::string err = trim_end(s.err);
  if (WIFSIGNALED(s.status)) {
    std::string m = who + " was killed by signal " + std::to_string(WTERMSIG(s.status)) + " (" +
                    sigabbrev_np(WTERMSIG(s.status)) + ")";
    return Outcome::fail(Outcome::Status::Error, err.empty() ? m : m + ": " + err);
  }
  if (WEXITSTATUS(s.status) != 0)
    return Outcome::fail(Outcome::Status::Error,
                         err.empty() ? who + " exited with status " +
                                           std::to_string(WEXITSTATUS(s.status))
                                     : err);
  json::Value v;
  std::string why;
  json::ParseError pe = json::ParseError::None;
  if (json::parse(s.out, &v, &why, &pe)) return Outcome::ok(std::move(v));
  if (pe == json::ParseError::UnsafeInteger)
    return Outcome::fail(Outcome::Status::Unlossless, "binding resolution must be lossless JSON");
  // Not JSON: the text, less the one newline a command ends its output with.
  std::string text = std::move(s.out);
  if (!text.empty() && text.back() == '\n') text.pop_back();
  if (!text.empty() && text.back() == '\r') text.pop_back();
  return Outcome::ok(json::Value(std::move(text)));
}

bool approve(const std::string& approver, const std::string& tool, const json::Value& arguments,
             const CancelFlag& cancel, std::string* why) {
  json::Value call = json::Value::object();
  call.set("tool", tool);
  call.set("arguments", arguments);
  if (!approver.empty()) {
    Spawned s = spawn_collect({"/bin/sh", "-c", approver}, nullptr, json::write(call) + "\n", -1,
                              cancel);
    if (s.spawn_error.empty() && !s.cancelled && WIFEXITED(s.status) && WEXITSTATUS(s.status) == 0)
      return true;
    std::string err = trim_end(s.err);
    *why = "call to '" + tool + "' denied by the approver" + (err.empty() ? "" : ": " + err);
    return false;
  }
  int fd = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    *why = "call to '" + tool + "' denied: no approver and no terminal to ask";
    return false;
  }
  // One question on the terminal at a time, however many calls wait.
  static std::mutex tty_mu;
  std::lock_guard lock(tty_mu);
  std::string q = "run-code: allow a call to '" + tool + "' with " + json::write(arguments) +
                  "? [y/N] ";
  (void)!::write(fd, q.data(), q.size());
  std::string line;
  bool answered = false;
  while (!answered && !cancel.cancelled()) {
    pollfd p[2] = {{fd, POLLIN, 0}, {cancel.fd(), POLLIN, 0}};
    if (::poll(p, 2, -1) < 0 && errno != EINTR) break;
    if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    char c;
    ssize_t k = ::read(fd, &c, 1);
    if (k <= 0) break;
    if (c == '\n') answered = true;
    else line += c;
  }
  ::close(fd);
  line = trim_end(line);
  if (answered && (line == "y" || line == "Y" || line == "yes" || line == "YES" || line == "Yes"))
    return true;
  *why = "call to '" + tool + "' denied on the terminal";
  return false;
}

}  // namespace oda::calls
