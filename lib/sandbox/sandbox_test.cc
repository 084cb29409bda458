// Unit tests of the sandbox policy, the path canonicalisation and Landlock enforcement.
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_testing.h"

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <string>

namespace sb = oda::sandbox;

namespace {

using SandboxTest = SandboxFolderTest;

// Runs fn in a child (Landlock cannot be undone) and returns its exit code.
int in_child(const std::function<int()>& fn) {
  pid_t pid = fork();
  if (pid == 0) _exit(fn());
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 100 + WTERMSIG(status);
}

// 0 when a file could be created at path, else the errno.
int try_create(const std::string& path) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) return errno;
  close(fd);
  return 0;
}

}  // namespace

TEST(SandboxMode, NamesRoundTrip) {
  for (sb::Mode m : {sb::Mode::ReadOnly, sb::Mode::WorkspaceWrite, sb::Mode::DangerFullAccess}) {
    sb::Mode back;
    ASSERT_TRUE(sb::parse_mode(sb::mode_name(m), &back));
    EXPECT_EQ(back, m);
  }
  sb::Mode m;
  EXPECT_FALSE(sb::parse_mode("full", &m));
  EXPECT_TRUE(sb::is_wider(sb::Mode::DangerFullAccess, sb::Mode::WorkspaceWrite));
  EXPECT_TRUE(sb::is_wider(sb::Mode::WorkspaceWrite, sb::Mode::ReadOnly));
  EXPECT_FALSE(sb::is_wider(sb::Mode::ReadOnly, sb::Mode::ReadOnly));
}

TEST(SandboxMode, ExactTexts) {
  EXPECT_EQ(sb::denial_line(sb::Mode::ReadOnly, sb::Enforcement::Full, "writeFile", "a.txt"),
            "File sandbox: read-only; enforcement: full; operation denied: writeFile 'a.txt'");
  EXPECT_STREQ(sb::kPartialLine, "File sandbox enforcement is partial on this host.");
}

TEST_F(SandboxTest, CanonicalPathResolvesDotsAndLinks) {
  std::string out;
  int e = 0;
  ASSERT_TRUE(sb::canonical_path(ws_, "a/./b/../c", true, &out, &e));
  EXPECT_EQ(out, ws_ + "/a/c");
  ASSERT_TRUE(sb::canonical_path(ws_, "../outside/x", true, &out, &e));
  EXPECT_EQ(out, out_ + "/x");
  ASSERT_TRUE(sb::canonical_path(ws_, "/etc/../etc/passwd", true, &out, &e));
  EXPECT_EQ(out, "/etc/passwd");
  ASSERT_EQ(symlink(out_.c_str(), (ws_ + "/link").c_str()), 0);
  ASSERT_TRUE(sb::canonical_path(ws_, "link/file", true, &out, &e));
  EXPECT_EQ(out, out_ + "/file");
  // The last component is the link itself when it is not followed (rm, rename).
  ASSERT_TRUE(sb::canonical_path(ws_, "link", false, &out, &e));
  EXPECT_EQ(out, ws_ + "/link");
  ASSERT_TRUE(sb::canonical_path(ws_, "link", true, &out, &e));
  EXPECT_EQ(out, out_);
  // A relative link, and `..` taken physically after it.
  ASSERT_EQ(symlink("../outside", (ws_ + "/rel").c_str()), 0);
  ASSERT_TRUE(sb::canonical_path(ws_, "rel/../ws/x", true, &out, &e));
  EXPECT_EQ(out, ws_ + "/x");
  ASSERT_EQ(symlink("loop", (ws_ + "/loop").c_str()), 0);
  EXPECT_FALSE(sb::canonical_path(ws_, "loop/x", true, &out, &e));
  EXPECT_EQ(e, ELOOP);
}

