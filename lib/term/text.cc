// The PTY byte stream to clean lines (see text.h).
#include "term/text.h"

#include <cstdlib>

namespace oda::term {

namespace {
bool is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }
size_t cp_len(unsigned char c) {
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) return 2;
  if ((c & 0xF0) == 0xE0) return 3;
  if ((c & 0xF8) == 0xF0) return 4;
  return 1;
}
// An OSC longer than this is kept only as far as needed to tell it is not a marker.
constexpr size_t kMaxOsc = 512;
// A line is one line however long, up to the most one result can carry (wire::kMaxRequest);
// only past that it goes on as the next line, so one endless line cannot hold unbounded
// memory.
constexpr size_t kMaxLine = 64 << 20;
}  // namespace

void TextSink::commit_partial() {
  settle();
  if (!cur_.empty()) newline();
}

void TextSink::settle() {
  while (!below_.empty()) newline();
}

void TextSink::newline() {
  break_pending_ = false;
  store_->append(cur_);
  cur_.clear();
  if (!below_.empty()) {
    cur_ = std::move(below_.front());
    below_.pop_front();
  }
  col_ = 0;
}

size_t TextSink::column() const {
  size_t n = 0, end = col_ < cur_.size() ? col_ : cur_.size();
  for (size_t i = 0; i < end; ++i) n += !is_cont(static_cast<unsigned char>(cur_[i]));
  return n + (col_ - end);
}

void TextSink::set_column(size_t c) {
  col_ = 0;
  while (c > 0 && col_ < cur_.size()) {
    ++col_;
    while (col_ < cur_.size() && is_cont(static_cast<unsigned char>(cur_[col_]))) ++col_;
    --c;
  }
  col_ += c;
}

void TextSink::up(size_t n) {
  uint64_t floor = floor_ > store_->first() ? floor_ : store_->first();
  break_pending_ = false;
  while (n-- > 0 && store_->end() > floor) {
    size_t c = column();
    below_.push_front(std::move(cur_));
    cur_ = store_->pop_back();
    set_column(c);
  }
}

void TextSink::down(size_t n, bool keep_column) {
  while (n-- > 0) {
    size_t c = column();
    newline();
    if (keep_column) set_column(c);
  }
}

void TextSink::expect_echo(std::string text) {
  end_echo();
  expect_ = std::move(text);
  echo_line_ = store_->end();
  echo_col_ = col_;
}

void TextSink::end_echo() {
  std::string held;
  held.swap(echo_held_);
  expect_.clear();
  expect_pos_ = 0;
  for (unsigned char c : held) put(c);
}

bool TextSink::echo_drop(unsigned char c) {
  if (expect_pos_ < expect_.size() && static_cast<unsigned char>(expect_[expect_pos_]) == c && at_echo_place()) {
    echo_held_.push_back(static_cast<char>(c));
    if (++expect_pos_ == expect_.size()) {
      echo_held_.clear();
      expect_.clear();
      expect_pos_ = 0;
    }
    return true;
  }
  end_echo();
  return false;
}

// A newline while an echo is expected: the echo of Enter when the expectation is at a line's
// end on the echoing line (true: the newline is handled, a line that held only the echo is
// no line); else the expectation ends.
bool TextSink::echo_newline() {
  if (expect_[expect_pos_] != '\n' || store_->end() != echo_line_) {
    end_echo();
    return false;
  }
  echo_held_.clear();  // a whole line came back as typed: the echo for sure
  bool only_echo = cur_.empty();
  if (++expect_pos_ == expect_.size()) {
    expect_.clear();
    expect_pos_ = 0;
  }
  if (!only_echo) newline();
  echo_line_ = store_->end();
  echo_col_ = 0;
  return true;
}

