// Unit tests of the fs operations: results, Node-like errors, and our own policy check.
#include "sandbox/fs_ops.h"
#include "sandbox/sandbox_testing.h"

#include <gtest/gtest.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace sb = oda::sandbox;
namespace fs = oda::sandbox::fs;

namespace {

class FsTest : public SandboxFolderTest {
 protected:
  fs::Files files(const char* mode, sb::Enforcement e = sb::Enforcement::Full) {
    sb::Policy p;
    std::string err;
    EXPECT_TRUE(sb::resolve_policy(mode, ws_, &p, &err)) << err;
    p.temp = root_ + "/tmp";  // as the run's own temp folder
    return fs::Files(sb::with_mode(p, p.mode), e);
  }
  std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  bool present(const std::string& path) { return access(path.c_str(), F_OK) == 0; }
};

}  // namespace

TEST_F(FsTest, WriteReadAppendInsideTheWorkspace) {
  fs::Files f = files("workspace-write");
  fs::Error err;
  ASSERT_TRUE(f.write_file("notes.txt", "one\n", &err)) << err.message;
  ASSERT_TRUE(f.append_file("notes.txt", "two\n", &err)) << err.message;
  std::string data;
  ASSERT_TRUE(f.read_file("notes.txt", &data, &err));
  EXPECT_EQ(data, "one\ntwo\n");
  EXPECT_EQ(slurp(ws_ + "/notes.txt"), "one\ntwo\n");
  ASSERT_TRUE(f.write_file(root_ + "/tmp/t.txt", "t", &err)) << err.message;
  EXPECT_TRUE(f.last_denial().empty());
}

TEST_F(FsTest, ReadErrorsCarryCodeReasonAndPath) {
  fs::Files f = files("read-only");
  fs::Error err;
  std::string data;
  EXPECT_FALSE(f.read_file("missing.txt", &data, &err));
  EXPECT_EQ(err.code, "ENOENT");
  EXPECT_EQ(err.message, "ENOENT: no such file or directory, open 'missing.txt'");
  EXPECT_EQ(err.path, "missing.txt");
  EXPECT_FALSE(err.denied);
  EXPECT_FALSE(f.read_file(".", &data, &err));
  EXPECT_EQ(err.message, "EISDIR: illegal operation on a directory, read '.'");
}

TEST_F(FsTest, ReadOnlyDeniesEveryChangeAndWritesNothing) {
  fs::Files f = files("read-only");
  fs::Error err;
  EXPECT_FALSE(f.write_file("a.txt", "x", &err));
  EXPECT_TRUE(err.denied);
  EXPECT_EQ(err.code, "ERR_ACCESS_DENIED");
  EXPECT_EQ(err.message,
            "File sandbox: read-only; enforcement: full; operation denied: writeFile 'a.txt'");
  EXPECT_FALSE(present(ws_ + "/a.txt"));
  EXPECT_FALSE(f.append_file("a.txt", "x", &err));
  EXPECT_FALSE(f.mkdir("d", true, &err));
  EXPECT_EQ(err.message, "File sandbox: read-only; enforcement: full; operation denied: mkdir 'd'");
  EXPECT_FALSE(present(ws_ + "/d"));
  EXPECT_EQ(f.last_denial(), err.message);
}

