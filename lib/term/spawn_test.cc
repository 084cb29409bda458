// The shell's start-up values: the environment a session gets, argv per kind of shell, the
// shell picked, and the integration script's prompt carrying the nonce.
#include "term/spawn.h"

#include "term/procs.h"

#include <algorithm>
#include <csignal>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace oda::term {

namespace {

bool has(const std::vector<std::string>& env, const std::string& kv) {
  return std::find(env.begin(), env.end(), kv) != env.end();
}

// The entries named NAME (with the '=').
int count(const std::vector<std::string>& env, const std::string& name) {
  return static_cast<int>(std::count_if(env.begin(), env.end(), [&](const std::string& kv) { return kv.rfind(name, 0) == 0; }));
}

const char* kTag = "ODA_TERM_SESSION=4242-pty-1";
const std::vector<std::string> kOwn = {kTag, "ODA_CHAT=ci", "ODA_RUNTIME_DIR=/run/oda"};

}  // namespace

TEST(TermSpawn, TheEnvironmentHasTheSessionsOwnNames) {
  std::vector<std::string> env = shell_env({"HOME=/home/u", "PATH=/usr/bin"}, kOwn, {});
  EXPECT_TRUE(has(env, "HOME=/home/u"));
  EXPECT_TRUE(has(env, "PATH=/usr/bin"));
  EXPECT_TRUE(has(env, "PAGER=cat"));
  EXPECT_TRUE(has(env, "GIT_PAGER=cat"));
  EXPECT_TRUE(has(env, "TERM=xterm-256color"));
  EXPECT_TRUE(has(env, "ODA_CHAT=ci"));
  EXPECT_TRUE(has(env, kTag));
  EXPECT_TRUE(has(env, "ODA_RUNTIME_DIR=/run/oda"));
}

TEST(TermSpawn, TheCallersPromptPagerAndHooksDoNotGetIn) {
  std::vector<std::string> base = {"PAGER=less", "GIT_PAGER=delta", "TERM=dumb", "PS1=$ ", "PS2=> ",
                                   "PROMPT_COMMAND=history -a", "BASH_ENV=/x", "ENV=/y", "COLUMNS=200", "LINES=50",
                                   "ODA_CHAT=other", "ODA_TERM_SESSION=1-pty-9", "ODA_RUNTIME_DIR=/elsewhere",
                                   "PAGERX=kept"};
  std::vector<std::string> env = shell_env(base, kOwn, {});
  for (const char* name : {"PAGER=", "GIT_PAGER=", "TERM=", "ODA_CHAT=", "ODA_TERM_SESSION=", "ODA_RUNTIME_DIR="}) {
    EXPECT_EQ(count(env, name), 1) << name;
  }
  for (const char* name : {"PS1=", "PS2=", "PROMPT_COMMAND=", "BASH_ENV=", "ENV=", "COLUMNS=", "LINES="}) {
    EXPECT_EQ(count(env, name), 0) << name;
  }
  EXPECT_TRUE(has(env, "PAGER=cat"));
  EXPECT_TRUE(has(env, "ODA_CHAT=ci"));
  EXPECT_TRUE(has(env, "ODA_RUNTIME_DIR=/run/oda"));
  EXPECT_TRUE(has(env, "PAGERX=kept"));  // a prefix of a name is not the name
}

TEST(TermSpawn, WithoutACallersEnvironmentOnlyTheSystemsNames) {
  std::vector<std::string> env = system_env();
  EXPECT_TRUE(has(env, "PATH=/usr/local/bin:/usr/bin:/bin"));
  EXPECT_EQ(count(env, "HOME="), 1);
  EXPECT_EQ(count(env, "USER="), 1);
  for (const auto& kv : env) {
    std::string name = kv.substr(0, kv.find('='));
    EXPECT_TRUE(name == "PATH" || name == "HOME" || name == "USER" || name == "LOGNAME" || name == "SHELL") << kv;
  }
}