TEST_F(SandboxTest, ResolvePolicyDefaultsAndErrors) {
  sb::Policy p;
  std::string err;
  ASSERT_TRUE(sb::resolve_policy("", ws_, &p, &err)) << err;
  EXPECT_EQ(p.mode, sb::Mode::WorkspaceWrite);
  EXPECT_EQ(p.workspace, ws_);
  ASSERT_EQ(p.writable.size(), 1u);  // the caller's TMPDIR is not the run's
  EXPECT_EQ(p.force_abi, -1);
  p.temp = root_ + "/tmp/oda-run-x";
  p = sb::with_mode(p, p.mode);
  ASSERT_EQ(p.writable.size(), 2u);
  EXPECT_EQ(p.writable[1], root_ + "/tmp/oda-run-x");

  setenv(sb::kModeVar, "read-only", 1);
  ASSERT_TRUE(sb::resolve_policy("", ws_ + "/../ws", &p, &err)) << err;
  EXPECT_EQ(p.mode, sb::Mode::ReadOnly);
  EXPECT_EQ(p.workspace, ws_);
  EXPECT_TRUE(p.writable.empty());
  // The option wins over the variable.
  ASSERT_TRUE(sb::resolve_policy("danger-full-access", ws_, &p, &err));
  EXPECT_EQ(p.mode, sb::Mode::DangerFullAccess);

  EXPECT_FALSE(sb::resolve_policy("everything", ws_, &p, &err));
  EXPECT_EQ(err,
            "unknown sandbox mode 'everything' (expected read-only, workspace-write or "
            "danger-full-access)");
  EXPECT_FALSE(sb::resolve_policy("read-only", root_ + "/missing", &p, &err));
  EXPECT_EQ(err, "workspace '" + root_ + "/missing' cannot be used (No such file or directory)");

  setenv(sb::kForceAbiVar, "2", 1);
  ASSERT_TRUE(sb::resolve_policy("", ws_, &p, &err));
  EXPECT_EQ(p.force_abi, 2);
  setenv(sb::kForceAbiVar, "two", 1);
  EXPECT_FALSE(sb::resolve_policy("", ws_, &p, &err));
}

TEST_F(SandboxTest, AllowsChangeOnlyUnderWritableRoots) {
  sb::Policy p;
  std::string err;
  ASSERT_TRUE(sb::resolve_policy("workspace-write", ws_, &p, &err));
  EXPECT_FALSE(p.allows_change(root_ + "/tmp/x"));
  p.temp = root_ + "/tmp";
  p = sb::with_mode(p, p.mode);
  EXPECT_TRUE(p.allows_change(ws_));
  EXPECT_TRUE(p.allows_change(ws_ + "/a/b"));
  EXPECT_TRUE(p.allows_change(root_ + "/tmp/x"));
  EXPECT_FALSE(p.allows_change(ws_ + "2/x"));  // a sibling sharing the prefix
  EXPECT_FALSE(p.allows_change("/etc/passwd"));
  p.mode = sb::Mode::ReadOnly;
  EXPECT_FALSE(p.allows_change(ws_ + "/a"));
  p.mode = sb::Mode::DangerFullAccess;
  EXPECT_TRUE(p.allows_change("/etc/passwd"));
}

TEST_F(SandboxTest, LandlockWorkspaceWriteAllowsInsideOnly) {
  if (sb::kernel_abi() < sb::kFullAbi) GTEST_SKIP() << "Landlock ABI below 3 on this host";
  sb::Policy p;
  std::string err;
  ASSERT_TRUE(sb::resolve_policy("workspace-write", ws_, &p, &err));
  p.temp = root_ + "/tmp";
  p = sb::with_mode(p, p.mode);
  int rc = in_child([&] {
    sb::Applied a;
    std::string e;
    if (!sb::apply(p, &a, &e)) return 10;
    if (a.enforcement != sb::Enforcement::Full) return 11;
    if (try_create(ws_ + "/in.txt") != 0) return 12;
    if (try_create(root_ + "/tmp/t.txt") != 0) return 13;
    if (try_create(out_ + "/no.txt") != EACCES) return 14;
    if (rmdir(ws_.c_str()) == 0) return 15;  // the root itself lives in a read-only folder
    return 0;
  });
  EXPECT_EQ(rc, 0);
  EXPECT_NE(access((ws_ + "/in.txt").c_str(), F_OK), -1);
  EXPECT_EQ(access((out_ + "/no.txt").c_str(), F_OK), -1);
}

TEST_F(SandboxTest, LandlockReadOnlyDeniesEverywhereButReads) {
  if (sb::kernel_abi() < sb::kFullAbi) GTEST_SKIP() << "Landlock ABI below 3 on this host";
  ASSERT_EQ(try_create(ws_ + "/keep.txt"), 0);
  sb::Policy p;
  std::string err;
  ASSERT_TRUE(sb::resolve_policy("read-only", ws_, &p, &err));
  int rc = in_child([&] {
    sb::Applied a;
    std::string e;
    if (!sb::apply(p, &a, &e)) return 10;
    if (try_create(ws_ + "/x.txt") != EACCES) return 11;
    if (truncate((ws_ + "/keep.txt").c_str(), 0) == 0) return 12;
    if (open((ws_ + "/keep.txt").c_str(), O_RDONLY) < 0) return 13;
    if (open("/dev/null", O_WRONLY) < 0) return 14;
    return 0;
  });
  EXPECT_EQ(rc, 0);
}

