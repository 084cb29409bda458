// libvterm behind the Screen seam (see screen.h).
#include "term/screen.h"

#include <vector>
#include <vterm.h>

namespace oda::term {

Screen::Screen(int rows, int cols) : vt_(vterm_new(rows, cols)), rows_(rows), cols_(cols) {
  vterm_set_utf8(vt_, 1);
  VTermScreen* s = vterm_obtain_screen(vt_);
  vterm_screen_enable_altscreen(s, 1);
  // Merged scroll damage: a flood of output scrolls the buffer once per flush instead of
  // moving every row for every line (the difference between 30% and most of a bare PTY).
  vterm_screen_set_damage_merge(s, VTERM_DAMAGE_SCROLL);
  vterm_screen_reset(s, 1);
}

Screen::~Screen() { vterm_free(vt_); }

void Screen::feed(std::string_view bytes) { vterm_input_write(vt_, bytes.data(), bytes.size()); }

void Screen::resize(int rows, int cols) {
  rows_ = rows;
  cols_ = cols;
  vterm_set_size(vt_, rows, cols);
}

std::string Screen::render() const {
  VTermScreen* s = vterm_obtain_screen(vt_);
  vterm_screen_flush_damage(s);
  std::vector<char> buf(static_cast<size_t>(cols_) * 4 + 8);
  std::string out;
  size_t keep = 0;  // length of out up to the last non-empty row
  for (int r = 0; r < rows_; ++r) {
    VTermRect rect{r, r + 1, 0, cols_};
    size_t n = vterm_screen_get_text(s, buf.data(), buf.size(), rect);
    std::string row(buf.data(), n);
    while (!row.empty() && (row.back() == ' ' || row.back() == '\0')) row.pop_back();
    if (r > 0) out.push_back('\n');
    out += row;
    if (!row.empty()) keep = out.size();
  }
  out.resize(keep);
  return out;
}

}  // namespace oda::term
