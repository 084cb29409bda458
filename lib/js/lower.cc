// Placeholder lowering until the modern-JavaScript lowering lands: wraps the program as an
// async function body without transforming it, so plain ES5 programs already run.
#include "js/lower.h"

namespace oda::js {

bool lower_program(std::string_view source, std::string* out, LowerError*) {
  out->assign("(__oda_async(function(){");
  out->append(source);
  out->append("\n}))");
  return true;
}

}  // namespace oda::js
