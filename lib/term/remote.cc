// Sessions on another host or behind another program (see remote.h).
#include "term/remote.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <functional>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "sys/fd.h"
#include "term/session.h"
#include "term/spawn.h"
#include "term/tty_probe.h"

namespace oda::term {

bool parse_session_type(std::string_view word, SessionType* type) {
  if (word == "shell") *type = SessionType::Shell;
  else if (word == "ssh") *type = SessionType::Ssh;
  else if (word == "command") *type = SessionType::Command;
  else return false;
  return true;
}

std::string_view session_type_name(SessionType type) {
  switch (type) {
    case SessionType::Ssh: return "ssh";
    case SessionType::Command: return "command";
    case SessionType::Shell: break;
  }
  return "shell";
}

std::string control_socket(const std::string& runtime, const std::string& host, const std::vector<std::string>& options) {
  std::string key = host;
  for (const auto& o : options) key += '\n' + o;
  char hex[17];
  snprintf(hex, sizeof hex, "%016zx", std::hash<std::string>{}(key));
  return runtime + "/ssh/" + hex;
}

namespace {

std::vector<std::string> with_options(const std::string& ssh, const std::vector<std::string>& options) {
  std::vector<std::string> argv = {ssh};
  for (const auto& o : options) argv.insert(argv.end(), {"-o", o});
  return argv;
}

}  // namespace

std::vector<std::string> ssh_argv(const std::string& ssh, const std::string& host, const std::vector<std::string>& options,
                                  const std::string& socket) {
  std::vector<std::string> argv = with_options(ssh, options);
  argv.insert(argv.end(), {"-tt", "-o", "ControlMaster=no", "-o", "ControlPath=" + socket, "--", host});
  return argv;
}

std::vector<std::string> ssh_master_argv(const std::string& ssh, const std::string& host,
                                         const std::vector<std::string>& options, const std::string& socket) {
  std::vector<std::string> argv = with_options(ssh, options);
  argv.insert(argv.end(), {"-N", "-T", "-o", "BatchMode=yes", "-o", "ControlMaster=yes", "-o", "ControlPath=" + socket,
                           "-o", "ControlPersist=" + std::to_string(kPersistSeconds), "--", host});
  return argv;
}

namespace {

bool answers(const std::string& socket) {
  sys::UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (!fd || socket.size() >= sizeof addr.sun_path) return false;
  socket.copy(addr.sun_path, socket.size());
  return connect(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
}

}  // namespace

void start_ssh_master(const std::vector<std::string>& argv, const std::vector<std::string>& env, const std::string& socket) {
  if (answers(socket)) return;
  mkdir(socket.substr(0, socket.rfind('/')).c_str(), 0700);
  std::vector<std::string> argv_s = argv, env_s = env;
  std::vector<char*> args, envp;
  for (auto& a : argv_s) args.push_back(a.data());
  args.push_back(nullptr);
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = fork();
  if (pid != 0) return;  // the daemon reaps it with its other children
  setsid();
  int null = open("/dev/null", O_RDWR);
  dup2(null, 0);
  dup2(null, 1);
  dup2(null, 2);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD}) signal(s, SIG_DFL);
  execve(args[0], args.data(), envp.data());
  _exit(127);
}

std::string find_program(const std::string& name, const std::string& path) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  size_t at = 0;
  for (;;) {
    size_t colon = path.find(':', at);
    std::string dir = path.substr(at, colon == std::string::npos ? std::string::npos : colon - at);
    std::string full = (dir.empty() ? "." : dir) + "/" + name;
    struct stat st;
    if (stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(full.c_str(), X_OK) == 0) return full;
    if (colon == std::string::npos) return "";
    at = colon + 1;
  }
}

std::string bootstrap_script(const std::string& nonce, const std::string& cwd) {
  auto body = [&](ShellKind kind) {
    std::string s = integration_script(kind, nonce, Integration{.editor_off = false});
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return quoted(s);
  };
  // Each family's part goes through eval: a POSIX sh must never parse zsh's or bash's syntax.
  std::string cd = cwd.empty() ? "" : " cd -- " + quoted(cwd) + " || exit 1;";
  // The line editor goes off outside eval: bash turning it off inside an eval is left
  // waiting for a continuation line that never comes.
  return " stty -echo 2>/dev/null; command set +o emacs +o vi 2>/dev/null; export PAGER=cat GIT_PAGER=cat;" + cd +
         " if [ -n \"${ZSH_VERSION-}\" ]; then eval " + body(ShellKind::Zsh) +
         "; elif [ -n \"${BASH_VERSION-}\" ]; then eval " + body(ShellKind::Bash) +
         "; else eval " + body(ShellKind::Posix) + "; fi\n";
}

bool bootstrap_due(Session& s, const TtyProbe& probe, int64_t now) {
  if (!s.bootstrap_pending() || !s.has_pty() || s.status() != Session::Status::Starting) return false;
  s.drain();
  int64_t quiet = now - s.last_output_ms();
  if (quiet < kBootstrapQuietMs) return false;
  const Tty& tty = s.tty();
  bool raw = !probe.modes(tty).canonical;
  pid_t pg = probe.front_group(tty);
  if (pg <= 0) return false;
  // Never typed ahead: the far shell's rc files read the terminal too, and would take it.
  if (probe.relay(pg, false).kind != RelayKind::None) return raw && s.line_open();
  ShellKind kind;
  if (!running_shell_kind(pg, &kind)) return false;
  pid_t reader = 0;
  Reading r = probe.group_reading(pg, tty.dev, raw, &reader, true);
  return r == Reading::Yes || r == Reading::Polling;
}

bool remote_asks(Session& s, const TtyProbe& probe, int64_t now) {
  if (!s.bootstrap_pending() || !s.has_pty() || !s.line_open() || now - s.last_output_ms() < kBootstrapQuietMs)
    return false;
  pid_t pg = probe.front_group(s.tty());
  pid_t reader = 0;
  return pg > 0 && probe.relay(pg, false).kind != RelayKind::None &&
         probe.group_reading(pg, s.tty().dev, false, &reader, false) == Reading::Yes;
}

}  // namespace oda::term
