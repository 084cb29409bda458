// libvterm behind the Screen seam (see screen.h).
#include "term/screen.h"

#include <fmt/core.h>

#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>
#include <vterm.h>

namespace oda::term {

namespace {

// An OSC colour answer's form: 16 bits per channel, as xterm writes it.
std::string rgb(const VTermState* st, VTermColor c) {
  vterm_state_convert_color_to_rgb(st, &c);
  return fmt::format("rgb:{0:02x}{0:02x}/{1:02x}{1:02x}/{2:02x}{2:02x}", c.rgb.red, c.rgb.green, c.rgb.blue);
}

}  // namespace

Screen::Screen(int rows, int cols) : vt_(vterm_new(rows, cols)), rows_(rows), cols_(cols) {
  vterm_set_utf8(vt_, 1);
  vterm_output_set_callback(vt_, on_output, this);
  VTermScreen* s = vterm_obtain_screen(vt_);
  // What libvterm does not answer itself: the window size (CSI 18 t) and the colours (OSC 10,
  // 11, 4). libvterm answers the cursor position and the device attributes on its own.
  static const VTermParserCallbacks fallbacks = {.csi = on_csi, .osc = on_osc};
  vterm_screen_set_unrecognised_fallbacks(s, &fallbacks, this);
  static const VTermScreenCallbacks callbacks = {
      .settermprop = [](VTermProp prop, VTermValue* val, void* user) { return on_prop(prop, val, user); }};
  vterm_screen_set_callbacks(s, &callbacks, this);
  vterm_screen_enable_altscreen(s, 1);
  // Merged scroll damage: a flood of output scrolls the buffer once per flush instead of
  // moving every row for every line (the difference between 30% and most of a bare PTY).
  vterm_screen_set_damage_merge(s, VTERM_DAMAGE_SCROLL);
  vterm_screen_reset(s, 1);
}

Screen::~Screen() { vterm_free(vt_); }

void Screen::feed(std::string_view bytes) { vterm_input_write(vt_, bytes.data(), bytes.size()); }

void Screen::on_output(const char* s, size_t len, void* user) {
  static_cast<Screen*>(user)->replies_.append(s, len);
}

int Screen::on_csi(const char* leader, const long args[], int argc, const char*, char command, void* user) {
  auto* self = static_cast<Screen*>(user);
  if (command != 't' || leader || argc < 1 || CSI_ARG(args[0]) != 18) return 0;
  self->replies_ += fmt::format("\x1b[8;{};{}t", self->rows_, self->cols_);
  return 1;
}

int Screen::on_osc(const char* command, size_t len, void* user) {
  auto* self = static_cast<Screen*>(user);
  std::string c(command, len);
  const VTermState* st = vterm_obtain_state(self->vt_);
  VTermColor fg, bg;
  vterm_state_get_default_colors(st, &fg, &bg);
  if (c == "10;?" || c == "11;?") {
    self->replies_ += "\x1b]" + c.substr(0, 3) + rgb(st, c[1] == '0' ? fg : bg) + "\x1b\\";
    return 1;
  }
  // 4;N;? asks for palette entry N.
  if (c.rfind("4;", 0) == 0 && c.size() > 4 && c.compare(c.size() - 2, 2, ";?") == 0) {
    char* end = nullptr;
    long n = std::strtol(c.c_str() + 2, &end, 10);
    if (end != c.c_str() + c.size() - 2 || n < 0 || n > 255) return 0;
    VTermColor col;
    vterm_state_get_palette_color(st, static_cast<int>(n), &col);
    self->replies_ += fmt::format("\x1b]4;{};{}\x1b\\", n, rgb(st, col));
    return 1;
  }
  return 0;
}

int Screen::on_prop(int prop, void* value, void* user) {
  if (prop == VTERM_PROP_ALTSCREEN) static_cast<Screen*>(user)->alternate_ = static_cast<VTermValue*>(value)->boolean;
  return 1;
}

std::string Screen::take_replies() {
  std::string r;
  r.swap(replies_);
  return r;
}

bool Screen::has_query(std::string_view b) {
  for (size_t i = b.find('\x1b'); i != std::string_view::npos && i + 1 < b.size(); i = b.find('\x1b', i + 1)) {
    if (b[i + 1] == '[') {
      size_t j = i + 2;
      while (j < b.size() && (std::isdigit(static_cast<unsigned char>(b[j])) || b[j] == ';' || b[j] == '?' || b[j] == '>' || b[j] == '=')) ++j;
      if (j < b.size() && (b[j] == 'n' || b[j] == 'c' || b[j] == 't')) return true;
    } else if (b[i + 1] == ']') {
      std::string_view rest = b.substr(i + 2, 3);
      if (rest == "10;" || rest == "11;" || rest.substr(0, 2) == "4;") return true;
    }
  }
  return false;
}

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
