// Where lib/js's RegExp natives reach the runtime's native helpers, which live in
// lib/engine/natives.h now; goes when those natives move to lib/engine/regexp_natives.
#pragma once

#include "engine/natives.h"

namespace oda::js {
using engine::put_hidden_global;
using engine::register_natives;
}  // namespace oda::js
