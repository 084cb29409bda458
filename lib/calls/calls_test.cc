// Unit tests of the calls layer: name rules, catalogs, option objects, the command runner,
// approvals and the scheduler's concurrency, dropping and cancelling.
#include "calls/calls.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

namespace oda::calls {
namespace {

std::string temp_dir() {
  static std::string dir = [] {
    char tmpl[] = "/tmp/calls-test-XXXXXX";
    return std::string(::mkdtemp(tmpl));
  }();
  return dir;
}

std::string write_file(const std::string& name, const std::string& text, bool exec = false) {
  std::string p = temp_dir() + "/" + name;
  std::ofstream(p) << text;
  if (exec) ::chmod(p.c_str(), 0755);
  return p;
}

json::Value parse(const std::string& s) {
  json::Value v;
  std::string err;
  EXPECT_TRUE(json::parse(s, &v, &err)) << err;
  return v;
}

TEST(CallsNames, PlainIdentifiersPass) {
  EXPECT_EQ(name_problem("search_web"), "");
  EXPECT_EQ(name_problem("_x1"), "");
  EXPECT_EQ(name_problem("getWeather"), "");
}

TEST(CallsNames, EachRuleNamesItsReason) {
  EXPECT_EQ(name_problem("my-tool"), "is not a plain identifier");
  EXPECT_EQ(name_problem("$tools"), "is not a plain identifier");
  EXPECT_EQ(name_problem("1x"), "is not a plain identifier");
  EXPECT_EQ(name_problem(""), "is not a plain identifier");
  for (const char* w : {"class", "lambda", "await", "yield", "let", "static", "enum"})
    EXPECT_EQ(name_problem(w), "is reserved by the language") << w;
  for (const char* w : {"console", "fetch", "fs", "args", "dv", "metadata", "Promise", "JSON",
                        "setTimeout", "Duktape", "terminal_send", "structuredClone", "__oda_x",
                        "__proto__", "constructor", "URL", "self", "setImmediate", "clearImmediate",
                        "AbortController", "AbortSignal", "EventTarget", "Event", "crypto", "Crypto",
                        "performance", "Blob", "File"})
    EXPECT_EQ(name_problem(w), "is kept by the run's environment") << w;
}

TEST(CallsCatalog, LoadsEntriesWithDefaults) {
  std::string f = write_file("ok.json", R"({"tools": [
    {"name": "echo_it", "description": "echoes", "command": ["cat"]},
    {"name": "slow", "command": ["sleep", "1"], "timeoutMs": 9999999, "approval": "always",
     "env": ["HOME"], "input_schema": {"type": "object"}}]})");
  std::vector<Tool> tools;
  std::string err;
  ASSERT_TRUE(load_catalog(f, "/usr/bin:/bin", &tools, &err)) << err;
  ASSERT_EQ(tools.size(), 2u);
  EXPECT_EQ(tools[0].command[0].back(), 't');
  EXPECT_EQ(tools[0].command[0][0], '/');
  EXPECT_EQ(tools[0].timeout_ms, kDefaultToolTimeoutMs);
  EXPECT_FALSE(tools[0].approval_always);
  EXPECT_EQ(tools[1].timeout_ms, kMaxToolTimeoutMs);
  EXPECT_TRUE(tools[1].approval_always);
  EXPECT_EQ(tools[1].env, std::vector<std::string>{"HOME"});
}

