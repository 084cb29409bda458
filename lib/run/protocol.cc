// The supervisor-worker framing (see protocol.h).
#include "run/protocol.h"

#include <cerrno>
#include <cstdlib>
#include <unistd.h>

#include "json/json.h"
#include "sys/fd.h"

namespace oda::run {

void put_u32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint32_t get_u32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

std::string encode_start(const StartFrame& start) {
  std::string out = "deadline_ns=" + std::to_string(start.deadline_ns) + "\nbudget_ms=" +
                    std::to_string(start.budget_ms) + "\nheap_bytes=" + std::to_string(start.heap_bytes) +
                    "\noutput_cap=" + std::to_string(start.output_cap) +
                    "\ntest_faults=" + (start.test_faults ? "1" : "0") + "\n";
  for (const auto& [key, value] : start.settings) {
    out += "x." + key + "=";
    json::append_quoted(&out, value);
    out += "\n";
  }
  out += "\n";
  out += start.code;
  return out;
}

bool decode_start(std::string_view payload, StartFrame* start) {
  size_t pos = 0;
  for (;;) {
    size_t nl = payload.find('\n', pos);
    if (nl == std::string_view::npos) return false;
    if (nl == pos) break;
    std::string line(payload.substr(pos, nl - pos));
    pos = nl + 1;
    size_t eq = line.find('=');
    if (eq == std::string::npos) return false;
    std::string_view key = std::string_view(line).substr(0, eq);
    const char* digits = line.c_str() + eq + 1;
    long long v = std::strtoll(digits, nullptr, 10);
    // The sizes are unsigned: one above LLONG_MAX must read back as itself, not as LLONG_MAX.
    size_t size = static_cast<size_t>(std::strtoull(digits, nullptr, 10));
    if (key == "deadline_ns") start->deadline_ns = v;
    else if (key == "budget_ms") start->budget_ms = v;
    else if (key == "heap_bytes") start->heap_bytes = size;
    else if (key == "output_cap") start->output_cap = size;
    else if (key == "test_faults") start->test_faults = v != 0;
    else if (key.substr(0, 2) == "x.") {
      json::Value text;
      std::string err;
      if (!json::parse(std::string_view(line).substr(eq + 1), &text, &err) || !text.is_string()) return false;
      start->settings[std::string(key.substr(2))] = text.as_string();
    }
  }
  start->code.assign(payload.substr(pos + 1));
  return true;
}

std::string encode_end(const EndFrame& end) {
  std::string out;
  out.push_back(end.ok ? '1' : '0');
  out += end.kind;
  out.push_back('\0');
  out += end.message;
  out.push_back('\0');
  out += end.value;
  return out;
}

bool decode_end(std::string_view payload, EndFrame* end) {
  if (payload.empty() || (payload[0] != '0' && payload[0] != '1')) return false;
  end->ok = payload[0] == '1';
  payload.remove_prefix(1);
  size_t a = payload.find('\0');
  if (a == std::string_view::npos) return false;
  size_t b = payload.find('\0', a + 1);
  if (b == std::string_view::npos) return false;
  end->kind.assign(payload.substr(0, a));
  end->message.assign(payload.substr(a + 1, b - a - 1));
  end->value.assign(payload.substr(b + 1));
  return true;
}

void append_frame(std::string* out, char type, std::string_view payload) {
  put_u32(out, static_cast<uint32_t>(payload.size()));
  out->push_back(type);
  out->append(payload);
}

bool write_frame(int fd, char type, std::string_view payload) {
  char header[5];
  uint32_t n = static_cast<uint32_t>(payload.size());
  for (int i = 0; i < 4; ++i) header[i] = static_cast<char>((n >> (8 * i)) & 0xff);
  header[4] = type;
  // Small frames go out in one write so a reader never sees a header alone for long.
  if (payload.size() < 4096) {
    std::string one(header, 5);
    one.append(payload);
    return sys::write_all(fd, one);
  }
  return sys::write_all(fd, header, 5) && sys::write_all(fd, payload);
}

FrameReader::Status FrameReader::fill(int fd) {
  char chunk[65536];
  for (;;) {
    ssize_t r = ::read(fd, chunk, sizeof chunk);
    if (r < 0) {
      if (errno == EINTR) continue;
      return kNeedMore;  // EAGAIN: nothing more now
    }
    if (r == 0) return kClosed;
    if (pos_ > 0 && pos_ == buf_.size()) {
      buf_.clear();
      pos_ = 0;
    }
    buf_.append(chunk, static_cast<size_t>(r));
    return kNeedMore;
  }
}

FrameReader::Status FrameReader::next(char* type, std::string* payload) {
  size_t avail = buf_.size() - pos_;
  if (avail < 5) return kNeedMore;
  uint32_t n = get_u32(buf_.data() + pos_);
  if (n > kMaxFrame) return kMalformed;
  if (avail < 5 + static_cast<size_t>(n)) return kNeedMore;
  *type = buf_[pos_ + 4];
  payload->assign(buf_, pos_ + 5, n);
  pos_ += 5 + n;
  if (pos_ > (1u << 20) && pos_ * 2 > buf_.size()) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  return kFrame;
}

bool read_frame_blocking(int fd, char* type, std::string* payload) {
  char header[5];
  if (!sys::read_exact(fd, header, 5)) return false;
  uint32_t n = get_u32(header);
  if (n > kMaxFrame) return false;
  *type = header[4];
  payload->resize(n);
  return sys::read_exact(fd, payload->data(), n);
}

const char* worker_exit_text(int status) {
  switch (static_cast<WorkerExit>(status)) {
    case WorkerExit::kEngineFailure: return "the engine failed";
    case WorkerExit::kOutputBroken: return "it could not write to the supervisor";
    case WorkerExit::kNoStart: return "no start frame from the supervisor";
    case WorkerExit::kNoRuntime: return "it could not create the engine's heap";
    case WorkerExit::kRepliesBroken: return "the supervisor's replies broke off";
    case WorkerExit::kOrphaned: return "the supervisor was gone";
  }
  return nullptr;
}

}  // namespace oda::run
