// The supervisor-worker framing (see protocol.h).
#include "run/protocol.h"

#include <cerrno>
#include <unistd.h>

namespace oda::run {

void put_u32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint32_t get_u32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
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

static bool write_all(int fd, const char* p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
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
    return write_all(fd, one.data(), one.size());
  }
  return write_all(fd, header, 5) && write_all(fd, payload.data(), payload.size());
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

static bool read_all(int fd, char* p, size_t n) {
  while (n > 0) {
    ssize_t r = ::read(fd, p, n);
    if (r < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (r == 0) return false;
    p += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}

bool read_frame_blocking(int fd, char* type, std::string* payload) {
  char header[5];
  if (!read_all(fd, header, 5)) return false;
  uint32_t n = get_u32(header);
  if (n > kMaxFrame) return false;
  *type = header[4];
  payload->resize(n);
  return read_all(fd, payload->data(), n);
}

}  // namespace oda::run
