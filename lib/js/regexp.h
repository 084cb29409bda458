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
};

// Translates a JavaScript pattern (UTF-16 code units) with flags ("dgimsuvy") into PCRE2
// syntax. Returns false with *err ("Invalid regular expression: /x/: ...") on a syntax error.
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
