// The remote session pieces that need no host: types, argv, the control socket's path and
// the bootstrap line, run by each shell family for real.
#include "term/remote.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "term/spawn.h"

namespace oda::term {

namespace {

// What `shell` prints running the bootstrap on its standard input (no terminal: stty fails
// quietly), then `echo $?` after a failing command: the marker prompt shows the status.
std::string run_bootstrap(const std::string& shell, const std::string& cwd = "") {
  std::string script = bootstrap_script("n0nce", cwd) + "(exit 5)\n";
  char path[] = "/tmp/oda-bootstrap-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return "";
  FILE* f = fdopen(fd, "w");
  fputs(script.c_str(), f);
  fclose(f);
  std::string cmd = shell + " -i <" + path + " 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
  }
  unlink(path);
  return out;
}

}  // namespace

TEST(TermRemote, TypesByName) {
  SessionType t;
  ASSERT_TRUE(parse_session_type("ssh", &t));
  EXPECT_EQ(t, SessionType::Ssh);
  ASSERT_TRUE(parse_session_type("command", &t));
  EXPECT_EQ(session_type_name(t), "command");
  EXPECT_FALSE(parse_session_type("telnet", &t));
}

TEST(TermRemote, SshArgvPutsTheUsersOptionsFirstAndSharesTheConnectionAsAClient) {
  auto argv = ssh_argv("/usr/bin/ssh", "me@host", {"Port=2222"}, "/run/oda/ssh/ab");
  std::vector<std::string> want = {"/usr/bin/ssh", "-o", "Port=2222", "-tt", "-o", "ControlMaster=no",
                                   "-o", "ControlPath=/run/oda/ssh/ab", "--", "me@host"};
  EXPECT_EQ(argv, want);
  auto master = ssh_master_argv("/usr/bin/ssh", "me@host", {"Port=2222"}, "/run/oda/ssh/ab");
  EXPECT_EQ(master[1], "-o");
  EXPECT_EQ(master[2], "Port=2222");
  EXPECT_EQ(master.back(), "me@host");
}

TEST(TermRemote, OneControlSocketPerHostAndOptions) {
  std::string a = control_socket("/r", "h", {}), b = control_socket("/r", "h", {"Port=1"});
  EXPECT_NE(a, b);
  EXPECT_EQ(a, control_socket("/r", "h", {}));
  EXPECT_EQ(a.rfind("/r/ssh/", 0), 0u);
  EXPECT_EQ(a.size(), std::string("/r/ssh/").size() + 16);
}

TEST(TermRemote, FindProgramSearchesThePath) {
  EXPECT_EQ(find_program("sh", "/nonexistent:/bin"), "/bin/sh");
  EXPECT_EQ(find_program("no-such-program-oda", "/bin:/usr/bin"), "");
  EXPECT_EQ(find_program("/bin/sh", ""), "/bin/sh");
}

TEST(TermRemote, EveryShellFamilyRunsTheBootstrapAndPrintsTheMarker) {
  for (const char* shell : {"bash --norc --noprofile", "sh", "zsh -f"}) {
    std::string first = std::string(shell).substr(0, std::string(shell).find(' '));
    if (find_program(first, "/bin:/usr/bin").empty()) continue;
    std::string out = run_bootstrap(shell);
    EXPECT_NE(out.find("\x1b]6973;n0nce;0\a"), std::string::npos) << shell << ": " << out;
    EXPECT_NE(out.find("\x1b]6973;n0nce;5\a"), std::string::npos) << shell << ": " << out;
  }
}

TEST(TermRemote, ABootstrapCdThatFailsEndsTheShell) {
  std::string out = run_bootstrap("sh", "/no/such/folder");
  EXPECT_EQ(out.find("\x1b]6973;n0nce;5\a"), std::string::npos) << out;
}

}  // namespace oda::term