TEST_F(FsTest, WorkspaceWriteDeniesEscapes) {
  fs::Files f = files("workspace-write", sb::Enforcement::Partial);
  fs::Error err;
  EXPECT_FALSE(f.write_file("/etc/oda-denied", "x", &err));
  EXPECT_EQ(err.message,
            "File sandbox: workspace-write; enforcement: partial; operation denied: writeFile "
            "'/etc/oda-denied'");
  EXPECT_FALSE(present("/etc/oda-denied"));
  EXPECT_FALSE(f.write_file("../outside/x.txt", "x", &err));
  EXPECT_TRUE(err.denied);
  EXPECT_FALSE(present(out_ + "/x.txt"));
  ASSERT_EQ(symlink(out_.c_str(), (ws_ + "/link").c_str()), 0);
  EXPECT_FALSE(f.write_file("link/x.txt", "x", &err));
  EXPECT_TRUE(err.denied);
  EXPECT_FALSE(present(out_ + "/x.txt"));
  ASSERT_EQ(symlink((out_ + "/f.txt").c_str(), (ws_ + "/flink").c_str()), 0);
  EXPECT_FALSE(f.write_file("flink", "x", &err));
  EXPECT_TRUE(err.denied);
  EXPECT_FALSE(present(out_ + "/f.txt"));
  // The link itself lives in the workspace: removing it is a change there.
  EXPECT_TRUE(f.rm("flink", false, false, &err)) << err.message;
  EXPECT_FALSE(f.rm(".", true, false, &err));
  EXPECT_TRUE(err.denied);
  EXPECT_TRUE(present(ws_));
  EXPECT_FALSE(f.rename("link", "../outside/moved", &err));
  EXPECT_TRUE(err.denied);
}

TEST_F(FsTest, DangerFullAccessAllowsOutside) {
  fs::Files f = files("danger-full-access");
  fs::Error err;
  ASSERT_TRUE(f.write_file(out_ + "/x.txt", "x", &err)) << err.message;
  EXPECT_EQ(slurp(out_ + "/x.txt"), "x");
}

TEST_F(FsTest, ReaddirSortedWithTypes) {
  fs::Files f = files("workspace-write");
  fs::Error err;
  ASSERT_TRUE(f.write_file("b.txt", "", &err));
  ASSERT_TRUE(f.mkdir("a", false, &err));
  ASSERT_EQ(symlink("b.txt", (ws_ + "/c").c_str()), 0);
  std::vector<fs::DirEntry> list;
  ASSERT_TRUE(f.readdir(".", &list, &err));
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0].name, "a");
  EXPECT_EQ(list[0].type, 'd');
  EXPECT_EQ(list[1].name, "b.txt");
  EXPECT_EQ(list[1].type, 'f');
  EXPECT_EQ(list[2].type, 'l');
  EXPECT_FALSE(f.readdir("b.txt", &list, &err));
  EXPECT_EQ(err.message, "ENOTDIR: not a directory, scandir 'b.txt'");
  EXPECT_FALSE(f.readdir("nope", &list, &err));
  EXPECT_EQ(err.message, "ENOENT: no such file or directory, scandir 'nope'");
}

TEST_F(FsTest, StatAndExists) {
  fs::Files f = files("workspace-write");
  fs::Error err;
  ASSERT_TRUE(f.write_file("s.txt", "12345", &err));
  ASSERT_EQ(symlink("s.txt", (ws_ + "/l").c_str()), 0);
  fs::Stat st;
  ASSERT_TRUE(f.stat("s.txt", true, &st, &err));
  EXPECT_TRUE(st.is_file);
  EXPECT_EQ(st.size, 5u);
  EXPECT_GT(st.mtime_ms, 0);
  ASSERT_TRUE(f.stat("l", false, &st, &err));
  EXPECT_TRUE(st.is_symlink);
  ASSERT_TRUE(f.stat("l", true, &st, &err));
  EXPECT_TRUE(st.is_file);
  EXPECT_FALSE(f.stat("none", true, &st, &err));
  EXPECT_EQ(err.message, "ENOENT: no such file or directory, stat 'none'");
  EXPECT_TRUE(f.exists("s.txt"));
  EXPECT_TRUE(f.exists("."));
  EXPECT_FALSE(f.exists("none"));
}

