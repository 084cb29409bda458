// Asking for a wider file sandbox for one run: the flag, the approver, or the terminal.
#include "sandbox/sandbox_escalation.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>

#include "sys/clock.h"

namespace oda::sandbox {

namespace {

std::string what(const Policy& chat, Mode requested, const std::string& justification) {
  return std::string("this run asks for the file sandbox mode ") + mode_name(requested) +
         " (the chat's mode is " + mode_name(chat.mode) + "): " + justification;
}

void to_stderr(const std::string& line) {
  std::string s = "run-code: " + line + "\n";
  ssize_t w = write(2, s.data(), s.size());
  (void)w;
}

// Runs the approver through the shell, in a process group of its own, with the question on
// its stdin; its stderr is kept for the denial, its stdout dropped so it never mixes with the
// run's result. true when it exits 0 in time. One poll loop feeds stdin, drains stderr and
// watches the clock, so an approver that reads nothing or never exits cannot stall us.
bool ask_approver(const std::string& cmd, const std::string& question, long long timeout_ms,
                  std::string* why) {
  int in[2], err[2];
  if (pipe2(in, O_CLOEXEC) != 0) {
    *why = std::string("denied: cannot start the approver (") + strerror(errno) + ")";
    return false;
  }
  if (pipe2(err, O_CLOEXEC) != 0) {
    *why = std::string("denied: cannot start the approver (") + strerror(errno) + ")";
    close(in[0]);
    close(in[1]);
    return false;
  }
  pid_t pid = fork();
  if (pid < 0) {
    *why = std::string("denied: cannot start the approver (") + strerror(errno) + ")";
    for (int fd : {in[0], in[1], err[0], err[1]}) close(fd);
    return false;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(in[0], 0);
    int null = open("/dev/null", O_WRONLY);
    dup2(null >= 0 ? null : 2, 1);
    dup2(err[1], 2);
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);
  close(in[0]);
  close(err[1]);
  fcntl(in[1], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  // An approver that does not read its question makes our write fail with EPIPE, not us die.
  struct sigaction ign {}, old {};
  ign.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ign, &old);
  size_t off = 0;
  int to = in[1], from = err[0];
  std::string text;
  long long deadline = sys::monotonic_ms() + timeout_ms;
  int status = 0;
  bool exited = false;
  while (!exited) {
    if (to >= 0 && off < question.size()) {
      ssize_t n = write(to, question.data() + off, question.size() - off);
      if (n > 0) off += static_cast<size_t>(n);
      if (n < 0 && errno != EAGAIN && errno != EINTR) off = question.size();
    }
    if (to >= 0 && off >= question.size()) {
      close(to);
      to = -1;
    }
    if (from >= 0) {
      char buf[1024];
      ssize_t n;
      while ((n = read(from, buf, sizeof buf)) > 0) {
        if (text.size() < 4096) text.append(buf, static_cast<size_t>(n));
      }
      if (n == 0) {
        close(from);
        from = -1;
      }
    }
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      exited = true;
    } else if (sys::monotonic_ms() >= deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      if (to >= 0) close(to);
      if (from >= 0) close(from);
      sigaction(SIGPIPE, &old, nullptr);
      *why = "denied: the approver did not answer in time";
      return false;
    } else {
      struct pollfd p[2] = {{to, POLLOUT, 0}, {from, POLLIN, 0}};
      poll(p, 2, 20);
    }
  }
  if (from >= 0) {  // what it wrote just before exiting
    char buf[1024];
    ssize_t n;
    while ((n = read(from, buf, sizeof buf)) > 0 && text.size() < 4096) text.append(buf, static_cast<size_t>(n));
    close(from);
  }
  if (to >= 0) close(to);
  sigaction(SIGPIPE, &old, nullptr);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.pop_back();
  }
  *why = "denied by the approver" + (text.empty() ? "" : ": " + text);
  return false;
}

// Asks on the terminal; 1 allowed, 0 denied, -1 no terminal to ask.
int ask_terminal(const std::string& tty, const std::string& text, long long timeout_ms) {
  int fd = open(tty.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return -1;
  std::string q = "run-code: " + text + "\nAllow this run? [y/N] ";
  ssize_t w = write(fd, q.data(), q.size());
  (void)w;
  std::string answer;
  long long deadline = sys::monotonic_ms() + timeout_ms;
  for (;;) {
    long long left = deadline - sys::monotonic_ms();
    if (left <= 0) break;
    struct pollfd p{fd, POLLIN, 0};
    int r = poll(&p, 1, static_cast<int>(left > 1000000 ? 1000000 : left));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    char c;
    ssize_t n = read(fd, &c, 1);
    if (n <= 0 || c == '\n') break;
    answer.push_back(c);
  }
  close(fd);
  return answer == "y" || answer == "Y" || answer == "yes" || answer == "Yes" ? 1 : 0;
}

}  // namespace

json::Value escalation_question(const Policy& chat, Mode requested,
                                const std::string& justification, const AskOptions& opt) {
  json::Value q = json::Value::object();
  q.set("type", "sandbox_escalation");
  q.set("tool", "run_code");
  q.set("description", opt.description);
  q.set("mode", mode_name(chat.mode));
  q.set("requested", mode_name(requested));
  q.set("justification", justification);
  q.set("workspace", chat.workspace);
  return q;
}

Decision decide_escalation(const Policy& chat, Mode requested, const std::string& justification,
                           const AskOptions& opt) {
  Decision d;
  if (!is_wider(requested, chat.mode)) {
    d.allowed = true;
    d.mode = requested;
    d.by = "none";
    return d;
  }
  std::string text = what(chat, requested, justification);
  std::string denied = std::string("escalation to '") + mode_name(requested) + "' ";
  if (opt.approve_flag) {
    to_stderr(text);
    d.allowed = true;
    d.by = "--approve-escalation";
  } else if (!opt.approver.empty()) {
    to_stderr(text);
    std::string why;
    std::string question = json::write(escalation_question(chat, requested, justification, opt));
    d.allowed = ask_approver(opt.approver, question + "\n", opt.timeout_ms, &why);
    d.by = "approver";
    if (!d.allowed) d.refusal = denied + why + "; nothing ran";
  } else {
    int r = ask_terminal(opt.tty, text, opt.timeout_ms);
    d.by = r < 0 ? "none" : "terminal";
    if (r < 0) {
      to_stderr(text);
      d.refusal = denied +
                  "denied: no approver and no terminal to ask (pass --approve-escalation to "
                  "allow it in a script); nothing ran";
    } else if (r == 0) {
      d.refusal = denied + "denied on the terminal; nothing ran";
    }
    d.allowed = r == 1;
  }
  d.mode = d.allowed ? requested : chat.mode;
  return d;
}

}  // namespace oda::sandbox
