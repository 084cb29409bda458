// How a run reads: the text rendering and the --json object of SPEC 4.4.
#pragma once

#include <string>

#include "cli/cli.h"
#include "json/json.h"
#include "run/supervisor.h"

namespace oda::run {

// Captured lines as text: log and info as printed, the others prefixed "[warn] " etc.
std::string render_lines(const RunOutcome& o);

// The whole text result: lines then value, or "(run_code completed with no output)", or
// "code run failed (<kind>): <message>" and "Captured output:".
std::string render_text(const RunOutcome& o);

// {"ok", "kind", "message", "output", "value", "durationMs", "runId", "calls"}.
json::Value result_json(const RunOutcome& o, const std::string& run_id, const json::Value& calls);

// The exit status of SPEC 4.6 for an outcome.
cli::Exit exit_status(const RunOutcome& o);

// The same outcome read back from a record (for --show).
RunOutcome outcome_from_json(const json::Value& record);

}  // namespace oda::run
