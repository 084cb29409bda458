// How a send waits for its session to settle (see waits.h).
#include "term/waits.h"

#include <algorithm>
#include <string_view>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "term/procs.h"
#include "term/signals.h"
#include "term/text.h"

namespace oda::term {

namespace {

// The gap between the two looks that confirm a reader waits for input.
// Longer for a poll/select/epoll wait: a program on its way out (node restoring the
// terminal) sits there for a few ms too.
constexpr int64_t kConfirmMs = 5;
constexpr int64_t kPollConfirmMs = 60;
// How often a wait scans /proc for the front group's other members, and how often it looks
// at all once nothing has happened for a second.
constexpr int64_t kScanMs = 100;
constexpr int64_t kSlowCheckMs = 50;

// How long a reader other than the one we watched gets to take freshly written bytes.
constexpr int64_t kReaderSettleMs = 30;

bool waiting_for_input(Waiter& w, int64_t now) {
  Session* s = w.s;
  if (s->master_ < 0 || s->wants_write()) return false;
  termios t{};
  tcgetattr(s->master_, &t);
  bool canonical = t.c_lflag & ICANON;
  int inq = 0;
  ioctl(s->slave_, TIOCINQ, &inq);
  if (inq > 0 && !(canonical && w.pending_line)) return false;
  pid_t pg = tcgetpgrp(s->master_);
  pid_t reader = 0;
  // The other members of the group are looked at every kScanMs only: a quiet command can
  // run for hours and its wait must stay cheap.
  bool scan = now - w.last_scan >= kScanMs;
  if (scan) w.last_scan = now;
  Reading r = pg > 0 ? reading_terminal(pg, s->tty_, !canonical, &reader, scan) : Reading::Unknown;
  if (r == Reading::No && !scan) return false;
  if (r == Reading::Yes || r == Reading::Polling) {
    // Written bytes reach the line discipline a moment after write() returns: a reader that
    // has not run since then has not seen them yet, so it is not waiting for more.
    if (auto it = w.woke.find(reader); it != w.woke.end()) {
      if (context_switches(reader) == it->second) return false;
    } else if (now - w.written_ms < kReaderSettleMs) {
      return false;
    }
    // What the reader printed before blocking (its prompt marker too) crosses the PTY a
    // moment later: take it, and believe the wait only when a second look, a few ms on,
    // finds the same reader still blocked with nothing new printed.
    int64_t before = s->last_output_ms_;
    s->drain();
    if (s->prompts_ != w.start_prompts) return false;
    bool confirmed = w.reading_since > 0 && w.reader == reader && s->last_output_ms_ == before &&
                     now - w.reading_since >= (r == Reading::Yes ? kConfirmMs : kPollConfirmMs);
    if (w.reader != reader || s->last_output_ms_ != before || w.reading_since == 0) {
      w.reader = reader;
      w.reading_since = now;
    }
    return confirmed;
  }
  w.reading_since = 0;
  if (r == Reading::Unknown) return now - s->last_output_ms_ >= 500 && !s->end_pos().partial.empty();
  return false;
}

}  // namespace

std::map<pid_t, long> front_switches(const Session& s) {
  std::map<pid_t, long> woke;
  // Only the group's leader (a scan of /proc would cost milliseconds on every send);
  // another reader must have had kReaderSettleMs to take the bytes.
  pid_t pg = tcgetpgrp(s.master_);
  if (pg > 0) woke[pg] = context_switches(pg);
  return woke;
}

// (After a prompt the shell may already have taken the next line sent at once.)
bool shell_idle(Session* s) {
  int inq = 0;
  if (s->slave_ < 0 || ioctl(s->slave_, TIOCINQ, &inq) != 0) return true;
  if (inq > 0) return false;
  Reading r = process_reads_terminal(s->pid_, s->tty_, false);
  if (r == Reading::Unknown) return true;
  if (r == Reading::No) return false;
  // Whatever it printed before blocking (its next marker too) is ours first.
  uint64_t before = s->prompts_;
  s->drain();
  return s->prompts_ == before;
}

const char* settle_reason(Waiter& w, int64_t now) {
  Session* s = w.s;
  if (s->status_ == Session::Status::Starting && now < w.deadline) return nullptr;
  if (w.immediate) return "prompt";
  if (s->prompts_ > w.start_prompts) {
    // Several lines sent at once give a prompt after each: the last one counts, the one
    // after which the shell has no line of ours left to read.
    if (w.pending_line || now >= w.deadline || shell_idle(s)) return "prompt";
    w.confirming = true;
    return nullptr;
  }
  if (s->status_ != Session::Status::Running) return "exit";
  if (int64_t quiet = now - std::max(s->last_output_ms_, w.written_ms);
      quiet >= 3 && now - w.last_check >= (quiet > 1000 ? kSlowCheckMs : 5)) {
    w.last_check = now;
    bool input = waiting_for_input(w, now);
    // The check drains the PTY: a marker it found settles the send right away.
    if (s->prompts_ > w.start_prompts) return "prompt";
    if (input) return "input";
  }
  return now >= w.deadline ? "timeout" : nullptr;
}

json::Value settled_result(const Waiter& w, const char* reason) {
  Session* s = w.s;
  if (s->master_ >= 0) s->drain();
  std::string out = s->output_since(&s->seen_, UINT64_MAX, w.max_bytes);
  bool truncated = cut(&out, w.max_bytes);
  json::Value r = json::Value::object();
  r.set("session", s->id());
  r.set("output", out);
  r.set("truncated", truncated);
  r.set("wait", reason);
  r.set("exit", std::string_view(reason) == "prompt" ? json::Value(s->last_exit_) : json::Value());
  bool ended = s->status_ != Session::Status::Running && s->status_ != Session::Status::Starting;
  r.set("status", ended ? "exited" : "running");
  r.set("code", s->exit_code_ ? json::Value(*s->exit_code_) : json::Value());
  r.set("signal", s->exit_signal_ ? json::Value(signal_name(*s->exit_signal_)) : json::Value());
  return r;
}

}  // namespace oda::term
