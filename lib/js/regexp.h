// The RegExp engine behind the prelude's RegExp (lib/js/runtime/60-regexp.js): JavaScript
// patterns translated to PCRE2 (16-bit code units, JIT-compiled) and natives to run them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

struct duk_hthread;

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

// Registers __oda_re_compile, __oda_re_exec and friends (hidden globals).
void register_regexp_natives(duk_hthread* ctx);

// Gives the heap a new RegExp state (pcre2 contexts): a heap mapped from an image
// (lib/run/heap_image.h) needs one made in this process.
void attach_regexp_state(duk_hthread* ctx);

// How many compiled patterns this process holds (an image must be built with none).
size_t live_compiled_regexps();

}  // namespace oda::js
