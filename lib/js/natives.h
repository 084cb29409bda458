// Native functions the JavaScript runtime needs on every heap (the RegExp engine and other
// helpers written in C++), registered before the runtime prelude runs.
#pragma once

struct duk_hthread;

namespace oda::js {

// Registers the runtime's natives on the global object of ctx (a duk_context*).
void register_natives(duk_hthread* ctx);

}  // namespace oda::js