void TextSink::put(unsigned char c) {
  if (!expect_.empty() && echo_drop(c)) return;
  if (break_pending_) newline();
  if (col_ > cur_.size()) cur_.append(col_ - cur_.size(), ' ');
  if (col_ == cur_.size()) {
    cur_.push_back(static_cast<char>(c));
    ++col_;
    return;
  }
  if (!is_cont(c)) {
    // A new character replaces the whole character under the cursor.
    size_t n = cp_len(static_cast<unsigned char>(cur_[col_]));
    size_t end = col_ + 1;
    while (end < cur_.size() && end < col_ + n && is_cont(static_cast<unsigned char>(cur_[end]))) ++end;
    cur_.replace(col_, end - col_, 1, static_cast<char>(c));
  } else {
    cur_.insert(cur_.begin() + col_, static_cast<char>(c));
  }
  ++col_;
}

void TextSink::back(size_t n) {
  while (n-- > 0 && col_ > 0) {
    if (col_-- > cur_.size()) continue;  // in the blank past the line's end
    while (col_ > 0 && is_cont(static_cast<unsigned char>(cur_[col_]))) --col_;
  }
}

void TextSink::forward(size_t n) {
  while (n-- > 0) {
    if (col_ >= cur_.size()) {
      ++col_;  // blank until something is written there
      continue;
    }
    ++col_;
    while (col_ < cur_.size() && is_cont(static_cast<unsigned char>(cur_[col_]))) ++col_;
  }
}

void TextSink::csi(char final) {
  // Readline ends bracketed paste with "\e[?2004l\r" and, on a terminal that does not echo,
  // a newline after it, for the input line it did not show: at the start of a line that
  // makes a blank line no terminal that echoes shows (gdb before each "(gdb) ").
  paste_off_ = params_ == "?2004" && final == 'l';
  // A line editor (readline, zle) turns bracketed paste on while it reads a line and off
  // when the line is taken; a plain read (bash's `read -n1`) never does.
  if (params_ == "?2004" && (final == 'h' || final == 'l')) line_editor_ = final == 'h';
  // The alternate screen (vim, less, top, watch) is a screen, not lines: what is drawn there
  // is left to the screen, and the lines go on where they were once it is left.
  if ((params_ == "?1049" || params_ == "?1047" || params_ == "?47") && (final == 'h' || final == 'l')) {
    end_echo();
    alternate_ = final == 'h';
    return;
  }
  if (alternate_) return;
  // Private sequences (ESC [ ? ...) never move the text cursor in ways we keep.
  if (!params_.empty() && (params_[0] == '?' || params_[0] == '>' || params_[0] == '<' || params_[0] == '=')) return;
  // Colours leave the echo where it is; anything that moves or erases ends it.
  if (final != 'm' && !expect_.empty()) end_echo();
  long n = params_.empty() ? 0 : std::strtol(params_.c_str(), nullptr, 10);
  switch (final) {
    case 'K':
      if (n == 0) {
        if (col_ < cur_.size()) cur_.resize(col_);
      } else if (n == 1) {
        size_t m = col_ < cur_.size() ? col_ : cur_.size();
        cur_.replace(0, m, m, ' ');
      } else {
        cur_.clear();
      }
      break;
    case 'J':
      // Below the cursor to the end of the screen: the lines there are gone.
      if (n == 0) {
        if (col_ < cur_.size()) cur_.resize(col_);
        below_.clear();
      }
      break;
    case 'A': up(n <= 0 ? 1 : static_cast<size_t>(n)); break;
    case 'F': up(n <= 0 ? 1 : static_cast<size_t>(n)); col_ = 0; break;
    case 'B': down(n <= 0 ? 1 : static_cast<size_t>(n), true); break;
    case 'E': down(n <= 0 ? 1 : static_cast<size_t>(n), false); break;
    case 'D': back(n <= 0 ? 1 : static_cast<size_t>(n)); break;
    case 'C': forward(n <= 0 ? 1 : static_cast<size_t>(n)); break;
    case 'G': {
      col_ = 0;
      if (n > 1) forward(static_cast<size_t>(n - 1));
      break;
    }
    default: break;
  }
}

