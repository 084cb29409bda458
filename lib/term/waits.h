// How a send waits for its session to settle: the four reasons (prompt, input, timeout,
// exit), and the /proc probing that tells a program blocked on terminal input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <sys/types.h>

#include "json/json.h"
#include "term/session.h"

namespace oda::term {

struct Waiter {
  int client;
  Session* s;
  uint64_t start_prompts;
  int64_t deadline;
  bool immediate;     // nothing was written and the shell sits at its prompt
  bool pending_line;  // text without Enter: a line-mode reader cannot take it yet
  size_t max_bytes;
  int64_t last_check = 0;
  int64_t last_scan = 0;
  std::map<pid_t, long> woke;  // context switches of the front process when we wrote
  int64_t written_ms = 0;
  bool confirming = false;    // a prompt came; waiting to see the shell idle at it
  pid_t reader = 0;           // the process last seen blocked reading the terminal
  int64_t reading_since = 0;  // when it was first seen so (0: not seen)
};

// Taken before writing: how often the front group's leader has run so far, so that a later
// look can tell whether it has woken since to take what was written.
std::map<pid_t, long> front_switches(const Session& s);

// The shell is at its prompt with none of our lines left: blocked reading the terminal with
// nothing queued.
bool shell_idle(Session* s);

// One more look at w: the reason it settled ("prompt", "input", "timeout", "exit"), or
// nullptr while it still waits (w.confirming then tells a prompt waiting to be confirmed).
const char* settle_reason(Waiter& w, int64_t now);

// A settled send's result: the output no send or read has returned yet, the reason, the
// exit status after a prompt, and the session's state.
json::Value settled_result(const Waiter& w, const char* reason);

}  // namespace oda::term