TEST(TermSpawn, OverridesReplaceWhateverCameBefore) {
  std::vector<std::string> env = shell_env({"FOO=old", "HOME=/h"}, kOwn, {"FOO=new", "PAGER=more", "X=a=b"});
  EXPECT_EQ(count(env, "FOO="), 1);
  EXPECT_TRUE(has(env, "FOO=new"));
  EXPECT_EQ(count(env, "PAGER="), 1);
  EXPECT_TRUE(has(env, "PAGER=more"));  // --env is the caller's last word
  EXPECT_TRUE(has(env, "X=a=b"));
  EXPECT_TRUE(has(env, "HOME=/h"));
}

TEST(TermSpawn, ArgvPerShellKind) {
  using V = std::vector<std::string>;
  EXPECT_EQ(shell_argv("/bin/bash", ShellKind::Bash), (V{"/bin/bash", "--noprofile", "--norc", "--noediting", "-i"}));
  EXPECT_EQ(shell_argv("/usr/bin/zsh", ShellKind::Zsh), (V{"/usr/bin/zsh", "-f", "-i"}));
  EXPECT_EQ(shell_argv("/bin/dash", ShellKind::Posix), (V{"/bin/dash", "-i"}));
}

TEST(TermSpawn, ShellKindsByFileName) {
  ShellKind k;
  ASSERT_TRUE(shell_kind("/bin/bash", &k));
  EXPECT_EQ(k, ShellKind::Bash);
  ASSERT_TRUE(shell_kind("/usr/local/bin/zsh", &k));
  EXPECT_EQ(k, ShellKind::Zsh);
  ASSERT_TRUE(shell_kind("/bin/sh", &k));
  EXPECT_EQ(k, ShellKind::Posix);
  ASSERT_TRUE(shell_kind("dash", &k));
  EXPECT_EQ(k, ShellKind::Posix);
  EXPECT_FALSE(shell_kind("/usr/bin/fish", &k));
  EXPECT_FALSE(shell_kind("/opt/bash-5/bin/bashful", &k));
}

TEST(TermSpawn, PickShellTakesAKnownExecutableElseBash) {
  EXPECT_EQ(pick_shell("/bin/sh", "/bin/zsh"), "/bin/sh");       // the caller's first
  EXPECT_EQ(pick_shell("", "/bin/sh"), "/bin/sh");               // else the daemon's
  EXPECT_EQ(pick_shell("/usr/bin/fish", nullptr), "/bin/bash");  // unknown kind
  EXPECT_EQ(pick_shell("/nowhere/zsh", nullptr), "/bin/bash");   // not there
  EXPECT_EQ(pick_shell("", nullptr), "/bin/bash");
}

TEST(TermSpawn, TheIntegrationPromptIsTheMarkerWithTheNonceAndTheStatus) {
  std::string nonce = "0123456789abcdef0123456789abcdef";
  std::string bash = integration_script(ShellKind::Bash, nonce);
  EXPECT_NE(bash.find("PS1='\\e]6973;" + nonce + ";$?\\a"), std::string::npos) << bash;
  // The hook that re-asserts the prompt, at an index a plain PROMPT_COMMAND=... leaves alone,
  // and put back by the prompt itself when removed.
  EXPECT_NE(bash.find("PROMPT_COMMAND[99]=__oda_prompt;"), std::string::npos) << bash;
  EXPECT_NE(bash.find("${PROMPT_COMMAND[99]:=__oda_prompt}"), std::string::npos) << bash;
  EXPECT_NE(bash.find("+o emacs +o vi"), std::string::npos) << bash;
  std::string zsh = integration_script(ShellKind::Zsh, nonce);
  EXPECT_NE(zsh.find("PS1=$'%{\\e]6973;" + nonce + ";%?\\a%}'"), std::string::npos) << zsh;
  EXPECT_NE(zsh.find("unsetopt zle"), std::string::npos);
  EXPECT_NE(zsh.find("precmd_functions=(${precmd_functions:#__oda_precmd} __oda_precmd)"), std::string::npos) << zsh;
  std::string sh = integration_script(ShellKind::Posix, nonce);
  EXPECT_NE(sh.find("printf '\\033]6973;" + nonce + ";'"), std::string::npos) << sh;
  for (const std::string& s : {bash, zsh, sh}) {
    EXPECT_EQ(s.front(), ' ');  // kept out of a history that is still on
    EXPECT_EQ(s.back(), '\n');
    EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 1);  // one line: one prompt before the first marker
  }
  EXPECT_EQ(marker_prefix(nonce), "6973;" + nonce + ";");
  for (const std::string& s : {bash, zsh, sh}) EXPECT_EQ(s.find(";rc\\007"), std::string::npos);
}