TEST(CallsCatalog, RefusalsNameFileAndTool) {
  std::vector<Tool> tools;
  std::string err;
  EXPECT_FALSE(load_catalog(temp_dir() + "/missing.json", "/bin", &tools, &err));
  EXPECT_NE(err.find("catalog '" + temp_dir() + "/missing.json': cannot read it"), std::string::npos) << err;
  EXPECT_FALSE(load_catalog(write_file("bad.json", "{nope"), "/bin", &tools, &err));
  EXPECT_NE(err.find("bad.json': invalid JSON"), std::string::npos) << err;
  EXPECT_FALSE(load_catalog(write_file("name.json", R"({"tools":[{"name":"my-tool","command":["cat"]}]})"),
                            "/bin", &tools, &err));
  EXPECT_NE(err.find("name.json': tool 'my-tool' is not a plain identifier"), std::string::npos) << err;
  EXPECT_FALSE(load_catalog(write_file("cmd.json", R"({"tools":[{"name":"t","command":["no-such-cmd-xyz"]}]})"),
                            "/usr/bin:/bin", &tools, &err));
  EXPECT_NE(err.find("tool 't': command 'no-such-cmd-xyz' not found on PATH"), std::string::npos) << err;
  EXPECT_FALSE(load_catalog(write_file("appr.json", R"({"tools":[{"name":"t","command":["cat"],"approval":"sometimes"}]})"),
                            "/usr/bin:/bin", &tools, &err));
  EXPECT_NE(err.find("\"approval\" must be"), std::string::npos) << err;
}

TEST(CallsCatalog, EachMalformedEntryIsRefusedWithItsReason) {
  struct Case {
    const char* json;
    const char* says;
  };
  const Case cases[] = {
      {R"({"tools": {}})", "\"tools\""},
      {R"({"tools": [{"command": ["cat"]}]})", "name"},
      {R"({"tools": [{"name": "t"}]})", "command"},
      {R"({"tools": [{"name": "t", "command": []}]})", "command"},
      {R"({"tools": [{"name": "t", "command": "cat"}]})", "command"},
      {R"({"tools": [{"name": "t", "command": ["cat", 1]}]})", "command"},
      {R"({"tools": [{"name": "t", "command": ["cat"], "timeoutMs": -5}]})", "timeoutMs"},
      {R"({"tools": [{"name": "t", "command": ["cat"], "timeoutMs": "9"}]})", "timeoutMs"},
      {R"({"tools": [{"name": "t", "command": ["cat"], "env": "HOME"}]})", "env"},
      {R"({"tools": [{"name": "t", "command": ["cat"], "input_schema": 3}]})", "input_schema"},
      {R"({"tools": [{"name": "class", "command": ["cat"]}]})", "is reserved by the language"},
      {R"({"tools": [{"name": "fetch", "command": ["cat"]}]})", "is kept by the run's environment"},
  };
  int i = 0;
  for (const Case& c : cases) {
    std::vector<Tool> tools;
    std::string err;
    std::string f = write_file("malformed-" + std::to_string(i++) + ".json", c.json);
    EXPECT_FALSE(load_catalog(f, "/usr/bin:/bin", &tools, &err)) << c.json;
    EXPECT_NE(err.find(c.says), std::string::npos) << c.json << " -> " << err;
    EXPECT_NE(err.find(f), std::string::npos) << "names the file: " << err;
  }
}

TEST(CallsCatalog, TheToolListComesFromFlagsElseTheEnvironmentList) {
  std::string a = write_file("la.json", R"({"tools":[{"name":"alpha","command":["cat"]}]})");
  std::string b = write_file("lb.json", R"({"tools":[{"name":"beta","command":["cat"]}]})");
  std::vector<Tool> tools;
  std::string err;
  ASSERT_TRUE(load_catalogs({a}, b, "/usr/bin:/bin", &tools, &err)) << err;
  ASSERT_EQ(tools.size(), 1u);  // --tools given: ODA_TOOLS is not read
  EXPECT_EQ(tools[0].name, "alpha");
  tools.clear();
  ASSERT_TRUE(load_catalogs({}, a + ":" + b, "/usr/bin:/bin", &tools, &err)) << err;
  ASSERT_EQ(tools.size(), 2u);
  EXPECT_EQ(tools[1].name, "beta");
  EXPECT_EQ(tools[1].catalog, b);
  tools.clear();
  ASSERT_TRUE(load_catalogs({}, "", "/usr/bin:/bin", &tools, &err)) << err;
  EXPECT_TRUE(tools.empty());
  // A name twice in one catalog is refused as across two.
  std::string twice = write_file("twice.json", R"({"tools":[{"name":"t","command":["cat"]},{"name":"t","command":["cat"]}]})");
  EXPECT_FALSE(load_catalogs({twice}, "", "/usr/bin:/bin", &tools, &err));
  EXPECT_EQ(err, "catalog '" + twice + "': tool 't' is already defined in catalog '" + twice + "'");
}

