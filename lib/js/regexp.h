// The RegExp translator behind the prelude's RegExp (lib/js/runtime/60-regexp.js): JavaScript
// patterns rewritten in PCRE2 syntax, and the early check of a regex literal's validity.
// lib/engine/regexp_natives.h runs the translated patterns.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace oda::js {

struct RegexTranslation {
  std::u16string pattern;              // PCRE2 syntax
  std::vector<std::string> group_names;  // per capture group (1-based at [i-1]); "" when unnamed
  unsigned groups = 0;
  // When PCRE2's groups differ from JavaScript's (hidden ones added): PCRE2's number of each
  // JavaScript group ([g], from 1), and the PCRE2 groups holding the last repetition of each
  // quantified group around it; a capture that began before one of those is stale (unset
  // in JavaScript). Both empty when the numbers agree and nothing can be stale.
  // The sets the callouts (?C1), (?C2), ... test the current character against, as sorted
  // lo, hi pairs.
  std::vector<std::vector<char32_t>> callout_sets;
  unsigned pcre_groups = 0;
  std::vector<unsigned> pcre_group;
  std::vector<std::vector<unsigned>> resets;
};

// Translates a JavaScript pattern (UTF-16 code units) with flags ("dgimsuvy") into PCRE2
// syntax. Returns false with *err ("Invalid regular expression: /x/: ...") on a syntax error.
// Under u the pattern is for PCRE2's 32-bit library in non-UTF mode over code points (so a
// lone surrogate is a character, as in JavaScript); otherwise for its 16-bit library over
// code units.
bool translate_regexp(std::u16string_view source, std::string_view flags, RegexTranslation* out,
                      std::string* err);

// Checks that a regex literal compiles (source in UTF-8 as written between the slashes), so
// the lowering can report an invalid literal as an early SyntaxError at its line. On failure
// *err is node's text: "Invalid regular expression: /(/: Unterminated group".
bool check_regexp(std::string_view source, std::string_view flags, std::string* err);

// The PCRE2 compile options of a translated pattern, so the natives compile with the ones
// check_regexp validated with.
uint32_t pcre2_compile_options(bool caseless, bool sticky);

// A translated u pattern (ASCII, but for names) as the 32-bit library's code units.
std::u32string widen_pattern(const std::u16string& pattern);

// PCRE2's text for a compile error code, in ASCII.
std::string pcre2_error_message(int code, bool unicode);

}  // namespace oda::js
