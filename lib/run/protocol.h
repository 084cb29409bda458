// The framed pipe protocol between run-code's supervisor and its worker: every message is a
// 5-byte header (payload length, little-endian u32; one type byte) and the payload.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace oda::run {

// Frame types. Worker to supervisor: Output, Request, End, Compiled. Supervisor to worker: Start, Reply.
enum FrameType : char {
  kStart = 'S',    // the run's settings and program: see StartFrame
  kOutput = 'O',   // one level byte ('0' log .. '4' debug), then the line's text
  kRequest = 'Q',  // u32 id, the method name, a NUL, then the arguments as lossless JSON
  kReply = 'A',    // u32 id, one byte '1' ok / '0' error, then the value as JSON
  kEnd = 'E',      // the run's outcome: see EndFrame
  kCompiled = 'L',  // the program's bytecode, for the supervisor to keep in the program cache
};

// A frame larger than this is a protocol error: the output cap plus room for one request.
constexpr uint32_t kMaxFrame = 80u << 20;

// What the supervisor sends first, once. On the wire: "key=value\n" lines (the numbers; each
// part's worker setting as "x.KEY=" and a JSON string), a blank line, then the program text.
// Keys the worker does not know are passed over, so either side may be newer.
struct StartFrame {
  int64_t deadline_ns = INT64_MAX;     // CLOCK_MONOTONIC, shared by both processes
  long long budget_ms = 0;             // for the timeout's message
  size_t heap_bytes = size_t{512} << 20;
  size_t output_cap = size_t{64} << 20;
  bool test_faults = false;
  std::map<std::string, std::string, std::less<>> settings;  // the parts' worker settings
  std::string code;
};

std::string encode_start(const StartFrame& start);
// false when the payload is not a start frame (no blank line, a line without '=', a part's
// setting that is not a JSON string).
bool decode_start(std::string_view payload, StartFrame* start);

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

 private:
  std::string buf_;
  size_t pos_ = 0;
};

// Blocking read of exactly one frame (the worker reads its start frame this way).
bool read_frame_blocking(int fd, char* type, std::string* payload);

// The worker's own exit statuses: how it ends when it cannot send an end frame (or after
// Duktape's fatal handler sent one). Past 64 so they never meet a program's exit(7) test
// fault or a shell's 1 and 2.
enum class WorkerExit : int {
  kEngineFailure = 70,  // Duktape's fatal handler ran
  kOutputBroken = 71,   // a frame to the supervisor could not be written
  kNoStart = 72,        // the start frame never came, or did not decode
  kNoRuntime = 73,      // the engine's heap could not be created
  kRepliesBroken = 74,  // the supervisor's replies stopped making sense mid-run
  kOrphaned = 75,       // the supervisor was gone before the worker started
};

// What a worker exit status means, for failure messages ("no start frame from the
// supervisor"); nullptr for a status that is not one of WorkerExit's.
const char* worker_exit_text(int status);

}  // namespace oda::run
