// Whether background sends are offered (seed 004): this build must run jobs (`make
// NO_JOBS=1` builds one that does not) and the setup must not turn them off
// (terminal.background_sends). Where either says no, run_in_background leaves
// terminal_send's schema and a send asking for it is refused with a text saying which.
#pragma once

#include <string>

namespace oda::term {

// False in a build made with NO_JOBS=1 (the macro ODA_NO_JOBS).
bool jobs_built();

// The refusal of a background send: the build's first, then the setup's; "" when a job may
// start.
std::string background_refusal(bool built, bool setup_on);

// The same for this build and the setup in force.
std::string background_refusal();

}  // namespace oda::term