TEST_F(FsTest, MkdirRecursiveAndErrors) {
  fs::Files f = files("workspace-write");
  fs::Error err;
  ASSERT_TRUE(f.mkdir("x/y/z", true, &err)) << err.message;
  EXPECT_TRUE(present(ws_ + "/x/y/z"));
  EXPECT_TRUE(f.mkdir("x/y/z", true, &err));  // existing: fine when recursive
  EXPECT_FALSE(f.mkdir("x", false, &err));
  EXPECT_EQ(err.message, "EEXIST: file already exists, mkdir 'x'");
  EXPECT_FALSE(f.mkdir("p/q", false, &err));
  EXPECT_EQ(err.message, "ENOENT: no such file or directory, mkdir 'p/q'");
  ASSERT_TRUE(f.write_file("file", "", &err));
  EXPECT_FALSE(f.mkdir("file/sub", true, &err));
  EXPECT_EQ(err.code, "ENOTDIR");
}

TEST_F(FsTest, RmRecursiveForceAndErrors) {
  fs::Files f = files("workspace-write");
  fs::Error err;
  ASSERT_TRUE(f.mkdir("t/u", true, &err));
  ASSERT_TRUE(f.write_file("t/u/f", "x", &err));
  ASSERT_EQ(symlink(out_.c_str(), (ws_ + "/t/out").c_str()), 0);
  ASSERT_TRUE(f.write_file(out_ + "/keep", "k", &err) == false);  // outside: denied
  std::string cmd = "touch '" + out_ + "/keep'";
  ASSERT_EQ(system(cmd.c_str()), 0);
  EXPECT_FALSE(f.rm("t", false, false, &err));
  EXPECT_EQ(err.code, "EISDIR");
  ASSERT_TRUE(f.rm("t", true, false, &err)) << err.message;
  EXPECT_FALSE(present(ws_ + "/t"));
  EXPECT_TRUE(present(out_ + "/keep"));  // the link was removed, not followed
  EXPECT_FALSE(f.rm("t", false, false, &err));
  EXPECT_EQ(err.message, "ENOENT: no such file or directory, rm 't'");
  EXPECT_TRUE(f.rm("t", false, true, &err));
}

TEST_F(FsTest, RenameAndErrors) {
  fs::Files f = files("workspace-write");
  fs::Error err;
  ASSERT_TRUE(f.write_file("a", "A", &err));
  ASSERT_TRUE(f.rename("a", "b", &err)) << err.message;
  EXPECT_FALSE(present(ws_ + "/a"));
  EXPECT_EQ(slurp(ws_ + "/b"), "A");
  EXPECT_FALSE(f.rename("a", "c", &err));
  EXPECT_EQ(err.message, "ENOENT: no such file or directory, rename 'a' -> 'c'");
}

TEST(FsText, Utf8AndCesu8) {
  // U+1F600 is one code point in UTF-8 and a surrogate pair in CESU-8.
  std::string smile = "\xF0\x9F\x98\x80";
  std::string pair = "\xED\xA0\xBD\xED\xB8\x80";
  EXPECT_EQ(oda::engine::utf8_to_cesu8("a" + smile + "b"), "a" + pair + "b");
  EXPECT_EQ(oda::engine::cesu8_to_utf8("a" + pair + "b"), "a" + smile + "b");
  EXPECT_EQ(oda::engine::utf8_to_cesu8("\xC3\xA9"), "\xC3\xA9");
  // Invalid bytes and lone surrogates become U+FFFD.
  EXPECT_EQ(oda::engine::utf8_to_cesu8("x\xFFy"), "x\xEF\xBF\xBDy");
  EXPECT_EQ(oda::engine::utf8_to_cesu8("\xE2\x82" "A"), "\xEF\xBF\xBD" "A");
  EXPECT_EQ(oda::engine::cesu8_to_utf8("\xED\xA0\xBD"), "\xEF\xBF\xBD");
  EXPECT_EQ(oda::engine::cesu8_to_utf8("\xED\xB8\x80z"), "\xEF\xBF\xBDz");
}

TEST_F(FsTest, NulInAPathIsRefused) {
  fs::Files f = files("workspace-write");
  fs::Error err;
  std::string p("/etc/passwd\0/../../x", 20);
  EXPECT_FALSE(f.write_file(p, "x", &err));
  EXPECT_EQ(err.code, "ERR_INVALID_ARG_VALUE");
  EXPECT_FALSE(f.exists(std::string("a\0b", 3)));
}

