// The worker's lowering of a program, through the lowering cache (js/lower_cache.h) kept
// under the state folder: $ODA_STATE_DIR/lower-cache (see record.h's state_dir()).
#pragma once

#include <string>
#include <string_view>

#include "js/lower.h"

namespace oda::run {

// Reads where the cache lives and the build's identity (the version of its entries), before
// the worker's environment is cut down. Called before each worker is forked.
void prepare_lower_cache();

// js::lower_program, answered from the cache when this build lowered the same program
// before. *store says whether the cache wants the result: the worker runs in the file
// sandbox, which may not write the state folder, so it sends the result to the supervisor
// (a Lowered frame) and that calls store_lowered.
bool lower_cached(std::string_view code, std::string* out, js::LowerError* err, bool* store);
void store_lowered(std::string_view code, std::string_view lowered);

// The build's GNU build id in hex ("" when the binary has none: then nothing is cached).
std::string build_id();

}  // namespace oda::run