TEST_F(SandboxTest, ForcedAbiGivesPartialEnforcement) {
  sb::Policy p;
  std::string err;
  setenv(sb::kForceAbiVar, "0", 1);
  ASSERT_TRUE(sb::resolve_policy("read-only", ws_, &p, &err));
  int rc = in_child([&] {
    sb::Applied a;
    std::string e;
    if (!sb::apply(p, &a, &e)) return 10;
    if (a.enforcement != sb::Enforcement::Partial || a.abi != 0) return 11;
    // Nothing is enforced by the kernel: only our own checks stand.
    return try_create(ws_ + "/x.txt") == 0 ? 0 : 12;
  });
  EXPECT_EQ(rc, 0);
  if (sb::kernel_abi() < 2) return;
  setenv(sb::kForceAbiVar, "2", 1);
  ASSERT_TRUE(sb::resolve_policy("read-only", ws_, &p, &err));
  rc = in_child([&] {
    sb::Applied a;
    std::string e;
    if (!sb::apply(p, &a, &e)) return 10;
    if (a.enforcement != sb::Enforcement::Partial || a.abi != 2) return 11;
    if (a.note != "Landlock ABI 2 cannot govern truncation (ABI 3)") return 12;
    return try_create(ws_ + "/y.txt") == EACCES ? 0 : 13;
  });
  EXPECT_EQ(rc, 0);
}

TEST_F(SandboxTest, DangerFullAccessRestrictsNothing) {
  sb::Policy p;
  std::string err;
  ASSERT_TRUE(sb::resolve_policy("danger-full-access", ws_, &p, &err));
  int rc = in_child([&] {
    sb::Applied a;
    std::string e;
    if (!sb::apply(p, &a, &e)) return 10;
    return try_create(out_ + "/x.txt");
  });
  EXPECT_EQ(rc, 0);
}

TEST_F(SandboxTest, ApplyFailsClosedWhenARootIsGone) {
  if (sb::kernel_abi() == 0) GTEST_SKIP() << "no Landlock on this host";
  sb::Policy p;
  std::string err;
  ASSERT_TRUE(sb::resolve_policy("workspace-write", ws_, &p, &err));
  p.writable.push_back(root_ + "/vanished");
  int rc = in_child([&] {
    sb::Applied a;
    std::string e;
    if (sb::apply(p, &a, &e)) return 10;
    return e.rfind("cannot apply the file sandbox: opening '", 0) == 0 ? 0 : 11;
  });
  EXPECT_EQ(rc, 0);
}

TEST_F(SandboxTest, ProbeReportsEveryMode) {
  sb::Policy p;
  std::string err;
  ASSERT_TRUE(sb::resolve_policy("read-only", ws_, &p, &err));
  sb::Probe pr = sb::probe(p);
  ASSERT_EQ(pr.modes.size(), 3u);
  for (const auto& m : pr.modes) EXPECT_TRUE(m.available) << sb::mode_name(m.mode) << m.reason;
  EXPECT_EQ(pr.abi, sb::kernel_abi());
  std::string text = sb::probe_text(pr, p);
  EXPECT_NE(text.find("workspace-write: available"), std::string::npos) << text;

  setenv(sb::kForceAbiVar, "0", 1);
  ASSERT_TRUE(sb::resolve_policy("read-only", ws_, &p, &err));
  pr = sb::probe(p);
  EXPECT_EQ(pr.abi, 0);
  EXPECT_EQ(pr.modes[0].enforcement, sb::Enforcement::Partial);
  EXPECT_EQ(pr.modes[0].reason,
            "Landlock is not available on this kernel; only the toolkit's own checks apply");
}

