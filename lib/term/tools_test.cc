// The tool table: every tool has its row, each check refuses a bad request with the exact
// sentence the user reads (after "<command>: error: "), and each rendering follows SPEC 3.
#include "term/tools.h"

#include <gtest/gtest.h>
#include <unistd.h>

namespace oda::term {

namespace {

const Tool& row(std::string_view name) {
  const Tool* t = find_tool(name);
  EXPECT_NE(t, nullptr) << name;
  static const Tool none{};
  return t ? *t : none;
}

// A request from a JSON text.
json::Value req(std::string_view text) {
  json::Value v;
  std::string err;
  EXPECT_TRUE(json::parse(text, &v, &err)) << text << ": " << err;
  return v;
}

// The check's refusal of request, or "" when it passes.
std::string refusal(std::string_view tool, std::string_view request) {
  json::Value r = req(request);
  std::string err;
  if (row(tool).check(&r, &err)) return "";
  return err.empty() ? "(refused without a reason)" : err;
}

std::string render(std::string_view tool, std::string_view result) { return row(tool).render(req(result)); }

}  // namespace

TEST(TermTools, EveryToolHasARowAndOnlyThose) {
  for (const char* n : {"terminal_open", "terminal_send", "terminal_read", "terminal_signal", "terminal_close",
                        "terminal_list"}) {
    const Tool* t = find_tool(n);
    ASSERT_NE(t, nullptr) << n;
    EXPECT_EQ(t->name, n);
    EXPECT_TRUE(t->check && t->serve && t->render) << n;
  }
  EXPECT_EQ(find_tool("terminal_exec"), nullptr);
  EXPECT_EQ(find_tool(""), nullptr);
  // The fields a ceiling cuts.
  EXPECT_STREQ(row("terminal_open").main_field, "message");
  EXPECT_STREQ(row("terminal_send").main_field, "output");
  EXPECT_STREQ(row("terminal_read").main_field, "output");
  EXPECT_EQ(row("terminal_list").main_field, nullptr);
}

TEST(TermTools, OnlyOpenStartsTheDaemonOnlyListAnswersWithoutOne) {
  for (std::string_view n : {"terminal_send", "terminal_read", "terminal_signal", "terminal_close"}) {
    EXPECT_FALSE(row(n).starts_daemon) << n;
    EXPECT_EQ(row(n).offline, nullptr) << n;
    EXPECT_FALSE(row(n).caller_context) << n;
  }
  EXPECT_TRUE(row("terminal_open").starts_daemon);
  EXPECT_TRUE(row("terminal_open").caller_context);
  ASSERT_NE(row("terminal_list").offline, nullptr);
  json::Value none = row("terminal_list").offline(req("{}"));
  EXPECT_EQ(row("terminal_list").render(none), "(no terminal sessions)");
  EXPECT_STREQ(row("terminal_list").echo_flag, "ids");
}

TEST(TermTools, OpenRefusesBadValues) {
  EXPECT_EQ(refusal("terminal_open", R"({"type":"python"})"), "unknown session type 'python' (expected shell, ssh or command)");
  EXPECT_EQ(refusal("terminal_open", R"({"name":"pty-3"})"),
            "invalid name 'pty-3': expected letters, digits, '.', '-' or '_', not an id like 'pty-1'");
  EXPECT_EQ(refusal("terminal_open", R"({"name":"a b"})"),
            "invalid name 'a b': expected letters, digits, '.', '-' or '_', not an id like 'pty-1'");
  EXPECT_EQ(refusal("terminal_open", R"({"env":["FOO"]})"), "invalid env 'FOO': expected K=V");
  EXPECT_EQ(refusal("terminal_open", R"({"env":["=x"]})"), "invalid env '=x': expected K=V");
  EXPECT_EQ(refusal("terminal_open", R"({"env":[3]})"), "invalid env '3': expected K=V");
  EXPECT_EQ(refusal("terminal_open", R"({"cols":1})"), "invalid cols '1': expected a whole number from 2 to 1000");
  EXPECT_EQ(refusal("terminal_open", R"({"rows":1001})"),
            "invalid rows '1001': expected a whole number from 2 to 1000");
  EXPECT_EQ(refusal("terminal_open", R"({"cols":80.5})"),
            "invalid cols '80.5': expected a whole number from 2 to 1000");
  EXPECT_EQ(refusal("terminal_open", R"({"cols":"80"})"),
            "invalid cols '\"80\"': expected a whole number from 2 to 1000");
  EXPECT_EQ(refusal("terminal_open", R"({"type":"shell","name":"main.1","env":["A=b=c"],"cols":2,"rows":1000})"), "");
}

TEST(TermTools, OpenFillsInTheCallersFolder) {
  json::Value r = req("{}");
  std::string err;
  ASSERT_TRUE(row("terminal_open").check(&r, &err));
  char cwd[4096];
  ASSERT_NE(getcwd(cwd, sizeof cwd), nullptr);
  EXPECT_EQ(r.get_or("cwd", ""), cwd);
  json::Value given = req(R"({"cwd":"/srv"})");
  ASSERT_TRUE(row("terminal_open").check(&given, &err));
  EXPECT_EQ(given.get_or("cwd", ""), "/srv");
}

TEST(TermTools, SendNeedsASessionAndAWholeWait) {
  EXPECT_EQ(refusal("terminal_send", R"({"text":"ls"})"), "missing session: pass a session id or name");
  EXPECT_EQ(refusal("terminal_send", R"({"session":"","text":"ls"})"), "missing session: pass a session id or name");
  EXPECT_EQ(refusal("terminal_send", R"({"session":"s","wait_ms":-1})"),
            "invalid wait-ms '-1': expected a whole number not below zero");
  EXPECT_EQ(refusal("terminal_send", R"({"session":"s","wait_ms":1.5})"),
            "invalid wait-ms '1.5': expected a whole number not below zero");
  EXPECT_EQ(refusal("terminal_send", R"({"session":"s","escapes":true,"text":"\\q"})"),
            "invalid escape '\\q' (known: \\n \\r \\t \\e \\xHH \\uHHHH \\\\)");
  EXPECT_EQ(refusal("terminal_send", R"({"session":"s","wait_ms":0,"text":"ls"})"), "");
}

TEST(TermTools, SendDecodesEscapesOnlyWhenAsked) {
  json::Value r = req(R"({"session":"s","escapes":true,"text":"a\\x03\\n"})");
  std::string err;
  ASSERT_TRUE(row("terminal_send").check(&r, &err));
  EXPECT_EQ(r.get_or("text", ""), "a\x03\n");
  json::Value plain = req(R"({"session":"s","text":"a\\x03"})");
  ASSERT_TRUE(row("terminal_send").check(&plain, &err));
  EXPECT_EQ(plain.get_or("text", ""), "a\\x03");
}

TEST(TermTools, ReadValidatesItsPage) {
  EXPECT_EQ(refusal("terminal_read", "{}"), "missing session: pass a session id or name");
  EXPECT_EQ(refusal("terminal_read", R"({"session":"s","offset":-1})"),
            "invalid offset '-1': expected a whole number not below zero");
  EXPECT_EQ(refusal("terminal_read", R"({"session":"s","count":0})"),
            "invalid count '0': expected a whole number of at least one");
  EXPECT_EQ(refusal("terminal_read", R"({"session":"s","tail":0})"),
            "invalid tail '0': expected a whole number of at least one");
  EXPECT_EQ(refusal("terminal_read", R"({"session":"s","offset":0,"count":1,"tail":1})"), "");
  EXPECT_EQ(refusal("terminal_read", R"({"job":"job-1"})"), "");  // a job needs no session
}

TEST(TermTools, SignalTakesTheFiveByAnyNameAndWritesItsFullName) {
  EXPECT_EQ(refusal("terminal_signal", R"({"signal":"INT"})"), "missing session: pass a session id or name");
  EXPECT_EQ(refusal("terminal_signal", R"({"session":"s","signal":"SIGFOO"})"),
            "unknown signal 'SIGFOO': expected one of SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP");
  EXPECT_EQ(refusal("terminal_signal", R"({"session":"s"})"),
            "unknown signal '': expected one of SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP");
  json::Value r = req(R"({"session":"s","signal":"int"})");
  std::string err;
  ASSERT_TRUE(row("terminal_signal").check(&r, &err));
  EXPECT_EQ(r.get_or("signal", ""), "SIGINT");
}

TEST(TermTools, CloseNeedsASessionListNothing) {
  EXPECT_EQ(refusal("terminal_close", "{}"), "missing session: pass a session id or name");
  EXPECT_EQ(refusal("terminal_close", R"({"session":"main"})"), "");
  EXPECT_EQ(refusal("terminal_list", "{}"), "");
}

TEST(TermTools, OpenRendersTheLabelAndTheStartupOutput) {
  EXPECT_EQ(render("terminal_open", R"({"id":"pty-2","name":"main","type":"shell","message":""})"),
            "started terminal session pty-2 (main) [type: shell]\n(no startup output)");
  EXPECT_EQ(render("terminal_open", R"({"id":"pty-1","name":null,"type":"shell","message":"motd"})"),
            "started terminal session pty-1 [type: shell]\nmotd");
  EXPECT_EQ(render("terminal_open", R"({"id":"pty-1","type":"shell","message":"","truncated":true})"),
            "started terminal session pty-1 [type: shell]\n\n[output truncated]");
}

TEST(TermTools, SendRendersAJobOrTheTrailers) {
  EXPECT_EQ(render("terminal_send", R"({"jobId":"job-3","session":"pty-1","status":"running"})"),
            "started background job job-3");
  EXPECT_EQ(render("terminal_send", R"({"output":"Name: ","wait":"input","status":"running"})"),
            "Name: \n[wait: input]\n[session: running]");
  EXPECT_EQ(render("terminal_send", R"({"output":"1","truncated":true,"wait":"timeout","status":"running"})"),
            "1\n[output truncated]\n[wait: timeout]\n[session: running]");
  EXPECT_EQ(render("terminal_send", R"({"output":"exit","wait":"exit","status":"exited","code":7,"signal":null})"),
            "exit\n[wait: exit]\n[session: exited code=7 signal=null]");
}

TEST(TermTools, ReadRendersPagesJobsAndScreens) {
  EXPECT_EQ(render("terminal_read", R"({"output":"a\nb","first":1,"last":2,"total":2,"offset":0})"),
            "a\nb\n[lines: 1-2 of 2]");
  EXPECT_EQ(render("terminal_read", R"({"output":"","first":null,"last":null,"total":1,"offset":5})"),
            "(no lines from 6)\n[lines: none of 1]");
  EXPECT_EQ(render("terminal_read", R"({"output":"a","truncated":true,"first":1,"last":9,"total":9})"),
            "a\n[output truncated]\n[lines: 1-9 of 9]");
  EXPECT_EQ(render("terminal_read", R"({"jobId":"job-1","output":"","status":"killed"})"),
            "(no new output)\n[job: job-1 killed]");
  EXPECT_EQ(render("terminal_read", R"({"jobId":"job-1","output":"second","status":"finished","exit":0})"),
            "second\n[job: job-1 finished]\n[exit: 0]");
  EXPECT_EQ(render("terminal_read", R"({"screen":""})"), "(empty screen)");
  EXPECT_EQ(render("terminal_read", R"({"screen":"alpha\n~"})"), "alpha\n~");
}

TEST(TermTools, SignalCloseAndListRenderings) {
  EXPECT_EQ(render("terminal_signal", R"({"signal":"SIGINT","pgid":4242})"),
            "delivered SIGINT to foreground process group 4242");
  EXPECT_EQ(render("terminal_close", R"({"session":"pty-1","status":"closed"})"), "closed terminal session pty-1");
  EXPECT_EQ(render("terminal_close", R"({"session":"pty-1","status":"already closing"})"),
            "terminal session pty-1 was already closing");
  const char* two = R"({"sessions":[{"id":"pty-1","name":"main","type":"shell","status":"running","pid":42},
                                    {"id":"pty-2","name":null,"type":"shell","status":"exited","pid":null}]})";
  EXPECT_EQ(render("terminal_list", two), "pty-1 (main) [shell] running 42\npty-2 [shell] exited");
  json::Value ids = req(two);
  ids.set("ids", true);
  EXPECT_EQ(row("terminal_list").render(ids), "pty-1\nmain\npty-2");
  EXPECT_EQ(render("terminal_list", R"({"sessions":[],"ids":true})"), "");
}