TEST(CallsCatalog, RelativeCommandIsBesideTheCatalog) {
  write_file("tool.sh", "#!/bin/sh\necho hi\n", true);
  std::string f = write_file("rel.json", R"({"tools":[{"name":"t","command":["./tool.sh"]}]})");
  std::vector<Tool> tools;
  std::string err;
  ASSERT_TRUE(load_catalog(f, "", &tools, &err)) << err;
  EXPECT_EQ(tools[0].command[0], temp_dir() + "/./tool.sh");
}

TEST(CallsCatalog, DuplicateAcrossCatalogsRefused) {
  std::string a = write_file("a.json", R"({"tools":[{"name":"t","command":["cat"]}]})");
  std::string b = write_file("b.json", R"({"tools":[{"name":"t","command":["cat"]}]})");
  std::vector<Tool> tools;
  std::string err;
  EXPECT_FALSE(load_catalogs({}, a + ":" + b, "/usr/bin:/bin", &tools, &err));
  EXPECT_NE(err.find("tool 't' is already defined in catalog '" + a + "'"), std::string::npos) << err;
}

TEST(CallsOptions, DvValuesBecomeStrings) {
  json::Value v;
  std::string err;
  ASSERT_TRUE(parse_object_option("--dv", R"({"a": 1.5, "b": true, "c": "x", "d": null, "e": [1]})",
                                  true, &v, &err));
  EXPECT_EQ(json::write(v), R"({"a":"1.5","b":"true","c":"x","d":"","e":"[1]"})");
  ASSERT_TRUE(parse_object_option("--args", "", false, &v, &err));
  EXPECT_EQ(json::write(v), "{}");
  EXPECT_FALSE(parse_object_option("--metadata", "[1]", false, &v, &err));
  EXPECT_EQ(err, "invalid --metadata: expected a JSON object");
}

Tool sh_tool(const std::string& name, const std::string& script, int64_t timeout = 5000) {
  Tool t;
  t.name = name;
  t.command = {"/bin/sh", "-c", script};
  t.timeout_ms = timeout;
  return t;
}

TEST(CallsCommand, StdoutJsonOrText) {
  CancelFlag cancel;
  Outcome o = exec_tool(sh_tool("t", "cat"), parse(R"({"x":[1,2]})"), cancel);
  ASSERT_EQ(o.status, Outcome::Status::Ok) << o.error;
  EXPECT_EQ(json::write(o.result), R"({"x":[1,2]})");
  o = exec_tool(sh_tool("t", "echo hello world"), json::Value::object(), cancel);
  EXPECT_EQ(json::write(o.result), R"("hello world")");
}

TEST(CallsCommand, FailureCarriesStderr) {
  CancelFlag cancel;
  Outcome o = exec_tool(sh_tool("t", "echo 'it broke' >&2; exit 3"), json::Value::object(), cancel);
  EXPECT_EQ(o.status, Outcome::Status::Error);
  EXPECT_EQ(o.error, "it broke");
  o = exec_tool(sh_tool("t", "exit 4"), json::Value::object(), cancel);
  EXPECT_EQ(o.error, "tool 't' exited with status 4");
}

