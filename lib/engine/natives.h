// Native functions the JavaScript runtime needs on every heap (the RegExp engine and other
// helpers written in C++), registered before the runtime prelude runs.
#pragma once

#include "duktape.h"

namespace oda::engine {

// Registers the runtime's natives on the global object of ctx (a duk_context*).
void register_natives(duk_hthread* ctx);
// The natives of the language's checks (natives_conf.cc), called by register_natives.
void register_conf_natives(duk_hthread* ctx);

// Defines fn as a global the runtime prelude picks up: configurable, but neither enumerable
// nor writable, so a program does not stumble on it.
void put_hidden_global(duk_context* ctx, const char* name, duk_c_function fn, duk_idx_t nargs);

}  // namespace oda::engine
