// Where the calls plug into run-code: the settings hook that reads the call options, wires
// the supervisor's host requests to the scheduler and fills the run's calls list, and the
// worker's native that hands the program its globals.
#pragma once

#include "calls/calls.h"
#include "cli/cli.h"
#include "json/json.h"
#include "run/supervisor.h"

struct duk_hthread;

namespace oda::calls {

// The part's settings hook (run/parts.h): --tools/ODA_TOOLS, --max-concurrent-calls, --approver/ODA_APPROVER,
// --chat/ODA_CHAT, --args, --dv, --metadata. false with *refusal (exit 2) on a bad catalog,
// a refused tool name or a bad option.
bool settings_hook(const cli::Args& args, run::RunSettings* settings, std::string* refusal);

// The part's runtime natives (so in the heap image): __oda_terminal_tools, the names
// lib/calls/calls.js binds in every run.
void register_terminal_tools(duk_hthread* ctx);

// The part's per-run natives (in the worker): __oda_calls_config(), the JSON the run's own tools
// (the catalogs') and values are bound from by lib/calls/run-config.js; without any, nothing.
void register_natives(duk_hthread* ctx);

// For a part whose calls join the run's (lib/mcp's servers), after settings_hook: the run's
// scheduler, to add them to (their concurrency, approvals and records are the run's).
Scheduler* run_scheduler();
// The worker setting such a part sets: the run then binds $tools through
// lib/calls/run-config.js, which takes the members the part's own per-run prelude (run
// before it) left in globalThis.__oda_more_tools.
inline constexpr const char* kMoreToolsSetting = "calls.more";

// Defines the global function `name` returning `json_text` (made fit for Duktape's JSON
// first): how a part hands its per-run prelude the settings the supervisor sent.
void define_config_native(duk_hthread* ctx, const char* name, const std::string& json_text);

// Whether this run has tools or values of its own for lib/calls/run-config.js to bind; a run
// without keeps the heap image's empty placeholders and skips the per-run prelude.
bool needs_run_config();

}  // namespace oda::calls
