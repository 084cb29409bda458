// The closing phases (see closing.h).
#include "term/closing.h"

#include <csignal>
#include <unistd.h>

#include "term/procs.h"

namespace oda::term {

namespace {

void hang_up_all(const Session& s) {
  for (pid_t p : session_processes(s.leader(), s.keeper(), s.tag())) {
    kill(p, SIGHUP);
    kill(p, SIGCONT);
  }
}

}  // namespace

Closing::Phase closing_phase(int64_t elapsed) {
  if (elapsed >= Closing::kKillAfterMs) return Closing::Phase::Killed;
  if (elapsed >= Closing::kTerminateAfterMs) return Closing::Phase::Terminated;
  return Closing::Phase::HungUp;
}

Closing::Closing(Session* s, int64_t now) : s_(s), started_(now) {
  s->closing();
  hang_up_all(*s);
}

bool Closing::advance(int64_t now) {
  std::vector<pid_t> left = session_processes(s_->leader(), s_->keeper(), s_->tag());
  if (left.empty()) return true;
  Phase next = closing_phase(now - started_);
  // SIGTERM once, when the phase is entered; SIGKILL on every look (a process may fork
  // while it dies).
  if (next != Phase::HungUp && phase_ == Phase::HungUp) {
    for (pid_t p : left) kill(p, SIGTERM);
  }
  if (next == Phase::Killed) {
    for (pid_t p : left) kill(p, SIGKILL);
  }
  phase_ = next;
  return false;
}

void end_sessions(const std::vector<Session*>& sessions) {
  for (Session* s : sessions) hang_up_all(*s);
  usleep(static_cast<useconds_t>(Closing::kTerminateAfterMs * 1000));
  for (Session* s : sessions) {
    for (pid_t p : session_processes(s->leader(), s->keeper(), s->tag())) kill(p, SIGKILL);
    s->closed();
  }
}

}  // namespace oda::term
