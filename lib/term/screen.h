// The screen a terminal would show, kept by libvterm from the same bytes the line store
// gets; term-read --screen renders it for full-screen programs (vim, less, top).
#pragma once

#include <string>
#include <string_view>

struct VTerm;

namespace oda::term {

class Screen {
 public:
  Screen(int rows, int cols);
  ~Screen();
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;

  void feed(std::string_view bytes);
  // What the terminal answers to the queries fed so far (cursor position, device attributes,
  // window size, colours), for the program that asked: taken once.
  std::string take_replies();
  // bytes hold the start of a query a terminal answers (ESC [ ... n|c|t, OSC 4/10/11 ... ?).
  static bool has_query(std::string_view bytes);
  void resize(int rows, int cols);
  // The visible rows, trailing blanks trimmed, trailing empty rows dropped.
  std::string render() const;
  // A full-screen program (vim, less, top, watch) is on the alternate screen.
  bool alternate() const { return alternate_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }

 private:
  static void on_output(const char* s, size_t len, void* user);
  static int on_csi(const char* leader, const long args[], int argc, const char* intermed, char command, void* user);
  static int on_osc(const char* command, size_t len, void* user);
  static int on_prop(int prop, void* value, void* user);

  VTerm* vt_;
  int rows_, cols_;
  std::string replies_;
  bool alternate_ = false;
};

}  // namespace oda::term
