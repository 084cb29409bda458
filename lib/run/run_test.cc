// Unit tests of run-code's pieces that need no process: the result rendering and the
// run records.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "run/record.h"
#include "run/result.h"

namespace oda::run {
namespace {

TEST(Result, TextRendering) {
  RunOutcome o;
  o.ok = true;
  EXPECT_EQ(render_text(o), "(run_code completed with no output)");
  o.output = {{0, "a"}, {2, "b"}, {4, "c"}};
  o.has_value = true;
  o.value = json::Value("text");
  EXPECT_EQ(render_text(o), "a\n[warn] b\n[debug] c\ntext");
  o.value = json::Value::object();
  o.value.set("k", json::Value(1));
  EXPECT_EQ(render_text(o), "a\n[warn] b\n[debug] c\n{\"k\":1}");
  RunOutcome f;
  f.kind = "timeout";
  f.message = "execution deadline reached (1000ms)";
  EXPECT_EQ(render_text(f), "code run failed (timeout): execution deadline reached (1000ms)\n");
  f.output = {{3, "oops"}};
  EXPECT_EQ(render_text(f), "code run failed (timeout): execution deadline reached (1000ms)\nCaptured output:\n[error] oops\n");
  EXPECT_EQ(exit_status(f), 124);
  f.kind = "abort";
  EXPECT_EQ(exit_status(f), 130);
  f.kind = "protocol";
  EXPECT_EQ(exit_status(f), 1);
}

TEST(Result, JsonShapeAndRecordRoundTrip) {
  RunOutcome o;
  o.ok = true;
  o.output = {{1, "hi"}};
  o.has_value = true;
  o.value = json::Value(2);
  o.duration_ms = 3.4;
  json::Value j = result_json(o, "id-1", json::Value::array());
  EXPECT_EQ(json::write(j),
            "{\"ok\":true,\"kind\":null,\"message\":null,\"output\":[{\"level\":\"info\",\"text\":\"hi\"}],"
            "\"value\":2,\"durationMs\":3,\"runId\":\"id-1\",\"calls\":[]}");
  RunOutcome back = outcome_from_json(j);
  EXPECT_EQ(render_text(back), render_text(o));
}

TEST(Record, SaveLoadAndListNewestFirst) {
  char tmpl[] = "/tmp/oda-record-test-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  setenv("ODA_STATE_DIR", tmpl, 1);
  EXPECT_EQ(runs_dir(), std::string(tmpl) + "/runs");
  for (const char* id : {"20260101-000000-000-aaaa", "20260101-000001-000-bbbb", "20260101-000002-000-cccc"}) {
    json::Value r = json::Value::object();
    r.set("runId", id);
    r.set("ok", true);
    std::string err;
    ASSERT_TRUE(save_record(r, &err)) << err;
  }
  std::vector<json::Value> two = recent_records(2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].get("runId")->as_string(), "20260101-000002-000-cccc");
  EXPECT_EQ(two[1].get("runId")->as_string(), "20260101-000001-000-bbbb");
  json::Value back;
  std::string err;
  EXPECT_TRUE(load_record("20260101-000000-000-aaaa", &back, &err));
  EXPECT_FALSE(load_record("../etc/passwd", &back, &err));
  EXPECT_EQ(err, "no run '../etc/passwd'");
  json::Value bad = json::Value::object();
  bad.set("runId", "../x");
  EXPECT_FALSE(save_record(bad, &err));
  std::string id = new_run_id();
  EXPECT_EQ(id.size(), std::string("20260101-000000-000-aaaa").size());
  unsetenv("ODA_STATE_DIR");
  std::filesystem::remove_all(tmpl);
}

json::Value record_with(const char* id, const std::string& text) {
  json::Value r = json::Value::object();
  r.set("ok", true);
  r.set("runId", id);
  r.set("text", text);
  return r;
}

TEST(Record, LogsRotateAndOldRecordFilesStillCount) {
  char tmpl[] = "/tmp/oda-record-test-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  setenv("ODA_STATE_DIR", tmpl, 1);
  std::string dir = runs_dir(), err;
  // A record file from before the logs.
  std::filesystem::create_directories(dir);
  {
    std::ofstream old(dir + "/20250101-000000-000-0000.json");
    old << "{\"ok\":true,\"runId\":\"20250101-000000-000-0000\"}\n";
  }
  // A log holds two of these records before it passes 250 bytes and becomes the old log;
  // the log before that goes.
  const char* ids[] = {"20260101-000000-000-aaaa", "20260101-000001-000-bbbb", "20260101-000002-000-cccc",
                       "20260101-000003-000-dddd", "20260101-000004-000-eeee"};
  for (const char* id : ids) ASSERT_TRUE(save_record(record_with(id, std::string(120, 'x')), &err, 250)) << err;
  json::Value r;
  EXPECT_FALSE(load_record(ids[0], &r, &err));
  EXPECT_FALSE(load_record(ids[1], &r, &err));
  ASSERT_TRUE(load_record(ids[2], &r, &err)) << err;
  EXPECT_EQ(r.get("text")->as_string(), std::string(120, 'x'));
  EXPECT_TRUE(load_record(ids[3], &r, &err));
  EXPECT_TRUE(load_record(ids[4], &r, &err));
  EXPECT_TRUE(load_record("20250101-000000-000-0000", &r, &err));
  std::vector<json::Value> all = recent_records(10);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].get("runId")->as_string(), ids[4]);
  EXPECT_EQ(all[1].get("runId")->as_string(), ids[3]);
  EXPECT_EQ(all[2].get("runId")->as_string(), ids[2]);
  EXPECT_EQ(all[3].get("runId")->as_string(), "20250101-000000-000-0000");
  // A line still being written by another run (no newline yet) is not a record yet; an id
  // that only appears inside another record's data is not that record.
  ASSERT_TRUE(save_record(record_with("20260101-000005-000-ffff", "{\"runId\":\"20260101-000009-000-ffff\","), &err));
  {
    std::ofstream log(dir + "/runs.jsonl", std::ios::app);
    log << "{\"runId\":\"20260101-000006-000-0000\",\"ok\":tr";
  }
  EXPECT_FALSE(load_record("20260101-000006-000-0000", &r, &err));
  EXPECT_FALSE(load_record("20260101-000009-000-ffff", &r, &err));
  std::vector<json::Value> newest = recent_records(1);
  ASSERT_EQ(newest.size(), 1u);
  EXPECT_EQ(newest[0].get("runId")->as_string(), "20260101-000005-000-ffff");
  unsetenv("ODA_STATE_DIR");
  std::filesystem::remove_all(tmpl);
}

}  // namespace
}  // namespace oda::run
