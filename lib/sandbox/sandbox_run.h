// The file sandbox as run-code uses it. Supervisor side: a settings hook (policy and
// escalation), the run itself (a run that cannot be bounded never starts), the failure lines
// and the record. Worker side: the policy from the start frame, Landlock before the
// program, and the `fs` global. run-code calls these few functions only.
#pragma once

#include <string>
#include <string_view>

#include "cli/cli.h"
#include "json/json.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_escalation.h"
#include "run/parts.h"
#include "run/supervisor.h"

struct duk_hthread;

namespace oda::sandbox {

// What a run works under, decided in the supervisor before the worker starts.
struct RunSandbox {
  Policy policy;                              // the run's (escalated when allowed)
  Mode chat_mode = Mode::WorkspaceWrite;      // the chat's, before any escalation
  Enforcement enforcement = Enforcement::Full;
  bool escalated = false;
  std::string escalation_by;                  // who allowed it
  std::string justification;
  std::string unavailable;                    // non-empty: the mode cannot be applied (why)
};

// ---- supervisor side ----

// The part's settings hook (run/parts.h): resolves the policy from the call (--sandbox, ODA_SANDBOX,
// --workspace, sandbox_permissions + justification, --approver / ODA_APPROVER,
// --approve-escalation) and asks for an escalation (nothing runs before the answer).
// false with *refusal set for a bad mode or a denied escalation (exit 2). Puts the policy
// into the worker setting "sandbox"; the worker applies it (worker_guard).
bool settings_hook(const cli::Args& args, run::RunSettings* settings, std::string* refusal);

// The part's supervise wrapper: runs the program (next) under the sandbox decided by
// settings_hook. When the mode cannot be applied (here, or by the worker before any program
// code), the outcome is kind sandbox-unavailable; another failed outcome gets the lines of
// failure_lines().
run::RunOutcome supervise_sandboxed(const run::RunSettings& settings, const run::SuperviseNext& next);

// The policy this run works under (escalated when allowed): what bounds the terminal
// sessions its program opens and reaches.
const Policy& run_policy();

// The sandbox of this run, for its record: {"mode", "workspace", "writableRoots",
// "chatMode", "enforcement", "escalation": null | {"mode", "justification", "approvedBy"}}.
json::Value current_record();

// The part's record fields: "sandbox" (current_record()), and "sandboxPermissions" and
// "justification" when the call asked a wider mode.
void record_fields(const cli::Args& args, json::Value* record);

// run-code --probe-sandbox: prints what this host can enforce (text, or JSON with --json).
int probe_command(const cli::Args& args);

// The lines a failed run adds after its message: the denial (when one happened and the
// message does not already say it) and kPartialLine when enforcement was partial, each on
// a line of its own after a "\n". "" when there is nothing to add.
std::string failure_lines(Enforcement e, const std::string& message, const std::string& denial);

// The policy as one line of the start frame, and back.
std::string encode_policy(const Policy& p);
bool decode_policy(std::string_view text, Policy* p);

// ---- worker side ----

// The part's worker guard: takes the policy from the worker setting "sandbox", then
// enter_worker(); false with kind sandbox-unavailable when the program must not run.
bool worker_guard(std::string* kind, std::string* message);

// Keeps the policy the start frame carried (the worker setting "sandbox").
void set_worker_policy(std::string_view line);

// Before the program runs: applies Landlock, then makes the `fs` functions work over the
// policy. false with *err set when it could not be applied: the program must not run (the
// worker ends with kind sandbox-unavailable).
bool enter_worker(std::string* err);

// The part's runtime natives: the natives under the global `fs` (they work on the
// files enter_worker() set up).
void register_fs_global(duk_hthread* ctx);

// The part's failure notes: failure_lines() for the worker's own end frame, from its
// enforcement and its last denial.
std::string worker_failure_lines(const std::string& message);

}  // namespace oda::sandbox
