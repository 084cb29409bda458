// Unix stream sockets as the terminal tools use them: connect to a path, and send without
// dying of SIGPIPE when the other end has gone.
#pragma once

#include <string>
#include <string_view>

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

}  // namespace oda::sys
