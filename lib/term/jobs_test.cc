// Background jobs over a session fed by hand: a job's reader starts at the send, each read
// continues where the last stopped, and the job ends finished (with its status) or killed.
#include "term/jobs.h"

#include <gtest/gtest.h>

#include "term/spawn.h"

namespace oda::term {

namespace {

class TermJobs : public ::testing::Test {
 protected:
  void SetUp() override { s.ingest("\x1b]" + marker_prefix(s.nonce()) + "0\a"); }
  std::string marker(int status) { return "\x1b]" + marker_prefix(s.nonce()) + std::to_string(status) + "\a"; }

  // Job id's read in chat "ci": "output|status|exit" ("?" when the read fails).
  std::string read(const std::string& id) {
    json::Value r;
    if (!jobs.read("ci", id, 262144, &r)) return "?";
    return r.get_or("output", "") + "|" + r.get_or("status", "") + "|" +
           (r.get("exit")->is_null() ? "null" : json::write(*r.get("exit")));
  }

  sys::FakeClock clock;
  Session s{1, "ci", "", SpawnOptions{}, clock};
  Jobs jobs;
};

}  // namespace

TEST_F(TermJobs, AJobReadsFromItsStartOnNeverTwiceAndFinishesWithItsStatus) {
  s.ingest("before\r\n");
  json::Value started = jobs.start("ci", &s, "make");
  EXPECT_EQ(json::write(started), R"({"jobId":"job-1","session":"pty-1","text":"make","status":"running"})");
  EXPECT_EQ(read("job-1"), "|running|null");  // bound at the send: nothing yet, not an error
  s.ingest("one\r\n");
  jobs.update(&s, false);
  EXPECT_EQ(read("job-1"), "one|running|null");
  EXPECT_EQ(read("job-1"), "|running|null");
  s.ingest("two\r\n" + marker(2));
  jobs.update(&s, false);
  EXPECT_EQ(read("job-1"), "two|finished|2");
  s.ingest("after the job\r\n");
  EXPECT_EQ(read("job-1"), "|finished|2");  // the session's later output is not the job's
}

TEST_F(TermJobs, AJobEndsKilledWhenItsSessionEnds) {
  jobs.start("ci", &s, "sleep 100");
  s.ingest("partial\r\n");
  jobs.update(&s, false);
  EXPECT_EQ(read("job-1"), "partial|running|null");
  s.exited(15);  // SIGTERM
  jobs.update(&s, true);
  EXPECT_EQ(read("job-1"), "|killed|null");
  // Closed: the job lets go of the session; its state stays readable.
  s.closing();
  s.closed();
  jobs.update(&s, true);
  EXPECT_EQ(read("job-1"), "|killed|null");
}

TEST_F(TermJobs, JobsBelongToTheirChatAndNumbersCountUp) {
  jobs.start("ci", &s, "a");
  json::Value second = jobs.start("ci", &s, "b");
  EXPECT_EQ(second.get_or("jobId", ""), "job-2");
  json::Value r;
  EXPECT_FALSE(jobs.read("other", "job-1", 262144, &r));
  EXPECT_FALSE(jobs.read("ci", "job-9", 262144, &r));
  EXPECT_EQ(read("job-2"), "|running|null");
}

}  // namespace oda::term
