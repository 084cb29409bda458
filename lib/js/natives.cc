// The runtime's natives: hidden property keys for the prelude and the PCRE2-backed RegExp
// engine (regexp.cc), registered on the global object before the prelude runs.
#include "js/natives.h"

#include <duktape.h>

#include <cstring>

#include "js/regexp.h"

namespace oda::js {
namespace {

// __oda_hidden_key(name): a Duktape hidden symbol, a property key that scripts can neither
// enumerate nor list, so the prelude can keep internal slots on any object.
duk_ret_t hidden_key(duk_context* ctx) {
  duk_size_t n = 0;
  const char* name = duk_require_lstring(ctx, 0, &n);
  // Built in a buffer: concatenating onto a symbol would be refused as symbol coercion.
  char buf[128] = "\xFF" "oda_";
  if (n > sizeof buf - 5) return duk_error(ctx, DUK_ERR_RANGE_ERROR, "hidden key name too long");
  std::memcpy(buf + 5, name, n);
  duk_push_lstring(ctx, buf, n + 5);
  return 1;
}

void put_hidden_global(duk_context* ctx, const char* name, duk_c_function fn, duk_idx_t nargs) {
  duk_push_global_object(ctx);
  duk_push_string(ctx, name);
  duk_push_c_function(ctx, fn, nargs);
  duk_def_prop(ctx, -3, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_CONFIGURABLE | DUK_DEFPROP_CLEAR_ENUMERABLE |
                            DUK_DEFPROP_CLEAR_WRITABLE);
  duk_pop(ctx);
}

}  // namespace

void register_natives(duk_hthread* ctx) {
  put_hidden_global(ctx, "__oda_hidden_key", hidden_key, 1);
  register_regexp_natives(ctx);
}

}  // namespace oda::js
