// The file sandbox as run-code uses it: its options, the supervisor's setup (policy,
// escalation, a preflight), the worker's entry (Landlock, then the `fs` global), and the
// facts a failed run and the run record keep. run-code calls these few functions only.
#pragma once

#include <string>
#include <vector>

#include "cli/cli.h"
#include "json/json.h"
#include "run/sandbox.h"
#include "run/sandbox_escalation.h"

struct duk_hthread;

namespace oda::run::sandbox {

// --sandbox MODE, --workspace DIR, --approve-escalation, --probe-sandbox: appended to
// run-code's option table.
std::vector<cli::Option> options();

// What a run works under, decided in the supervisor before the worker starts.
struct RunSandbox {
  Policy policy;                              // the run's (escalated when allowed)
  Mode chat_mode = Mode::WorkspaceWrite;      // the chat's, before any escalation
  Enforcement enforcement = Enforcement::Full;
  std::string note;                           // why enforcement is partial
  bool escalated = false;
  std::string escalation_by;                  // who allowed it
  std::string justification;
};

// How setup() ended when it did not go on.
enum class SetupEnd {
  Go,            // start the run
  Usage,         // exit 2: a bad --sandbox / ODA_SANDBOX / sandbox_permissions value
  Refused,       // exit 2: the escalation was denied; nothing ran
  Unavailable,   // exit 1: kind sandbox-unavailable; the run does not start
};

// In the supervisor: resolves the policy from the call (--sandbox, ODA_SANDBOX, --workspace,
// sandbox_permissions + justification, --approver / ODA_APPROVER, --approve-escalation),
// asks for an escalation, and tries the mode in a child so a run that could not be bounded
// never starts. *message is set unless Go (the error or the sandbox-unavailable message).
// budget_ms bounds the wait for an answer.
SetupEnd setup(const cli::Args& args, long long budget_ms, RunSandbox* out,
               std::string* message);

// In the worker, before the program runs: applies Landlock, then makes the `fs` functions
// work over the policy. false with *err set when the sandbox could not be applied: the worker
// must not run the program (the supervisor reports sandbox-unavailable with *err).
bool enter_worker(const RunSandbox& rs, std::string* err);

// Defines the global `fs` on ctx (a duk_context*) after enter_worker; a no-op returning
// false before. Never throws into the caller.
bool install_fs(duk_hthread* ctx);

// The last denial line of this process's fs calls ("" when none), for the worker to hand
// back with its result.
std::string last_denial();

// The lines a failed run adds after `code run failed (<kind>): <message>`: the denial (when
// one happened and the message does not already say it) and kPartialLine when enforcement
// was partial. Each line ends with "\n"; "" when there is nothing to add.
std::string failure_lines(const RunSandbox& rs, const std::string& message,
                          const std::string& denial);

// {"mode", "chatMode", "enforcement", "workspace", "writableRoots", "escalation": null |
//  {"mode", "justification", "approvedBy"}} for the run record and --json.
json::Value record(const RunSandbox& rs);

// run-code --probe-sandbox: prints what this host can enforce (text, or JSON with --json).
int probe_command(const cli::Args& args);

}  // namespace oda::run::sandbox
