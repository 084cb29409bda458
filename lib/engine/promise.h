// Promise, its reactions and the microtask job queue in C (promise.cc), for the runtime
// prelude (lib/run/prelude/10-promise.js) to assemble into the global Promise.
#pragma once

#include "duktape.h"

namespace oda::engine {

// Defines __oda_promise_natives(), which returns the natives as an object's methods.
void register_promise_natives(duk_context* ctx);

}  // namespace oda::engine
