// Natives behind the language's own checks that the lowering emits calls to (natives.h):
// `new` on a value that is no constructor.
#include <duktape.h>

#include "engine/natives.h"

namespace oda::engine {
namespace {

// __oda_ctor(value, text): value when it is a constructor, else node's TypeError naming the
// callee as the program wrote it (text, from the lowering: "o.m", "f", "(intermediate value)").
duk_ret_t ctor_check(duk_context* ctx) {
  if (duk_is_constructable(ctx, 0)) {
    duk_dup(ctx, 0);
    return 1;
  }
  return duk_error(ctx, DUK_ERR_TYPE_ERROR, "%s is not a constructor", duk_safe_to_string(ctx, 1));
}

}  // namespace

void register_conf_natives(duk_hthread* ctx) {
  put_hidden_global(ctx, "__oda_ctor", ctor_check, 2);
}

}  // namespace oda::engine
