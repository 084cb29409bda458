// How a send waits for its session to settle (see waits.h).
#include "term/waits.h"

#include <algorithm>

#include "term/signals.h"
#include "term/text.h"

namespace oda::term {

namespace {

using T = WaitTimes;

// The relay in front of w's session. One found is kept while its group stays in front; none
// found is looked for again at every look (a relay just started opens its pty a moment
// after it began to poll the terminal).
const Relay& relay_in_front(Waiter& w, pid_t pg, const TtyProbe& probe, bool scan) {
  if (pg != w.relay_pg || w.relay.kind == RelayKind::None) {
    w.relay_pg = pg;
    // The session's own program may be the relay (a --type ssh or command session); only its
    // own files count then, not those of the group's other members.
    w.relay = pg > 0 ? probe.relay(pg, scan && pg != w.s->pid()) : Relay{};
  }
  return w.relay;
}

// Behind a relay whose far side cannot be seen, the output is all there is: an unfinished
// line, then quiet (a shorter quiet for a line shaped like a prompt).
bool blind_wait(Waiter& w, int64_t now) {
  Session* s = w.s;
  if (!s->line_open()) return false;
  int64_t quiet = now - std::max(s->last_output_ms(), w.written_ms);
  return quiet >= (prompt_shaped(s->partial_line()) ? T::kPromptShapeMs : T::kIdleFallbackMs);
}

bool waiting_for_input(Waiter& w, int64_t now, const TtyProbe& probe) {
  Session* s = w.s;
  if (!s->has_pty() || s->wants_write()) return false;
  Tty tty = s->tty();
  bool canonical = probe.modes(tty).canonical;
  if (probe.queued(tty) > 0 && !(canonical && w.pending_line)) return false;
  pid_t pg = probe.front_group(tty);
  // The other members of the group are looked at every kScanMs only.
  bool scan = now - w.last_scan >= T::kScanMs;
  if (scan) w.last_scan = now;
  // A relay in front polls the terminal all the time: look at the terminal it relays to
  // (sudo -i, script nested in each other too), else go by the output. A relay blocked in a
  // read() of the terminal is itself asking (ssh's password or host-key question).
  Behind behind;
  bool blind = false;
  for (int depth = 0; depth < 4 && pg > 0; ++depth) {
    const Relay& relay = depth == 0 ? relay_in_front(w, pg, probe, scan) : probe.relay(pg, scan);
    if (relay.kind == RelayKind::None) break;
    if (!probe.behind(relay, w.behind_front, &behind)) {
      pid_t reader = 0;
      blind = probe.group_reading(pg, tty.dev, false, &reader, false) != Reading::Yes;
      break;
    }
    tty = behind.tty;
    pg = w.behind_front = behind.front;
    canonical = probe.modes(tty).canonical;
    if (probe.queued(tty) > 0 && !(canonical && w.pending_line)) return false;
  }
  if (blind) {
    w.reading_since = 0;
    return blind_wait(w, now);
  }
  pid_t reader = 0;
  Reading r = pg > 0 ? probe.group_reading(pg, tty.dev, !canonical, &reader, scan) : Reading::Unknown;
  if (r == Reading::No && !scan) return false;
  if (r == Reading::Yes || r == Reading::Polling) {
    // Written bytes reach the line discipline a moment after write() returns: a reader that
    // has not run since then has not seen them yet, so it is not waiting for more.
    if (auto it = w.woke.find(reader); it != w.woke.end()) {
      if (probe.context_switches(reader) == it->second) return false;
    } else if (now - w.written_ms < T::kReaderSettleMs) {
      return false;
    }
    // What the reader printed before blocking (its prompt marker too) crosses the PTY a
    // moment later: take it, and believe the wait only when a second look, a few ms on,
    // finds the same reader still blocked with nothing new printed.
    int64_t before = s->last_output_ms();
    s->drain();
    if (s->prompts() != w.start_prompts) return false;
    bool quiet = s->last_output_ms() == before;
    bool confirmed = w.reading_since > 0 && w.reader == reader && quiet &&
                     now - w.reading_since >= (r == Reading::Yes ? T::kConfirmMs : T::kPollConfirmMs);
    if (w.reader != reader || !quiet || w.reading_since == 0) {
      w.reader = reader;
      w.reading_since = now;
    }
    // The shell itself reading through a line editor (bracketed paste on: a plain `read -n1`
    // is no line editor), with no marker of ours: a shell it exec'd (`exec bash`) at a prompt
    // of its own. The integration takes that one over.
    if (confirmed && reader == s->pid() && !canonical && s->line_editor() && s->rearm()) {
      w.reading_since = 0;
      return false;
    }
    return confirmed;
  }
  w.reading_since = 0;
  if (r == Reading::Unknown) return now - s->last_output_ms() >= T::kIdleFallbackMs && s->line_open();
  return false;
}

}  // namespace

std::string_view settled_name(Settled why) {
  switch (why) {
    case Settled::Prompt: return "prompt";
    case Settled::Input: return "input";
    case Settled::Timeout: return "timeout";
    case Settled::Exit: break;
  }
  return "exit";
}

std::map<pid_t, long> front_switches(const Session& s, const TtyProbe& probe) {
  std::map<pid_t, long> woke;
  // Only the group's leader (a scan of /proc would cost milliseconds on every send);
  // another reader must have had kReaderSettleMs to take the bytes.
  pid_t pg = probe.front_group(s.tty());
  if (pg > 0) woke[pg] = probe.context_switches(pg);
  return woke;
}

// (After a prompt the shell may already have taken the next line sent at once.)
bool shell_idle(Session* s, const TtyProbe& probe) {
  int inq = probe.queued(s->tty());
  if (inq < 0) return true;
  if (inq > 0) return false;
  Reading r = probe.process_reading(s->pid(), s->tty().dev, false);
  if (r == Reading::Unknown) return true;
  if (r == Reading::No) return false;
  // Whatever it printed before blocking (its next marker too) is ours first.
  uint64_t before = s->prompts();
  s->drain();
  return s->prompts() == before;
}

bool settle_reason(Waiter& w, int64_t now, const TtyProbe& probe, Settled* why) {
  Session* s = w.s;
  auto done = [why](Settled r) { *why = r; return true; };
  // A shell not up yet: a remote one may ask first (ssh's password), the daemon's own only
  // prints its noise until its first prompt.
  bool starting = s->status() == Session::Status::Starting;
  if (starting && !s->remote()) return now < w.deadline ? false : done(Settled::Exit);
  if (w.immediate) return done(Settled::Prompt);
  if (s->prompts() > w.start_prompts) {
    // Several lines sent at once give a prompt after each: the last one counts, the one
    // after which the shell has no line of ours left to read.
    bool all = s->prompts() - w.start_prompts >= w.lines;
    if (w.pending_line || now >= w.deadline || (all && shell_idle(s, probe))) return done(Settled::Prompt);
    w.confirming = true;
    return false;
  }
  if (s->status() != Session::Status::Running && !starting) return done(Settled::Exit);
  if (int64_t quiet = now - std::max(s->last_output_ms(), w.written_ms);
      quiet >= T::kQuietMs && now - w.last_check >= (quiet > T::kSlowAfterMs ? T::kSlowCheckMs : T::kCheckMs)) {
    w.last_check = now;
    bool input = waiting_for_input(w, now, probe);
    // The check drains the PTY: a marker it found settles the send right away.
    if (s->prompts() > w.start_prompts) return done(Settled::Prompt);
    if (input) return done(Settled::Input);
  }
  if (now >= w.deadline) return done(Settled::Timeout);
  return false;
}

bool typing_due(Waiter& w, int64_t now, const TtyProbe& probe) {
  Settled why;
  return settle_reason(w, now, probe, &why) || now - w.written_ms >= T::kEchoMs;
}

void type_next(Waiter& w, int64_t now, const TtyProbe& probe) {
  Session* s = w.s;
  if (s->has_pty()) s->drain();
  s->end_echo();
  w.woke = front_switches(*s, probe);
  std::string keys;
  if (w.typing[0] == '\r') {
    // Enter at a line editor moves to the next line on a terminal, echoed text or not (bc's
    // readline does it with echo off): a newline right at the end of the input line is that.
    keys = "\r";
    s->expect_echo("\n");
    s->submitted();
  } else {
    keys = w.typing.substr(0, w.typing.find('\r'));
    s->expect_echo(keys);
  }
  w.typing.erase(0, keys.size());
  s->write(keys);
  s->flush();
  w.written_ms = now;
  w.reader = 0;
  w.reading_since = 0;
  w.last_check = 0;
  w.confirming = false;
}

json::Value settled_result(const Waiter& w, Settled why) {
  Session* s = w.s;
  if (s->has_pty()) s->drain();
  s->settle_text();
  std::string out = s->take_unseen(w.max_bytes);
  // A full-screen program's stream is redraws in place: what it shows is its screen.
  if (s->alternate_screen()) out = s->screen();
  bool truncated = cut(&out, w.max_bytes);
  json::Value r = json::Value::object();
  r.set("session", s->id());
  r.set("output", out);
  r.set("truncated", truncated);
  r.set("wait", std::string(settled_name(why)));
  r.set("exit", why == Settled::Prompt ? json::Value(s->last_exit()) : json::Value());
  r.set("status", s->running() ? "running" : "exited");
  r.set("code", s->exit_code() ? json::Value(*s->exit_code()) : json::Value());
  r.set("signal", s->exit_signal() ? json::Value(signal_name(*s->exit_signal())) : json::Value());
  return r;
}

}  // namespace oda::term
