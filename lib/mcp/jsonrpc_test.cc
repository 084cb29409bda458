// The JSON-RPC framing: decoding each kind of message and each malformed one, the line
// reader's edge cases (CRLF, blank lines, an over-long line, no final newline), the writer.
#include "mcp/jsonrpc.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <thread>

namespace oda::mcp::jsonrpc {
namespace {

TEST(JsonRpcDecode, TellsRequestsNotificationsAndResponsesApart) {
  Message m;
  Failure f;
  ASSERT_TRUE(decode(R"({"jsonrpc":"2.0","id":7,"method":"ping"})", &m, &f));
  EXPECT_EQ(m.kind, Kind::Request);
  EXPECT_EQ(json::write(m.id), "7");
  EXPECT_EQ(m.method, "ping");
  EXPECT_TRUE(m.params.is_null());
  ASSERT_TRUE(decode(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"a"}})", &m, &f));
  EXPECT_EQ(m.kind, Kind::Notification);
  EXPECT_EQ(m.params.get_or("requestId", ""), "a");
  ASSERT_TRUE(decode(R"({"jsonrpc":"2.0","id":"x","result":{"action":"accept"}})", &m, &f));
  EXPECT_EQ(m.kind, Kind::Response);
  EXPECT_EQ(m.result.get_or("action", ""), "accept");
  ASSERT_TRUE(decode(R"({"jsonrpc":"2.0","id":"x","error":{"code":-1,"message":"no"}})", &m, &f));
  EXPECT_EQ(m.kind, Kind::Response);
  EXPECT_FALSE(m.error.is_null());
}

TEST(JsonRpcDecode, RefusesWhatIsNoMessageWithTheSpecificationsCodes) {
  Message m;
  Failure f;
  EXPECT_FALSE(decode("{\"jsonrpc\":", &m, &f));
  EXPECT_EQ(f.code, kParseError);
  EXPECT_TRUE(f.id.is_null());
  EXPECT_FALSE(decode(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])", &m, &f));
  EXPECT_EQ(f.code, kInvalidRequest);
  EXPECT_EQ(f.message, "invalid request: batches are not supported");
  EXPECT_FALSE(decode(R"({"jsonrpc":"1.0","id":3,"method":"ping"})", &m, &f));
  EXPECT_EQ(f.code, kInvalidRequest);
  EXPECT_EQ(json::write(f.id), "3");  // answered with the id it had
  EXPECT_FALSE(decode(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})", &m, &f));
  EXPECT_TRUE(f.id.is_null());
  EXPECT_FALSE(decode(R"({"jsonrpc":"2.0","id":null,"method":"ping"})", &m, &f));
  EXPECT_FALSE(decode(R"({"jsonrpc":"2.0","id":2,"method":7})", &m, &f));
  EXPECT_FALSE(decode(R"({"jsonrpc":"2.0","id":2,"method":"x","params":"p"})", &m, &f));
  EXPECT_EQ(f.message, "invalid request: \"params\" must be an object");
  EXPECT_FALSE(decode(R"({"jsonrpc":"2.0","id":2})", &m, &f));
  EXPECT_FALSE(decode(R"("ping")", &m, &f));
  EXPECT_EQ(f.code, kInvalidRequest);
}

TEST(JsonRpcWrite, WritesCompactMessages) {
  EXPECT_EQ(result(json::Value(1), json::Value::object()), R"({"jsonrpc":"2.0","id":1,"result":{}})");
  EXPECT_EQ(error(nullptr, kParseError, "parse error: x"),
            R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: x"}})");
  EXPECT_EQ(notification("notifications/progress", nullptr), R"({"jsonrpc":"2.0","method":"notifications/progress"})");
  EXPECT_EQ(request(json::Value("a"), "ping", nullptr), R"({"jsonrpc":"2.0","id":"a","method":"ping"})");
}

// Feeds text into a pipe from another thread (so a long text cannot fill the pipe first).
struct Fed {
  int fds[2];
  std::thread writer;
  explicit Fed(std::string text) {
    EXPECT_EQ(pipe(fds), 0);
    writer = std::thread([this, text = std::move(text)] {
      size_t done = 0;
      while (done < text.size()) {
        ssize_t n = write(fds[1], text.data() + done, text.size() - done);
        if (n <= 0) break;
        done += static_cast<size_t>(n);
      }
      close(fds[1]);
    });
  }
  ~Fed() {
    writer.join();
    close(fds[0]);
  }
};

TEST(JsonRpcLineReader, ReadsLinesSkippingBlankOnesAndCarriageReturns) {
  Fed in("one\r\n\n   \ntwo\nthree");
  LineReader r(in.fds[0], 100);
  std::string line;
  ASSERT_EQ(r.next(&line), LineReader::Status::Line);
  EXPECT_EQ(line, "one");
  ASSERT_EQ(r.next(&line), LineReader::Status::Line);
  EXPECT_EQ(line, "two");
  ASSERT_EQ(r.next(&line), LineReader::Status::Line);
  EXPECT_EQ(line, "three");
  EXPECT_EQ(r.next(&line), LineReader::Status::End);
  EXPECT_EQ(r.next(&line), LineReader::Status::End);
}

TEST(JsonRpcLineReader, ReportsAnOverLongLineOnceAndGoesOn) {
  Fed in("short\n" + std::string(1 << 20, 'x') + "\nafter\n" + std::string(200, 'y'));
  LineReader r(in.fds[0], 1000);
  std::string line;
  ASSERT_EQ(r.next(&line), LineReader::Status::Line);
  EXPECT_EQ(line, "short");
  EXPECT_EQ(r.next(&line), LineReader::Status::TooLong);
  ASSERT_EQ(r.next(&line), LineReader::Status::Line);
  EXPECT_EQ(line, "after");
  ASSERT_EQ(r.next(&line), LineReader::Status::Line);
  EXPECT_EQ(line.size(), 200u);
  EXPECT_EQ(r.next(&line), LineReader::Status::End);
}

TEST(JsonRpcLineReader, AnOverLongLastLineWithoutNewlineIsReported) {
  Fed in(std::string(5000, 'x'));
  LineReader r(in.fds[0], 1000);
  std::string line;
  EXPECT_EQ(r.next(&line), LineReader::Status::TooLong);
  EXPECT_EQ(r.next(&line), LineReader::Status::End);
}

TEST(JsonRpcWriter, WritesOneLinePerMessageAndStopsWhenTheReaderHasGone) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  Writer w(fds[1]);
  EXPECT_TRUE(w.send("{}"));
  EXPECT_TRUE(w.send("[]"));
  char buf[16] = {};
  ASSERT_EQ(read(fds[0], buf, sizeof buf), 6);
  EXPECT_EQ(std::string(buf), "{}\n[]\n");
  close(fds[0]);
  signal(SIGPIPE, SIG_IGN);
  EXPECT_FALSE(w.send("{}"));
  EXPECT_FALSE(w.send("{}"));
  close(fds[1]);
}

}  // namespace
}  // namespace oda::mcp::jsonrpc
