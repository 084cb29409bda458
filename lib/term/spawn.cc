// The shell's start-up values (see spawn.h).
#include "term/spawn.h"

#include <algorithm>
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

std::vector<std::string> shell_env(const std::vector<std::string>& base, const std::string& chat,
                                   const std::string& tag, const std::vector<std::string>& overrides) {
  // Names the session sets itself, or that would let the caller's setup take the prompt,
  // the pager or the size away from the daemon.
  static const char* const kOwn[] = {"PAGER=", "GIT_PAGER=", "TERM=", "ODA_TERM_SESSION=", "PS1=", "PS2=",
                                     "PROMPT_COMMAND=", "BASH_ENV=", "ENV=", "COLUMNS=", "LINES=", "ODA_CHAT="};
  auto own = [](const std::string& kv) {
    return std::any_of(std::begin(kOwn), std::end(kOwn), [&](const char* k) { return kv.rfind(k, 0) == 0; });
  };
  std::vector<std::string> env;
  for (const auto& kv : base) if (!own(kv)) env.push_back(kv);
  env.push_back("TERM=xterm-256color");
  env.push_back("PAGER=cat");
  env.push_back("GIT_PAGER=cat");
  env.push_back(tag);
  // Tools run inside the session work in the session's chat, not in the daemon starter's.
  env.push_back("ODA_CHAT=" + chat);
  for (const auto& kv : overrides) {
    std::string key = kv.substr(0, kv.find('=') + 1);
    std::erase_if(env, [&](const std::string& x) { return x.rfind(key, 0) == 0; });
    env.push_back(kv);
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
