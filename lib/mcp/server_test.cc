// The protocol side of the server against a fake backend: the life cycle and version
// negotiation, errors, calls on their own threads, cancellation (no response), shutdown,
// progress and elicitation.
#include "mcp/server.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <unistd.h>

#include <condition_variable>
#include <mutex>

namespace oda::mcp {
namespace {

// "block": runs until cancelled; "ask": asks the client; anything else answers at once.
class FakeBackend : public Backend {
 public:
  json::Value tools() const override {
    json::Value t = json::Value::object();
    t.set("name", "echo");
    json::Value list = json::Value::array();
    list.push(t);
    return list;
  }
  bool known(std::string_view name) const override { return name == "echo" || name == "block" || name == "ask"; }
  ToolResult call(std::string_view name, const json::Value& arguments, Call* call) override {
    if (name == "block") {
      while (!call->abort) usleep(1000);
      return ToolResult{"aborted", json::Value(), true};
    }
    if (name == "ask") {
      if (!call->ask) return ToolResult{"no elicitation", json::Value(), true};
      Answer a = call->ask("allow it?");
      return ToolResult{a.allowed ? "allowed" : "denied: " + a.why, json::Value(), !a.allowed};
    }
    return ToolResult{json::write(arguments), arguments, false};
  }
};

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(pipe(fds_), 0);
    writer_ = std::make_unique<jsonrpc::Writer>(fds_[1]);
  }
  void TearDown() override {
    server_.reset();
    close(fds_[0]);
    close(fds_[1]);
  }
  void start(int progress_ms = 0) {
    server_ = std::make_unique<Server>(ServerOptions{.progress_ms = progress_ms}, &backend_, writer_.get());
  }
  // The next line the server wrote; "" when none comes within 10 s.
  std::string next() {
    for (;;) {
      size_t nl = buf_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        return line;
      }
      pollfd p{fds_[0], POLLIN, 0};
      if (poll(&p, 1, 10000) <= 0) return "";
      char tmp[4096];
      ssize_t n = read(fds_[0], tmp, sizeof tmp);
      if (n <= 0) return "";
      buf_.append(tmp, static_cast<size_t>(n));
    }
  }
  bool nothing_written() {
    pollfd p{fds_[0], POLLIN, 0};
    return buf_.empty() && poll(&p, 1, 0) == 0;
  }
  void init(const char* caps = "{}") {
    server_->handle(std::string(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":)") +
                    caps + R"(,"clientInfo":{"name":"t","version":"1"}}})");
    ASSERT_NE(next().find("\"protocolVersion\":\"2025-11-25\""), std::string::npos);
    server_->handle(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  }

  int fds_[2];
  std::unique_ptr<jsonrpc::Writer> writer_;
  FakeBackend backend_;
  std::unique_ptr<Server> server_;
  std::string buf_;
};

TEST_F(ServerTest, NegotiatesTheProtocolVersion) {
  start();
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{}}})");
  std::string r = next();
  EXPECT_NE(r.find(R"("protocolVersion":"2024-11-05")"), std::string::npos) << r;
  EXPECT_NE(r.find(R"("serverInfo":{"name":"oda-mcp")"), std::string::npos) << r;
  EXPECT_NE(r.find(R"("capabilities":{"tools":{"listChanged":false}})"), std::string::npos) << r;
  server_->handle(R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18"}})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"invalid request: already initialized"}})");
}

TEST_F(ServerTest, AnUnknownVersionIsAnsweredWithTheNewest) {
  start();
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1999-01-01"}})");
  EXPECT_NE(next().find(std::string("\"protocolVersion\":\"") + kProtocolVersions[0] + "\""), std::string::npos);
}

TEST_F(ServerTest, OnlyPingAndInitializeComeBeforeInitialize) {
  start();
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":1,"result":{}})");
  server_->handle(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"invalid request: not initialized: the first request must be initialize"}})");
  server_->handle(R"({"jsonrpc":"2.0","id":3,"method":"initialize","params":{}})");
  EXPECT_EQ(next(), R"x({"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"invalid params: initialize needs \"protocolVersion\" (a string)"}})x");
}