TEST(CallsCommand, OnlyListedEnvironment) {
  ::setenv("CALLS_TEST_SECRET", "s3", 1);
  ::setenv("CALLS_TEST_PASSED", "p1", 1);
  CancelFlag cancel;
  Tool t = sh_tool("t", "echo \"$CALLS_TEST_SECRET/$CALLS_TEST_PASSED/$PATH\"");
  t.env = {"CALLS_TEST_PASSED"};
  Outcome o = exec_tool(t, json::Value::object(), cancel);
  EXPECT_EQ(json::write(o.result), R"("/p1//usr/local/bin:/usr/bin:/bin")");
}

TEST(CallsCommand, TimeoutStopsTheGroup) {
  CancelFlag cancel;
  auto t0 = std::chrono::steady_clock::now();
  Outcome o = exec_tool(sh_tool("t", "sleep 30 & sleep 30", 200), json::Value::object(), cancel);
  EXPECT_EQ(o.status, Outcome::Status::Timeout);
  EXPECT_EQ(o.error, "tool 't' timed out after 200ms");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

TEST(CallsCommand, UnsafeIntegerIsNotLossless) {
  CancelFlag cancel;
  Outcome o = exec_tool(sh_tool("t", "echo 9007199254740993"), json::Value::object(), cancel);
  EXPECT_EQ(o.status, Outcome::Status::Unlossless);
  EXPECT_EQ(o.error, "binding resolution must be lossless JSON");
}

TEST(CallsApprove, ApproverDecides) {
  CancelFlag cancel;
  std::string why;
  std::string seen = temp_dir() + "/approver-input";
  EXPECT_TRUE(approve("cat > " + seen, "t", parse(R"({"a":1})"), cancel, &why));
  std::ifstream in(seen);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, R"({"tool":"t","arguments":{"a":1}})");
  EXPECT_FALSE(approve("echo nope >&2; exit 1", "t", json::Value::object(), cancel, &why));
  EXPECT_EQ(why, "call to 't' denied by the approver: nope");
}

TEST(CallsScheduler, AtMostNAtOnceAndAllRecorded) {
  Scheduler s(SchedulerOptions{.max_concurrent = 3});
  std::atomic<int> now{0}, peak{0};
  s.add("work", [&](const json::Value& a, const CancelFlag&) {
    int n = ++now;
    int p = peak.load();
    while (n > p && !peak.compare_exchange_weak(p, n)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    --now;
    return Outcome::ok(a);
  });
  for (int i = 0; i < 10; i++) s.submit("work", json::Value(i));
  ASSERT_TRUE(s.wait_idle(-1));
  EXPECT_EQ(peak.load(), 3);
  auto recs = s.records();
  ASSERT_EQ(recs.size(), 10u);
  for (int i = 0; i < 10; i++) {
    EXPECT_EQ(recs[i].id, i + 1);
    EXPECT_EQ(recs[i].outcome.status, Outcome::Status::Ok);
    EXPECT_EQ(json::write(recs[i].outcome.result), std::to_string(i));
    EXPECT_GE(recs[i].started_ms, 0);
  }
}

TEST(CallsScheduler, DroppedCallsNeverRun) {
  Scheduler s(SchedulerOptions{.max_concurrent = 1});
  std::atomic<int> ran{0};
  s.add("work", [&](const json::Value&, const CancelFlag&) {
    ++ran;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return Outcome::ok(json::Value(true));
  });
  s.submit("work", json::Value());
  s.submit("work", json::Value());
  s.submit("work", json::Value());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  s.drop_queued();
  ASSERT_TRUE(s.wait_idle(-1));
  EXPECT_EQ(ran.load(), 1);
  auto recs = s.records();
  EXPECT_EQ(recs[0].outcome.status, Outcome::Status::Ok);
  EXPECT_EQ(recs[1].outcome.status, Outcome::Status::Dropped);
  EXPECT_EQ(recs[2].to_json().get("startedMs")->is_null(), true);
}

TEST(CallsScheduler, CancelStopsRunningCommands) {
  Scheduler s(SchedulerOptions{});
  Tool t = sh_tool("t", "sleep 30", 60000);
  s.add("t", [t](const json::Value& a, const CancelFlag& c) { return exec_tool(t, a, c); });
  s.submit("t", json::Value::object());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto t0 = std::chrono::steady_clock::now();
  s.cancel_all();
  ASSERT_TRUE(s.wait_idle(-1));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  EXPECT_EQ(s.records()[0].outcome.status, Outcome::Status::Cancelled);
}

TEST(CallsScheduler, UnknownToolFailsAtOnce) {
  Scheduler s(SchedulerOptions{});
  std::string told;
  s.submit("nope", json::Value(), [&](const Outcome& o) { told = o.error; });
  EXPECT_EQ(told, "no tool named 'nope'");  // told on the submitting thread, before submit returns
  ASSERT_EQ(s.records().size(), 1u);
  EXPECT_TRUE(s.records()[0].settled);
  EXPECT_EQ(s.records()[0].started_ms, -1);
}

TEST(CallsScheduler, AGroupsMembersAndUnknownNamesAreRecordedWithTheirServer) {
  Scheduler s(SchedulerOptions{});
  s.add_member("srv", "get-sum", [](const json::Value& a, const CancelFlag&) {
    Outcome o = Outcome::ok(a);
    o.notes = json::Value::array();
    o.notes.push(json::Value("half way"));
    return o;
  }, false);
  s.add_group_fallback("srv", [](const std::string& tool) {
    return Outcome::fail(Outcome::Status::Error, "no tool '" + tool + "'");
  });
  s.submit("srv.get-sum", json::Value(1));
  s.submit("srv.nope", json::Value(2));
  s.submit("other.nope", json::Value(3));
  ASSERT_TRUE(s.wait_idle(-1));
  auto r = s.records();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].server, "srv");
  EXPECT_EQ(r[0].tool, "get-sum");
  EXPECT_EQ(json::write(r[0].to_json().get("notifications") ? *r[0].to_json().get("notifications") : json::Value()),
            R"(["half way"])");
  EXPECT_EQ(r[1].server, "srv");
  EXPECT_EQ(r[1].tool, "nope");
  EXPECT_EQ(r[1].outcome.error, "no tool 'nope'");
  EXPECT_EQ(r[2].server, "");
  EXPECT_EQ(r[2].outcome.error, "no tool named 'other.nope'");
  EXPECT_EQ(r[1].to_json().get_or("server", ""), "srv");
}

