// Unix stream sockets (see unix_socket.h).
#include "sys/unix_socket.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>

namespace oda::sys {

bool unix_address(const std::string& path, sockaddr_un* sa) {
  *sa = sockaddr_un{};
  sa->sun_family = AF_UNIX;
  if (path.size() >= sizeof sa->sun_path) return false;
  std::memcpy(sa->sun_path, path.c_str(), path.size() + 1);
  return true;
}

UniqueFd connect_unix(const std::string& path, int* err_no) {
  sockaddr_un sa;
  if (!unix_address(path, &sa)) {
    *err_no = ENAMETOOLONG;
    return UniqueFd();
  }
  UniqueFd fd(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!fd) {
    *err_no = errno;
    return fd;
  }
  if (connect(fd.get(), reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
    *err_no = errno;
    return UniqueFd();
  }
  return fd;
}

bool send_all(int fd, std::string_view s) {
  size_t at = 0;
  while (at < s.size()) {
    ssize_t n = ::send(fd, s.data() + at, s.size() - at, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    at += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace oda::sys
