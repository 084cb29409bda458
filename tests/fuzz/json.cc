// libFuzzer target: the JSON codec (lib/json). Any text either parses or is refused with a
// message; what parses writes back to a text that parses to an equal value and writes the
// same again (the lossless promise run-code's --args and results rest on).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "json/json.h"

namespace {
[[noreturn]] void fail(const char* what, const std::string& a, const std::string& b) {
  fprintf(stderr, "json fuzz: %s\n  first:  %s\n  second: %s\n", what, a.c_str(), b.c_str());
  abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  oda::json::Value v;
  std::string err;
  oda::json::ParseError why = oda::json::ParseError::None;
  if (!oda::json::parse(text, &v, &err, &why)) {
    if (err.empty() || why == oda::json::ParseError::None) fail("refused without a reason", std::string(text), err);
    return 0;
  }
  std::string once = oda::json::write(v);
  oda::json::Value back;
  if (!oda::json::parse(once, &back, &err)) fail("what it wrote does not parse", once, err);
  if (!(back == v)) fail("what it wrote parses to another value", once, oda::json::write(back));
  std::string twice = oda::json::write(back);
  if (twice != once) fail("writing again differs", once, twice);
  // The pretty form is the same value too.
  std::string pretty = oda::json::write_pretty(v);
  if (!oda::json::parse(pretty, &back, &err) || !(back == v)) fail("the pretty form differs", once, pretty);
  return 0;
}
