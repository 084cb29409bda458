// The shell's start-up values (see spawn.h).
#include "term/spawn.h"

#include "sandbox/sandbox.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/close_range.h>
#include <pwd.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace oda::term {

bool shell_kind(const std::string& path, ShellKind* kind) {
  std::string base = path.substr(path.rfind('/') + 1);
  if (base == "bash") *kind = ShellKind::Bash;
  else if (base == "zsh") *kind = ShellKind::Zsh;
  else if (base == "sh" || base == "dash") *kind = ShellKind::Posix;
  else return false;
  return true;
}

std::string pick_shell(const std::string& wanted, const char* fallback_env) {
  std::string s = !wanted.empty() ? wanted : fallback_env ? fallback_env : "";
  ShellKind kind;
  if (!s.empty() && shell_kind(s, &kind) && access(s.c_str(), X_OK) == 0) return s;
  return "/bin/bash";
}

std::vector<std::string> shell_argv(const std::string& shell, ShellKind kind) {
  switch (kind) {
    case ShellKind::Zsh: return {shell, "-f", "-i"};
    case ShellKind::Posix: return {shell, "-i"};
    case ShellKind::Bash: break;
  }
  return {shell, "--noprofile", "--norc", "--noediting", "-i"};
}

std::vector<std::string> shell_env(const std::vector<std::string>& base, const std::vector<std::string>& own,
                                   const std::vector<std::string>& overrides) {
  static const char* const kDropped[] = {"PAGER=", "GIT_PAGER=", "TERM=", "PS1=", "PS2=", "PROMPT_COMMAND=",
                                         "BASH_ENV=", "ENV=", "COLUMNS=", "LINES="};
  auto name_of = [](const std::string& kv) { return kv.substr(0, kv.find('=') + 1); };
  auto dropped = [&](const std::string& kv) {
    if (std::any_of(std::begin(kDropped), std::end(kDropped), [&](const char* k) { return kv.rfind(k, 0) == 0; }))
      return true;
    return std::any_of(own.begin(), own.end(), [&](const std::string& o) { return kv.rfind(name_of(o), 0) == 0; });
  };
  std::vector<std::string> env;
  for (const auto& kv : base) if (!dropped(kv)) env.push_back(kv);
  env.push_back("TERM=xterm-256color");
  env.push_back("PAGER=cat");
  env.push_back("GIT_PAGER=cat");
  env.insert(env.end(), own.begin(), own.end());
  for (const auto& kv : overrides) {
    std::string key = name_of(kv);
    std::erase_if(env, [&](const std::string& x) { return x.rfind(key, 0) == 0; });
    env.push_back(kv);
  }
  return env;
}

std::vector<std::string> system_env() {
  std::vector<std::string> env = {"PATH=/usr/local/bin:/usr/bin:/bin"};
  if (const passwd* pw = getpwuid(getuid())) {
    env.push_back(std::string("HOME=") + pw->pw_dir);
    env.push_back(std::string("USER=") + pw->pw_name);
    env.push_back(std::string("LOGNAME=") + pw->pw_name);
    env.push_back(std::string("SHELL=") + pw->pw_shell);
  }
  return env;
}

std::string marker_prefix(const std::string& nonce) { return "6973;" + nonce + ";"; }

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out.push_back(c);
  }
  return out + "'";
}

