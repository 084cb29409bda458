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

#include "sandbox/sandbox.h"
#include "sys/clock.h"
#include "sys/fd.h"
#include "term/lines.h"
#include "term/remote.h"
#include "term/screen.h"
#include "term/text.h"
#include "term/tty_probe.h"

namespace oda::sandbox {
class ShellSandbox;
}

namespace oda::term {

// A point in a session's output: the line number and, when that line was still being
// written, the part of it already returned.
struct Pos {
  uint64_t line = 0;
  std::string partial;
};

// The text of `store` (its unfinished line `partial` after it) that came after *pos, up to
// `until` (a line number; npos: to the end, unfinished line included); moves *pos there (see
// Session::output_since).
std::string text_since(const LineStore& store, const std::string& partial, Pos* pos, uint64_t until = UINT64_MAX,
                       size_t max_bytes = SIZE_MAX);

struct SpawnOptions {
  std::string cwd;
  std::string shell;             // the caller's $SHELL (bash or zsh used as is, else /bin/bash)
  std::vector<std::string> env;  // K=V overrides
  // The environment of the term-open that asked (K=V); none: the system's few names.
  std::optional<std::vector<std::string>> caller_env;
  int cols = 80, rows = 24;
  uint64_t keep_lines = 1000000;
  // The file sandbox mode of the shell (workspace: cwd); unset: unrestricted.
  std::optional<sandbox::Mode> sandbox;
  bool rc = false;  // load the user's rc files (term-open --rc)
  // What runs on the PTY (remote.h): the daemon's shell, or ssh to host, or argv, whose shell
  // gets the integration once it is up (in remote_cwd, for ssh).
  SessionType type = SessionType::Shell;
  std::string host;
  std::vector<std::string> ssh_options, argv;
  std::string remote_cwd;
};

class Session {
 public:
  // Starting: forked, no prompt yet. Running: at or past its first prompt. Exited: the shell
  // ended by itself. Closing: a close is ending its processes. Closed: gone but for its record.
  enum class Status { Starting, Running, Exited, Closing, Closed };

  // The clock stamps output and times the interrupt window (tests pass a FakeClock).
  Session(int number, std::string chat, std::string name, const SpawnOptions& opt,
          const sys::Clock& clock = sys::system_clock());
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Opens the PTY and forks the shell. false with *err set when the PTY or the fork fails.
  bool spawn(std::string* err);
  // The PTY alone, set up as spawn leaves it (echo off, size, non-blocking master): what a
  // test needs to drive a session without a shell.
  bool open_pty(std::string* err);
  // Reads what the PTY has (non-blocking), at most `budget` bytes; false at end of stream.
  bool drain(size_t budget = SIZE_MAX);
  // Takes bytes as if they came from the PTY (drain's other half; tests feed it directly).
  void ingest(std::string_view bytes);
  // Queues bytes for the shell; flush() writes what the PTY takes now.
  void write(std::string_view bytes);
  bool flush();
  bool wants_write() const { return !outq_.empty(); }

  // The text that arrived after *pos, up to `until` (a line number; npos: to the end,
  // unfinished line included); moves *pos there. Lines are joined with '\n'. Stops adding
  // lines once past max_bytes (the caller cuts there anyway).
  std::string output_since(Pos* pos, uint64_t until = UINT64_MAX, size_t max_bytes = SIZE_MAX) const;
  // What no send or read has returned yet, and marks it returned.
  std::string take_unseen(size_t max_bytes = SIZE_MAX) {
    std::string out = output_since(&seen_, UINT64_MAX, max_bytes);
    text_.set_floor(seen_.line);
    return out;
  }
  // Lines [from, from + count) of what is kept, the unfinished line counting as the last.
  uint64_t total_lines() const { return store_.end() + (text_.partial().empty() ? 0 : 1); }
  uint64_t first_line() const { return store_.first(); }
  std::string line(uint64_t n) const;
  std::string screen();
  // The program in front is on the alternate screen (vim, less, top, watch).
  bool alternate_screen();
  // A read returned output up to p: later sends start after it.
  void mark_seen(const Pos& p);
  Pos end_pos() const { return Pos{store_.end(), text_.partial()}; }
  uint64_t committed() const { return store_.end(); }
  // The last line is still being written (no newline yet).
  bool line_open() const { return !text_.partial().empty(); }
  std::string partial_line() const { return text_.partial(); }
  bool line_editor() const { return text_.line_editor(); }

  void expect_echo(std::string text) { text_.expect_echo(std::move(text)); }
  void end_echo() { text_.end_echo(); }
  // A send ends: characters held as a possible echo are output, and lines left below a
  // cursor that moved up are taken as they stand.
  void settle_text() {
    text_.end_echo();
    text_.settle();
  }
  // Enter is about to be sent: the shell leaves its prompt, and what follows starts a line
  // (see TextSink::soft_break).
  void submitted();
  // A SIGINT (or with suspend, a SIGTSTP) went to a job in front of the shell (see held_).
  void interrupted(bool suspend = false);
  // How long the shell's answer to that SIGINT may take: it answers as soon as the job dies
  // of the signal, so output later than this is the job's own (it caught SIGINT, went on).
  static constexpr int64_t kInterruptWindowMs = 2000;
  // The shell in front reads a command line at a prompt that is not ours (it exec'd another
  // shell): write the integration again and drop what comes until its marker. false when
  // that is already under way or the program is no shell we know.
  bool rearm();
  // The keeper reported the shell's end: *status is its wait status (then call exited).
  bool shell_ended(int* status);
  void exited(int status);  // the shell's wait status
  // A close began: sends are refused from now on.
  void closing() { status_ = Status::Closing; }
  // Its processes are gone: the PTY is closed and the session is only a record.
  void closed();
  void release();           // frees the kept output of a closed session

