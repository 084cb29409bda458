// The shell's start-up values (see spawn.h).
#include "term/spawn.h"

#include <algorithm>
#include <pwd.h>
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

std::string integration_script(ShellKind kind, const std::string& nonce) {
  switch (kind) {
    case ShellKind::Zsh:
      return " stty -echo 2>/dev/null; unsetopt zle prompt_cr prompt_sp prompt_subst; setopt no_hist_save_by_copy; HISTFILE=; PS2=; RPS1=; RPS2=;"
             " precmd_functions=(); preexec_functions=(); PS1=$'%{\\e]6973;" + nonce + ";%?\\a%}'\n";
    case ShellKind::Posix:
      // No prompt escapes in a POSIX sh: printf makes the ESC and BEL bytes; $? stays for the
      // prompt's own expansion.
      return " stty -echo 2>/dev/null; PS2=; PS1=\"$(printf '\\033]6973;" + nonce + ";')\\$?$(printf '\\007')\"\n";
    case ShellKind::Bash: break;
  }
  return " set +o history +H; HISTFILE=; unset PROMPT_COMMAND; PS2=; PS4=+; PS1='\\e]6973;" + nonce + ";$?\\a'\n";
}

}  // namespace oda::term
