// Starting a child process on three pipes, detached from this process's terminal or group:
// the one posix_spawn set-up of catalog tools, approvers and oda-mcp's run-code children.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "sys/fd.h"

namespace oda::sys {

// A started child: its pid, and our ends of its stdin, stdout and stderr (close-on-exec).
struct PipedChild {
  pid_t pid = -1;
  UniqueFd in, out, err;
};

// How the child stands apart: a session of its own (no controlling terminal, so it never
// asks on ours, and our SIGINT reaches it alone), or a process group of its own (stopped
// as a whole by kill(-pid)).
enum class Detach { Session, Group };

// Starts argv[0] (a path) with argv, in envp (nullptr: this process's environment), every
// signal at its default and none blocked (this process may ignore SIGPIPE; the child must
// not inherit that). posix_spawn, not fork: callers have threads, and a vfork-style spawn
// copies no page tables. cwd: the child's folder ("": ours). 0, or the errno that stopped it.
int spawn_piped(const std::vector<std::string>& argv, const std::vector<std::string>* envp,
                Detach how, PipedChild* child, const std::string& cwd = "");

}  // namespace oda::sys
