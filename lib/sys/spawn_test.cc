// Unit tests of spawn_piped: real children on real pipes.
#include "sys/spawn.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace oda::sys {
namespace {

struct Ran {
  std::string out, err;
  int status = -1;
};

// Writes input to the child's stdin, closes it, reads both outputs to their ends, reaps it.
Ran finish(PipedChild& c, const std::string& input) {
  Ran r;
  EXPECT_TRUE(write_all(c.in.get(), input));
  c.in.reset();
  EXPECT_TRUE(read_to_end(c.out.get(), &r.out));
  EXPECT_TRUE(read_to_end(c.err.get(), &r.err));
  EXPECT_EQ(::waitpid(c.pid, &r.status, 0), c.pid);
  return r;
}

TEST(SpawnPiped, InputOutputAndErrorsGoThroughTheirOwnPipes) {
  PipedChild c;
  ASSERT_EQ(spawn_piped({"/bin/sh", "-c", "echo out; echo err >&2; cat; exit 3"}, nullptr, Detach::Group, &c), 0);
  Ran r = finish(c, "in\n");
  EXPECT_EQ(r.out, "out\nin\n");
  EXPECT_EQ(r.err, "err\n");
  ASSERT_TRUE(WIFEXITED(r.status));
  EXPECT_EQ(WEXITSTATUS(r.status), 3);
}

TEST(SpawnPiped, TheEnvironmentIsExactlyTheOneGiven) {
  PipedChild c;
  std::vector<std::string> env{"ONLY=1"};
  ASSERT_EQ(spawn_piped({"/usr/bin/env"}, &env, Detach::Group, &c), 0);
  EXPECT_EQ(finish(c, "").out, "ONLY=1\n");
}

TEST(SpawnPiped, AGroupOrASessionOfItsOwn) {
  PipedChild g, s;
  ASSERT_EQ(spawn_piped({"/bin/sh", "-c", "ps -o pgid= -o sid= -p $$"}, nullptr, Detach::Group, &g), 0);
  ASSERT_EQ(spawn_piped({"/bin/sh", "-c", "ps -o pgid= -o sid= -p $$"}, nullptr, Detach::Session, &s), 0);
  pid_t gp = g.pid, sp = s.pid;
  std::string go = finish(g, "").out, so = finish(s, "").out;
  int pgid = 0, sid = 0;
  ASSERT_EQ(sscanf(go.c_str(), "%d %d", &pgid, &sid), 2) << go;
  EXPECT_EQ(pgid, gp);
  EXPECT_EQ(sid, getsid(0));
  ASSERT_EQ(sscanf(so.c_str(), "%d %d", &pgid, &sid), 2) << so;
  EXPECT_EQ(pgid, sp);
  EXPECT_EQ(sid, sp);
}

// The child gets SIGPIPE back even when this process ignores it (the supervisor does).
TEST(SpawnPiped, SignalsStartAtTheirDefaults) {
  struct sigaction old{}, ign{};
  ign.sa_handler = SIG_IGN;
  ASSERT_EQ(sigaction(SIGPIPE, &ign, &old), 0);
  PipedChild c;
  int rc = spawn_piped({"/bin/sh", "-c", "grep SigIgn /proc/self/status"}, nullptr, Detach::Group, &c);
  sigaction(SIGPIPE, &old, nullptr);
  ASSERT_EQ(rc, 0);
  std::string out = finish(c, "").out;
  ASSERT_EQ(out.rfind("SigIgn:\t", 0), 0u) << out;
  unsigned long long ignored = std::stoull(out.substr(8), nullptr, 16);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD})
    EXPECT_EQ(ignored & (1ull << (sig - 1)), 0u) << sig;
}

TEST(SpawnPiped, InTheFolderGiven) {
  PipedChild c;
  ASSERT_EQ(spawn_piped({"/bin/pwd"}, nullptr, Detach::Session, &c, "/usr/lib"), 0);
  EXPECT_EQ(finish(c, "").out, "/usr/lib\n");
  PipedChild gone;
  EXPECT_EQ(spawn_piped({"/bin/pwd"}, nullptr, Detach::Session, &gone, "/nonexistent"), ENOENT);
}

TEST(SpawnPiped, AMissingProgramIsItsErrno) {
  PipedChild c;
  EXPECT_EQ(spawn_piped({"/nonexistent/tool"}, nullptr, Detach::Group, &c), ENOENT);
  EXPECT_EQ(c.pid, -1);
  EXPECT_FALSE(c.in);
  EXPECT_EQ(spawn_piped({}, nullptr, Detach::Group, &c), EINVAL);
}

}  // namespace
}  // namespace oda::sys