namespace {

// What termd holds a raw client's request to: the same rules, with nothing completed.
std::string daemon_refusal(std::string_view request) {
  json::Value r = req(request);
  const Tool* tool = nullptr;
  std::string err;
  if (!valid_request(r, &tool, &err)) return err;
  const json::Value* a = r.get("args");
  if (!tool->valid(a ? *a : json::Value::object(), &err)) return err;
  return "";
}

}  // namespace

TEST(TermTools, TheDaemonRefusesWhatNoClientWouldSend) {
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_open","chat":"c","args":{"cols":80,"rows":-5}})"),
            "invalid rows '-5': expected a whole number from 2 to 1000");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_open","chat":"c","args":{"cols":100000}})"),
            "invalid cols '100000': expected a whole number from 2 to 1000");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_open","chat":"c","args":{"cols":1000,"rows":1000}})"),
            "invalid size 1000x1000: expected at most 100000 cells (cols x rows)");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_open","chat":"c","args":{"cols":1000,"rows":100}})"), "");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_send","chat":"c","args":{"session":"pty-1","wait_ms":1e300}})"),
            "invalid wait-ms '1e+300': expected a whole number of at most 86400000 (a day)");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_send","chat":"c","args":{"session":"pty-1","wait_ms":"5"}})"),
            "invalid wait-ms '\"5\"': expected a whole number not below zero");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_send","chat":"c","args":{"session":1}})"),
            "invalid session '1': expected a string");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_send","chat":"c","args":{"session":"a","submit":"no"}})"),
            "invalid submit '\"no\"': expected true or false");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_read","chat":"c","args":{"session":"a","tail":-1}})"),
            "invalid tail '-1': expected a whole number of at least one");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_read","chat":"c","args":{"session":"a","count":0.5}})"),
            "invalid count '0.5': expected a whole number of at least one");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_signal","chat":"c","args":{"session":"a","signal":"USR1"}})"),
            "unknown signal 'USR1': expected one of SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_nope","chat":"c"})"), "unknown tool 'terminal_nope'");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_list","chat":"c","args":[1]})"), "invalid args '[1]': expected an object");
  EXPECT_EQ(daemon_refusal(R"({"tool":"terminal_list","chat":"c","max_bytes":-1})"),
            "invalid max-bytes '-1': expected a whole number of at least 64");
  json::Value big = req(R"({"tool":"terminal_send","chat":"c","args":{"session":"a"}})");
  big.get("args")->set("text", std::string(kMaxText + 1, 'x'));
  const Tool* tool = nullptr;
  std::string err;
  ASSERT_TRUE(valid_request(big, &tool, &err));
  EXPECT_FALSE(tool->valid(*big.get("args"), &err));
  EXPECT_EQ(err, "invalid text: 1048577 bytes, the most a send takes is 1048576");
}

}  // namespace oda::term