TEST(CallsScheduler, ApprovalDeniedRejects) {
  Scheduler s(SchedulerOptions{.approver = "exit 1"});
  std::atomic<int> ran{0};
  s.add("t", [&](const json::Value&, const CancelFlag&) { ++ran; return Outcome::ok(json::Value()); }, true);
  s.submit("t", json::Value::object());
  ASSERT_TRUE(s.wait_idle(-1));
  EXPECT_EQ(ran.load(), 0);
  EXPECT_EQ(s.records()[0].outcome.status, Outcome::Status::Denied);
}

}  // namespace
}  // namespace oda::calls

namespace oda::calls {
namespace {

TEST(CallsScheduler, UnsettledCallsReadUnfinished) {
  Scheduler s(SchedulerOptions{});
  s.add("hang", [](const json::Value&, const CancelFlag& c) {
    while (!c.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return Outcome::fail(Outcome::Status::Cancelled, "the run was stopped");
  });
  s.submit("hang", json::Value::object());
  json::Value r = s.records()[0].to_json();
  EXPECT_EQ(r.get("status")->as_string(), "unfinished");
  EXPECT_FALSE(r.get("ok")->as_bool());
  s.cancel_all();
  ASSERT_TRUE(s.wait_idle(s.now_ms() + 5000));
  EXPECT_EQ(s.records()[0].to_json().get("status")->as_string(), "cancelled");
}

// ---- More of the calls layer's decisions ----------------------------------------------

TEST(CallsNames, UnicodeAndLookalikesAreNoPlainIdentifiers) {
  EXPECT_EQ(name_problem("caf\xC3\xA9"), "is not a plain identifier");  // é
  EXPECT_EQ(name_problem("a b"), "is not a plain identifier");
  EXPECT_EQ(name_problem("a.b"), "is not a plain identifier");
  EXPECT_EQ(name_problem("_"), "");
  EXPECT_EQ(name_problem("A1_b2"), "");
  // Words reserved only in strict code are reserved too: programs run as modules would.
  for (const char* w : {"implements", "interface", "package", "private", "protected", "public"})
    EXPECT_EQ(name_problem(w), "is reserved by the language") << w;
  for (const char* w : {"true", "false", "null", "this", "super", "typeof", "void", "new"})
    EXPECT_EQ(name_problem(w), "is reserved by the language") << w;
}

TEST(CallsNames, TheTerminalToolsAreKept) {
  const auto& names = terminal_tool_names();
  for (const char* t : {"terminal_open", "terminal_send", "terminal_read", "terminal_signal",
                        "terminal_close", "terminal_list"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), t), names.end()) << t;
    EXPECT_EQ(name_problem(t), "is kept by the run's environment") << t;
  }
}

TEST(CallsStatus, EveryOutcomeHasItsRecordedName) {
  EXPECT_STREQ(status_name(Outcome::Status::Ok), "ok");
  EXPECT_STREQ(status_name(Outcome::Status::Error), "error");
  EXPECT_STREQ(status_name(Outcome::Status::Denied), "denied");
  EXPECT_STREQ(status_name(Outcome::Status::Timeout), "timeout");
  EXPECT_STREQ(status_name(Outcome::Status::Cancelled), "cancelled");
  EXPECT_STREQ(status_name(Outcome::Status::Dropped), "dropped");
  EXPECT_STRNE(status_name(Outcome::Status::Unlossless), "ok");
}

TEST(CallsOptions, ObjectOptionsRefuseWhatIsNoObject) {
  json::Value v;
  std::string err;
  for (const char* text : {"1", "\"s\"", "null", "[]", "true"}) {
    EXPECT_FALSE(parse_object_option("--args", text, false, &v, &err)) << text;
    EXPECT_EQ(err, "invalid --args: expected a JSON object") << text;
  }
  EXPECT_FALSE(parse_object_option("--args", "{", false, &v, &err));
  EXPECT_EQ(err.rfind("invalid --args: ", 0), 0u) << err;
  ASSERT_TRUE(parse_object_option("--args", R"({"n": {"deep": [1, {"x": null}]}})", false, &v, &err)) << err;
  EXPECT_EQ(json::write(v), R"({"n":{"deep":[1,{"x":null}]}})");
}

TEST(CallsOptions, DvNumbersReadAsJavaScriptPrintsThem) {
  json::Value v;
  std::string err;
  ASSERT_TRUE(parse_object_option("--dv", R"({"a": 1e21, "b": 0.1, "c": -0, "d": 100, "e": {"k": "v"}})",
                                  true, &v, &err)) << err;
  EXPECT_EQ(v.get_or("a", ""), "1e+21");
  EXPECT_EQ(v.get_or("b", ""), "0.1");
  EXPECT_EQ(v.get_or("c", ""), "0");
  EXPECT_EQ(v.get_or("d", ""), "100");
  EXPECT_EQ(v.get_or("e", ""), R"({"k":"v"})");
}

TEST(CallsCommand, TheArgumentsArriveOnStdinExactly) {
  CancelFlag cancel;
  std::string seen = temp_dir() + "/stdin-seen";
  Outcome o = exec_tool(sh_tool("t", "cat > " + seen + "; echo done"), parse(R"({"q":"caf\u00e9","n":[1,2.5]})"), cancel);
  ASSERT_EQ(o.status, Outcome::Status::Ok) << o.error;
  EXPECT_EQ(json::write(o.result), R"("done")");
  std::ifstream in(seen);
  std::string got((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(got.substr(0, got.find_last_not_of('\n') + 1), "{\"q\":\"caf\xC3\xA9\",\"n\":[1,2.5]}");
}

TEST(CallsCommand, OutputThatIsNoJsonIsTextWithoutItsLastNewline) {
  CancelFlag cancel;
  Outcome o = exec_tool(sh_tool("t", "printf 'two\\nlines\\n'"), json::Value::object(), cancel);
  ASSERT_EQ(o.status, Outcome::Status::Ok) << o.error;
  EXPECT_EQ(o.result.as_string(), "two\nlines");
  o = exec_tool(sh_tool("t", "printf '[1, 2'"), json::Value::object(), cancel);  // broken JSON
  EXPECT_EQ(o.result.as_string(), "[1, 2");
  o = exec_tool(sh_tool("t", "printf ' {\"a\": true} \\n'"), json::Value::object(), cancel);
  EXPECT_EQ(json::write(o.result), R"({"a":true})");
}

TEST(CallsCommand, ACancelledRunStopsTheCommandAtOnce) {
  CancelFlag cancel;
  std::thread later([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    cancel.cancel();
  });
  auto t0 = std::chrono::steady_clock::now();
  Outcome o = exec_tool(sh_tool("t", "sleep 30", 20000), json::Value::object(), cancel);
  later.join();
  EXPECT_EQ(o.status, Outcome::Status::Cancelled);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

TEST(CallsCancelFlag, ItsFdBecomesReadableWhenCancelled) {
  CancelFlag cancel;
  EXPECT_FALSE(cancel.cancelled());
  pollfd p{cancel.fd(), POLLIN, 0};
  EXPECT_EQ(::poll(&p, 1, 0), 0);
  cancel.cancel();
  cancel.cancel();  // twice is once
  EXPECT_TRUE(cancel.cancelled());
  EXPECT_EQ(::poll(&p, 1, 0), 1);
}

TEST(CallsScheduler, RecordsTimeOnTheRunsOwnClock) {
  std::atomic<int64_t> clock{1000};
  SchedulerOptions opts;
  opts.now_ms = [&] { return clock.load(); };
  Scheduler s(opts);
  std::atomic<bool> release{false};
  s.add("slow", [&](const json::Value&, const CancelFlag&) {
    while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return Outcome::ok(json::Value("fine"));
  });
  s.submit("slow", parse(R"({"a":1})"));
  while (s.running() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  clock = 1250;
  release = true;
  ASSERT_TRUE(s.wait_idle(-1));
  auto recs = s.records();
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0].started_ms, 1000);
  EXPECT_EQ(recs[0].duration_ms, 250);
  EXPECT_TRUE(recs[0].settled);
  EXPECT_EQ(recs[0].tool, "slow");
  EXPECT_EQ(json::write(recs[0].arguments), R"({"a":1})");
}

TEST(CallsScheduler, WaitIdleGivesUpAtTheDeadline) {
  std::atomic<int64_t> clock{0};
  SchedulerOptions opts;
  opts.now_ms = [&] { return clock.load(); };
  Scheduler s(opts);
  s.add("forever", [](const json::Value&, const CancelFlag& c) {
    while (!c.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return Outcome::fail(Outcome::Status::Cancelled, "stopped");
  });
  s.submit("forever", json::Value::object());
  std::thread tick([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    clock = 5000;
  });
  EXPECT_FALSE(s.wait_idle(1000));
  tick.join();
  s.cancel_all();
  EXPECT_TRUE(s.wait_idle(-1));
  EXPECT_EQ(s.records()[0].outcome.status, Outcome::Status::Cancelled);
}

}  // namespace
}  // namespace oda::calls
