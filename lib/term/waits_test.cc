// The settle decisions of a send, on a session with a PTY but no shell: the test plays the
// shell (prompt markers fed as output), the kernel (a fake TtyProbe) and time (a FakeClock),
// so each case checks one decision at the exact millisecond it must change.
#include "term/waits.h"

#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "term/relay.h"
#include "term/spawn.h"

namespace oda::term {

namespace {

using T = WaitTimes;

// What the "kernel" answers; each field is one question of TtyProbe.
class FakeProbe : public TtyProbe {
 public:
  bool canonical_ = true;
  int queued_ = 0;
  pid_t front_ = 100;
  Reading group_ = Reading::No;
  pid_t reader_ = 100;
  Reading shell_ = Reading::Yes;
  long switches_ = 7;
  mutable int group_looks = 0;

  Modes modes(const Tty&) const override { return Modes{.canonical = canonical_}; }
  int queued(const Tty&) const override { return queued_; }
  pid_t front_group(const Tty&) const override { return front_; }
  Reading group_reading(pid_t, dev_t, bool, pid_t* reader, bool) const override {
    ++group_looks;
    if (reader) *reader = reader_;
    return group_;
  }
  Reading process_reading(pid_t, dev_t, bool) const override { return shell_; }
  long context_switches(pid_t) const override { return switches_; }
  // A relay in front (relay.h) and, when seeable_, the terminal behind it with its own
  // front group, modes and queued bytes.
  RelayKind relay_ = RelayKind::None;
  bool seeable_ = false;
  Relay relay(pid_t pg, bool) const override { return relay_ == RelayKind::None ? Relay{} : Relay{relay_, pg, 7}; }
  bool behind(const Relay& r, pid_t, Behind* out) const override {
    if (r.kind != RelayKind::Pty || !seeable_) return false;
    out->tty = Tty{.master = -1, .slave = -1, .dev = 1234};
    out->front = 300;
    return true;
  }
};

class TermWaits : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string err;
    ASSERT_TRUE(s.open_pty(&err)) << err;
    s.ingest(marker(0));  // the first prompt: Starting -> Running
    ASSERT_EQ(s.status(), Session::Status::Running);
  }

  std::string marker(int status) { return "\x1b]" + marker_prefix(s.nonce()) + std::to_string(status) + "\a"; }

  // A send written now, waiting at most wait_ms.
  Waiter send(int64_t wait_ms = 30000) {
    Waiter w{};
    w.client = 1;
    w.s = &s;
    w.start_prompts = s.prompts();
    w.deadline = clock.now_ms() + wait_ms;
    w.immediate = false;
    w.pending_line = false;
    w.max_bytes = 262144;
    w.written_ms = clock.now_ms();
    return w;
  }

  // settle_reason at the current time; "" while it still waits.
  std::string look(Waiter& w) {
    Settled why;
    if (!settle_reason(w, clock.now_ms(), probe, &why)) return "";
    return std::string(settled_name(why));
  }

  // Ticks ms at a time until the wait settles or `limit` ms pass; the reason and, in
  // *after, how long it took.
  std::string run(Waiter& w, int64_t limit, int64_t* after, int64_t step = 1) {
    int64_t start = clock.now_ms();
    for (;;) {
      std::string r = look(w);
      if (!r.empty() || clock.now_ms() - start >= limit) {
        *after = clock.now_ms() - start;
        return r;
      }
      clock.tick(step);
    }
  }

  // A send whose front leader has run since the write: how long until it settles as input
  // (-1 when it settles otherwise).
  int64_t input_after() {
    Waiter w = send();
    w.woke[100] = probe.switches_ - 1;
    int64_t took = 0;
    return run(w, 1000, &took) == "input" ? took : -1;
  }

  sys::FakeClock clock;
  FakeProbe probe;
  Session s{1, "chat", "", SpawnOptions{}, clock};
};

}  // namespace