TEST_F(ServerTest, AnswersErrorsWithTheSpecificationsCodes) {
  start();
  init();
  server_->handle("{oops");
  EXPECT_NE(next().find(R"("id":null,"error":{"code":-32700)"), std::string::npos);
  server_->handle(R"({"jsonrpc":"2.0","id":4,"method":"resources/list"})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"method not found: 'resources/list'"}})");
  server_->handle(R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"nope","arguments":{}}})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"unknown tool 'nope'"}})");
  server_->handle(R"({"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":[1]}})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"invalid params: \"arguments\" must be an object"}})");
  server_->handle(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}})");
  EXPECT_EQ(next(), R"x({"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"invalid params: tools/call needs \"name\" (a string)"}})x");
  server_->too_long(100);
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: message longer than 100 bytes"}})");
  // A notification nobody knows gets nothing back.
  server_->handle(R"({"jsonrpc":"2.0","method":"notifications/whatever"})");
  EXPECT_TRUE(nothing_written());
}

TEST_F(ServerTest, ACallAnswersWithContentStructuredContentAndIsError) {
  start();
  init();
  server_->handle(R"({"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"echo","arguments":{"a":1}}})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":"c","result":{"content":[{"type":"text","text":"{\"a\":1}"}],"structuredContent":{"a":1},"isError":false}})");
  server_->handle(R"({"jsonrpc":"2.0","id":"l","method":"tools/list"})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":"l","result":{"tools":[{"name":"echo"}]}})");
}

TEST_F(ServerTest, ACallUnderWayHoldsUpNoOtherAndACancelledOneGetsNoResponse) {
  start();
  init();
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"block"}})");
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo"}})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"invalid request: id 1 is already in use"}})");
  server_->handle(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}})");
  EXPECT_NE(next().find(R"("id":2,"result")"), std::string::npos);
  for (int i = 0; i < 10000 && server_->calls_under_way() > 1; ++i) usleep(1000);
  EXPECT_EQ(server_->calls_under_way(), 1u);  // the blocked one, still under way
  server_->handle(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"t"}})");
  for (int i = 0; i < 10000 && server_->calls_under_way() > 0; ++i) usleep(1000);
  EXPECT_EQ(server_->calls_under_way(), 0u);
  server_->handle(R"({"jsonrpc":"2.0","id":3,"method":"ping"})");
  EXPECT_EQ(next(), R"({"jsonrpc":"2.0","id":3,"result":{}})");  // and nothing for id 1
}

TEST_F(ServerTest, ShutdownCancelsWhatRunsAndWaitsForIt) {
  start();
  init();
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"block"}})");
  server_->handle(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"block"}})");
  server_->shutdown();
  EXPECT_EQ(server_->calls_under_way(), 0u);
  EXPECT_TRUE(nothing_written());
}

TEST_F(ServerTest, ACallThatAskedForProgressHearsOfIt) {
  start(5);
  init();
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"block","_meta":{"progressToken":"p"}}})");
  std::string first = next(), second = next();
  EXPECT_NE(first.find(R"("method":"notifications/progress","params":{"progressToken":"p","progress":)"), std::string::npos) << first;
  EXPECT_NE(second.find(R"("progressToken":"p")"), std::string::npos) << second;
  server_->handle(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}})");
  server_->shutdown();
}

TEST_F(ServerTest, AsksTheClientWhenItOffersElicitation) {
  start();
  init(R"({"elicitation":{}})");
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask"}})");
  std::string q = next();
  EXPECT_NE(q.find(R"("id":"oda-1","method":"elicitation/create","params":{"message":"allow it?")"), std::string::npos) << q;
  server_->handle(R"({"jsonrpc":"2.0","id":"oda-1","result":{"action":"decline"}})");
  EXPECT_NE(next().find(R"("text":"denied: the user chose decline")"), std::string::npos);
  server_->handle(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask"}})");
  EXPECT_NE(next().find(R"("id":"oda-2")"), std::string::npos);
  server_->handle(R"({"jsonrpc":"2.0","id":"oda-2","result":{"action":"accept","content":{}}})");
  EXPECT_NE(next().find(R"("text":"allowed")"), std::string::npos);
}

TEST_F(ServerTest, WithoutElicitationACallHasNoOneToAsk) {
  start();
  init();
  server_->handle(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask"}})");
  EXPECT_NE(next().find(R"("text":"no elicitation")"), std::string::npos);
}

}  // namespace
}  // namespace oda::mcp
