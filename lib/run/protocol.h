// The framed pipe protocol between run-code's supervisor and its worker: every message is a
// 5-byte header (payload length, little-endian u32; one type byte) and the payload.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace oda::run {

// Frame types. Worker to supervisor: Output, Request, End. Supervisor to worker: Start, Reply.
enum FrameType : char {
  kStart = 'S',    // "key=value\n" settings lines, a blank line, then the program text
  kOutput = 'O',   // one level byte ('0' log .. '4' debug), then the line's text
  kRequest = 'Q',  // u32 id, the method name, a NUL, then the arguments as lossless JSON
  kReply = 'A',    // u32 id, one byte '1' ok / '0' error, then the value as JSON
  kEnd = 'E',      // the run's outcome: see EndFrame
};

// A frame larger than this is a protocol error: the output cap plus room for one request.
constexpr uint32_t kMaxFrame = 80u << 20;

// The outcome the worker reports once: ok with the value's JSON text ("" when the program
// returned nothing), or a failure kind and message.
struct EndFrame {
  bool ok = false;
  std::string kind;     // "exception", "timeout", "invalid-output", "output-limit", ...
  std::string message;
  std::string value;    // lossless JSON text, or empty for no value
};

std::string encode_end(const EndFrame& end);
bool decode_end(std::string_view payload, EndFrame* end);

void put_u32(std::string* out, uint32_t v);
uint32_t get_u32(const char* p);

// Appends one frame (header and payload) to a buffer, for non-blocking senders.
void append_frame(std::string* out, char type, std::string_view payload);

// Writes one whole frame to fd, retrying short writes and EINTR. false when the pipe broke.
bool write_frame(int fd, char type, std::string_view payload);

// Collects bytes from a non-blocking fd and splits them into frames.
class FrameReader {
 public:
  enum Status { kFrame, kNeedMore, kClosed, kMalformed };
  // Reads what the fd has (once) into the buffer. kClosed at end of file.
  Status fill(int fd);
  // Takes the next complete frame out of the buffer, if there is one.
  Status next(char* type, std::string* payload);
  size_t buffered() const { return buf_.size() - pos_; }

 private:
  std::string buf_;
  size_t pos_ = 0;
};

// Blocking read of exactly one frame (the worker reads its start frame this way).
bool read_frame_blocking(int fd, char* type, std::string* payload);

}  // namespace oda::run