TEST(TermSpawn, WithRcTheRcFilesAreLoadedAfterTheRcMarkerThenTheFolderIsTakenBack) {
  std::string nonce = "0123456789abcdef0123456789abcdef";
  Integration rc{.rc = true, .cwd = "/tmp/it's"};
  std::string bash = integration_script(ShellKind::Bash, nonce, rc);
  size_t mark = bash.find("builtin printf '\\033]6973;" + nonce + ";rc\\007'");
  size_t user = bash.find("builtin source ~/.bashrc");
  size_t hook = bash.find("PROMPT_COMMAND[99]=__oda_prompt;");
  size_t back = bash.find("builtin cd -- '/tmp/it'\\''s'");
  ASSERT_NE(mark, std::string::npos) << bash;
  ASSERT_NE(user, std::string::npos) << bash;
  EXPECT_NE(bash.find("builtin source /etc/bash.bashrc"), std::string::npos);
  // The integration after the rc files, the folder last.
  EXPECT_LT(mark, user);
  EXPECT_LT(user, hook);
  EXPECT_LT(hook, back);
  std::string zsh = integration_script(ShellKind::Zsh, nonce, rc);
  EXPECT_NE(zsh.find("\"${ZDOTDIR:-$HOME}/.zshrc\""), std::string::npos) << zsh;
  EXPECT_LT(zsh.find(".zshrc"), zsh.find("__oda_precmd()"));
  for (const std::string& s : {bash, zsh, integration_script(ShellKind::Posix, nonce, rc)}) {
    EXPECT_EQ(s.front(), ' ');
    EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 1);
  }
}

TEST(TermSpawn, TheKeeperReportsTheShellsEndAndHoldsWhatItOrphaned) {
  // A "shell" that leaves a process in a session of its own, with no parent, and exits 5.
  ShellStart st{.argv = {"/bin/sh", "-c", "(setsid sleep 30 &); exit 5"}, .env = {"PATH=/usr/bin:/bin"},
                .cwd = "/", .tty = "/dev/null"};
  ShellProcess p;
  std::string err;
  ASSERT_TRUE(start_shell_process(st, &p, &err)) << err;
  EXPECT_GT(p.shell, 0);
  EXPECT_NE(p.shell, p.keeper);
  pollfd pf{p.status_fd, POLLIN, 0};
  ASSERT_EQ(poll(&pf, 1, 10000), 1);
  int status = 0;
  ASSERT_EQ(read(p.status_fd, &status, sizeof status), static_cast<ssize_t>(sizeof status));
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 5);
  // The orphan is the keeper's child now: found by ancestry, the keeper itself not listed.
  std::vector<pid_t> left;
  for (int i = 0; i < 500 && left.empty(); ++i) {
    left = session_processes(p.shell, p.keeper, "");
    if (left.empty()) usleep(10000);
  }
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(std::count(left.begin(), left.end(), p.keeper), 0);
  kill(left[0], SIGKILL);
  // With nothing left under it the keeper exits by itself.
  int kstatus = 0;
  ASSERT_EQ(waitpid(p.keeper, &kstatus, 0), p.keeper);
  EXPECT_TRUE(WIFEXITED(kstatus));
  close(p.status_fd);
}

}  // namespace oda::term
