// Whether background sends are offered (see job_support.h). The only file that reads
// ODA_NO_JOBS, so that switching it rebuilds one object (lib/term/term.mk).
#include "term/job_support.h"

#include "config/config.h"

namespace oda::term {

bool jobs_built() {
#ifdef ODA_NO_JOBS
  return false;
#else
  return true;
#endif
}

std::string background_refusal(bool built, bool setup_on) {
  if (!built)
    return "refused: background sends are not available in this build (built without job support): send without "
           "run_in_background";
  if (!setup_on)
    return "refused: background sends are off in this setup (terminal.background_sends is false): send without "
           "run_in_background";
  return "";
}

std::string background_refusal() {
  return background_refusal(jobs_built(), config::current().flag("terminal.background_sends"));
}

}  // namespace oda::term