TEST_F(TermWaits, ThePromptSettlesWithTheCommandsOutputAndStatus) {
  Waiter w = send();
  EXPECT_EQ(look(w), "");
  clock.tick(2);
  s.ingest("hello\r\n" + marker(3));
  EXPECT_EQ(look(w), "prompt");
  json::Value r = settled_result(w, Settled::Prompt);
  EXPECT_EQ(r.get_or("output", "?"), "hello");
  EXPECT_EQ(r.get_or("wait", ""), "prompt");
  EXPECT_EQ(r.get_or<int64_t>("exit", -1), 3);
  EXPECT_EQ(r.get_or("status", ""), "running");
  // Nothing twice: the next send starts after what this one returned.
  EXPECT_EQ(s.take_unseen(), "");
}

TEST_F(TermWaits, APromptCountsOnlyOnceTheShellIsIdleAtIt) {
  // Several lines sent at once: a prompt came, but the shell is not yet blocked reading
  // (it has more of our lines to run).
  Waiter w = send();
  probe.shell_ = Reading::No;
  s.ingest(marker(0));
  EXPECT_EQ(look(w), "");
  EXPECT_TRUE(w.confirming);
  probe.shell_ = Reading::Yes;
  probe.queued_ = 4;  // blocked, but a line of ours is still queued for it
  EXPECT_EQ(look(w), "");
  probe.queued_ = 0;
  EXPECT_EQ(look(w), "prompt");
}

TEST_F(TermWaits, InputIsBelievedOnlyOnASecondLookWithNothingNewInBetween) {
  probe.group_ = Reading::Yes;
  Waiter w = send();
  w.woke[100] = 6;  // the reader ran since the write (7 now): it has taken our bytes
  s.ingest("Name: ");
  int64_t took = 0;
  EXPECT_EQ(run(w, 1000, &took), "input");
  // The first look at kQuietMs only notes the reader; the second, kConfirmMs later, believes it.
  EXPECT_EQ(took, T::kQuietMs + T::kCheckMs);
  EXPECT_EQ(probe.group_looks, 2);
  EXPECT_EQ(settled_result(w, Settled::Input).get_or("output", ""), "Name: ");
}

TEST_F(TermWaits, OutputTheSecondLookFindsStartsTheConfirmationOver) {
  probe.group_ = Reading::Yes;
  Waiter w = send();
  w.woke[100] = 6;
  clock.tick(T::kQuietMs);
  EXPECT_EQ(look(w), "");  // first look: the reader is noted
  // The reader printed more before blocking again; it crosses the PTY by the second look.
  ASSERT_EQ(::write(s.tty().slave, "more ", 5), 5);
  clock.tick(T::kCheckMs);
  EXPECT_EQ(look(w), "");  // what it drained is new: not confirmed, noted afresh
  int64_t took = 0;
  EXPECT_EQ(run(w, 1000, &took), "input");
  EXPECT_EQ(took, T::kCheckMs);
  EXPECT_EQ(settled_result(w, Settled::Input).get_or("output", ""), "more ");
}

TEST_F(TermWaits, AReaderThatHasNotRunSinceTheWriteIsNotWaiting) {
  probe.group_ = Reading::Yes;
  Waiter w = send(300);
  w.woke[100] = probe.switches_;  // blocked in read(), but asleep since before our bytes
  int64_t took = 0;
  EXPECT_EQ(run(w, 1000, &took), "timeout");
  EXPECT_EQ(took, 300);
}

TEST_F(TermWaits, AnotherReaderGetsTimeToTakeTheBytesFirst) {
  probe.group_ = Reading::Yes;
  probe.reader_ = 200;  // not the leader whose switches were counted
  int64_t took = input_after();
  EXPECT_GE(took, T::kReaderSettleMs);
  EXPECT_LT(took, T::kReaderSettleMs + 2 * T::kCheckMs);
}

TEST_F(TermWaits, APollingReaderIsConfirmedOverTheLongerGap) {
  probe.group_ = Reading::Polling;
  probe.canonical_ = false;
  int64_t took = input_after();
  EXPECT_GE(took, T::kPollConfirmMs);
  EXPECT_LT(took, T::kPollConfirmMs + 2 * T::kCheckMs);
}

