// run-code's MCP client without a server: the bindings of server names, config files and
// their refusals, ${VAR} expansion, the "oda" approvals, and what a tools/call result
// becomes in the program.
#include "mcp/client.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <thread>

#include "mcp/client_config.h"
#include "mcp/client_park.h"
#include "mcp/client_transport.h"
#include "mcp/jsonrpc.h"
#include "mcp/tools.h"

namespace oda::mcp::client {
namespace {

const char* fake_env(const char* name) {
  if (std::strcmp(name, "API_KEY") == 0) return "k-123";
  return nullptr;
}

std::string write_file(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

json::Value parse(const std::string& text) {
  json::Value v;
  std::string err;
  EXPECT_TRUE(json::parse(text, &v, &err)) << err;
  return v;
}

TEST(McpBinding, EachRunOfOtherCharactersIsOneUnderscore) {
  EXPECT_EQ(binding_of("brave-search"), "brave_search");
  EXPECT_EQ(binding_of("my  --  db"), "my_db");
  EXPECT_EQ(binding_of("-x-"), "_x_");
  EXPECT_EQ(binding_of("plain_name2"), "plain_name2");
  EXPECT_EQ(binding_of("caf\xc3\xa9"), "caf_");
}

TEST(McpConfig, ReadsStdioAndHttpServersWithExpansion) {
  std::string f = write_file("a.json", R"({"mcpServers": {
    "local": {"command": "sh", "args": ["-c", "${API_KEY}"], "env": {"K": "${API_KEY}", "D": "${UNSET:-dflt}"}},
    "remote": {"type": "http", "url": "https://example.com/mcp", "headers": {"Authorization": "Bearer ${API_KEY}"}},
    "bare-url": {"url": "http://127.0.0.1:9/mcp"}},
    "oda": {"approval": {"local": "always", "local.safe": "never"}}})");
  std::vector<ServerConfig> s;
  std::string err;
  ASSERT_TRUE(load_configs({f}, "", "/usr/bin:/bin", fake_env, nullptr, &s, &err)) << err;
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].transport, TransportKind::Stdio);
  EXPECT_TRUE(s[0].command[0].ends_with("/sh"));
  EXPECT_EQ(s[0].command[2], "k-123");
  EXPECT_EQ(s[0].env["K"], "k-123");
  EXPECT_EQ(s[0].env["D"], "dflt");
  EXPECT_TRUE(s[0].asks("anything"));
  EXPECT_FALSE(s[0].asks("safe"));
  EXPECT_EQ(s[1].transport, TransportKind::Http);
  EXPECT_EQ(s[1].headers["Authorization"], "Bearer k-123");
  EXPECT_FALSE(s[1].asks("x"));
  EXPECT_EQ(s[2].transport, TransportKind::Http);
  EXPECT_EQ(s[2].binding, "bare_url");
  EXPECT_NE(s[0].identity(), s[1].identity());
}

TEST(McpWarmKey, OneServerOnlyForWhatShapesIt) {
  ServerConfig c;
  c.name = "memory";
  c.command = {"/usr/bin/node", "index.js"};
  c.env["MEMORY_FILE_PATH"] = "/tmp/m.jsonl";
  std::string k = server_key(c, "/work");
  EXPECT_EQ(k, server_key(c, "/work"));
  EXPECT_TRUE(k.starts_with("stdio-"));
  auto differs = [&](auto change, const std::string& ws = "/work") {
    ServerConfig d = c;
    change(d);
    return server_key(d, ws) != k;
  };
  EXPECT_TRUE(differs([](ServerConfig& d) { d.command.push_back("stdio"); }));
  EXPECT_TRUE(differs([](ServerConfig& d) { d.env["X"] = "1"; }));
  EXPECT_TRUE(differs([](ServerConfig& d) { d.cwd = "/tmp"; }));
  EXPECT_TRUE(differs([](ServerConfig& d) { d.name = "other"; }));
  EXPECT_TRUE(differs([](ServerConfig&) {}, "/elsewhere"));
  // Fields run together the same way still differ (each is length-prefixed).
  EXPECT_TRUE(differs([](ServerConfig& d) { d.command = {"/usr/bin/nodeindex.js"}; }));
  // The environment it inherits (HOME, PATH ... from run-code's) shapes it too.
  const char* home = std::getenv("HOME");
  std::string saved = home ? home : "";
  setenv("HOME", "/somewhere/else", 1);
  EXPECT_NE(server_key(c, "/work"), k);
  if (home) setenv("HOME", saved.c_str(), 1);
  else unsetenv("HOME");
  EXPECT_EQ(server_key(c, "/work"), k);
}

