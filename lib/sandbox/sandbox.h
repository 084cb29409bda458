// The file sandbox of run-code (SPEC 4.7): the policy a run works under (mode, workspace,
// the folders it may change), our own check of each change against it, and its enforcement
// by Landlock on the worker process.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "json/json.h"

namespace oda::sandbox {

enum class Mode { ReadOnly, WorkspaceWrite, DangerFullAccess };
enum class Enforcement { Full, Partial };

// "read-only", "workspace-write", "danger-full-access".
const char* mode_name(Mode m);
bool parse_mode(std::string_view text, Mode* out);
// Whether `wider` allows more than `base` (read-only < workspace-write < danger-full-access).
bool is_wider(Mode wider, Mode base);
const char* enforcement_name(Enforcement e);

// The exact texts of SPEC 4.7.
extern const char* const kPartialLine;  // "File sandbox enforcement is partial on this host."
// "File sandbox: <mode>; enforcement: <e>; operation denied: <op> '<path>'"
std::string denial_line(Mode m, Enforcement e, std::string_view op, std::string_view path);

// The environment variable that caps the Landlock ABI this host is taken to offer, so a
// capable kernel can show what an older one does (0: as if Landlock were absent).
extern const char* const kForceAbiVar;  // "ODA_SANDBOX_FORCE_ABI"
extern const char* const kModeVar;      // "ODA_SANDBOX"
extern const char* const kKernelOnlyVar;  // "ODA_SANDBOX_TEST_KERNEL_ONLY"

// What a run may change. Every path here is canonical (absolute, no symlink, no `..`).
struct Policy {
  Mode mode = Mode::WorkspaceWrite;
  std::string workspace;                  // the base of relative paths
  std::vector<std::string> writable;      // workspace-write: the workspace and the temp folder
  std::string temp;                       // the run's own temp folder (its TMPDIR); "" before
                                          // the run has one
  int force_abi = -1;                     // from ODA_SANDBOX_FORCE_ABI; -1: none
  // From ODA_SANDBOX_TEST_KERNEL_ONLY=1: our own change check stands aside so tests can see
  // the kernel deny. Honoured only under full enforcement, so it never widens access.
  bool kernel_only = false;

  // Whether a change at canonical path `path` is allowed by the mode (our own check).
  bool allows_change(std::string_view path) const;
  json::Value to_json() const;            // {"mode", "workspace", "writableRoots"}
};

// Builds the policy: mode_text from --sandbox (empty: $ODA_SANDBOX, else workspace-write),
// workspace_text from --workspace (empty: the current folder). The run's own temp folder
// comes later (a TempFolder, then with_mode). false with *err set ("unknown sandbox mode 'x' (expected read-only, ...)" or
// "workspace '/x' is not a folder") when it cannot be built.
bool resolve_policy(std::string_view mode_text, std::string_view workspace_text, Policy* out,
                    std::string* err);

// The same policy in another mode (the workspace and temp folder kept; the writable folders
// of the mode: for workspace-write the workspace and the run's temp folder).
Policy with_mode(const Policy& base, Mode mode);

// A private temp folder (a run's, a terminal session's): `<prefix>XXXXXX`, mode 0700, under
// $TMPDIR (else, or when $TMPDIR is no folder, /tmp), locked (flock) for as long as this
// object lives and removed with what is in it when it goes. The lock outlives nothing: a
// process killed by SIGKILL leaves its folder unlocked, and the next make() of any run or
// session sweeps such folders away (sweep_temp_folders).
class TempFolder {
 public:
  TempFolder() = default;
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  ~TempFolder();
  // prefix: kRunTempPrefix or kSessionTempPrefix. false with *err set when none can be made.
  bool make(const char* prefix, std::string* err);
  const std::string& path() const { return path_; }  // canonical; "" before make()

