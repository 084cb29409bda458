// Turns the raw byte stream of a PTY into clean text lines: escape sequences removed, `\r`
// overwrites, backspaces and line erases applied, `\r\n` folded; spots the daemon's prompt
// markers (OSC sequences carrying the session's nonce) and strips the echo of sent text.
#pragma once

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
  // lines separated by '\n'); the first difference ends the expectation.
  void expect_echo(std::string text) { expect_ = std::move(text); expect_pos_ = 0; }
  void clear_echo() { expect_.clear(); expect_pos_ = 0; }

  // The line being written (not yet ended by a newline).
  const std::string& partial() const { return cur_; }
  // Forgets the unfinished line (a shell's own prompt, replaced by the daemon's).
  void drop_partial() { cur_.clear(); col_ = 0; break_pending_ = false; }
  // Ends the unfinished line if it holds anything.
  void commit_partial();
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
  bool echo_drop(unsigned char c);

  LineStore* store_;
  std::string cur_;
  size_t col_ = 0;  // byte offset of the cursor in cur_
  EscapeState state_ = EscapeState::Ground;
  std::string params_;
  std::string osc_;
  std::string marker_prefix_;
  std::string expect_;
  size_t expect_pos_ = 0;
  bool break_pending_ = false;
};

// Cuts text to at most max bytes at a character boundary; true when it cut.
bool cut(std::string* text, size_t max);

}  // namespace oda::term
