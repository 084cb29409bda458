// Duktape keeps strings as CESU-8 (a character past U+FFFF is two 3-byte surrogates);
// everything leaving the engine is made valid UTF-8 here.
#pragma once

#include <string>
#include <string_view>

namespace oda::engine {

// Appends s with surrogate pairs joined into 4-byte UTF-8 and lone surrogates as U+FFFD.
// Other bytes pass unchanged.
void append_cesu_as_utf8(std::string* out, std::string_view s);

// Rewrites every 4-byte UTF-8 sequence of a JSON text as a \uXXXX\uXXXX pair, so Duktape's
// JSON.parse reads the character as the two UTF-16 units JavaScript expects.
std::string json_for_duktape(std::string_view json);

// The longest prefix of s, at most n bytes, that does not cut a UTF-8 sequence.
size_t utf8_prefix(std::string_view s, size_t n);

// Whole-string conversions for file contents and paths (files hold UTF-8). Ill-formed input
// becomes U+FFFD, as Node decodes it; a lone surrogate too.
std::string utf8_to_cesu8(std::string_view utf8);
std::string cesu8_to_utf8(std::string_view cesu8);

}  // namespace oda::engine
