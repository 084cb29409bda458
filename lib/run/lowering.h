// The worker's program cache: a big program's compiled form (Duktape bytecode of the ES5 it
// lowers to) kept under the state folder, $ODA_STATE_DIR/lower-cache (see record.h's
// state_dir() and js/lower_cache.h), so running the same library again skips both its
// lowering and Duktape's compilation.
#pragma once

#include <string>
#include <string_view>

namespace oda::run {

// Reads where the cache lives and the build's identity (the version of its entries), before
// the worker's environment is cut down. Called before each worker is forked.
void prepare_lower_cache();

// The bytecode this build kept for code, into *out; false on a miss.
bool cached_program(std::string_view code, std::string* out);

// Whether the cache wants code's bytecode. The worker runs in the file sandbox, which may
// not write the state folder, so it sends the bytecode to the supervisor (a Compiled frame,
// before the program runs) and that calls store_program.
bool cache_wants(std::string_view code);
void store_program(std::string_view code, std::string_view bytecode);

// The build's GNU build id in hex ("" when the binary has none: then nothing is cached).
std::string build_id();

}  // namespace oda::run