TEST(SandboxProcRule, OtherProcessesAndOwnFdsOnly) {
  using sb::ProcRule;
  EXPECT_EQ(sb::proc_rule("/proc/42/environ", 7), ProcRule::OtherProcess);
  EXPECT_EQ(sb::proc_rule("/proc/42", 7), ProcRule::OtherProcess);
  EXPECT_EQ(sb::proc_rule("/proc/7/environ", 7), ProcRule::Allowed);
  EXPECT_EQ(sb::proc_rule("/proc/7", 7), ProcRule::Allowed);
  EXPECT_EQ(sb::proc_rule("/proc/7/fd", 7), ProcRule::OwnFds);
  EXPECT_EQ(sb::proc_rule("/proc/7/fd/4", 7), ProcRule::OwnFds);
  EXPECT_EQ(sb::proc_rule("/proc/7/fdinfo/3", 7), ProcRule::OwnFds);
  EXPECT_EQ(sb::proc_rule("/proc/7/task/9/fd/3", 7), ProcRule::OwnFds);
  EXPECT_EQ(sb::proc_rule("/proc/7/task/9/status", 7), ProcRule::Allowed);
  EXPECT_EQ(sb::proc_rule("/proc/7/fdx", 7), ProcRule::Allowed);
  EXPECT_EQ(sb::proc_rule("/dev/fd", 7), ProcRule::OwnFds);
  EXPECT_EQ(sb::proc_rule("/dev/fd/3", 7), ProcRule::OwnFds);
  EXPECT_EQ(sb::proc_rule("/proc", 7), ProcRule::Allowed);
  EXPECT_EQ(sb::proc_rule("/proc/meminfo", 7), ProcRule::Allowed);
  EXPECT_EQ(sb::proc_rule("/procs/42/environ", 7), ProcRule::Allowed);
  EXPECT_EQ(sb::proc_rule("/dev/fdx", 7), ProcRule::Allowed);
}

TEST_F(SandboxTest, RunTempFolderIsPrivateAndUnderTmpdir) {
  std::string err;
  sb::TempFolder folder;
  ASSERT_TRUE(folder.make(sb::kRunTempPrefix, &err)) << err;
  std::string t = folder.path();
  EXPECT_EQ(t.rfind(root_ + "/tmp/oda-run-", 0), 0u) << t;
  struct stat st;
  ASSERT_EQ(stat(t.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  setenv("TMPDIR", (root_ + "/missing").c_str(), 1);  // no folder: /tmp then
  EXPECT_EQ(sb::run_temp_base(), "/tmp");
}

TEST_F(SandboxTest, StaleTempFoldersAreSweptLiveOnesKept) {
  std::string err, tmp = root_ + "/tmp";
  sb::TempFolder live;
  ASSERT_TRUE(live.make(sb::kRunTempPrefix, &err)) << err;
  // An owner killed before it could clean up: its folder stays, unlocked.
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    auto* f = new sb::TempFolder;
    std::string e;
    if (!f->make(sb::kSessionTempPrefix, &e)) _exit(1);
    std::string p = f->path() + "\n";
    if (write(fds[1], p.data(), p.size()) < 0) _exit(1);
    for (;;) pause();
  }
  close(fds[1]);
  char buf[512];
  ssize_t n = read(fds[0], buf, sizeof buf);
  close(fds[0]);
  ASSERT_GT(n, 1);
  std::string dead(buf, static_cast<size_t>(n - 1));
  ASSERT_EQ(mkdir((dead + "/inside").c_str(), 0700), 0);
  EXPECT_EQ(sb::sweep_temp_folders(tmp), 0);  // still held by the child
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  ASSERT_EQ(mkdir((tmp + "/oda-runaway").c_str(), 0700), 0);   // not a name we make
  ASSERT_EQ(symlink(tmp.c_str(), (tmp + "/oda-run-link00").c_str()), 0);
  EXPECT_EQ(sb::sweep_temp_folders(tmp), 1);
  struct stat st;
  EXPECT_NE(lstat(dead.c_str(), &st), 0);
  EXPECT_EQ(stat(live.path().c_str(), &st), 0);
  EXPECT_EQ(stat((tmp + "/oda-runaway").c_str(), &st), 0);
  EXPECT_EQ(lstat((tmp + "/oda-run-link00").c_str(), &st), 0);
}

TEST(SandboxPrivileges, DroppedInAChild) {
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::string err;
    if (!sb::drop_privileges(&err)) _exit(10);
    if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1) _exit(11);
    if (prctl(PR_CAPBSET_READ, 0 /* CAP_CHOWN */, 0, 0, 0) != 0 && geteuid() == 0) _exit(12);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}
