// Escalation of the file sandbox for one run (SPEC 4.7): a wider mode asked with a
// justification, shown and answered before anything runs.
#pragma once

#include <string>

#include "json/json.h"
#include "sandbox/sandbox.h"

namespace oda::sandbox {

struct AskOptions {
  bool approve_flag = false;     // --approve-escalation: scripts allow it up front
  std::string approver;          // --approver CMD or $ODA_APPROVER; empty: none
  std::string description;       // the run's description, for the question
  long long timeout_ms = 120000; // the answer counts against the run's budget
  std::string tty = "/dev/tty";  // the terminal to ask on (a seam for tests)
};

struct Decision {
  bool allowed = false;
  Mode mode = Mode::WorkspaceWrite;  // the mode the run gets
  std::string by;      // "--approve-escalation", "approver", "terminal", "none" (not wider)
  std::string refusal; // when denied: "escalation to 'danger-full-access' denied by the
                       // approver; nothing ran"
};

// The question as JSON, for the approver's stdin:
// {"type":"sandbox_escalation","tool":"run_code","description","mode","requested",
//  "justification","workspace"}.
json::Value escalation_question(const Policy& chat, Mode requested,
                                const std::string& justification, const AskOptions& opt);

// Decides an escalation to `requested` asked with `justification`. A mode no wider than the
// chat's needs no answer (the run takes the narrower one). Otherwise, in this order:
// --approve-escalation allows; an approver command decides (the question on its stdin,
// exit 0 allows); else the controlling terminal is asked (y/yes allows); else it is denied.
// Whoever answers, the justification is shown (on stderr, or on the terminal asked).
Decision decide_escalation(const Policy& chat, Mode requested, const std::string& justification,
                           const AskOptions& opt);

}  // namespace oda::sandbox