std::string integration_script(ShellKind kind, const std::string& nonce, const Integration& how) {
  // Every command is a builtin or reached through `command`, so that an alias or a function
  // of the user's (an rc file's `alias cd=...`) cannot take its place.
  // (A POSIX sh has no `builtin`: a quoted command name escapes aliases there.)
  std::string builtin = kind == ShellKind::Posix ? "\\" : "builtin ";
  std::string rc_mark = how.rc ? builtin + "printf '\\033]6973;" + nonce + ";rc\\007'; " : "";
  std::string back = how.rc && !how.cwd.empty() ? " " + builtin + "cd -- " + quoted(how.cwd) + " 2>/dev/null;" : "";
  // The exported variables, framed by a count so that a reader can tell a whole dump from
  // one being written (the file is rewritten in place: a sandboxed shell may not truncate).
  std::string state = how.state.empty() ? ""
                      : " { builtin printf '#oda-state %s\\n' \"$((++__oda_n))\"; builtin export -p;"
                        " builtin printf '#oda-state %s\\n' \"$__oda_n\"; } 2>/dev/null 1<>" + quoted(how.state) + ";";
  std::string count = how.state.empty() ? "" : " __oda_n=$((RANDOM * 32768 + RANDOM));";
  switch (kind) {
    case ShellKind::Zsh: {
      std::string rc = how.rc ? "for __oda_rc in \"${ZDOTDIR:-$HOME}/.zshenv\" /etc/zsh/zshrc \"${ZDOTDIR:-$HOME}/.zshrc\"; do"
                                " [[ -r $__oda_rc ]] && builtin source $__oda_rc; done; builtin unset __oda_rc;"
                              : "";
      std::string ps1 = "PS1=$'%{\\e]6973;" + nonce + ";%?\\a%}'";
      return " command stty -echo 2>/dev/null; " + rc_mark + rc +
             " builtin unsetopt zle prompt_cr prompt_sp prompt_subst; builtin setopt prompt_percent no_hist_save_by_copy;"
             " HISTFILE=; PS2=; RPS1=; RPS2=;" + count +
             // A hook added after ours would take the prompt back: then ours prints the
             // marker itself, leaves the prompt empty and goes last again.
             " __oda_precmd() { builtin local s=$?; builtin setopt prompt_percent; PS2=; RPS1=; RPS2=;" + state +
             " if [[ ${precmd_functions[-1]} == __oda_precmd ]]; then " + ps1 + ";"
             " else PS1=; builtin print -rn -- $'\\e]6973;" + nonce + ";'$s$'\\a';"
             " precmd_functions=(${precmd_functions:#__oda_precmd} __oda_precmd); fi; };"
             " (( ${+precmd_functions} )) || precmd_functions=(); precmd_functions=(${precmd_functions:#__oda_precmd} __oda_precmd);" +
             back + " " + ps1 + "\n";
    }
    case ShellKind::Posix:
      // No prompt escapes in a POSIX sh: printf makes the ESC and BEL bytes; $? stays for the
      // prompt's own expansion.
      return " command stty -echo 2>/dev/null; " + rc_mark +
             (how.rc && !how.env_file.empty() ? " [ -r " + quoted(how.env_file) + " ] && . " + quoted(how.env_file) + ";" : "") +
             back + " PS2=; PS1=\"$(printf '\\033]6973;" + nonce +
             ";')\\$?$(printf '\\007')\"\n";
    case ShellKind::Bash: break;
  }
  std::string rc = how.rc ? "[ -r /etc/bash.bashrc ] && builtin source /etc/bash.bashrc;"
                            " [ -r ~/.bashrc ] && builtin source ~/.bashrc;"
                          : "";
  // The marker, then (a second OSC, which terminals ignore) the hook put back if it was
  // removed: the expansion assigns it when unset and prints only its name.
  std::string ps1 = "PS1='\\e]6973;" + nonce + ";$?\\a\\e]6974;${PROMPT_COMMAND[99]:=__oda_prompt}\\a'";
  return " command stty -echo 2>/dev/null; " + rc_mark + rc +
         " builtin set +o history +H" + (how.editor_off ? " +o emacs +o vi" : "") + "; HISTFILE=; PS2=; PS4=+;" +
         count + " __oda_prompt() { " + ps1 + "; PS2=;" + state + " }; PROMPT_COMMAND[99]=__oda_prompt;" + back + " " + ps1 +
         "\n";
}

bool running_shell_kind(pid_t pid, ShellKind* kind) {
  char buf[4096];
  std::string link = "/proc/" + std::to_string(pid) + "/exe";
  ssize_t n = readlink(link.c_str(), buf, sizeof buf - 1);
  if (n <= 0) return false;
  return shell_kind(std::string(buf, static_cast<size_t>(n)), kind);
}