// A server taken warm: request ids go on from the parked nextId, a late answer to an old id
// matches nothing, and handing it over again says where the ids stand. The "server" is this
// test on pipes; its pid and pidfd are a sleep's, so ending it ends only that.
TEST(McpWarm, AdoptedServerGoesOnFromTheParkedIds) {
  int in[2], out[2], err[2];
  ASSERT_EQ(pipe2(in, O_CLOEXEC), 0);
  ASSERT_EQ(pipe2(out, O_CLOEXEC), 0);
  ASSERT_EQ(pipe2(err, O_CLOEXEC), 0);
  Spawned sleeper;
  ASSERT_TRUE(spawn({"/bin/sleep", "30"}, &sleeper));
  Handover h;
  h.pid = sleeper.pid;
  h.in.reset(in[1]);
  h.out.reset(out[0]);
  h.err.reset(err[0]);
  h.pidfd.reset(static_cast<int>(syscall(SYS_pidfd_open, sleeper.pid, 0)));
  ASSERT_TRUE(h.pidfd);
  sys::UniqueFd server_in(in[0]), server_out(out[1]), server_err(err[1]);
  ServerConfig c;
  c.name = "fake";
  c.command = {"/bin/sleep"};
  Connection conn(c, "/w");
  std::string why;
  ASSERT_TRUE(conn.adopt(std::move(h), parse(R"({"tools":[{"name":"t"}],"protocolVersion":"2025-06-18","nextId":41})"), &why)) << why;
  EXPECT_TRUE(conn.warm());
  ASSERT_EQ(conn.tools().size(), 1u);
  EXPECT_EQ(conn.tools()[0].name, "t");
  std::thread server([&] {
    jsonrpc::LineReader lines(server_in.get(), 1 << 20);
    std::string line;
    ASSERT_EQ(lines.next(&line), jsonrpc::LineReader::Status::Line);
    EXPECT_EQ(parse(line).get_or<int64_t>("id", 0), 41);
    std::string answers =
        R"({"jsonrpc":"2.0","id":40,"result":{"content":[{"type":"text","text":"old"}]}})" "\n"
        R"({"jsonrpc":"2.0","id":41,"result":{"content":[{"type":"text","text":"new"}]}})" "\n";
    EXPECT_TRUE(sys::write_all(server_out.get(), answers));
  });
  calls::CancelFlag cancel;
  calls::Outcome o = conn.call("t", json::Value::object(), cancel);
  server.join();
  EXPECT_EQ(json::write(o.result), "\"new\"");
  Handover again;
  json::Value state;
  ASSERT_TRUE(conn.hand_over(&again, &state));
  EXPECT_EQ(state.get_or<int64_t>("nextId", 0), 42);
  EXPECT_EQ(state.get_or("protocolVersion", ""), "2025-06-18");
  EXPECT_EQ(again.pid, sleeper.pid);
  end_server(&again);  // stdin closed (sleep ignores it), then TERM to its group
  int status = 0;
  ASSERT_EQ(waitpid(sleeper.pid, &status, 0), sleeper.pid);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
  sleeper.pid = -1;
}

