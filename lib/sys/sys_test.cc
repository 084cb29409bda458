// Unit tests of the OS seams: the clocks and the fd helpers, on real pipes.
#include <gtest/gtest.h>

#include <cerrno>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/core.h>

#include "sys/clock.h"
#include "sys/fd.h"

namespace oda::sys {
namespace {

bool is_open(int fd) { return fcntl(fd, F_GETFD) != -1; }

TEST(Clock, MonotonicNeverGoesBack) {
  int64_t a = monotonic_ns();
  int64_t b = monotonic_ns();
  EXPECT_LE(a, b);
  EXPECT_LE(monotonic_ms(), monotonic_ns() / 1'000'000 + 1);
  EXPECT_GE(system_clock().now_ms() + 1, monotonic_ms());
}

TEST(Clock, FakeMovesOnlyWhenTold) {
  FakeClock c(500);
  const Clock& seen = c;
  EXPECT_EQ(seen.now_ms(), 500);
  c.tick(250);
  EXPECT_EQ(seen.now_ms(), 750);
  c.set(10);
  EXPECT_EQ(seen.now_ms(), 10);
}

TEST(UniqueFd, ClosesOnDestructionAndReset) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  {
    UniqueFd r(p[0]);
    EXPECT_TRUE(r);
    EXPECT_EQ(r.get(), p[0]);
  }
  EXPECT_FALSE(is_open(p[0]));
  UniqueFd w(p[1]);
  w.reset();
  EXPECT_FALSE(is_open(p[1]));
  EXPECT_FALSE(w);
  EXPECT_EQ(w.get(), -1);
}

TEST(UniqueFd, MoveHandsOverReleaseGivesUp) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  UniqueFd a(p[0]);
  UniqueFd b(std::move(a));
  EXPECT_EQ(a.get(), -1);
  EXPECT_EQ(b.get(), p[0]);
  UniqueFd c(p[1]);
  c = std::move(b);  // closes p[1], takes p[0]
  EXPECT_FALSE(is_open(p[1]));
  EXPECT_EQ(c.get(), p[0]);
  int raw = c.release();
  EXPECT_EQ(raw, p[0]);
  EXPECT_EQ(c.get(), -1);
  EXPECT_TRUE(is_open(raw));
  close(raw);
}

TEST(FdIo, WholeTransfersAcrossAPipe) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  UniqueFd r(p[0]), w(p[1]);
  ASSERT_TRUE(write_all(w.get(), "hello, "));
  ASSERT_TRUE(write_all(w.get(), "world", 5));
  char buf[7];
  ASSERT_TRUE(read_exact(r.get(), buf, 7));
  EXPECT_EQ(std::string(buf, 7), "hello, ");
  w.reset();
  std::string rest;
  ASSERT_TRUE(read_to_end(r.get(), &rest));
  EXPECT_EQ(rest, "world");
}

TEST(FdIo, ReadExactSaysWhenTheEndCameFirst) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  UniqueFd r(p[0]), w(p[1]);
  ASSERT_TRUE(write_all(w.get(), "abc"));
  w.reset();
  char buf[8];
  errno = EINVAL;
  EXPECT_FALSE(read_exact(r.get(), buf, 8));
  EXPECT_EQ(errno, 0);
}

TEST(FdIo, ErrorsCarryErrno) {
  EXPECT_FALSE(write_all(-1, "x"));
  EXPECT_EQ(errno, EBADF);
  std::string s;
  EXPECT_FALSE(read_to_end(-1, &s));
  EXPECT_EQ(errno, EBADF);
}

TEST(FdIo, LargeWriteFinishesThroughAReader) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  UniqueFd r(p[0]), w(p[1]);
  std::string big(1 << 20, 'x');  // far past a pipe's 64 KiB buffer
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    w.reset();
    std::string got;
    _exit(read_to_end(r.get(), &got) && got == big ? 0 : 1);
  }
  r.reset();
  ASSERT_TRUE(write_all(w.get(), big));
  w.reset();
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

// fmt's compiled half (lib/sys/fmt.cc) serves every kind of argument the parts format: a
// missing piece there fails the link or these values.
TEST(Fmt, FormatsWhatThePartsFormat) {
  EXPECT_EQ(fmt::format("no session '{}' in chat '{}'", "mian", "c1"), "no session 'mian' in chat 'c1'");
  EXPECT_EQ(fmt::format("{} of {}", 3, int64_t{9007199254740991}), "3 of 9007199254740991");
  EXPECT_EQ(fmt::format("{:.3f} {:g} {}", 3.14159, 1e21, 0.5), "3.142 1e+21 0.5");
  EXPECT_EQ(fmt::format("[{:>5}|{:<4}|{:^5}]", "ab", 7, 'x'), "[   ab|7   |  x  ]");
  EXPECT_EQ(fmt::format("{:#x} {:08b}", 255, 5), "0xff 00000101");
  std::string_view view = "view";
  std::string owned = "owned";
  EXPECT_EQ(fmt::format("{}/{}/{}", view, owned, true), "view/owned/true");
  EXPECT_THROW((void)fmt::format(fmt::runtime("{:d}"), "text"), std::runtime_error);  // fmt::format_error
}

}  // namespace
}  // namespace oda::sys
