// CESU-8 to UTF-8 and back for the engine boundary (see utf8.h).
#include "engine/utf8.h"

#include <cstdint>
#include <cstdio>

#include "json/json.h"

namespace oda::engine {
namespace {

// A 3-byte sequence ED A0..BF xx encodes a surrogate; returns it, or 0.
uint32_t surrogate_at(std::string_view s, size_t i) {
  if (i + 2 >= s.size()) return 0;
  auto b0 = static_cast<unsigned char>(s[i]), b1 = static_cast<unsigned char>(s[i + 1]),
       b2 = static_cast<unsigned char>(s[i + 2]);
  if (b0 != 0xED || b1 < 0xA0 || b1 > 0xBF || (b2 & 0xC0) != 0x80) return 0;
  return 0xD000u | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
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
      json::append_utf8(out, 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00));
      i += 6;
    } else {
      json::append_utf8(out, 0xFFFD);
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

namespace {

// Decodes one sequence at s[i]. With allow_surrogates (CESU-8 input) an encoded surrogate
// is a code point of its own. On an ill-formed sequence returns 0xFFFD and consumes its
// maximal valid prefix (at least one byte), as the WHATWG decoder does.
uint32_t next_cp(std::string_view s, size_t* i, bool allow_surrogates) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(*i);
  if (c < 0x80) {
    ++*i;
    return c;
  }
  int len;
  uint32_t cp;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1F;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0F;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED && !allow_surrogates) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    ++*i;
    return 0xFFFD;
  }
  size_t k = *i + 1;
  for (int n = 1; n < len; ++n, ++k) {
    if (k >= s.size() || b(k) < lo || b(k) > hi) {
      *i = k;
      return 0xFFFD;
    }
    cp = (cp << 6) | (b(k) & 0x3F);
    lo = 0x80;
    hi = 0xBF;
  }
  *i = k;
  return cp;
}

}  // namespace

std::string utf8_to_cesu8(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  size_t i = 0;
  while (i < utf8.size()) {
    uint32_t cp = next_cp(utf8, &i, false);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      json::append_utf8(&out, 0xD800 + (cp >> 10));
      json::append_utf8(&out, 0xDC00 + (cp & 0x3FF));
    } else {
      json::append_utf8(&out, cp);
    }
  }
  return out;
}

std::string cesu8_to_utf8(std::string_view cesu8) {
  std::string out;
  out.reserve(cesu8.size());
  size_t i = 0;
  while (i < cesu8.size()) {
    uint32_t cp = next_cp(cesu8, &i, true);
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      size_t j = i;
      uint32_t low = j < cesu8.size() ? next_cp(cesu8, &j, true) : 0;
      if (low >= 0xDC00 && low <= 0xDFFF) {
        json::append_utf8(&out, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
        i = j;
        continue;
      }
      cp = 0xFFFD;
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      cp = 0xFFFD;
    }
    json::append_utf8(&out, cp);
  }
  return out;
}

}  // namespace oda::engine