void TextSink::osc_done() {
  if (!marker_prefix_.empty() && osc_.size() >= marker_prefix_.size() &&
      osc_.compare(0, marker_prefix_.size(), marker_prefix_) == 0) {
    end_echo();
    commit_partial();
    if (on_marker) on_marker(std::string_view(osc_).substr(marker_prefix_.size()));
  }
  osc_.clear();
}

void TextSink::feed(std::string_view bytes) {
  const char* p = bytes.data();
  const char* e = p + bytes.size();
  while (p < e) {
    unsigned char c = static_cast<unsigned char>(*p);
    switch (state_) {
      case EscapeState::Ground: {
        if (alternate_ && c != 0x1b) break;
        if (c != '\r' && c != '\n' && c != 0x1b) paste_off_ = false;
        if (c >= 0x20 && c != 0x7f) {
          if (break_pending_ && expect_.empty()) newline();
          if (expect_.empty() && col_ == cur_.size()) {
            // The common case: plain text appended at the end of the line.
            const char* q = p;
            while (q < e && static_cast<unsigned char>(*q) >= 0x20 && *q != 0x7f) ++q;
            cur_.append(p, q - p);
            col_ = cur_.size();
            p = q;
            if (cur_.size() > kMaxLine) newline();
            continue;
          }
          put(c);
        } else if (c == '\n') {
          if (!expect_.empty() && echo_newline()) break;
          if (paste_off_ && cur_.empty() && below_.empty()) {
            paste_off_ = false;
            break;
          }
          newline();
        } else if (c == '\r') {
          col_ = 0;
        } else if (c == '\b') {
          if (!expect_.empty()) end_echo();
          back(1);
        } else if (c == '\t') {
          put(c);
        } else if (c == 0x1b) {
          state_ = EscapeState::Esc;
        }
        break;
      }
      case EscapeState::Esc:
        if (c == '[') { state_ = EscapeState::Csi; params_.clear(); }
        else if (c == ']') { state_ = EscapeState::Osc; osc_.clear(); }
        else if (c == 'P' || c == 'X' || c == '^' || c == '_') state_ = EscapeState::Str;
        else if (c >= 0x20 && c <= 0x2f) state_ = EscapeState::EscIntermediate;
        else state_ = EscapeState::Ground;
        break;
      case EscapeState::EscIntermediate:
        if (c < 0x20 || c > 0x2f) state_ = EscapeState::Ground;
        break;
      case EscapeState::Csi:
        if (c >= 0x40 && c <= 0x7e) { csi(static_cast<char>(c)); state_ = EscapeState::Ground; }
        else if (c == 0x1b) state_ = EscapeState::Esc;
        else if (params_.size() < 64) params_.push_back(static_cast<char>(c));
        break;
      case EscapeState::Osc:
        if (c == 0x07) { osc_done(); state_ = EscapeState::Ground; }
        else if (c == 0x1b) state_ = EscapeState::OscEsc;
        else if (osc_.size() < kMaxOsc) osc_.push_back(static_cast<char>(c));
        break;
      case EscapeState::OscEsc:
        if (c == '\\') { osc_done(); state_ = EscapeState::Ground; }
        else { osc_.clear(); state_ = c == '[' ? (params_.clear(), EscapeState::Csi) : EscapeState::Esc; if (c != '[' && c != 0x1b) state_ = EscapeState::Ground; }
        break;
      case EscapeState::Str:
        if (c == 0x1b) state_ = EscapeState::StrEsc;
        else if (c == 0x07) state_ = EscapeState::Ground;
        break;
      case EscapeState::StrEsc:
        state_ = c == '\\' ? EscapeState::Ground : EscapeState::Str;
        break;
    }
    ++p;
  }
}

bool cut(std::string* text, size_t max) {
  if (text->size() <= max) return false;
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>((*text)[n]) & 0xC0) == 0x80) --n;
  text->resize(n);
  return true;
}

}  // namespace oda::term