namespace {

// The shell's side of the fork: its own session on the PTY, default signals, exec.
[[noreturn]] void exec_shell(const char* tty, const char* cwd, int ruleset, char* const* argv, char* const* envp) {
  setsid();
  int fd = open(tty, O_RDWR);
  if (fd < 0) _exit(127);
  ioctl(fd, TIOCSCTTY, 0);
  dup2(fd, 0);
  dup2(fd, 1);
  dup2(fd, 2);
  if (fd > 2) close(fd);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU}) signal(s, SIG_DFL);
  if (chdir(cwd) != 0) _exit(126);
  // The file sandbox binds the shell and all it starts, not the keeper.
  if (ruleset >= 0 && !sandbox::enter_ruleset(ruleset)) _exit(126);
  if (ruleset >= 0) close(ruleset);
  execve(argv[0], argv, envp);
  _exit(127);
}

// The keeper's side: a subreaper that starts the shell, reports its end to the daemon and
// reaps whatever the session orphans until nothing is left under it. It holds none of the
// daemon's descriptors (another session's PTY kept open would never hang up).
[[noreturn]] void keep(int report, pid_t daemon, const char* tty, const char* cwd, int ruleset,
                       char* const* argv, char* const* envp) {
  constexpr int kReport = 3, kRuleset = 4;
  // The ruleset moves out of the way first: it may sit where the report goes.
  int rs = ruleset >= 0 ? fcntl(ruleset, F_DUPFD, 10) : -1;
  if (report != kReport) {
    dup2(report, kReport);
    close(report);
  }
  if (rs >= 0) {
    dup2(rs, kRuleset);
    close(rs);
  }
  syscall(SYS_close_range, rs >= 0 ? kRuleset + 1 : kReport + 1, ~0U, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  prctl(PR_SET_NAME, "termd-keeper");
  pid_t shell = fork();
  if (shell == 0) {
    close(kReport);
    exec_shell(tty, cwd, rs >= 0 ? kRuleset : -1, argv, envp);
  }
  if (shell < 0) _exit(127);
  if (::write(kReport, &shell, sizeof shell) != static_cast<ssize_t>(sizeof shell)) _exit(127);
  for (;;) {
    int status = 0;
    pid_t p = waitpid(-1, &status, 0);
    if (p < 0 && errno == EINTR) continue;
    if (p < 0) _exit(0);  // no child left: nothing of the session remains
    if (p != shell) continue;
    if (::write(kReport, &status, sizeof status) != static_cast<ssize_t>(sizeof status)) continue;
    // The daemon hears of it now, not when the last orphan is gone.
    if (getppid() == daemon) kill(daemon, SIGCHLD);
  }
}

}  // namespace

bool start_shell_process(const ShellStart& st, ShellProcess* out, std::string* err) {
  std::vector<std::string> argv_s = st.argv, env_s = st.env;
  std::vector<char*> argv, envp;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    *err = std::string("cannot start the shell: ") + std::strerror(errno);
    return false;
  }
  pid_t daemon = getpid();
  pid_t keeper = fork();
  if (keeper == 0) {
    close(fds[0]);
    keep(fds[1], daemon, st.tty.c_str(), st.cwd.c_str(), st.ruleset, argv.data(), envp.data());
  }
  close(fds[1]);
  if (keeper < 0) {
    close(fds[0]);
    *err = std::string("cannot start the shell: ") + std::strerror(errno);
    return false;
  }
  pid_t shell = -1;
  ssize_t n;
  do n = read(fds[0], &shell, sizeof shell);
  while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof shell)) {
    close(fds[0]);
    waitpid(keeper, nullptr, 0);
    *err = "cannot start the shell: its keeper process failed";
    return false;
  }
  fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  *out = ShellProcess{.shell = shell, .keeper = keeper, .status_fd = fds[0]};
  return true;
}

}  // namespace oda::term
