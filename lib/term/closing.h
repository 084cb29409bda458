// Ending a session as a terminal closing would, leaving no orphan: hang up every process of
// the session, terminate what is left after a grace period, then kill what still is.
#pragma once

#include <cstdint>
#include <vector>

#include "term/session.h"

namespace oda::term {

class Closing {
 public:
  // The steps, in order; each waits for its grace period to end before the next.
  enum class Phase { HungUp, Terminated, Killed };
  // Hangups get this long before SIGTERM (a shell saves its history and exits on SIGHUP),
  // and SIGTERM gets until kKillAfterMs from the start before SIGKILL.
  static constexpr int64_t kTerminateAfterMs = 100;
  static constexpr int64_t kKillAfterMs = 500;

  // Marks s closing and hangs up its processes (stopped jobs get SIGCONT to see it).
  Closing(Session* s, int64_t now);

  // One more step at time now; true once the processes are gone (the caller then lets go
  // of the PTY and marks the session closed).
  bool advance(int64_t now);

  Session* session() const { return s_; }
  Phase phase() const { return phase_; }
  int64_t started() const { return started_; }
  // The clients waiting to hear that the close finished.
  std::vector<int> clients;

 private:
  Session* s_;
  int64_t started_;
  Phase phase_ = Phase::HungUp;
};

// The phase a close is in at `elapsed` ms after its hangup.
Closing::Phase closing_phase(int64_t elapsed);

// Every process of the sessions hung up, then killed after a short wait, and the sessions
// closed: the daemon's own exit, which cannot wait for grace periods.
void end_sessions(const std::vector<Session*>& sessions);

}  // namespace oda::term
