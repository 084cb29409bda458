// libFuzzer target: the run's frame decoder (lib/run/protocol) on bytes from the worker's
// pipe, delivered in chunks whose sizes the input picks. Each frame the reader hands out is
// the bytes it consumed, in order; start and end frames that decode encode back to frames
// that decode the same.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>

#include "run/protocol.h"

namespace {
using namespace oda::run;

[[noreturn]] void fail(const char* what) {
  fprintf(stderr, "frames fuzz: %s\n", what);
  abort();
}

bool same(const StartFrame& a, const StartFrame& b) {
  return a.deadline_ns == b.deadline_ns && a.budget_ms == b.budget_ms && a.heap_bytes == b.heap_bytes &&
         a.output_cap == b.output_cap && a.test_faults == b.test_faults && a.settings == b.settings && a.code == b.code;
}

void check_payload(char type, const std::string& payload) {
  if (type == kStart) {
    StartFrame s;
    if (!decode_start(payload, &s)) return;
    StartFrame again;
    if (!decode_start(encode_start(s), &again) || !same(s, again)) fail("a start frame does not round-trip");
  } else if (type == kEnd) {
    EndFrame e;
    if (!decode_end(payload, &e)) return;
    EndFrame again;
    if (!decode_end(encode_end(e), &again) || again.ok != e.ok || again.kind != e.kind || again.message != e.message ||
        again.value != e.value)
      fail("an end frame does not round-trip");
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 60000) return 0;  // one pipe's buffer holds it all
  size_t chunk = 1 + data[0];
  std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  int p[2];
  if (pipe2(p, O_NONBLOCK | O_CLOEXEC) != 0) return 0;
  FrameReader reader;
  std::string seen;  // the frames handed out, encoded again
  char type;
  std::string payload;
  bool malformed = false;
  size_t at = 0;
  bool closed = false;
  for (;;) {
    size_t n = std::min(chunk, bytes.size() - at);
    if (n > 0 && write(p[1], bytes.data() + at, n) != static_cast<ssize_t>(n)) fail("the pipe took less");
    at += n;
    if (at == bytes.size() && !closed) {
      close(p[1]);
      closed = true;
    }
    FrameReader::Status st = reader.fill(p[0]);
    FrameReader::Status f;
    while ((f = reader.next(&type, &payload)) == FrameReader::kFrame) {
      append_frame(&seen, type, payload);
      check_payload(type, payload);
    }
    if (f == FrameReader::kMalformed) malformed = true;
    if (st == FrameReader::kClosed || malformed) break;
  }
  close(p[0]);
  if (seen.size() > bytes.size() || bytes.substr(0, seen.size()) != seen) fail("frames are not the bytes read");
  // What is left is less than one frame, or a header past the largest frame.
  if (!malformed && bytes.size() - seen.size() >= 5) {
    uint32_t n = get_u32(bytes.data() + seen.size());
    if (n <= kMaxFrame && bytes.size() - seen.size() >= 5 + static_cast<size_t>(n)) fail("a whole frame was left unread");
  }
  if (malformed && get_u32(bytes.data() + seen.size()) <= kMaxFrame) fail("a frame within the limit called malformed");
  return 0;
}
