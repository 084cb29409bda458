// A session's output as the daemon keeps it, fed as the PTY would: the startup noise and the
// markers never shown, a forged marker ignored, nothing returned twice, the lone newline
// after a SIGINT dropped, and the closing phases' timing.
#include "term/session.h"

#include <gtest/gtest.h>

#include "term/closing.h"
#include "term/spawn.h"

namespace oda::term {

namespace {

class TermSession : public ::testing::Test {
 protected:
  std::string marker(int status) { return "\x1b]" + marker_prefix(s.nonce()) + std::to_string(status) + "\a"; }
  void start() {
    s.ingest("stty: noise of the integration\r\n" + marker(0));
    ASSERT_EQ(s.status(), Session::Status::Running);
  }

  sys::FakeClock clock;
  Session s{1, "chat", "main", SpawnOptions{}, clock};
};

}  // namespace

TEST_F(TermSession, TheIntegrationsNoiseBeforeTheFirstPromptIsNeverShown) {
  s.ingest("stty: noise");
  EXPECT_EQ(s.status(), Session::Status::Starting);
  EXPECT_FALSE(s.at_prompt());
  s.ingest("\r\n" + marker(0) + "motd\r\n");
  EXPECT_EQ(s.status(), Session::Status::Running);
  EXPECT_TRUE(s.at_prompt());
  EXPECT_EQ(s.prompts(), 0u);  // the first prompt is the start, not a command's end
  EXPECT_EQ(s.take_unseen(), "motd");
}

TEST_F(TermSession, APromptCountsAndCarriesTheStatusButNeverShows) {
  start();
  s.submitted();
  EXPECT_FALSE(s.at_prompt());
  s.ingest("out\r\n" + marker(4));
  EXPECT_EQ(s.prompts(), 1u);
  EXPECT_EQ(s.last_exit(), 4);
  EXPECT_TRUE(s.at_prompt());
  EXPECT_EQ(s.take_unseen(), "out");
  EXPECT_EQ(s.total_lines(), 1u);
}

TEST_F(TermSession, AForgedMarkerNeitherCountsNorShows) {
  start();
  s.ingest("\x1b]6973;0123456789abcdef;0\aone\r\n");
  EXPECT_EQ(s.prompts(), 0u);
  EXPECT_EQ(s.take_unseen(), "one");
}

TEST_F(TermSession, NothingTwiceEvenForALineStillBeingWritten) {
  start();
  s.ingest("abc");
  EXPECT_TRUE(s.line_open());
  EXPECT_EQ(s.take_unseen(), "abc");
  s.ingest("def\r\nnext\r\n");
  EXPECT_EQ(s.take_unseen(), "def\nnext");  // only what the line gained, then the rest
  EXPECT_EQ(s.take_unseen(), "");
  EXPECT_EQ(s.line(0), "abcdef");
}

TEST_F(TermSession, AReadMarksWhatItReturnedAsSeen) {
  start();
  s.ingest("1\r\n2\r\n3\r\n");
  s.mark_seen(Pos{2, ""});
  EXPECT_EQ(s.take_unseen(), "3");
  s.mark_seen(Pos{1, ""});  // an older read never moves the point back
  EXPECT_EQ(s.take_unseen(), "");
}

TEST_F(TermSession, TheLoneNewlineAfterAnInterruptIsDropped) {
  start();
  s.submitted();
  s.interrupted();
  s.ingest("\r\n");  // held: it may be bash's answer to the job's death
  s.ingest(marker(130));
  EXPECT_EQ(s.prompts(), 1u);
  EXPECT_EQ(s.last_exit(), 130);
  EXPECT_EQ(s.take_unseen(), "");
  EXPECT_EQ(s.total_lines(), 0u);
}

TEST_F(TermSession, TheNewlineBeforeTheStoppedNoticeIsDropped) {
  start();
  s.submitted();
  s.interrupted(true);
  s.ingest("\r\n[1]+  Stopped                 cat\r\n" + marker(148));
  EXPECT_EQ(s.take_unseen(), "[1]+  Stopped                 cat");
  EXPECT_EQ(s.last_exit(), 148);
}

TEST_F(TermSession, AProgramsOwnOutputAfterAnInterruptStays) {
  start();
  s.interrupted();
  s.ingest("\r\ncleanup\r\n" + marker(3));
  EXPECT_EQ(s.take_unseen(), "\ncleanup");
  EXPECT_EQ(s.last_exit(), 3);
}

TEST_F(TermSession, HeldBytesAreReleasedOnceTheWindowCloses) {
  start();
  s.interrupted();
  s.ingest("\r\n");
  EXPECT_EQ(s.take_unseen(), "");
  clock.tick(Session::kInterruptWindowMs - 1);
  s.drain();  // no PTY: only the window is looked at
  EXPECT_EQ(s.total_lines(), 0u);
  clock.tick(1);
  s.drain();
  EXPECT_EQ(s.total_lines(), 1u);  // the newline was the job's after all
  s.ingest("late\r\n");
  EXPECT_EQ(s.take_unseen(), "\nlate");
}

TEST_F(TermSession, ExitAndCloseAreRecordedOnce) {
  start();
  EXPECT_TRUE(s.running());
  s.exited(9);  // a waitpid status: killed by signal 9
  EXPECT_EQ(s.status(), Session::Status::Exited);
  EXPECT_FALSE(s.running());
  EXPECT_TRUE(s.live());
  EXPECT_EQ(s.exit_signal(), 9);
  EXPECT_FALSE(s.exit_code());
  s.closing();
  EXPECT_EQ(s.status(), Session::Status::Closing);
  s.closed();
  EXPECT_FALSE(s.live());
  EXPECT_FALSE(s.has_pty());
  EXPECT_EQ(s.label(), "pty-1 (main)");
}

TEST(TermClosing, HangUpThenTerminateThenKill) {
  using P = Closing::Phase;
  EXPECT_EQ(closing_phase(0), P::HungUp);
  EXPECT_EQ(closing_phase(Closing::kTerminateAfterMs - 1), P::HungUp);
  EXPECT_EQ(closing_phase(Closing::kTerminateAfterMs), P::Terminated);
  EXPECT_EQ(closing_phase(Closing::kKillAfterMs - 1), P::Terminated);
  EXPECT_EQ(closing_phase(Closing::kKillAfterMs), P::Killed);
  EXPECT_EQ(closing_phase(60000), P::Killed);
  EXPECT_LT(Closing::kTerminateAfterMs, Closing::kKillAfterMs);
}

}  // namespace oda::term
