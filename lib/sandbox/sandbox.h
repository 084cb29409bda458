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
  int force_abi = -1;                     // from ODA_SANDBOX_FORCE_ABI; -1: none
  // From ODA_SANDBOX_TEST_KERNEL_ONLY=1: our own change check stands aside so tests can see
  // the kernel deny. Honoured only under full enforcement, so it never widens access.
  bool kernel_only = false;

  // Whether a change at canonical path `path` is allowed by the mode (our own check).
  bool allows_change(std::string_view path) const;
  json::Value to_json() const;            // {"mode", "workspace", "writableRoots"}
};

// Builds the policy: mode_text from --sandbox (empty: $ODA_SANDBOX, else workspace-write),
// workspace_text from --workspace (empty: the current folder). The temp folder is $TMPDIR,
// else /tmp. false with *err set ("unknown sandbox mode 'x' (expected read-only, ...)" or
// "workspace '/x' is not a folder") when it cannot be built.
bool resolve_policy(std::string_view mode_text, std::string_view workspace_text, Policy* out,
                    std::string* err);

// The same policy in another mode (the workspace kept; the writable folders of the mode).
Policy with_mode(const Policy& base, Mode mode);

// Resolves `path` (relative to base when not absolute) to a canonical absolute path, the
// way the kernel would: symlinks followed (the last one only when follow_last), `..` taken
// physically. Components that do not exist are kept as written (`..` after them removes
// them). false (ELOOP in *err_no) on a symlink loop.
bool canonical_path(std::string_view base, std::string_view path, bool follow_last,
                    std::string* out, int* err_no);

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