TEST(McpConfig, RefusesWithTheFileAndTheReason) {
  struct Case {
    const char* text;
    const char* error;
  } cases[] = {
      {R"([])", "expected an object with an \"mcpServers\" object"},
      {R"({"mcpServers": {"a": {"command": 3}}})", "server 'a': \"command\" must be a non-empty string"},
      {R"({"mcpServers": {"a": {"command": "sh", "args": [1]}}})", "server 'a': \"args\" must be an array of strings"},
      {R"({"mcpServers": {"a": {"command": "sh", "env": {"X": 1}}}})", "server 'a': \"env\" must be an object of strings"},
      {R"({"mcpServers": {"a": {"type": "http", "url": "ftp://x"}}})", "server 'a': url 'ftp://x' is not http or https"},
      {R"({"mcpServers": {"a": {"type": "ws", "url": "http://x"}}})", "server 'a': unknown \"type\" 'ws'"},
      {R"({"mcpServers": {"a": {"command": "sh", "args": ["${NOPE}"]}}})", "server 'a': ${NOPE} is not set"},
      {R"({"mcpServers": {"a": {"command": "sh"}}, "oda": {"approval": {"b": "always"}}})",
       "\"oda\": approval of 'b': no server of that name in this config"},
      {R"({"mcpServers": {"a": {"command": "sh"}}, "oda": {"approval": {"a": "sometimes"}}})",
       "\"oda\": approval of 'a' must be \"never\" or \"always\""},
      {R"({"mcpServers": {"a": {"command": "sh"}}, "oda": {"timeouts": {}}})", "\"oda\": unknown key 'timeouts'"},
      {R"({"mcpServers": {"1password": {"command": "sh"}}})", "server '1password' is not a plain identifier"},
      {R"({"mcpServers": {"console": {"command": "sh"}}})", "server 'console' is kept by the run's environment"},
      {R"({"mcpServers": {"a-b": {"command": "sh"}, "a.b": {"command": "sh"}}})",
       "server 'a.b' (bound as 'a_b') collides with server 'a-b'"},
  };
  for (const auto& c : cases) {
    std::string f = write_file("bad.json", c.text);
    std::vector<ServerConfig> s;
    std::string err;
    EXPECT_FALSE(load_configs({f}, "", "/usr/bin:/bin", fake_env, nullptr, &s, &err)) << c.text;
    EXPECT_NE(err.find(c.error), std::string::npos) << err;
    EXPECT_EQ(err.find("mcp config '" + f + "'"), 0u) << err;
  }
}

TEST(McpConfig, ACatalogToolsNameIsTaken) {
  std::string f = write_file("t.json", R"({"mcpServers": {"say": {"command": "sh"}}})");
  std::vector<ServerConfig> s;
  std::string err;
  EXPECT_FALSE(load_configs({f}, "", "/bin", fake_env, [](const std::string& n) { return n == "say"; }, &s, &err));
  EXPECT_NE(err.find("collides with the catalog tool 'say'"), std::string::npos) << err;
}

TEST(McpConfig, TheEnvironmentListIsColonSeparated) {
  std::string a = write_file("l1.json", R"({"mcpServers": {"one": {"command": "sh"}}})");
  std::string b = write_file("l2.json", R"({"mcpServers": {"two": {"command": "sh"}}})");
  std::vector<ServerConfig> s;
  std::string err;
  ASSERT_TRUE(load_configs({}, a + "::" + b, "/bin", fake_env, nullptr, &s, &err)) << err;
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[1].name, "two");
  s.clear();
  // The option wins over the variable.
  ASSERT_TRUE(load_configs({b}, a, "/bin", fake_env, nullptr, &s, &err)) << err;
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].name, "two");
}

TEST(McpResult, StructuredContentWinsThenOneTextBlockThenTheBlocks) {
  auto ok = [](const char* text) {
    calls::Outcome o = outcome_of_result(parse(text));
    EXPECT_EQ(o.status, calls::Outcome::Status::Ok) << text;
    return json::write(o.result);
  };
  EXPECT_EQ(ok(R"({"content":[{"type":"text","text":"{}"}],"structuredContent":{"t":1}})"), R"({"t":1})");
  EXPECT_EQ(ok(R"({"content":[{"type":"text","text":"[1, 2]"}]})"), "[1,2]");
  EXPECT_EQ(ok(R"({"content":[{"type":"text","text":"plain words"}]})"), R"("plain words")");
  EXPECT_EQ(ok(R"({"content":[{"type":"text","text":"12345678901234567890"}]})"), R"("12345678901234567890")");
  EXPECT_EQ(ok(R"({"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]})"),
            R"([{"type":"text","text":"a"},{"type":"text","text":"b"}])");
  EXPECT_EQ(ok(R"({"content":[{"type":"image","data":"AA==","mimeType":"image/png"}]})"),
            R"([{"type":"image","data":"AA==","mimeType":"image/png"}])");
  EXPECT_EQ(ok(R"({"content":[]})"), "[]");
}

TEST(McpResult, IsErrorRejectsWithTheServersText) {
  calls::Outcome o = outcome_of_result(parse(R"({"isError":true,"content":[{"type":"text","text":"no such file"},{"type":"text","text":"at /x"}]})"));
  EXPECT_EQ(o.status, calls::Outcome::Status::Error);
  EXPECT_EQ(o.error, "no such file\nat /x");
  EXPECT_EQ(outcome_of_result(parse(R"({"isError":true,"content":[]})")).error, "the tool failed");
  EXPECT_EQ(error_text(parse(R"({"code":-32602,"message":"bad params"})")), "bad params");
}

}  // namespace
}  // namespace oda::mcp::client