 private:
  std::string path_;
  int lock_ = -1;
};
extern const char* const kRunTempPrefix;      // "oda-run-"
extern const char* const kSessionTempPrefix;  // "oda-term-"

// Removes the temp folders under `base` whose owner is gone: folders of ours named with
// either prefix that no process holds locked. Returns how many it removed. A folder is made
// under another name and renamed once locked, so one being made is never taken for stale.
int sweep_temp_folders(const std::string& base);

// Where TempFolder makes its folders ($TMPDIR or /tmp, canonical).
std::string run_temp_base();

// Resolves `path` (relative to base when not absolute) to a canonical absolute path, the
// way the kernel would: symlinks followed (the last one only when follow_last), `..` taken
// physically. Components that do not exist are kept as written (`..` after them removes
// them). false (ELOOP in *err_no) on a symlink loop. When via is given, the canonical path
// of every symlink followed on the way is added to it (the kernel walks through those too).
bool canonical_path(std::string_view base, std::string_view path, bool follow_last,
                    std::string* out, int* err_no, std::vector<std::string>* via = nullptr);

// What a program may not reach even in danger-full-access (SPEC 4.7): another process's
// /proc/PID (its environment, command line, memory), and its own pipes to the supervisor
// through /proc/PID/fd, /proc/PID/fdinfo (also under task/TID) or /dev/fd.
enum class ProcRule { Allowed, OtherProcess, OwnFds };
// The rule canonical `path` meets, for a program whose process id is own_pid.
ProcRule proc_rule(std::string_view path, long own_pid);
// The rule in words, for the refusal: "a program reads no other process's ...".
const char* proc_rule_text(ProcRule r);

// Leaves the calling process (the worker, before the program runs) no privilege: sets
// PR_SET_NO_NEW_PRIVS, empties the capability bounding set (where the process may), the
// ambient set, and the effective, permitted and inheritable sets, so not even root reads
// another process's memory or environment past the kernel's own checks. false with *err set
// when a capability remains: the program must not run.
bool drop_privileges(std::string* err);

// The Landlock ABI the kernel offers (0: none), and the one in force after the test cap.
int kernel_abi();
int effective_abi(int force_abi);
// The enforcement apply() gives the policy on this host, found without applying anything.
Enforcement expected_enforcement(const Policy& policy);
// The ABI from which a mode is enforced in full: 3 (write, remove, create, refer, truncate).
constexpr int kFullAbi = 3;

// What applying the policy gave.
struct Applied {
  Enforcement enforcement = Enforcement::Full;
  int abi = 0;            // the ABI used (0: Landlock not applied)
  std::string note;       // why enforcement is partial, when it is
};

// Restricts the calling process (the worker, before the program runs) to the policy:
// PR_SET_NO_NEW_PRIVS, then a Landlock ruleset handling every write right the ABI knows,
// granting them only under the writable folders. Reads stay allowed everywhere. Without
// Landlock (or below kFullAbi) the enforcement is partial and our own checks carry it.
// false with *err set when the mode cannot be applied at all: the run must not start
// (kind sandbox-unavailable).
bool apply(const Policy& policy, Applied* out, std::string* err);

// apply() in two steps, for a process that must enter the sandbox between fork and exec (a
// terminal session's shell), where only async-signal-safe calls are allowed: the ruleset is
// built before the fork (fd -1: nothing to enter, as in danger-full-access or without
// Landlock; *applied says which), and entered in the child. `files` are writable in every
// mode beside /dev/null: the shell's own terminal devices.
struct Ruleset {
  int fd = -1;
  Applied applied;
};
bool build_ruleset(const Policy& policy, const std::vector<std::string>& files, Ruleset* out,
                   std::string* err);
// PR_SET_NO_NEW_PRIVS, then landlock_restrict_self(fd); true at once for fd -1. Only
// async-signal-safe calls; false when either failed.
bool enter_ruleset(int fd);

// apply() in a forked child, so the caller stays unrestricted: what applying would give.
bool trial(const Policy& policy, Applied* out, std::string* err);

// What this host can enforce, for run-code --probe-sandbox: forks a child per mode and
// applies it there.
struct ModeProbe {
  Mode mode;
  bool available = false;
  Enforcement enforcement = Enforcement::Full;
  std::string reason;     // why not available, or why partial
};
struct Probe {
  int kernel_abi = 0;
  int abi = 0;            // after the test cap
  int force_abi = -1;
  std::vector<ModeProbe> modes;
};
Probe probe(const Policy& policy);
json::Value probe_json(const Probe& p, const Policy& policy);
std::string probe_text(const Probe& p, const Policy& policy);

}  // namespace oda::sandbox
