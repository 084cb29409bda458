// The file sandbox between termd's callers and its sessions (SPEC 3.2, 4.7): the mode a
// caller works under (what its request says, narrowed by the sandboxed session it runs in),
// the mode of a session it opens, and whether it may reach a session.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "json/json.h"
#include "sandbox/sandbox.h"

namespace oda::term {

// What bounds() needs of a session: its shell's pid and the mode it runs under.
struct SessionBound {
  pid_t leader;
  bool sandboxed;
  sandbox::Mode mode;
  std::string workspace;
};

// What bounds a caller. Not bounded: a command-line caller without ODA_SANDBOX, outside any
// sandboxed session.
struct Bound {
  bool bounded = false;
  sandbox::Mode mode = sandbox::Mode::DangerFullAccess;
  std::string workspace;  // a run's workspace, or the session's folder it runs in ("": none)
};

// The parent of a process, 0 when it is gone: /proc in termd, a table in the tests.
using ParentOf = std::function<pid_t(pid_t)>;
pid_t proc_parent(pid_t pid);

// The caller's bound: the request's "sandbox" and "workspace" (a run-code program's mode and
// workspace, or ODA_SANDBOX), narrowed by the sandboxed session whose shell is `peer` (the
// client's pid) or one of its ancestors. A peer whose ancestors reach termd (`self`, the
// sessions' subreaper) without meeting a session's shell was left behind by a session:
// it is bound by the narrowest session there is. `all`: every session of the daemon.
Bound caller_bound(const json::Value& envelope, pid_t peer, pid_t self, const std::vector<SessionBound>& all,
                   const ParentOf& parent_of = proc_parent);

// The mode of a session a caller under b opens in folder cwd (canonical): b's mode, or
// unrestricted when b is not bounded. false with *err when b's workspace does not hold cwd.
bool open_mode(const Bound& b, const std::string& cwd, std::optional<sandbox::Mode>* mode, std::string* err);

// Whether a caller under b may reach (send to, read, signal, close) a session under `mode`:
// only when that mode is no wider than b's. Else false with the refusal in *err, naming both:
// "refused: terminal session <id> runs under <mode>, wider than this caller's <mode>".
bool may_reach(const Bound& b, const std::string& id, sandbox::Mode mode, std::string* err);

}  // namespace oda::term