TEST_F(TermWaits, WhenProcCannotTellAnUnfinishedLineThatStaysQuietIsInput) {
  probe.group_ = Reading::Unknown;
  Waiter w = send();
  s.ingest("Continue? [y/N] ");
  int64_t took = 0;
  EXPECT_EQ(run(w, 2000, &took), "input");
  EXPECT_GE(took, T::kIdleFallbackMs);
  EXPECT_LT(took, T::kIdleFallbackMs + T::kSlowCheckMs);
}

TEST_F(TermWaits, WhenProcCannotTellAFinishedLineIsNoInputWait) {
  probe.group_ = Reading::Unknown;
  Waiter w = send(2000);
  s.ingest("working...\r\n");
  int64_t took = 0;
  EXPECT_EQ(run(w, 5000, &took), "timeout");
  EXPECT_EQ(took, 2000);
}

TEST_F(TermWaits, ALongQuietCommandIsLookedAtLessOften) {
  probe.group_ = Reading::No;
  Waiter w = send(10000);
  int64_t took = 0;
  EXPECT_EQ(run(w, 20000, &took), "timeout");
  EXPECT_EQ(took, 10000);
  // About every kCheckMs for the first second, every kSlowCheckMs after it.
  int expected = T::kSlowAfterMs / T::kCheckMs + (10000 - T::kSlowAfterMs) / T::kSlowCheckMs;
  EXPECT_NEAR(probe.group_looks, expected, 5);
}

TEST_F(TermWaits, TimeoutComesAtTheDeadlineNotBefore) {
  Waiter w = send(300);
  clock.tick(299);
  EXPECT_EQ(look(w), "");
  clock.tick(1);
  EXPECT_EQ(look(w), "timeout");
}

TEST_F(TermWaits, TheShellEndingSettlesWithExitAndItsCode) {
  Waiter w = send();
  s.ingest("exit\r\n");
  EXPECT_EQ(look(w), "");
  s.exited(7 << 8);  // a waitpid status: exited with 7
  EXPECT_EQ(look(w), "exit");
  json::Value r = settled_result(w, Settled::Exit);
  EXPECT_EQ(r.get_or("output", ""), "exit");
  EXPECT_EQ(r.get_or("status", ""), "exited");
  EXPECT_EQ(r.get_or<int64_t>("code", -1), 7);
  EXPECT_TRUE(r.get("exit")->is_null());
  EXPECT_TRUE(r.get("signal")->is_null());
}

TEST_F(TermWaits, AMarkerTheInputCheckDrainsSettlesAsAPrompt) {
  // The shell printed its prompt while the wait looked: it is in the PTY, not yet read.
  probe.group_ = Reading::Yes;
  Waiter w = send();
  w.woke[100] = 6;
  std::string m = marker(0);
  ASSERT_EQ(::write(s.tty().slave, m.data(), m.size()), static_cast<ssize_t>(m.size()));
  clock.tick(T::kQuietMs);
  EXPECT_EQ(look(w), "prompt");
}

TEST_F(TermWaits, ImmediateAndStarting) {
  Waiter w = send();
  w.immediate = true;
  EXPECT_EQ(look(w), "prompt");
  Session fresh{2, "chat", "", SpawnOptions{}, clock};
  std::string err;
  ASSERT_TRUE(fresh.open_pty(&err));
  Waiter early = send(100);
  early.s = &fresh;
  early.start_prompts = 0;
  EXPECT_EQ(look(early), "");  // still starting: no decision before the deadline
  clock.tick(100);
  EXPECT_EQ(look(early), "exit");  // never got to a prompt
}

TEST(TermSettled, NamesAreTheWordsOfTheWaitLine) {
  EXPECT_EQ(settled_name(Settled::Prompt), "prompt");
  EXPECT_EQ(settled_name(Settled::Input), "input");
  EXPECT_EQ(settled_name(Settled::Timeout), "timeout");
  EXPECT_EQ(settled_name(Settled::Exit), "exit");
}

}  // namespace oda::term

