// One terminal session: a shell on a real PTY whose prompt the daemon owns. The prompt is an
// OSC marker carrying a per-session nonce and the last exit status, so the daemon knows when
// a command finished; the nonce lives only in the shell's own (unexported) prompt variable,
// never in what programs inherit, so program output cannot fake a completion.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "sys/clock.h"
#include "term/lines.h"
#include "term/screen.h"
#include "term/text.h"

namespace oda::term {

// A point in a session's output: the line number and, when that line was still being
// written, the part of it already returned.
struct Pos {
  uint64_t line = 0;
  std::string partial;
};

struct SpawnOptions {
  std::string cwd;
  std::string shell;             // the caller's $SHELL (bash or zsh used as is, else /bin/bash)
  std::vector<std::string> env;  // K=V overrides
  int cols = 80, rows = 24;
  uint64_t keep_lines = 1000000;
};

class Session {
  const sys::Clock& clock_;

 public:
  enum class Status { Starting, Running, Exited, Closing, Closed };

  // The clock stamps output and times the interrupt window (tests pass a FakeClock).
  Session(int number, std::string chat, std::string name, const SpawnOptions& opt,
          const sys::Clock& clock = sys::system_clock());
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Forks the shell. false with *err set when the PTY or the fork fails.
  bool spawn(std::string* err);
  // Reads what the PTY has (non-blocking), at most `budget` bytes; false at end of stream.
  bool drain(size_t budget = SIZE_MAX);
  // Queues bytes for the shell; flush() writes what the PTY takes now.
  void write(std::string_view bytes);
  bool flush();
  bool wants_write() const { return !outq_.empty(); }

  // The text that arrived after *pos, up to `until` (a line number; npos: to the end,
  // unfinished line included); moves *pos there. Lines are joined with '\n'. Stops adding
  // lines once past max_bytes (the caller cuts there anyway).
  std::string output_since(Pos* pos, uint64_t until = UINT64_MAX, size_t max_bytes = SIZE_MAX) const;
  // Lines [from, from + count) of what is kept, the unfinished line counting as the last.
  uint64_t total_lines() const { return store_.end() + (text_.partial().empty() ? 0 : 1); }
  uint64_t first_line() const { return store_.first(); }
  std::string line(uint64_t n) const;
  std::string screen();
  void mark_seen(const Pos& p);
  Pos end_pos() const { return Pos{store_.end(), text_.partial()}; }
  uint64_t committed() const { return store_.end(); }

  void expect_echo(std::string text) { text_.expect_echo(std::move(text)); }
  // Enter was sent (see TextSink::soft_break).
  void end_line() { text_.soft_break(); }
  // A SIGINT went to a job in front of the shell (see held_).
  void interrupted();
  void exited(int status);  // from waitpid
  void hang_up();           // closes the PTY
  void release();           // frees the kept output of a closed session

  std::string id() const { return "pty-" + std::to_string(number_); }
  std::string label() const { return name_.empty() ? id() : id() + " (" + name_ + ")"; }

  int number_;
  std::string chat_, name_, type_ = "shell", shell_;
  SpawnOptions opt_;
  pid_t pid_ = -1;
  int master_ = -1, slave_ = -1;
  dev_t tty_ = 0;
  std::string nonce_, tag_;
  Status status_ = Status::Starting;
  uint64_t prompts_ = 0;  // prompt markers seen since the first
  int last_exit_ = 0;
  bool at_prompt_ = false;
  std::optional<int> exit_code_, exit_signal_;
  Pos seen_;
  int64_t last_output_ms_ = 0;
  std::string startup_;  // bytes before the first marker (the integration's own noise)

 private:
  void ingest(std::string_view bytes);
  void feed_screen();
  // Output not yet given to the screen: fed in batches, and a flood of plain text is cut to
  // its last screenful first.
  static constexpr size_t kScreenBatch = 64 * 1024;
  std::string screen_pending_;
  void on_marker(std::string_view rest);
  void feed_after_interrupt(std::string_view bytes);
  void release_held();
  // After a SIGINT to a foreground job, bash prints a lone newline when the job dies of it
  // (where a terminal would have echoed ^C): no output of the job's. What follows the signal
  // is held here while it may still be exactly that newline and a prompt reporting status
  // 130; then the newline is dropped. Anything else is fed as it came.
  std::string held_;
  int64_t interrupt_until_ = 0;  // 0: not armed
  LineStore store_;
  TextSink text_{&store_};
  std::unique_ptr<Screen> screen_;  // null once released
  std::string outq_;
};

}  // namespace oda::term
