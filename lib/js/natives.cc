// The runtime's natives; the RegExp engine and friends register here as they land.
#include "js/natives.h"

namespace oda::js {

void register_natives(duk_hthread*) {}

}  // namespace oda::js