namespace oda::term {

TEST_F(TermWaits, ARelayPollingTheTerminalIsNoInputWait) {
  // ssh in front, polling the terminal as it always does: a command still running behind it
  // prints nothing and leaves no unfinished line, so the wait goes on to its deadline.
  probe.relay_ = RelayKind::Socket;
  probe.group_ = Reading::Polling;
  probe.canonical_ = false;
  Waiter w = send(3000);
  w.woke[100] = probe.switches_ - 1;
  int64_t took = 0;
  EXPECT_EQ(run(w, 5000, &took), "timeout");
  EXPECT_EQ(took, 3000);
}

TEST_F(TermWaits, BehindABlindRelayAPromptShapedLineWaitsAfterAShortQuiet) {
  probe.relay_ = RelayKind::Socket;
  probe.group_ = Reading::Polling;
  probe.canonical_ = false;
  Waiter w = send();
  clock.tick(10);
  s.ingest("name? ");
  int64_t took = 0;
  EXPECT_EQ(run(w, 5000, &took), "input");
  // Counted from the last output, checked every kCheckMs.
  EXPECT_GE(took, T::kPromptShapeMs);
  EXPECT_LT(took, T::kPromptShapeMs + 2 * T::kCheckMs);
  // Any other unfinished line waits longer.
  Waiter w2 = send();
  s.ingest("\r\nworking");
  EXPECT_EQ(run(w2, 5000, &took), "input");
  EXPECT_GE(took, T::kIdleFallbackMs);
  EXPECT_LT(took, T::kIdleFallbackMs + 2 * T::kSlowCheckMs);
}

TEST_F(TermWaits, ARelayBlockedReadingTheTerminalIsAskingItself) {
  // ssh asking for a password reads /dev/tty: that is an input wait, confirmed as any other.
  probe.relay_ = RelayKind::Socket;
  probe.group_ = Reading::Yes;
  Waiter w = send();
  w.woke[100] = probe.switches_ - 1;
  s.ingest("password: ");
  int64_t took = 0;
  EXPECT_EQ(run(w, 1000, &took), "input");
  EXPECT_LT(took, T::kPromptShapeMs);
}

TEST_F(TermWaits, BehindAPtyRelayTheProgramThereDecides) {
  // sudo -i under use_pty: sudo polls our terminal, the shell behind it runs a command.
  probe.relay_ = RelayKind::Pty;
  probe.seeable_ = true;
  probe.group_ = Reading::No;
  Waiter w = send(2000);
  int64_t took = 0;
  s.ingest("root# ");
  EXPECT_EQ(run(w, 1000, &took), "");
  // The shell behind reads again: its terminal's wait is the one that counts (two looks,
  // at the slow pace of a wait quiet for a second).
  probe.group_ = Reading::Yes;
  probe.reader_ = 300;
  EXPECT_EQ(run(w, 1000, &took), "input");
  EXPECT_LE(took, 2 * T::kSlowCheckMs);
}

TEST(TermRelay, PromptShapes) {
  for (const char* yes : {"$ ", "root@vm:~# ", "name? ", "Password: ", ">>> ", "% ", "[y/N] ", "mysql>  "})
    EXPECT_TRUE(prompt_shaped(yes)) << yes;
  for (const char* no : {"", " ", "working", "50%", "a$", "done. "}) EXPECT_FALSE(prompt_shaped(no)) << no;
}

TEST(TermRelay, AProcessHoldingAPtyMasterRelaysToThatPty) {
  EXPECT_EQ(relay_of(getpid()).kind, RelayKind::None);
  sys::UniqueFd m(posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
  ASSERT_TRUE(m);
  ASSERT_EQ(unlockpt(m.get()), 0);
  std::string pts = ptsname(m.get());
  Relay r = relay_of(getpid());
  EXPECT_EQ(r.kind, RelayKind::Pty);
  EXPECT_EQ(r.pid, getpid());
  EXPECT_EQ("/dev/pts/" + std::to_string(r.pts), pts);
  struct stat st;
  ASSERT_EQ(stat(pts.c_str(), &st), 0);
  EXPECT_EQ(pts_device(r.pts), st.st_rdev);
  // No process has it as its controlling terminal.
  EXPECT_LE(terminal_front_group(st.st_rdev, 0), 0);
}

TEST(TermRelay, ASocketMakesARelayWhenNoPtyMasterIsHeld) {
  int sv[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
  EXPECT_EQ(relay_of(getpid()).kind, RelayKind::Socket);
  close(sv[0]);
  close(sv[1]);
}

}  // namespace oda::term
