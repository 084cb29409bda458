// run-code as a command: the request's checks (the five refusals), the run, its rendering
// and its record; --history and --show.
#pragma once

#include <string>

#include "cli/cli.h"
#include "run/supervisor.h"

namespace oda::run {

// run-code's option table (lib/run/options.cc): the binary's and oda-mcp's one source, as
// the setup offers it (a control it does not honour is not in --schema).
const cli::Command& command();
// The table a command line is parsed with: the profile's when it names one (--profile, else
// the setup's run_code.profile), else command().
const cli::Command& command(int argc, char** argv);

// run-code's job for a parsed call: a run (its exit status, SPEC 4.6), --history, --show,
// or a part's own command (--probe-sandbox).
int run_code(const cli::Command& cmd, const cli::Args& args);

// Makes run-code non-dumpable (PR_SET_DUMPABLE 0) before anything else: its
// /proc/PID/environ, cmdline, maps and mem, and its worker's, then belong to root, so a
// process of the same user (a tool, a terminal session's shell) reads none of them, and no
// core file shows them. The forked worker inherits it. run-code calls it first thing.
void keep_memory_private();

// Sets malloc up for the worker (fewer page faults for allocation-heavy programs); run-code
// calls it first thing, before any worker is forked.
void tune_malloc_for_worker();

// The refusal of a request, or "" when it may run. Checks SPEC 4.1 in the seed's order.
std::string check_request(const cli::Args& args);

}  // namespace oda::run
