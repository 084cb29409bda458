// procs.h on real processes: what /proc says of a process reading a terminal, and of one
// that is gone.
#include "term/procs.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

namespace oda::term {
namespace {

TEST(TermProcs, AProcessThatIsGoneReadsNothing) {
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) _exit(0);
  int status;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  // A group reaped while still the terminal's front one: no, not "unknown" (which the
  // idle rule would take for a program waiting at an unfinished line).
  EXPECT_EQ(process_reads_terminal(pid, makedev(136, 99), false), Reading::No);
  EXPECT_EQ(reading_terminal(pid, makedev(136, 99), false, nullptr, false), Reading::No);
  EXPECT_EQ(reading_terminal(pid, makedev(136, 99), false, nullptr, true), Reading::No);
}

TEST(TermProcs, AReaderOfAPipeIsNotReadingTheTerminal) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    char c;
    close(fds[1]);
    (void)!read(fds[0], &c, 1);
    _exit(0);
  }
  close(fds[0]);
  usleep(50 * 1000);
  EXPECT_EQ(process_reads_terminal(pid, makedev(136, 99), false), Reading::No);
  close(fds[1]);
  int status;
  waitpid(pid, &status, 0);
}

}  // namespace
}  // namespace oda::term