  std::string id() const { return "pty-" + std::to_string(number_); }
  std::string label() const { return name_.empty() ? id() : id() + " (" + name_ + ")"; }
  const std::string& chat() const { return chat_; }
  const std::string& name() const { return name_; }
  const std::string& type() const { return type_; }
  // The host of an ssh session ("" for the others).
  const std::string& host() const { return opt_.host; }
  // The shell is not the daemon's own (ssh, command): the integration is written into it
  // once it is up (bootstrap), and what it prints before that is startup output.
  bool remote() const { return opt_.type != SessionType::Shell; }
  bool bootstrap_pending() const { return bootstrap_pending_; }
  // Writes the integration into the far shell (remote.h bootstrap_script); what comes until
  // its marker (the echo of that line, the shell's own prompt) is dropped.
  void bootstrap();
  const std::string& shell() const { return shell_; }
  Status status() const { return status_; }
  // Not closed (closing or exited sessions still answer reads and closes).
  bool live() const { return status_ != Status::Closed; }
  // Starting or Running: the shell is there to write to.
  bool running() const { return status_ == Status::Running || status_ == Status::Starting; }
  // The shell's pid; negated once it exited, so it is never signalled again.
  pid_t pid() const { return pid_; }
  // The session leader's pid, exited or not (to find what it left behind).
  pid_t leader() const { return pid_ < 0 ? -pid_ : pid_; }
  // The session's keeper (spawn.h ShellProcess): every orphan of the session is its child.
  pid_t keeper() const { return keeper_; }
  // The environment entry (NAME=VALUE) every process of the session inherits.
  const std::string& tag() const { return tag_; }
  const Tty& tty() const { return tty_; }
  bool has_pty() const { return tty_.master >= 0; }
  int master() const { return tty_.master; }
  const std::string& nonce() const { return nonce_; }
  // The file the shell writes its exported variables into before each prompt ("": none).
  const std::string& state_path() const { return state_path_; }
  // The sandbox the shell runs under (null: unrestricted), for the jobs beside it.
  const sandbox::ShellSandbox* box() const { return box_.get(); }
  int cols() const { return opt_.cols; }
  int rows() const { return opt_.rows; }
  // The file sandbox mode the shell runs under (danger-full-access when unrestricted), and
  // whether one was asked.
  sandbox::Mode mode() const { return opt_.sandbox.value_or(sandbox::Mode::DangerFullAccess); }
  bool sandboxed() const { return opt_.sandbox.has_value(); }
  // The folder a workspace-write shell may change (its cwd, canonical); "" when unrestricted.
  std::string workspace() const;

  uint64_t prompts() const { return prompts_; }
  int last_exit() const { return last_exit_; }
  bool at_prompt() const { return at_prompt_; }
  std::optional<int> exit_code() const { return exit_code_; }
  std::optional<int> exit_signal() const { return exit_signal_; }
  int64_t last_output_ms() const { return last_output_ms_; }

 private:
  bool start_shell(std::string* err);
  // argv of a remote session's program, found on env's PATH (ssh also starts the shared
  // connection's master).
  bool remote_argv(const std::vector<std::string>& env, std::vector<std::string>* argv, std::string* err);
  void hang_up();  // closes the PTY
  void feed_screen();
  void on_marker(std::string_view rest);
  void feed_after_interrupt(std::string_view bytes);
  void release_held();

  const sys::Clock& clock_;
  int number_;
  std::string chat_, name_, type_ = "shell", shell_;
  SpawnOptions opt_;
  pid_t pid_ = -1;
  pid_t keeper_ = -1;
  sys::UniqueFd status_fd_;  // the keeper's report of the shell's end
  sys::UniqueFd master_fd_, slave_fd_;  // own the PTY; tty_ names the same fds
  Tty tty_;
  std::string slave_name_;
  std::string nonce_, tag_;
  std::string state_path_;
  Status status_ = Status::Starting;
  uint64_t prompts_ = 0;  // prompt markers seen since the first
  int last_exit_ = 0;
  bool at_prompt_ = false;
  std::optional<int> exit_code_, exit_signal_;
  Pos seen_;
  int64_t last_output_ms_ = 0;
  std::string startup_;  // bytes before the first marker (the integration's own noise)
  bool rc_output_ = false;  // past the rc marker: the rc files' output is kept
  bool rearming_ = false;   // the integration was written again; waiting for its marker
  bool bootstrap_pending_ = false;  // a remote shell not given the integration yet

  // Output not yet given to the screen: fed in batches, and a flood of plain text is cut to
  // its last screenful first.
  static constexpr size_t kScreenBatch = 64 * 1024;
  std::string screen_pending_;
  // After a SIGINT to a foreground job, bash prints a lone newline when the job dies of it
  // (where a terminal would have echoed ^C): no output of the job's. What follows the signal
  // is held here while it may still be exactly that newline and a prompt reporting status
  // 130; then the newline is dropped. Anything else is fed as it came.
  // A SIGTSTP is answered the same way: a newline (where a terminal echoed ^Z) before the
  // shell's "[1]+  Stopped" notice. held_pattern_ is the answer looked for.
  std::string held_;
  std::string held_pattern_;
  int64_t interrupt_until_ = 0;  // 0: not armed
  LineStore store_;
  TextSink text_{&store_};
  std::unique_ptr<Screen> screen_;  // null once released
  std::string outq_;
  std::unique_ptr<sandbox::ShellSandbox> box_;  // null: unrestricted
};

}  // namespace oda::term
