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
  void resize(int rows, int cols);
  // The visible rows, trailing blanks trimmed, trailing empty rows dropped.
  std::string render() const;
  int rows() const { return rows_; }
  int cols() const { return cols_; }

 private:
  VTerm* vt_;
  int rows_, cols_;
};

}  // namespace oda::term
