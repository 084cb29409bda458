// libFuzzer target: the RegExp translation (lib/js/regexp). The first byte picks the flags,
// the rest is the pattern; it must translate or refuse with node's kind of message, and
// check_regexp (the lowering's early check, which compiles the translation with PCRE2) must
// agree with it on every pattern the translation refuses.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "js/regexp.h"

namespace {
// The pattern as UTF-16, as a RegExp source is: UTF-8 sequences become their code units, any
// other byte b the lone surrogate 0xDC00 + b, so lone surrogates are reached too.
std::u16string utf16(std::string_view s, bool* valid) {
  std::u16string out;
  *valid = true;
  for (size_t i = 0; i < s.size();) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    char32_t cp = len == 1 ? b : len == 2 ? b & 0x1F : len == 3 ? b & 0x0F : b & 0x07;
    bool ok = len > 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; k++) {
      unsigned char c = static_cast<unsigned char>(s[i + k]);
      ok = (c >> 6) == 2;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (!ok || cp > 0x10FFFF) {
      *valid = false;
      out.push_back(static_cast<char16_t>(0xDC00 + b));
      i += 1;
      continue;
    }
    if (cp > 0xFFFF) {
      cp -= 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(cp));
    }
    i += len;
  }
  return out;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const char kFlags[] = "dgimsuvy";
  std::string flags;
  for (int i = 0; i < 8; i++) if (data[0] & (1u << i)) flags.push_back(kFlags[i]);
  // (u and v together are a SyntaxError in JavaScript: that refusal is fuzzed too.)
  std::string_view source(reinterpret_cast<const char*>(data) + 1, size - 1);
  bool valid_utf8 = false;
  std::u16string units = utf16(source, &valid_utf8);
  oda::js::RegexTranslation t;
  std::string err;
  bool translated = oda::js::translate_regexp(units, flags, &t, &err);
  if (!translated && err.empty()) abort();
  if (translated && t.group_names.size() != t.groups) {
    fprintf(stderr, "regexp fuzz: %u groups but %zu names\n", t.groups, t.group_names.size());
    abort();
  }
  std::string check_err;
  bool checked = oda::js::check_regexp(source, flags, &check_err);
  if (!checked && check_err.rfind("Invalid regular expression", 0) != 0) {
    fprintf(stderr, "regexp fuzz: check_regexp's message: %s\n", check_err.c_str());
    abort();
  }
  // Over valid UTF-8 both read the same code units, and the check translates first.
  if (valid_utf8 && checked && !translated) {
    fprintf(stderr, "regexp fuzz: check_regexp accepts what the translation refuses: %s\n", err.c_str());
    abort();
  }
  return 0;
}
