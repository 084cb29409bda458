// Unix stream sockets as the terminal tools use them: connect to a path, and send without
// dying of SIGPIPE when the other end has gone.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <sys/un.h>

#include "sys/fd.h"

namespace oda::sys {

// A connected socket, or an empty fd with *err_no the reason (ENAMETOOLONG for a path that
// does not fit in sun_path, else connect's errno: ENOENT, ECONNREFUSED, EACCES ...).
UniqueFd connect_unix(const std::string& path, int* err_no);

// Binds a listening socket's address: fills sa for path; false when path is too long.
bool unix_address(const std::string& path, sockaddr_un* sa);

// Sends all of s with MSG_NOSIGNAL (a peer gone is an error, EPIPE, not a signal), retrying
// on EINTR and short sends. For blocking sockets.
bool send_all(int fd, std::string_view s);

// The most fds one message carries (SCM_RIGHTS); receive_fds drops a message's extra ones.
constexpr size_t kMaxPassedFds = 8;

// Sends all of s with fds (at most kMaxPassedFds) attached to its first byte: the receiver
// gets them with the first receive_fds that reads that byte. The caller keeps its own copies.
bool send_with_fds(int fd, std::string_view s, const std::vector<int>& fds);
// One sendmsg of s with fds, for a non-blocking socket: how many bytes went (the fds went
// with them when any did), or -1 with errno.
ssize_t send_some_with_fds(int fd, std::string_view s, const std::vector<int>& fds);

// One recv (recvmsg) of up to n bytes into buf, and the fds that came with them appended to
// *fds, close-on-exec. Returns what recv returns (-1 with errno, 0 at the end).
ssize_t receive_fds(int fd, char* buf, size_t n, std::vector<UniqueFd>* fds);

}  // namespace oda::sys
