// Unit tests of the parts table's walks (parts.h) over fake parts, and of the real table's
// shape: every hook is called in table order, a refusal stops the walk, wrappers nest.
#include "run/parts.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace oda::run {
namespace {

std::vector<std::string> g_log;

bool settings_a(const cli::Args&, RunSettings* s, std::string*) {
  g_log.push_back("settings a");
  s->worker_settings["a"] = "1";
  return true;
}
bool settings_refuses(const cli::Args&, RunSettings*, std::string* refusal) {
  g_log.push_back("settings b");
  *refusal = "b refuses";
  return false;
}
bool settings_c(const cli::Args&, RunSettings*, std::string*) {
  g_log.push_back("settings c");
  return true;
}
// A wrapper that says when it goes in and out and marks the outcome with its name.
template <char Name>
RunOutcome wrap(const RunSettings& s, const SuperviseNext& next) {
  std::string name(1, Name);
  g_log.push_back("wrap " + name + " in");
  RunOutcome o = next(s);
  o.message += " +" + name;
  g_log.push_back("wrap " + name + " out");
  return o;
}
RunOutcome wrap_refuses(const RunSettings&, const SuperviseNext&) {
  g_log.push_back("wrap refuses");
  RunOutcome o;
  o.kind = "sandbox-unavailable";
  o.message = "cannot";
  return o;
}
void record_a(const cli::Args&, json::Value* r) { r->set("a", 1); }
void record_c(const cli::Args&, json::Value* r) { r->set("c", 3); }
bool guard_ok(std::string*, std::string*) {
  g_log.push_back("guard ok");
  return true;
}
bool guard_refuses_without_kind(std::string*, std::string* message) {
  g_log.push_back("guard refuses");
  *message = "no policy";
  return false;
}
void runtime_a(duk_hthread*) { g_log.push_back("runtime a"); }
void runtime_c(duk_hthread*) { g_log.push_back("runtime c"); }
void natives_a(duk_hthread*) { g_log.push_back("natives a"); }
bool needs_no() {
  g_log.push_back("needs a");
  return false;
}
bool needs_yes() {
  g_log.push_back("needs c");
  return true;
}
std::string notes_a(const std::string&) { return "\npartial"; }
std::string notes_c(const std::string& message) {
  // Sees the notes before it: a note already there is not repeated.
  return message.find("\npartial") == std::string::npos ? "\nno partial yet" : "\nafter partial";
}
int command_c(const cli::Args&) { return 42; }

const Part kFake[] = {
    {.name = "a", .settings = settings_a, .supervise = wrap<'a'>, .record = record_a, .guard = guard_ok,
     .runtime_natives = runtime_a, .run_natives = natives_a, .needs_per_run_prelude = needs_no,
     .failure_notes = notes_a},
    {.name = "empty"},
    {.name = "c", .settings = settings_c, .supervise = wrap<'c'>, .record = record_c, .command_flag = "probe-c",
     .command = command_c, .guard = guard_ok, .runtime_natives = runtime_c, .needs_per_run_prelude = needs_yes,
     .failure_notes = notes_c},
};

cli::Args args_with(const char* flag) {
  cli::Args a;
  if (flag) a.values().set(flag, true);
  return a;
}

class Parts : public ::testing::Test {
 protected:
  void SetUp() override { g_log.clear(); }
};

TEST_F(Parts, SettingsRunInOrderUntilOneRefuses) {
  RunSettings s;
  std::string refusal;
  ASSERT_TRUE(apply_settings(kFake, args_with(nullptr), &s, &refusal));
  EXPECT_EQ(g_log, (std::vector<std::string>{"settings a", "settings c"}));
  EXPECT_EQ(s.worker_settings.at("a"), "1");

  g_log.clear();
  const Part refusing[] = {kFake[0], {.name = "b", .settings = settings_refuses}, kFake[2]};
  EXPECT_FALSE(apply_settings(refusing, args_with(nullptr), &s, &refusal));
  EXPECT_EQ(refusal, "b refuses");
  EXPECT_EQ(g_log, (std::vector<std::string>{"settings a", "settings b"})) << "c is never asked";
}

TEST_F(Parts, WrappersNestTheFirstOutermost) {
  RunSettings s;
  RunOutcome o = supervise_through(kFake, s, [](const RunSettings&) {
    g_log.push_back("run");
    RunOutcome r;
    r.message = "core";
    return r;
  });
  EXPECT_EQ(o.message, "core +c +a");
  EXPECT_EQ(g_log, (std::vector<std::string>{"wrap a in", "wrap c in", "run", "wrap c out", "wrap a out"}));
}

TEST_F(Parts, AWrapperThatRefusesKeepsTheRunFromStarting) {
  const Part refusing[] = {{.name = "r", .supervise = wrap_refuses}, kFake[2]};
  bool ran = false;
  RunOutcome o = supervise_through(refusing, RunSettings{}, [&](const RunSettings&) {
    ran = true;
    return RunOutcome{};
  });
  EXPECT_FALSE(ran);
  EXPECT_EQ(o.kind, "sandbox-unavailable");
  EXPECT_EQ(g_log, (std::vector<std::string>{"wrap refuses"}));
}

TEST_F(Parts, NoWrappersRunsTheCoreAlone) {
  const Part none[] = {{.name = "empty"}};
  RunOutcome o = supervise_through(none, RunSettings{}, [](const RunSettings&) {
    RunOutcome r;
    r.ok = true;
    return r;
  });
  EXPECT_TRUE(o.ok);
}

TEST_F(Parts, RecordFieldsAndOwnCommands) {
  json::Value r = json::Value::object();
  add_record_fields(kFake, args_with(nullptr), &r);
  EXPECT_EQ(json::write(r), R"({"a":1,"c":3})");
  EXPECT_EQ(own_command(kFake, args_with(nullptr)), nullptr);
  EXPECT_EQ(own_command(kFake, args_with("probe-other")), nullptr);
  const Part* p = own_command(kFake, args_with("probe-c"));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->command(args_with("probe-c")), 42);
}

