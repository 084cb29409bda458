// termd: one per user, serving the chats' terminal sessions over a Unix socket. Its coming up
// and going away (daemon.cc) around the event loop (server.cc); the protocol is written down
// in wire.h and man/termd.8.
#pragma once

#include <cstdint>
#include <string>

namespace oda::term {

struct DaemonOptions {
  bool foreground = false;     // stay attached (debugging); else detach once listening
  int idle_exit_s = 600;       // exit after this long without a session
  uint64_t keep_lines = 1000000;
  // Sessions not yet closed, per chat and in all: one program opening sessions in a loop
  // must not take the user's memory (a session costs a shell, a PTY and up to 8 MB of screen).
  int max_sessions_per_chat = 64;
  int max_sessions = 256;
};

// Binds the socket and serves until idle. Returns the process exit code; *err says why
// it could not start (another daemon answering, an unsafe runtime folder).
int run_daemon(const DaemonOptions& opt, std::string* err);

// The event loop on an already listening socket, until idle or told to stop (server.cc;
// run_daemon brings the socket up around it).
int serve(const DaemonOptions& opt, int listen_fd);

}  // namespace oda::term
