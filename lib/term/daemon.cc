// How termd comes up and goes away (see daemon.h): binds its socket (taking over a stale one),
// detaches, writes its pid file, serves, and removes socket and pid file while still its own.
#include "term/daemon.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "sys/unix_socket.h"
#include "term/runtime.h"

namespace oda::term {

namespace {

// Forks the daemon away from its starter; returns in the child once its pid file is written.
// The parent exits then (the socket listens already, so its client can connect at once).
bool detach(std::string* err) {
  int pipefd[2];
  if (pipe2(pipefd, O_CLOEXEC) != 0) { *err = "cannot create a pipe"; return false; }
  sys::UniqueFd ready_r(pipefd[0]), ready_w(pipefd[1]);
  pid_t pid = fork();
  if (pid < 0) { *err = "cannot fork"; return false; }
  if (pid > 0) {
    ready_w.reset();
    char c;
    _exit(sys::read_exact(ready_r.get(), &c, 1) ? 0 : 1);
  }
  ready_r.reset();
  setsid();
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  dup2(null, 0);
  dup2(null, 1);
  dup2(null, 2);
  if (null > 2) close(null);
  std::string pid_s = std::to_string(getpid()) + "\n";
  std::string tmp = pid_path() + ".tmp";
  // Written aside and renamed: a reader never sees a half-written pid.
  FILE* f = std::fopen(tmp.c_str(), "w");
  if (f) { std::fputs(pid_s.c_str(), f); std::fclose(f); std::rename(tmp.c_str(), pid_path().c_str()); }
  sys::write_all(ready_w.get(), "1");
  return true;
}

}  // namespace

int run_daemon(const DaemonOptions& opt, std::string* err) {
  if (!ensure_runtime_dir(err)) return 1;
  std::string path = socket_path();
  sockaddr_un sa;
  if (!sys::unix_address(path, &sa)) {
    *err = "socket path '" + path + "' is too long";
    return 1;
  }
  sys::UniqueFd listener(socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  int fd = listener.get();
  if (bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
    int bind_errno = errno, e = 0;
    if (bind_errno != EADDRINUSE || sys::connect_unix(path, &e)) {
      *err = bind_errno == EADDRINUSE ? "a terminal daemon already runs at " + path
                                      : "cannot bind '" + path + "': " + std::strerror(bind_errno);
      return 1;
    }
    unlink(path.c_str());  // stale: its daemon is gone
    if (bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
      *err = "cannot bind '" + path + "': " + std::strerror(errno);
      return 1;
    }
  }
  chmod(path.c_str(), 0600);
  if (listen(fd, 64) != 0) {
    *err = "cannot listen on '" + path + "': " + std::strerror(errno);
    return 1;
  }
  if (!opt.foreground) {
    if (!detach(err)) return 1;
  } else {
    FILE* f = std::fopen(pid_path().c_str(), "w");
    if (f) { std::fprintf(f, "%d\n", getpid()); std::fclose(f); }
  }
  // Sessions start where their callers ask; the daemon itself pins no folder.
  if (chdir("/") != 0) {}
  int rc = serve(opt, fd);
  // Remove the socket and pid file only while they are still ours.
  FILE* f = std::fopen(pid_path().c_str(), "r");
  int owner = 0;
  if (f) { if (std::fscanf(f, "%d", &owner) != 1) owner = 0; std::fclose(f); }
  if (owner == getpid()) {
    unlink(path.c_str());
    unlink(pid_path().c_str());
  }
  return rc;
}

}  // namespace oda::term
