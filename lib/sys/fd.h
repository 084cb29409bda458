// File descriptors as values: an owning fd that closes itself, and reads and writes that
// finish the whole count (or say why not) instead of stopping at the first short transfer.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace oda::sys {

// Owns one file descriptor; closes it when destroyed or reset. -1 holds nothing.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& o) noexcept : fd_(o.release()) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept {
    if (this != &o) reset(o.release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  // Gives the fd up without closing it.
  int release() { return std::exchange(fd_, -1); }
  // Closes what it held (if anything) and takes fd.
  void reset(int fd = -1);

 private:
  int fd_ = -1;
};

// Writes all n bytes, retrying on EINTR and short writes. false with errno set on failure
// (EAGAIN included: meant for blocking fds).
bool write_all(int fd, const void* data, size_t n);
inline bool write_all(int fd, std::string_view s) { return write_all(fd, s.data(), s.size()); }

// Reads exactly n bytes, retrying on EINTR and short reads. false on an error (errno set) or
// when the end comes first (errno 0).
bool read_exact(int fd, void* data, size_t n);

// Appends everything up to the end of fd to *out. false on an error (errno set); what was
// read before it stays in *out.
bool read_to_end(int fd, std::string* out);

}  // namespace oda::sys
