// Unit tests of the run protocol: both frames' codecs, the framing over a real pipe
// (whole, split, truncated and oversized frames), and the worker's named exit statuses.
#include "run/protocol.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace oda::run {
namespace {

StartFrame sample_start() {
  StartFrame s;
  s.deadline_ns = 123456789012345;
  s.budget_ms = 5000;
  s.heap_bytes = size_t{7} << 20;
  s.output_cap = 4096;
  s.test_faults = true;
  s.settings["sandbox"] = R"({"mode":"read-only","workspace":"/w"})";
  s.settings["calls.config"] = "line one\nline two = \"quoted\"";
  s.code = "return 1;\n\n// a blank line above and key=value text below\nx=1";
  return s;
}

TEST(StartFrame, RoundTripsEveryField) {
  StartFrame in = sample_start(), out;
  ASSERT_TRUE(decode_start(encode_start(in), &out));
  EXPECT_EQ(out.deadline_ns, in.deadline_ns);
  EXPECT_EQ(out.budget_ms, 5000);
  EXPECT_EQ(out.heap_bytes, size_t{7} << 20);
  EXPECT_EQ(out.output_cap, 4096u);
  EXPECT_TRUE(out.test_faults);
  EXPECT_EQ(out.settings, in.settings);
  // The program is everything after the first blank line, its own blank lines included.
  EXPECT_EQ(out.code, in.code);
}

TEST(StartFrame, AnEmptyProgramAndNoSettingsRoundTrip) {
  StartFrame in, out;
  in.budget_ms = 1;
  ASSERT_TRUE(decode_start(encode_start(in), &out));
  EXPECT_EQ(out.code, "");
  EXPECT_TRUE(out.settings.empty());
  EXPECT_FALSE(out.test_faults);
}

TEST(StartFrame, SettingsStayOneLineEach) {
  // A newline inside a part's setting travels escaped, so it cannot end the header early.
  std::string wire = encode_start(sample_start());
  size_t header_end = wire.find("\n\n");
  ASSERT_NE(header_end, std::string::npos);
  EXPECT_EQ(wire.substr(0, header_end).find("line one\nline two"), std::string::npos);
}

TEST(StartFrame, RefusesWhatIsNotOne) {
  StartFrame out;
  EXPECT_FALSE(decode_start("", &out));
  EXPECT_FALSE(decode_start("budget_ms=5\n", &out)) << "no blank line: the header never ends";
  EXPECT_FALSE(decode_start("budget_ms\n\ncode", &out)) << "a line without '='";
  EXPECT_FALSE(decode_start("x.sandbox=not json\n\ncode", &out));
  EXPECT_FALSE(decode_start("x.sandbox=42\n\ncode", &out)) << "a setting is a JSON string";
}

TEST(StartFrame, UnknownKeysArePassedOver) {
  StartFrame out;
  ASSERT_TRUE(decode_start("budget_ms=9\nnewer_limit=3\n\nreturn 2", &out));
  EXPECT_EQ(out.budget_ms, 9);
  EXPECT_EQ(out.code, "return 2");
}

// Found by tests/fuzz/frames.cc: a negative size in a frame became a size_t above LLONG_MAX,
// which the decoder read back clamped to LLONG_MAX.
TEST(StartFrame, SizesAboveLLongMaxRoundTrip) {
  StartFrame s;
  ASSERT_TRUE(decode_start("heap_bytes=-73741824\noutput_cap=18446744073709551615\n\nreturn 1", &s));
  StartFrame again;
  ASSERT_TRUE(decode_start(encode_start(s), &again));
  EXPECT_EQ(again.heap_bytes, s.heap_bytes);
  EXPECT_EQ(again.output_cap, SIZE_MAX);
  EXPECT_EQ(again.code, "return 1");
}

TEST(EndFrame, RoundTripsAFailureAndAValue) {
  EndFrame e{false, "timeout", "execution deadline reached (5ms)", ""};
  EndFrame back;
  ASSERT_TRUE(decode_end(encode_end(e), &back));
  EXPECT_FALSE(back.ok);
  EXPECT_EQ(back.kind, "timeout");
  EXPECT_EQ(back.message, "execution deadline reached (5ms)");
  EXPECT_EQ(back.value, "");
  EndFrame v{true, "", "", "{\"a\":\"x\\u0000y\"}"};
  ASSERT_TRUE(decode_end(encode_end(v), &back));
  EXPECT_TRUE(back.ok);
  EXPECT_EQ(back.value, v.value);
}

TEST(EndFrame, RefusesTruncatedPayloads) {
  EndFrame back;
  EXPECT_FALSE(decode_end("", &back));
  EXPECT_FALSE(decode_end("x", &back));
  EXPECT_FALSE(decode_end("0timeout", &back)) << "no NUL after the kind";
  EXPECT_FALSE(decode_end(std::string("0timeout\0msg", 12), &back)) << "no NUL after the message";
}

// Everything written to a pipe, read back through a FrameReader until the writer closes.
FrameReader read_back(const std::string& bytes) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  EXPECT_EQ(write(fds[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  close(fds[1]);
  FrameReader r;
  while (r.fill(fds[0]) != FrameReader::kClosed) {
  }
  close(fds[0]);
  return r;
}

TEST(Frames, SurviveAPipeWholeAndInOrder) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  ASSERT_TRUE(write_frame(fds[1], kOutput, "0hello"));
  ASSERT_TRUE(write_frame(fds[1], kEnd, std::string(5000, 'x')));  // past the one-write size
  close(fds[1]);
  FrameReader r;
  while (r.fill(fds[0]) != FrameReader::kClosed) {
  }
  close(fds[0]);
  char type;
  std::string payload;
  ASSERT_EQ(r.next(&type, &payload), FrameReader::kFrame);
  EXPECT_EQ(type, kOutput);
  EXPECT_EQ(payload, "0hello");
  ASSERT_EQ(r.next(&type, &payload), FrameReader::kFrame);
  EXPECT_EQ(type, kEnd);
  EXPECT_EQ(payload, std::string(5000, 'x'));
  EXPECT_EQ(r.next(&type, &payload), FrameReader::kNeedMore);
}

TEST(Frames, ATruncatedFrameWaitsForTheRest) {
  std::string whole;
  append_frame(&whole, kReply, "12345abc");
  char type;
  std::string payload;
  for (size_t cut : {size_t{0}, size_t{3}, size_t{5}, whole.size() - 1}) {
    FrameReader r = read_back(whole.substr(0, cut));
    EXPECT_EQ(r.next(&type, &payload), FrameReader::kNeedMore) << "cut at " << cut;
  }
  FrameReader r = read_back(whole);
  ASSERT_EQ(r.next(&type, &payload), FrameReader::kFrame);
  EXPECT_EQ(payload, "12345abc");
}

TEST(Frames, AnOversizedLengthIsMalformed) {
  char type;
  std::string payload;
  std::string header;
  put_u32(&header, kMaxFrame + 1);
  header.push_back(kOutput);
  EXPECT_EQ(read_back(header).next(&type, &payload), FrameReader::kMalformed);
  // At the limit it is only waiting for its payload.
  std::string at_limit;
  put_u32(&at_limit, kMaxFrame);
  at_limit.push_back(kOutput);
  EXPECT_EQ(read_back(at_limit).next(&type, &payload), FrameReader::kNeedMore);
}

TEST(Frames, BlockingReadTakesOneFrameAndRefusesATruncatedOne) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  StartFrame s = sample_start();
  ASSERT_TRUE(write_frame(fds[1], kStart, encode_start(s)));
  std::string partial;
  append_frame(&partial, kStart, "budget_ms=1\n\nreturn 1");
  partial.resize(partial.size() - 3);
  ASSERT_EQ(write(fds[1], partial.data(), partial.size()), static_cast<ssize_t>(partial.size()));
  close(fds[1]);
  char type = 0;
  std::string payload;
  ASSERT_TRUE(read_frame_blocking(fds[0], &type, &payload));
  EXPECT_EQ(type, kStart);
  StartFrame back;
  ASSERT_TRUE(decode_start(payload, &back));
  EXPECT_EQ(back.code, s.code);
  EXPECT_FALSE(read_frame_blocking(fds[0], &type, &payload)) << "the writer closed mid-frame";
  close(fds[0]);
}

TEST(Frames, U32IsLittleEndian) {
  std::string b;
  put_u32(&b, 0x01020304);
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(b[0], 0x04);
  EXPECT_EQ(b[3], 0x01);
  EXPECT_EQ(get_u32(b.data()), 0x01020304u);
  std::string high;
  put_u32(&high, 0xfffffffe);
  EXPECT_EQ(get_u32(high.data()), 0xfffffffeu);
}

TEST(WorkerExit, EveryStatusOfOursHasATextAndOthersNone) {
  for (int s = 70; s <= 75; ++s) {
    const char* text = worker_exit_text(s);
    ASSERT_NE(text, nullptr) << s;
    EXPECT_GT(std::string(text).size(), 5u);
  }
  EXPECT_STREQ(worker_exit_text(static_cast<int>(WorkerExit::kNoStart)), "no start frame from the supervisor");
  // A program's own exit (the test fault's 7) and a shell's statuses are not the worker's.
  for (int s : {0, 1, 2, 7, 69, 76, 127}) EXPECT_EQ(worker_exit_text(s), nullptr) << s;
}

}  // namespace
}  // namespace oda::run