TEST_F(FsTest, RmNeverTakesTheRoot) {
  fs::Files f = files("danger-full-access");
  fs::Error err;
  EXPECT_FALSE(f.rm("/", true, true, &err));
  EXPECT_EQ(err.message, "EPERM: operation not permitted, rm '/'");
  EXPECT_FALSE(f.rm(ws_ + "/../../../../../../..", true, true, &err));
  EXPECT_EQ(err.code, "EPERM");
}

TEST_F(FsTest, NoModeReachesAnotherProcessOrItsOwnFds) {
  fs::Files f = files("danger-full-access");
  fs::Error err;
  std::string data;
  std::string parent = "/proc/" + std::to_string(getppid());
  ASSERT_EQ(symlink(parent.c_str(), (ws_ + "/parent").c_str()), 0);
  for (std::string path : {parent + "/environ", "/proc/self/../" + std::to_string(getppid()) + "/cmdline",
                           std::string("parent/maps"), "/proc/self/root" + parent + "/mem",
                           parent + "/cwd/x"}) {
    EXPECT_FALSE(f.read_file(path, &data, &err)) << path;
    EXPECT_TRUE(err.denied) << path;
    EXPECT_EQ(err.message, sb::denial_line(sb::Mode::DangerFullAccess, sb::Enforcement::Full, "readFile", path) +
                               " (a program reads no other process's /proc entries: environment, command "
                               "line or memory)");
  }
  for (std::string path : {"/proc/self/fd/0", "/dev/fd/1", "/dev/stdin", "/proc/thread-self/fdinfo/2"}) {
    EXPECT_FALSE(f.write_file(path, "x", &err)) << path;
    EXPECT_NE(err.message.find("(a program reaches no file descriptor through"), std::string::npos) << path;
  }
  std::vector<fs::DirEntry> entries;
  EXPECT_FALSE(f.readdir("/proc/self/fd", &entries, &err));
  EXPECT_FALSE(f.exists(parent));
  ASSERT_TRUE(f.read_file("/proc/self/status", &data, &err)) << err.message;
  ASSERT_TRUE(f.readdir("/proc", &entries, &err)) << err.message;
}

// What a link swapped in after the checks would lead an open to: the file opened is held to
// the /proc rules itself, and no /proc/PID/fd magic link is followed.
TEST_F(FsTest, AnOpenHoldsTheFileItOpenedToTheProcRules) {
  std::string other = ws_ + "/other", own = ws_ + "/own", fine = ws_ + "/fine";
  ASSERT_EQ(symlink(("/proc/" + std::to_string(getppid()) + "/status").c_str(), other.c_str()), 0);
  ASSERT_EQ(symlink("/proc/self/fd/0", own.c_str()), 0);
  ASSERT_EQ(symlink("/proc/self/status", fine.c_str()), 0);
  sb::ProcRule rule;
  errno = 0;
  EXPECT_EQ(fs::open_reachable(other, O_RDONLY | O_CLOEXEC, 0, getpid(), &rule), -1);
  EXPECT_EQ(rule, sb::ProcRule::OtherProcess);
  EXPECT_EQ(errno, EACCES);
  EXPECT_EQ(fs::open_reachable(own, O_RDONLY | O_CLOEXEC, 0, getpid(), &rule), -1);
  int fd = fs::open_reachable(fine, O_RDONLY | O_CLOEXEC, 0, getpid(), &rule);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(rule, sb::ProcRule::Allowed);
  if (fd >= 0) close(fd);
  fd = fs::open_reachable(ws_ + "/new", O_WRONLY | O_CREAT | O_CLOEXEC, 0600, getpid(), &rule);
  EXPECT_GE(fd, 0);
  if (fd >= 0) close(fd);
  EXPECT_TRUE(present(ws_ + "/new"));
}
