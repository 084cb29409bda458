// termd's framing: lines cut where the bytes say, the hello and its refusal, the envelopes.
#include "term/wire.h"

#include <gtest/gtest.h>

namespace oda::term::wire {

TEST(TermWire, LinesComeOutWholeWhateverTheChunks) {
  LineBuffer b;
  std::string line;
  b.add("{\"a\":");
  EXPECT_FALSE(b.next(&line));
  EXPECT_EQ(b.size(), 5u);
  b.add("1}\n{\"b\"");
  ASSERT_TRUE(b.next(&line));
  EXPECT_EQ(line, "{\"a\":1}");
  EXPECT_FALSE(b.next(&line));
  EXPECT_EQ(b.size(), 4u);
  b.add(":2}\n\nx\n");
  ASSERT_TRUE(b.next(&line));
  EXPECT_EQ(line, "{\"b\":2}");
  ASSERT_TRUE(b.next(&line));
  EXPECT_EQ(line, "");  // an empty line is a line (the daemon answers it as a bad request)
  ASSERT_TRUE(b.next(&line));
  EXPECT_EQ(line, "x");
  EXPECT_FALSE(b.next(&line));
  EXPECT_EQ(b.size(), 0u);
}

TEST(TermWire, ManyLinesKeepTheirOrderAcrossCompaction) {
  // Enough lines that the buffer compacts its dead head several times mid-stream.
  LineBuffer b;
  std::string all;
  for (int i = 0; i < 20000; ++i) all += "line " + std::to_string(i) + "\n";
  std::string line;
  int next = 0;
  for (size_t at = 0; at < all.size(); at += 777) {
    b.add(std::string_view(all).substr(at, 777));
    while (b.next(&line)) {
      ASSERT_EQ(line, "line " + std::to_string(next));
      ++next;
    }
  }
  EXPECT_EQ(next, 20000);
  EXPECT_EQ(b.size(), 0u);
}

TEST(TermWire, AFrameIsOneLineOfJson) {
  json::Value v = json::Value::object();
  v.set("text", "two\nlines");
  std::string f = frame(v);
  EXPECT_EQ(f, "{\"text\":\"two\\nlines\"}\n");
  // A newline inside a string never splits the frame.
  LineBuffer b;
  b.add(f);
  std::string line;
  ASSERT_TRUE(b.next(&line));
  json::Value back;
  std::string err;
  ASSERT_TRUE(json::parse(line, &back, &err)) << err;
  EXPECT_EQ(back, v);
}

TEST(TermWire, TheHelloOfThisVersionIsAccepted) {
  json::Value refusal;
  EXPECT_EQ(json::write(hello()), "{\"hello\":\"termd\",\"version\":1}");
  EXPECT_TRUE(accept_hello(hello(), &refusal));
  EXPECT_EQ(json::write(welcome(4242)), "{\"ok\":true,\"version\":1,\"pid\":4242}");
}

TEST(TermWire, AnotherVersionOrNoHelloIsRefusedNamingBoth) {
  json::Value refusal;
  ASSERT_FALSE(accept_hello(hello(99), &refusal));
  EXPECT_EQ(json::write(refusal),
            "{\"ok\":false,\"error\":\"protocol version mismatch (client 99, daemon 1)\",\"code\":3}");
  json::Value tool = json::Value::object();
  tool.set("tool", "terminal_list");
  ASSERT_FALSE(accept_hello(tool, &refusal));
  EXPECT_EQ(refusal.get_or("error", ""), "protocol version mismatch (client -1, daemon 1)");
  json::Value other = hello();
  other.set("hello", "tmux");
  EXPECT_FALSE(accept_hello(other, &refusal));
}

TEST(TermWire, Envelopes) {
  json::Value r = json::Value::object();
  r.set("session", "pty-1");
  EXPECT_EQ(json::write(ok_reply(r)), "{\"ok\":true,\"result\":{\"session\":\"pty-1\"}}");
  EXPECT_EQ(json::write(error_reply("no session 'x'")), "{\"ok\":false,\"error\":\"no session 'x'\",\"code\":1}");
  EXPECT_EQ(error_reply("bad", kCodeUsage).get_or<int64_t>("code", 0), 2);
}

}  // namespace oda::term::wire
