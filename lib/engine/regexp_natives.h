// The RegExp natives behind the prelude's RegExp (lib/js/runtime/60-regexp.js): patterns
// translated by lib/js/regexp.h, compiled by PCRE2 and run on a Duktape heap's strings.
#pragma once

#include <cstddef>

struct duk_hthread;

namespace oda::engine {

// Registers __oda_re_compile, __oda_re_exec and friends (hidden globals).
void register_regexp_natives(duk_hthread* ctx);

// Gives the heap a new RegExp state (pcre2 contexts): a heap mapped from an image
// (lib/run/heap_image.h) needs one made in this process.
void attach_regexp_state(duk_hthread* ctx);

// How many compiled patterns this process holds (an image must be built with none).
size_t live_compiled_regexps();

}  // namespace oda::engine