TEST_F(Parts, WorkerHooksRunInOrder) {
  std::string kind, message;
  EXPECT_TRUE(pass_guards(kFake, &kind, &message));
  add_runtime_natives(kFake, nullptr);
  add_run_natives(kFake, nullptr);
  EXPECT_TRUE(any_needs_per_run_prelude(kFake));
  EXPECT_EQ(g_log, (std::vector<std::string>{"guard ok", "guard ok", "runtime a", "runtime c", "natives a",
                                             "needs a", "needs c"}));
}

TEST_F(Parts, AGuardRefusalWithoutAKindIsSandboxUnavailable) {
  const Part refusing[] = {{.name = "g", .guard = guard_refuses_without_kind}, kFake[0]};
  std::string kind, message;
  EXPECT_FALSE(pass_guards(refusing, &kind, &message));
  EXPECT_EQ(kind, "sandbox-unavailable");
  EXPECT_EQ(message, "no policy");
  EXPECT_EQ(g_log, (std::vector<std::string>{"guard refuses"})) << "later guards are not run";
}

TEST_F(Parts, NoPartNeedingThePerRunPreludeSkipsIt) {
  const Part none[] = {kFake[0], kFake[1]};
  EXPECT_FALSE(any_needs_per_run_prelude(none));
}

TEST_F(Parts, FailureNotesSeeTheNotesBeforeThem) {
  EXPECT_EQ(failure_notes(kFake, "boom"), "\npartial\nafter partial");
  const Part only_c[] = {kFake[2]};
  EXPECT_EQ(failure_notes(only_c, "boom"), "\nno partial yet");
}

TEST(RealParts, EachHasAUniqueNameAndTheSandboxOwnsTheProbe) {
  std::set<std::string> names;
  for (const Part& p : parts()) EXPECT_TRUE(names.insert(p.name).second) << p.name;
  EXPECT_TRUE(names.count("calls"));
  EXPECT_TRUE(names.count("sandbox"));
  const Part* probe = own_command(parts(), args_with("probe-sandbox"));
  ASSERT_NE(probe, nullptr);
  EXPECT_STREQ(probe->name, "sandbox");
  // Settings order is behaviour: a bad catalog is refused before an escalation is asked.
  size_t calls = 0, sandbox = 0;
  for (size_t i = 0; i < parts().size(); ++i) {
    if (std::string(parts()[i].name) == "calls") calls = i;
    if (std::string(parts()[i].name) == "sandbox") sandbox = i;
  }
  EXPECT_LT(calls, sandbox);
}

}  // namespace
}  // namespace oda::run
