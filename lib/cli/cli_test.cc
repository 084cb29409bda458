// Unit tests of the shared command-line layer: argv, --request merging and refusals.
#include "cli/cli.h"

#include <cstdio>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>

using oda::cli::Args;
using oda::cli::Command;
using oda::cli::Kind;

namespace {

const Command kSend{
    .name = "term-send",
    .tool = "terminal_send",
    .summary = "write text",
    .options = {
        {.name = "no-submit", .help = "do not press Enter", .field = "submit", .negated = true,
         .field_help = "press Enter after the text"},
        {.name = "wait-ms", .kind = Kind::Int, .value_name = "N", .help = "wait", .field = "waitMs"},
        {.name = "timeout-ms", .kind = Kind::Number, .value_name = "N", .help = "budget",
         .field = "timeoutMs", .invalid_message = "invalid timeoutMs: expected a positive finite number"},
        {.name = "env", .kind = Kind::List, .value_name = "K=V", .help = "env", .field = "env"},
        {.name = "escapes", .short_name = 'e', .help = "escapes"},
    },
    .positionals = {{.name = "SESSION", .help = "session", .field = "session"},
                    {.name = "TEXT", .help = "text", .field = "text", .required = false}},
};

struct Parsed {
  bool go_on;
  int code;
  Args args;
  std::string err;  // what it wrote to stderr
};

Parsed run(std::vector<std::string> words) {
  std::vector<char*> argv;
  static std::string name = "term-send";
  argv.push_back(name.data());
  for (auto& w : words) argv.push_back(w.data());
  Parsed p;
  testing::internal::CaptureStderr();
  testing::internal::CaptureStdout();
  p.go_on = oda::cli::parse(kSend, static_cast<int>(argv.size()), argv.data(), &p.args, &p.code);
  testing::internal::GetCapturedStdout();
  p.err = testing::internal::GetCapturedStderr();
  return p;
}

std::string write_request(const std::string& text) {
  std::string path = testing::TempDir() + "/request.json";
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST(Cli, ParsesOptionsAndPositionals) {
  Parsed p = run({"pty-1", "echo hi", "--wait-ms", "250", "-e", "--env", "A=1", "--env", "B=2"});
  ASSERT_TRUE(p.go_on);
  EXPECT_EQ(p.args.str("session"), "pty-1");
  EXPECT_EQ(p.args.str("text"), "echo hi");
  EXPECT_EQ(p.args.integer("wait-ms", 0), 250);
  EXPECT_TRUE(p.args.flag("escapes"));
  EXPECT_EQ(p.args.list("env"), (std::vector<std::string>{"A=1", "B=2"}));
}

TEST(Cli, NegativeNumbersAreValues) {
  Parsed p = run({"pty-1", "--wait-ms", "-5"});
  ASSERT_TRUE(p.go_on);
  EXPECT_EQ(p.args.integer("wait-ms", 0), -5);
}

TEST(Cli, UsageErrorsExit2) {
  EXPECT_EQ(run({"pty-1", "--bogus"}).code, 2);
  EXPECT_EQ(run({}).code, 2);
  EXPECT_EQ(run({"pty-1", "--wait-ms", "abc"}).code, 2);
}

TEST(Cli, InvalidMessageIsExact) {
  testing::internal::CaptureStderr();
  std::vector<std::string> words = {"term-send", "pty-1", "--timeout-ms", "x"};
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  Args args;
  int code;
  EXPECT_FALSE(oda::cli::parse(kSend, 4, argv.data(), &args, &code));
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "term-send: error: invalid timeoutMs: expected a positive finite number\n");
}

TEST(Cli, RequestFillsWhatTheCommandLineLeft) {
  std::string path = write_request(R"({"session":"main","text":"ls","submit":false,"waitMs":9})");
  Parsed p = run({"--request", path, "--wait-ms", "5"});
  ASSERT_TRUE(p.go_on);
  EXPECT_EQ(p.args.str("session"), "main");
  EXPECT_EQ(p.args.str("text"), "ls");
  EXPECT_TRUE(p.args.flag("no-submit"));
  EXPECT_EQ(p.args.integer("wait-ms", 0), 5);
  EXPECT_EQ(oda::json::write(p.args.as_request(kSend)),
            R"({"session":"main","text":"ls","submit":false,"waitMs":5})");
}

TEST(Cli, RequestRefusesUnknownFieldsAndWrongTypes) {
  EXPECT_EQ(run({"--request", write_request(R"({"session":"a","bogus":1})")}).code, 2);
  EXPECT_EQ(run({"--request", write_request(R"({"session":1})")}).code, 2);
  EXPECT_EQ(run({"--request", write_request(R"({"session":"a","waitMs":1.5})")}).code, 2);
  EXPECT_EQ(run({"--request", write_request("[1]")}).code, 2);
  EXPECT_EQ(run({"--request", write_request("{")}).code, 2);
  EXPECT_EQ(run({"--request", "/nonexistent/file"}).code, 2);
}

TEST(Cli, HelpWinsOverEverything) {
  Parsed p = run({"--bogus", "--help"});
  EXPECT_FALSE(p.go_on);
  EXPECT_EQ(p.code, 0);
}

TEST(Cli, UsageAndSchemaComeFromTheTable) {
  EXPECT_EQ(oda::cli::usage(kSend), "term-send [OPTIONS] SESSION [TEXT]");
  std::string schema = oda::json::write(oda::cli::schema(kSend));
  EXPECT_NE(schema.find(R"("name":"terminal_send")"), std::string::npos);
  EXPECT_NE(schema.find(R"("required":["session"])"), std::string::npos);
  // A negated flag's field reads the other way: its own description, not --help's.
  EXPECT_NE(schema.find(R"("submit":{"type":"boolean","description":"press Enter after the text"})"), std::string::npos);
  EXPECT_NE(oda::cli::help(kSend).find("do not press Enter"), std::string::npos);
  EXPECT_NE(schema.find(R"("env":{"type":"array","items":{"type":"string"})"), std::string::npos);
}

namespace {
std::string stderr_of(std::vector<std::string> words) { return run(std::move(words)).err; }
}  // namespace

TEST(Cli, EditDistanceCountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(oda::cli::edit_distance("", ""), 0u);
  EXPECT_EQ(oda::cli::edit_distance("main", "main"), 0u);
  EXPECT_EQ(oda::cli::edit_distance("mian", "main"), 2u);  // a swap is two edits
  EXPECT_EQ(oda::cli::edit_distance("--josn", "--json"), 2u);
  EXPECT_EQ(oda::cli::edit_distance("wait", "wai"), 1u);
  EXPECT_EQ(oda::cli::edit_distance("", "abc"), 3u);
  EXPECT_EQ(oda::cli::edit_distance("kitten", "sitting"), 3u);
}

TEST(Cli, DidYouMeanOnlyForNearMisses) {
  std::vector<std::string> c = {"--wait-ms", "--timeout-ms", "--json"};
  EXPECT_EQ(oda::cli::did_you_mean("--wiat-ms", c), "--wait-ms");
  EXPECT_EQ(oda::cli::did_you_mean("--timout-ms", c), "--timeout-ms");
  EXPECT_EQ(oda::cli::did_you_mean("--frobnicate", c), "");
  EXPECT_EQ(oda::cli::did_you_mean("--json", c), "");  // the word itself is no hint
  // A swap is two edits; a word no longer than the edits needed is no near miss.
  EXPECT_EQ(oda::cli::did_you_mean("mian", {"main", "pty-1"}), "main");
  EXPECT_EQ(oda::cli::did_you_mean("ab", {"xy"}), "");
  EXPECT_EQ(oda::cli::did_you_mean("ab", {"ax"}), "ax");
  EXPECT_EQ(oda::cli::did_you_mean("pty-9", {"pty-1", "pty-12"}), "pty-1");
}

TEST(Cli, UnknownOptionsAreNamedWithAHint) {
  EXPECT_EQ(stderr_of({"pty-1", "--wiat-ms", "3"}),
            "term-send: error: unknown option '--wiat-ms' (did you mean '--wait-ms'?)\n");
  EXPECT_EQ(stderr_of({"pty-1", "--wait-ms=3", "--escapse"}),
            "term-send: error: unknown option '--escapse' (did you mean '--escapes'?)\n");
  EXPECT_EQ(stderr_of({"pty-1", "--zzzzzz"}), "term-send: error: unknown option '--zzzzzz'\n");
  EXPECT_EQ(stderr_of({"pty-1", "-x"}), "term-send: error: unknown option '-x'\n");
  // After "--" a word is text, and a negative number is a value, never an option.
  EXPECT_EQ(stderr_of({"pty-1", "--wait-ms", "-5", "--", "--wiat-ms"}), "");
}


namespace {

// A command line run-code looks at before parsing, to fork its worker early or not.
bool runs(const Command& cmd, std::vector<const char*> words) {
  std::vector<char*> argv{const_cast<char*>("cmd")};
  for (const char* w : words) argv.push_back(const_cast<char*>(w));
  return oda::cli::runs_job(cmd, static_cast<int>(argv.size()), argv.data());
}

const Command kRunLike{
    .name = "run-like",
    .options = {{.name = "code", .kind = Kind::String, .value_name = "TEXT"},
                {.name = "history", .runs_nothing = true},
                {.name = "show", .kind = Kind::String, .value_name = "ID", .runs_nothing = true}},
};

TEST(RunsJob, APlainCallRunsIt) {
  EXPECT_TRUE(runs(kRunLike, {}));
  EXPECT_TRUE(runs(kRunLike, {"--code", "return 1"}));
  // An option's value that looks like an answer option is still a value after "--".
  EXPECT_TRUE(runs(kRunLike, {"--code", "x", "--", "--help"}));
}

TEST(RunsJob, TheLayersOwnAnswersRunNothing) {
  for (const char* w : {"--help", "-h", "--version", "--schema", "--completion-spec"})
    EXPECT_FALSE(runs(kRunLike, {"--code", "1", w})) << w;
}

TEST(RunsJob, OptionsMarkedRunsNothingRunNothing) {
  EXPECT_FALSE(runs(kRunLike, {"--history"}));
  EXPECT_FALSE(runs(kRunLike, {"--show", "abc"}));
  EXPECT_FALSE(runs(kRunLike, {"--show=abc"}));
  // Only whole names count: --showing is not --show.
  EXPECT_TRUE(runs(kRunLike, {"--showing"}));
  EXPECT_TRUE(runs(kSend, {"--no-submit", "s", "t"}));
}

}  // namespace

namespace {
// The one stderr line a refused command line gives.
std::string refusal(std::vector<std::string> words) {
  Parsed p = run(std::move(words));
  EXPECT_EQ(p.code, 2);
  return p.err;
}
}  // namespace

TEST(Cli, RequestRefusalsSayWhichFieldAndWhatItExpects) {
  EXPECT_EQ(refusal({"--request", write_request(R"({"session":1})")}),
            "term-send: error: invalid session: expected a string\n");
  EXPECT_EQ(refusal({"--request", write_request(R"({"session":"a","waitMs":1.5})")}),
            "term-send: error: invalid waitMs: expected a whole number\n");
  EXPECT_EQ(refusal({"--request", write_request(R"({"session":"a","submit":"no"})")}),
            "term-send: error: invalid submit: expected true or false\n");
  EXPECT_EQ(refusal({"--request", write_request(R"({"session":"a","env":["A=1",2]})")}),
            "term-send: error: invalid env: expected an array of strings\n");
  EXPECT_EQ(refusal({"--request", write_request(R"({"session":"a","bogus":1})")}),
            "term-send: error: unknown field 'bogus' in --request\n");
  // A field's own message wins where the seeds give one.
  EXPECT_EQ(refusal({"--request", write_request(R"({"session":"a","timeoutMs":"soon"})")}),
            "term-send: error: invalid timeoutMs: expected a positive finite number\n");
}

TEST(Cli, MalformedRequestsSayWhereTheJsonBroke) {
  EXPECT_EQ(refusal({"--request", write_request(R"({"session": })")}),
            "term-send: error: malformed JSON in --request: unexpected '}' at byte 12\n");
  std::string missing = refusal({"--request", "/nonexistent/req.json"});
  EXPECT_EQ(missing, "term-send: error: cannot read '/nonexistent/req.json': No such file or directory\n");
}

TEST(Cli, CommandLineValuesAreCheckedByKind) {
  EXPECT_EQ(refusal({"s", "--wait-ms", "12x"}),
            "term-send: error: invalid value '12x' for --wait-ms: expected a whole number\n");
  EXPECT_EQ(refusal({"s", "--wait-ms", ""}),
            "term-send: error: invalid value '' for --wait-ms: expected a whole number\n");
  EXPECT_EQ(refusal({"s", "--wait-ms", "99999999999999999999"}),
            "term-send: error: invalid value '99999999999999999999' for --wait-ms: expected a whole number\n");
  EXPECT_EQ(refusal({"s", "--timeout-ms", "inf"}),
            "term-send: error: invalid timeoutMs: expected a positive finite number\n");
}

TEST(Cli, TheLastOfARepeatedValueWinsAndListsKeepEveryItem) {
  Parsed p = run({"s", "--wait-ms", "1", "--wait-ms", "2", "--env", "A=1", "--env", "B=2"});
  ASSERT_TRUE(p.go_on);
  EXPECT_EQ(p.args.integer("wait-ms", 0), 2);
  EXPECT_EQ(p.args.list("env"), (std::vector<std::string>{"A=1", "B=2"}));
  EXPECT_EQ(oda::json::write(p.args.as_request(kSend)), R"({"session":"s","waitMs":2,"env":["A=1","B=2"]})");
}

namespace {
// A table with a field the setup turned off and a field of any JSON.
const Command kDefinition{
    .name = "run-code",
    .tool = "code_function",
    .summary = "run a function",
    .options = {
        {.name = "parameters", .kind = Kind::Json, .value_name = "JSON", .help = "schema", .field = "parameters"},
        {.name = "background", .help = "a job", .field = "run_in_background", .unlisted = true},
    },
};

Parsed run_definition(std::vector<std::string> words) {
  std::vector<char*> argv;
  static std::string name = "run-code";
  argv.push_back(name.data());
  for (auto& w : words) argv.push_back(w.data());
  Parsed p;
  testing::internal::CaptureStderr();
  p.go_on = oda::cli::parse(kDefinition, static_cast<int>(argv.size()), argv.data(), &p.args, &p.code);
  p.err = testing::internal::GetCapturedStderr();
  return p;
}
}  // namespace

TEST(Cli, AnUnlistedFieldLeavesTheSchemaButARequestMayStillCarryIt) {
  std::string schema = oda::json::write(oda::cli::schema(kDefinition));
  EXPECT_EQ(schema.find("run_in_background"), std::string::npos) << schema;
  EXPECT_NE(schema.find(R"("parameters":{"type":"object")"), std::string::npos) << schema;
  Parsed p = run_definition({"--request", write_request(R"({"run_in_background": true})")});
  ASSERT_TRUE(p.go_on) << p.err;
  EXPECT_TRUE(p.args.flag("background"));
}

TEST(Cli, AJsonOptionTakesAnyValueFromARequestAndJsonTextFromTheLine) {
  Parsed p = run_definition({"--request", write_request(R"({"parameters": {"type": "object"}})")});
  ASSERT_TRUE(p.go_on) << p.err;
  EXPECT_EQ(oda::json::write(*p.args.get("parameters")), R"({"type":"object"})");
  p = run_definition({"--parameters", R"([1, {"a": true}])"});
  ASSERT_TRUE(p.go_on) << p.err;
  EXPECT_EQ(oda::json::write(*p.args.get("parameters")), R"([1,{"a":true}])");
  p = run_definition({"--parameters", "{"});
  EXPECT_EQ(p.code, 2);
  EXPECT_EQ(p.err.rfind("run-code: error: invalid value for --parameters: malformed JSON: ", 0), 0u) << p.err;
}
