// run-code as a command: the request's checks (the five refusals), the run, its rendering
// and its record; --history and --show.
#pragma once

#include <string>

#include "cli/cli.h"
#include "run/supervisor.h"

namespace oda::run {

// Runs the parsed call and returns the exit status (SPEC 4.6).
int run_command(const cli::Command& cmd, const cli::Args& args);

// Sets malloc up for the worker (fewer page faults for allocation-heavy programs); run-code
// calls it first thing, before any worker is forked.
void tune_malloc_for_worker();

// The refusal of a request, or "" when it may run. Checks SPEC 4.1 in the seed's order.
std::string check_request(const cli::Args& args);

// A later part of run-code (tools, sandbox, args) turning its options into settings before
// the run; returns false with *refusal set to refuse the request (exit 2).
using SettingsHook = bool (*)(const cli::Args& args, RunSettings* settings, std::string* refusal);

// The hooks, in order, ending with nullptr. Defined in command.cc: add a line there.
extern const SettingsHook kSettingsHooks[];

}  // namespace oda::run
