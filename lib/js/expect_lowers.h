// The lowering tests' exact-output check: expect_lowers(source, expected) compares the whole
// ES5 a program lowers to, and shows where it first differs.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "js/lower.h"

namespace oda::js::testing {

// The whole output for a program whose body never awaits (a promise around a direct call)
// and for one that does (a coroutine).
inline std::string sync_program(std::string_view body) {
  return "(__oda_async_sync(function(){" + std::string(body) + "\n}))";
}
inline std::string async_program(std::string_view body) {
  return "(__oda_async(function(){" + std::string(body) + "\n}))";
}

// Where two texts first differ: the line and column, and both texts around that place.
inline std::string first_difference(const std::string& want, const std::string& got) {
  size_t i = std::mismatch(want.begin(), want.begin() + std::min(want.size(), got.size()), got.begin()).first -
             want.begin();
  size_t line_start = i == 0 ? 0 : want.rfind('\n', i - 1) + 1;  // npos + 1 is 0
  int line = 1 + int(std::count(want.begin(), want.begin() + i, '\n'));
  size_t from = std::max(line_start, i >= 40 ? i - 40 : 0);
  auto window = [&](const std::string& s) { return i >= s.size() ? std::string("<end>") : s.substr(from, 80); };
  return "first difference at line " + std::to_string(line) + ", column " + std::to_string(i - line_start + 1) +
         ":\n  expected: ..." + window(want) + "\n  actual:   ..." + window(got) + "\n  " +
         std::string(13 + i - from, ' ') + "^";
}

// Lowers src and compares the whole output with expected.
inline void expect_lowers(std::string_view src, const std::string& expected,
                          const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  std::string out;
  LowerError err;
  if (!lower_program(src, &out, &err)) {
    ADD_FAILURE_AT(file, line) << "lowering failed: " << err.message << "\n  source: " << src;
    return;
  }
  // The non-constructor mark of arrows and methods is checked by the tests that expect it;
  // the others compare the rest of the output.
  static constexpr std::string_view mark = "\"use oda noctor\";";
  if (expected.find(mark) == std::string::npos)
    for (size_t at = out.find(mark); at != std::string::npos; at = out.find(mark, at)) out.erase(at, mark.size());
  if (out != expected)
    ADD_FAILURE_AT(file, line) << "the lowering of: " << src << "\n" << first_difference(expected, out)
                               << "\n  whole output:\n" << out;
}

}  // namespace oda::js::testing
