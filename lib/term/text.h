// Turns the raw byte stream of a PTY into clean text lines: escape sequences removed, `\r`
// overwrites, backspaces and line erases applied, `\r\n` folded; spots the daemon's prompt
// markers (OSC sequences carrying the session's nonce) and strips the echo of sent text.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>

#include "term/lines.h"

namespace oda::term {

class TextSink {
 public:
  explicit TextSink(LineStore* store) : store_(store) {}

  // OSC payloads starting with `prefix` are markers: on_marker gets the rest of the payload,
  // after the unfinished line (if any) was committed. Other OSCs are dropped like any escape.
  void set_marker_prefix(std::string prefix) { marker_prefix_ = std::move(prefix); }
  std::function<void(std::string_view rest)> on_marker;

  void feed(std::string_view bytes);

  // The next printed characters are dropped while they equal `text` (the echo of a send,
  // lines separated by '\n') and come at the place the terminal echoes them: where the
  // cursor is now, each one after the other, each line at the start of the next. The first
  // byte that differs or lands elsewhere ends the expectation, and the characters held back
  // so far are output after all: program output equal to the input is output.
  void expect_echo(std::string text);
  // Ends the expectation; what it held back is output.
  void end_echo();

  // The line being written (not yet ended by a newline).
  const std::string& partial() const { return cur_; }
  // A line editor has bracketed paste on (ESC [ ? 2004 h), as readline and zle do while they
  // read a line.
  bool line_editor() const { return line_editor_; }
  // Forgets the unfinished line (a shell's own prompt, replaced by the daemon's).
  void drop_partial() { cur_.clear(); col_ = 0; break_pending_ = false; }
  // Ends the unfinished line if it holds anything (after settle()).
  void commit_partial();
  // A program that moved the cursor up to redraw lines it printed (a progress display, a
  // REPL's preview) left lines below the cursor: they are taken as they stand, the cursor
  // on the last of them.
  void settle();
  // Lines before `line` were returned to someone: a cursor moving up stops there, so what
  // was returned is never rewritten.
  void set_floor(uint64_t line) { floor_ = line; }
  // Enter was sent: on a terminal that echoes, what follows starts a new line. The daemon
  // keeps echo off, so the break is made here, when the next printed character arrives,
  // unless the program ends the line itself first (getpass prints its own newline).
  void soft_break() { break_pending_ = !cur_.empty(); }

 private:
  enum class EscapeState { Ground, Esc, EscIntermediate, Csi, Osc, OscEsc, Str, StrEsc };
  void put(unsigned char c);
  void newline();
  void csi(char final);
  void osc_done();
  void back(size_t n);
  void forward(size_t n);
  // The cursor as a character column, and moved to one (past the end: blanks not written).
  size_t column() const;
  void set_column(size_t c);
  // Cursor up and down over the lines not yet returned.
  void up(size_t n);
  void down(size_t n, bool keep_column);
  bool echo_drop(unsigned char c);
  bool echo_newline();
  bool at_echo_place() const { return store_->end() == echo_line_ && col_ == echo_col_; }

  LineStore* store_;
  std::string cur_;
  size_t col_ = 0;  // byte offset of the cursor in cur_; past its end, blanks not written yet
  std::deque<std::string> below_;  // lines under the cursor's line, after a cursor up
  uint64_t floor_ = 0;
  bool alternate_ = false;  // on the alternate screen: printing goes to the screen alone
  bool paste_off_ = false;  // bracketed paste just ended, only \r since (see csi)
  bool line_editor_ = false;  // bracketed paste is on: a line editor is reading (see csi)
  EscapeState state_ = EscapeState::Ground;
  std::string params_;
  std::string osc_;
  std::string marker_prefix_;
  std::string expect_;
  size_t expect_pos_ = 0;
  std::string echo_held_;   // the characters of this line matched so far, not dropped yet
  uint64_t echo_line_ = 0;  // where the next echoed character must land
  size_t echo_col_ = 0;
  bool break_pending_ = false;
};

// Cuts text to at most max bytes at a character boundary; true when it cut.
bool cut(std::string* text, size_t max);

}  // namespace oda::term
