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
// A line longer than this is split: one endless line must not hold unbounded memory.
constexpr size_t kMaxLine = 1 << 20;
}  // namespace

void TextSink::commit_partial() {
  if (!cur_.empty()) newline();
}

void TextSink::newline() {
  break_pending_ = false;
  store_->append(cur_);
  cur_.clear();
  col_ = 0;
}

bool TextSink::echo_drop(unsigned char c) {
  if (expect_pos_ >= expect_.size()) return false;
  if (static_cast<unsigned char>(expect_[expect_pos_]) == c) {
    if (++expect_pos_ == expect_.size()) clear_echo();
    return true;
  }
  clear_echo();
  return false;
}

void TextSink::put(unsigned char c) {
  if (!expect_.empty() && expect_[expect_pos_] != '\n' && echo_drop(c)) return;
  if (break_pending_) newline();
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
    --col_;
    while (col_ > 0 && is_cont(static_cast<unsigned char>(cur_[col_]))) --col_;
  }
}

void TextSink::forward(size_t n) {
  while (n-- > 0) {
    if (col_ >= cur_.size()) {
      cur_.push_back(' ');
      ++col_;
      continue;
    }
    ++col_;
    while (col_ < cur_.size() && is_cont(static_cast<unsigned char>(cur_[col_]))) ++col_;
  }
}

void TextSink::csi(char final) {
  // Private sequences (ESC [ ? ...) never move the text cursor in ways we keep.
  if (!params_.empty() && (params_[0] == '?' || params_[0] == '>' || params_[0] == '<' || params_[0] == '=')) return;
  long n = params_.empty() ? 0 : std::strtol(params_.c_str(), nullptr, 10);
  switch (final) {
    case 'K':
      if (n == 0) {
        cur_.resize(col_);
      } else if (n == 1) {
        cur_.replace(0, col_, col_, ' ');
      } else {
        cur_.assign(col_, ' ');
      }
      break;
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
    commit_partial();
    clear_echo();
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
          // The echo of Enter ends the line; a line that held only the echo is no line.
          if (!expect_.empty() && expect_[expect_pos_] == '\n' && echo_drop(c) && cur_.empty()) break;
          newline();
        } else if (c == '\r') {
          col_ = 0;
        } else if (c == '\b') {
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
