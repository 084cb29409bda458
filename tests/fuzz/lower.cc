// libFuzzer target: the lowering (lib/js) of any text, as a program and as eval code. It
// must lower or refuse with a message naming what is wrong; never crash, hang or leak.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "js/lower.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view source(reinterpret_cast<const char*>(data), size);
  std::string out;
  oda::js::LowerError err;
  if (!oda::js::lower_program(source, &out, &err) && err.message.empty()) abort();
  out.clear();
  err = {};
  // Eval code with every caller context the flags can name (the low bits of the length).
  auto flags = static_cast<oda::js::EvalFlags>(size & 15);
  if (!oda::js::lower_script(source, &out, &err, flags) && err.message.empty()) abort();
  return 0;
}
