// run-code's test switch as a part (ODA_RUN_TEST_FAULTS=1): host requests that answer at
// once (test.echo, test.output), so tests drive the request/reply path without a real tool,
// and a guard that plays a sandbox that cannot be applied (ODA_RUN_TEST_UNAVAILABLE).
#pragma once

#include "run/parts.h"

namespace oda::run::test_faults {

bool settings_hook(const cli::Args& args, RunSettings* settings, std::string* refusal);
bool worker_guard(std::string* kind, std::string* message);

inline constexpr Part kPart{.name = "test-faults", .settings = settings_hook, .guard = worker_guard};

}  // namespace oda::run::test_faults
