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

bool send_with_fds(int fd, std::string_view s, const std::vector<int>& fds) {
  if (fds.empty()) return send_all(fd, s);
  ssize_t n = send_some_with_fds(fd, s, fds);
  if (n <= 0) return false;
  return send_all(fd, s.substr(static_cast<size_t>(n)));
}

ssize_t send_some_with_fds(int fd, std::string_view s, const std::vector<int>& fds) {
  if (fds.size() > kMaxPassedFds || s.empty()) {
    errno = EINVAL;
    return -1;
  }
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxPassedFds)] = {};
  iovec iov{const_cast<char*>(s.data()), s.size()};
  msghdr m{};
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = control;
  m.msg_controllen = CMSG_SPACE(sizeof(int) * fds.size());
  cmsghdr* c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
  std::memcpy(CMSG_DATA(c), fds.data(), sizeof(int) * fds.size());
  if (fds.empty()) m.msg_control = nullptr, m.msg_controllen = 0;
  ssize_t n;
  do n = ::sendmsg(fd, &m, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n;
}

ssize_t receive_fds(int fd, char* buf, size_t n, std::vector<UniqueFd>* fds) {
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxPassedFds)];
  iovec iov{buf, n};
  msghdr m{};
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = control;
  m.msg_controllen = sizeof control;
  ssize_t got = ::recvmsg(fd, &m, MSG_CMSG_CLOEXEC);
  if (got < 0) return got;
  for (cmsghdr* c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (size_t i = 0; i < count; i++) {
      int one;
      std::memcpy(&one, CMSG_DATA(c) + i * sizeof(int), sizeof one);
      fds->emplace_back(one);
    }
  }
  return got;
}

}  // namespace oda::sys
