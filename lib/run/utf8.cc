// CESU-8 to UTF-8 and back for the engine boundary (see utf8.h).
#include "run/utf8.h"

#include <cstdint>
#include <cstdio>

namespace oda::run {
namespace {

// A 3-byte sequence ED A0..BF xx encodes a surrogate; returns it, or 0.
uint32_t surrogate_at(std::string_view s, size_t i) {
  if (i + 2 >= s.size()) return 0;
  auto b0 = static_cast<unsigned char>(s[i]), b1 = static_cast<unsigned char>(s[i + 1]),
       b2 = static_cast<unsigned char>(s[i + 2]);
  if (b0 != 0xED || b1 < 0xA0 || b1 > 0xBF || (b2 & 0xC0) != 0x80) return 0;
  return 0xD000u | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
}

void put_utf8(std::string* out, uint32_t cp) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace

void append_cesu_as_utf8(std::string* out, std::string_view s) {
  size_t i = 0, plain = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) != 0xED) {
      ++i;
      continue;
    }
    uint32_t hi = surrogate_at(s, i);
    if (hi == 0) {
      ++i;
      continue;
    }
    out->append(s.substr(plain, i - plain));
    uint32_t lo = hi < 0xDC00 ? surrogate_at(s, i + 3) : 0;
    if (lo >= 0xDC00) {
      put_utf8(out, 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00));
      i += 6;
    } else {
      put_utf8(out, 0xFFFD);
      i += 3;
    }
    plain = i;
  }
  out->append(s.substr(plain));
}

std::string json_for_duktape(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (size_t i = 0; i < json.size();) {
    auto b0 = static_cast<unsigned char>(json[i]);
    if (b0 >= 0xF0 && i + 3 < json.size()) {
      uint32_t cp = ((b0 & 0x07u) << 18) | ((static_cast<unsigned char>(json[i + 1]) & 0x3Fu) << 12) |
                    ((static_cast<unsigned char>(json[i + 2]) & 0x3Fu) << 6) |
                    (static_cast<unsigned char>(json[i + 3]) & 0x3Fu);
      if (cp >= 0x10000 && cp <= 0x10FFFF) {
        cp -= 0x10000;
        char buf[16];
        std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
        out += buf;
        i += 4;
        continue;
      }
    }
    out.push_back(json[i]);
    ++i;
  }
  return out;
}

size_t utf8_prefix(std::string_view s, size_t n) {
  if (n >= s.size()) return s.size();
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return n;
}

}  // namespace oda::run
