// What a session's shell is started with, decided before the fork as plain values: which
// shell, its argv, its environment, and the integration script that hands its prompt to the
// daemon. Pure functions, so the unit tests check each decision without starting a shell.
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace oda::term {

// The families of shell the integration knows; each needs its own flags and prompt syntax.
enum class ShellKind { Bash, Zsh, Posix };

// The kind of the shell at `path`, by its file name (bash, zsh, sh, dash); false for others.
bool shell_kind(const std::string& path, ShellKind* kind);

// The shell a session runs: `wanted` (the caller's $SHELL; when empty, `fallback_env`, the
// daemon's) when it is an executable of a known kind, else /bin/bash.
std::string pick_shell(const std::string& wanted, const char* fallback_env);

// argv without rc files and without a line editor, interactive: the daemon's prompt and a
// PTY with echo off are all the shell gets.
std::vector<std::string> shell_argv(const std::string& shell, ShellKind kind);

// The environment: `base` (K=V entries: the caller's) minus the names the session sets
// itself or that would let the caller's setup take the prompt, the pager or the size away
// from the daemon, then TERM, PAGER=cat, GIT_PAGER=cat and the toolkit's own names (`own`:
// the session tag, ODA_CHAT, ODA_RUNTIME_DIR), then `overrides` (--env) replacing any entry
// of the same name.
std::vector<std::string> shell_env(const std::vector<std::string>& base, const std::vector<std::string>& own,
                                   const std::vector<std::string>& overrides);

// The environment of a session whose client sent none (a raw socket client): PATH, HOME,
// USER, LOGNAME and SHELL of the daemon's user, never the daemon's own environment.
std::vector<std::string> system_env();

// What the integration does beside taking the prompt.
struct Integration {
  // Load the user's rc files as an interactive shell would (term-open --rc), printing the
  // marker OSC 6973;<nonce>;rc BEL first so that what they print is the startup output,
  // then re-assert the integration and go back to `cwd`.
  bool rc = false;
  std::string cwd;
  std::string env_file;  // a POSIX sh's rc file (the caller's $ENV)
  // The session's state file: before each prompt, bash and zsh write their exported
  // variables into it (`export -p` between two `#oda-state N` lines, see state_dump), so a
  // background job starts in the environment the session has now. "": not written.
  std::string state;
  // Turn bash's line editor off here; false when the caller does it outside an eval (bash
  // turning it off inside one waits for a continuation line that never comes).
  bool editor_off = true;
};

// The line written to the shell: echo off, no history, no line editor, and a prompt that is
// only the marker OSC 6973;<nonce>;<exit status> BEL. Starts with a space so that a shell
// keeping history anyway skips it. The prompt is re-asserted before every prompt by a hook
// the shell runs last (bash: PROMPT_COMMAND[99], which a plain PROMPT_COMMAND=... leaves
// alone; zsh: the last of precmd_functions), and the bash prompt puts the hook back when it
// was removed: a PS1, PROMPT_COMMAND, precmd or venv prompt set later never hides a marker.
// Written again, it takes over a shell that replaced the first (`exec bash`).
std::string integration_script(ShellKind kind, const std::string& nonce, const Integration& how = {});

// The kind of shell running as `pid` now (by /proc/<pid>/exe: it may have exec'd another).
bool running_shell_kind(pid_t pid, ShellKind* kind);

// A session's shell as started: the shell, and the keeper standing between it and the
// daemon. The keeper is a child subreaper (PR_SET_CHILD_SUBREAPER): every process the
// session orphans, whatever it did to its environment, session or parent (`env -i setsid
// ... &`), is reparented to it, so a close finds them all by ancestry, where cgroups are
// not writable too. It reports the shell's wait status on `status_fd` and exits once it
// has no child left.
struct ShellProcess {
  pid_t shell = -1;
  pid_t keeper = -1;
  int status_fd = -1;  // read end, non-blocking: one int, the shell's wait status
};

// What the shell's process gets; built before the fork (after it, only async-signal-safe
// calls are made).
struct ShellStart {
  std::vector<std::string> argv, env;
  std::string cwd;
  std::string tty;  // the PTY slave's path: the shell's controlling terminal
  int ruleset = -1;  // a Landlock ruleset the shell enters before its exec (term-open --sandbox)
};

// Forks the keeper, which forks the shell. false with *err when a fork fails.
bool start_shell_process(const ShellStart& st, ShellProcess* out, std::string* err);

// s in single quotes for any of the shells.
std::string quoted(const std::string& s);

// The OSC payload prefix of a session's markers ("6973;<nonce>;").
std::string marker_prefix(const std::string& nonce);

}  // namespace oda::term
