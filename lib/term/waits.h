// How a send waits for its session to settle: the four reasons (prompt, input, timeout,
// exit), decided from the session's markers, the clock, and what the TtyProbe says about the
// program in front.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <sys/types.h>

#include "json/json.h"
#include "term/session.h"
#include "term/tty_probe.h"

namespace oda::term {

// Why a send stopped waiting (SPEC 3.3).
enum class Settled {
  Prompt,   // the shell is back at its prompt: the command finished, its status is known
  Input,    // the program in front is blocked reading the terminal
  Timeout,  // the wait's deadline passed while the command still ran
  Exit,     // the session's shell ended (or the session is closing)
};
// "prompt", "input", "timeout", "exit": the words of `[wait: ...]`.
std::string_view settled_name(Settled why);

// The numbers the decisions rest on, each with the reason it has its value.
struct WaitTimes {
  // The gap between the two looks that confirm a reader blocked in read(): written bytes
  // and the reader's own prompt cross the PTY within a few ms.
  static constexpr int64_t kConfirmMs = 5;
  // The same for a wait in poll/select/epoll: a program on its way out (node restoring the
  // terminal) sits there for tens of ms too.
  static constexpr int64_t kPollConfirmMs = 60;
  // How long output must have been quiet before a look at all: a program still printing is
  // not waiting.
  static constexpr int64_t kQuietMs = 3;
  // How often to look while output is fresh, and once it has been quiet for kSlowAfterMs
  // (a quiet command can run for hours and its wait must stay cheap).
  static constexpr int64_t kCheckMs = 5;
  static constexpr int64_t kSlowCheckMs = 50;
  static constexpr int64_t kSlowAfterMs = 1000;
  // How often a wait scans /proc for the front group's other members (a scan costs about
  // a millisecond; the leader alone is looked at every time).
  static constexpr int64_t kScanMs = 100;
  // How long a reader other than the one whose wake-ups we counted gets to take freshly
  // written bytes before its blocked read counts as waiting for more.
  static constexpr int64_t kReaderSettleMs = 30;
  // When /proc cannot tell (a wait in poll on a line-mode terminal): a program that has
  // printed an unfinished line and then nothing for this long is taken to wait for input.
  // Long enough that a command pausing between two halves of a line is not cut off.
  static constexpr int64_t kIdleFallbackMs = 500;
  // How long a program that edits its own line gets to take a send's text (and echo it, or
  // not) before its Enter is written anyway: a busy program reads it later.
  static constexpr int64_t kEchoMs = 500;
  // Behind a relay whose far side cannot be seen (ssh, docker exec): an unfinished line that
  // reads like a prompt (relay.h prompt_shaped) and then nothing for this long waits for
  // input. Longer than a round trip to a near host, short against a person's typing.
  static constexpr int64_t kPromptShapeMs = 200;
};

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
  std::string typing;         // keys not written yet, typed a line at a time (type_next)
  // The relay last found in front (relay.h), for the front group relay_pg, and the front
  // group last seen behind it.
  pid_t relay_pg = 0;
  Relay relay;
  pid_t behind_front = 0;
  uint64_t lines = 1;  // prompts the send's lines give at the least (more than one: remote.h)
};

// Taken before writing: how often the front group's leader has run so far, so that a later
// look can tell whether it has woken since to take what was written.
std::map<pid_t, long> front_switches(const Session& s, const TtyProbe& probe);

// The shell is at its prompt with none of our lines left: blocked reading the terminal with
// nothing queued.
bool shell_idle(Session* s, const TtyProbe& probe);

// One more look at w at time now: why it settled, or false while it still waits
// (w.confirming then tells a prompt waiting to be confirmed).
bool settle_reason(Waiter& w, int64_t now, const TtyProbe& probe, Settled* why);

// A program that edits its own line (raw mode) echoes what it is typed or not (readline
// only when the terminal echoed, node always), and its output can equal its input. So it is
// typed to as a person would: a line's text, then Enter once the program has taken the text
// and waits again (or kEchoMs passed), then the next line once it waits again. What comes
// back between a text and its Enter is the echo; what follows Enter is output, each
// continuation prompt on its own line.
// True when the next keys of w.typing are due.
bool typing_due(Waiter& w, int64_t now, const TtyProbe& probe);
// Writes the next keys of w.typing, a line's text or its Enter (the caller watches the PTY
// for room if bytes remain), expecting their echo.
void type_next(Waiter& w, int64_t now, const TtyProbe& probe);

// A settled send's result: the output no send or read has returned yet, the reason, the
// exit status after a prompt, and the session's state.
json::Value settled_result(const Waiter& w, Settled why);

}  // namespace oda::term
