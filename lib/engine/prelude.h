// The runtime prelude as Duktape bytecode, generated at build time (lib/engine/engine.mk, from
// the files PRELUDE_JS of lib/run/run.mk lists, in its order).
#pragma once

#include <cstddef>

namespace oda::engine {

struct PreludeChunk {
  const char* name;             // the source file, for error messages
  const unsigned char* bytes;   // duk_dump_function output
  size_t size;
  const char* lazy;             // a lazy module's targets (`// @lazy:`), nullptr when eager
  bool per_run;                 // `// @per-run`: not in the heap image, run by every worker
};

// In load order; ends with a chunk whose name is nullptr.
extern const PreludeChunk kPrelude[];

}  // namespace oda::engine
