// Unit tests of the supervisor's and the worker's decisions: what an end frame stands for,
// how a worker's exit reads, how long the worker's loop waits, and whole runs through a
// real forked worker (built without a heap image, the slow way, with the same results).
#include "run/supervisor.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "run/parts.h"
#include "run/protocol.h"
#include "run/worker.h"

namespace oda::run {
namespace {

TEST(SettleEnd, AFailureIsTakenAsSent) {
  RunOutcome o;
  settle_end(EndFrame{false, "exception", "Error: boom", ""}, 0, 100, &o);
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.kind, "exception");
  EXPECT_EQ(o.message, "Error: boom");
  EXPECT_FALSE(o.has_value);
}

TEST(SettleEnd, NoValueIsAFinishedRunWithout) {
  RunOutcome o;
  settle_end(EndFrame{true, "", "", ""}, 0, 100, &o);
  EXPECT_TRUE(o.ok);
  EXPECT_FALSE(o.has_value);
}

TEST(SettleEnd, AValueIsParsed) {
  RunOutcome o;
  settle_end(EndFrame{true, "", "", R"({"a":[1,"x"]})"}, 0, 100, &o);
  ASSERT_TRUE(o.ok);
  ASSERT_TRUE(o.has_value);
  EXPECT_EQ(json::write(o.value), R"({"a":[1,"x"]})");
}

TEST(SettleEnd, AValueThatIsNotJsonIsInvalidOutput) {
  RunOutcome o;
  settle_end(EndFrame{true, "", "", "{nope"}, 0, 100, &o);
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.kind, "invalid-output");
  EXPECT_EQ(o.message, kCompletionNotLossless);
}

TEST(SettleEnd, TheValueSharesTheCapWithThePrintedLines) {
  // A string counts as its text: "abcd" is 4 bytes, its JSON 6.
  RunOutcome fits;
  settle_end(EndFrame{true, "", "", "\"abcd\""}, 6, 10, &fits);
  EXPECT_TRUE(fits.ok);
  EXPECT_EQ(fits.value.as_string(), "abcd");
  RunOutcome over;
  settle_end(EndFrame{true, "", "", "\"abcd\""}, 7, 10, &over);
  EXPECT_FALSE(over.ok);
  EXPECT_EQ(over.kind, "output-limit");
  EXPECT_EQ(over.message, "output limit reached (10 bytes)");
  EXPECT_FALSE(over.has_value);
  // Other values count as their JSON.
  RunOutcome list;
  settle_end(EndFrame{true, "", "", "[1,2,3]"}, 4, 10, &list);
  EXPECT_EQ(list.kind, "output-limit");
}

// The wait status of a child that did `what`.
int status_of_child(void (*what)()) {
  pid_t pid = fork();
  if (pid == 0) {
    what();
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

TEST(DescribeWorkerEnd, NamesTheSignalOrTheStatusAndWhatOursMean) {
  EXPECT_EQ(describe_worker_end(status_of_child([] { raise(SIGKILL); })), "worker killed by SIGKILL");
  EXPECT_EQ(describe_worker_end(status_of_child([] { _exit(7); })), "worker exited with status 7");
  EXPECT_EQ(describe_worker_end(status_of_child([] { _exit(static_cast<int>(WorkerExit::kNoStart)); })),
            "worker exited with status 72 (no start frame from the supervisor)");
  EXPECT_EQ(describe_worker_end(status_of_child([] { _exit(static_cast<int>(WorkerExit::kRepliesBroken)); })),
            "worker exited with status 74 (the supervisor's replies broke off)");
}

constexpr int64_t kMs = 1'000'000;

TEST(PollTimeout, TheDeadlineOrTheNextTimerWhicheverIsFirst) {
  int64_t now = 1000 * kMs;
  EXPECT_EQ(poll_timeout_ms(now, now + 500 * kMs, -1), 500) << "no timer: the deadline";
  EXPECT_EQ(poll_timeout_ms(now, now + 500 * kMs, 1020.0), 20) << "a timer due in 20 ms";
  EXPECT_EQ(poll_timeout_ms(now, now + 5 * kMs, 1020.0), 5) << "the deadline comes first";
}

TEST(PollTimeout, RoundsUpAndNeverGoesNegative) {
  int64_t now = 1000 * kMs;
  EXPECT_EQ(poll_timeout_ms(now, now + 1, -1), 1) << "a nanosecond left is a millisecond's wait";
  EXPECT_EQ(poll_timeout_ms(now, now - kMs, -1), 0) << "past the deadline";
  EXPECT_EQ(poll_timeout_ms(now, now + 500 * kMs, 999.0), 0) << "a timer already due";
  EXPECT_EQ(poll_timeout_ms(0, INT64_MAX, -1), 1 << 30) << "no deadline to speak of: capped for poll";
}

// A whole run through the real parts table (danger-full-access: no Landlock needed) and a
// forked worker.
RunOutcome run(const std::string& code, long long budget_ms = 20000) {
  cli::Args args;
  args.values().set("sandbox", "danger-full-access");
  RunSettings s;
  json::Value calls = json::Value::array();
  s.calls = &calls;
  s.code = code;
  s.budget_ms = budget_ms;
  std::string refusal;
  EXPECT_TRUE(apply_settings(parts(), args, &s, &refusal)) << refusal;
  return supervise_through(parts(), s, supervise);
}

TEST(RealWorker, ReturnsTheValueAndThePrintedLines) {
  RunOutcome o = run("console.log('hi', 1 + 1); console.warn({a: 1}); return [6 * 7];");
  ASSERT_TRUE(o.ok) << o.kind << ": " << o.message;
  ASSERT_EQ(o.output.size(), 2u);
  EXPECT_EQ(o.output[0].text, "hi 2");
  EXPECT_EQ(o.output[1].level, 2);
  EXPECT_EQ(o.output[1].text, R"({"a":1})");
  EXPECT_EQ(json::write(o.value), "[42]");
  EXPECT_GE(o.duration_ms, 0);
}

TEST(RealWorker, AThrowIsAnException) {
  RunOutcome o = run("await null; throw new TypeError('nope');");
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.kind, "exception");
  EXPECT_EQ(o.message, "TypeError: nope (line 1)");  // where the program threw
}

TEST(RealWorker, ABusyLoopEndsAtTheDeadline) {
  RunOutcome o = run("for (;;) {}", 200);
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.kind, "timeout");
  EXPECT_EQ(o.message, "execution deadline reached (200ms)");
  EXPECT_LT(o.duration_ms, 5000);
}

TEST(RealWorker, AnUnsettledPromiseFailsAtOnce) {
  RunOutcome o = run("await new Promise(() => {});");
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.message, kUnresolved);
}

}  // namespace
}  // namespace oda::run
