// A terminal session's shell under the file sandbox (SPEC 3.2): the mode's policy over the
// session's folder, its Landlock ruleset built before the fork and entered by the child
// before exec, and under workspace-write a temp folder of its own. termd calls these few
// functions; the policy and the Landlock code are run-code's (sandbox.h).
#pragma once

#include <string>
#include <vector>

#include "sandbox/sandbox.h"

namespace oda::sandbox {

class ShellSandbox {
 public:
  ShellSandbox() = default;
  ShellSandbox(const ShellSandbox&) = delete;
  ShellSandbox& operator=(const ShellSandbox&) = delete;
  ~ShellSandbox();

  // `mode` over the workspace `cwd`; `terminal` is the shell's own terminal (its PTY's
  // slave), writable in every mode as /dev/tty and /dev/null are. A shell has none of
  // run-code's own checks behind the kernel, so a mode the kernel cannot enforce in full is
  // refused (*err set), never run unconfined.
  // `extra`: files the shell may write too (the daemon's state file of the session).
  bool prepare(Mode mode, const std::string& cwd, const std::string& terminal, std::string* err,
               const std::vector<std::string>& extra = {});
  // A ruleset of the same policy for another process of the session (a background job on
  // its own terminal `terminal`), as prepare built the shell's: the caller owns *fd.
  bool child_ruleset(const std::string& terminal, int* fd, std::string* err) const;
  // In the child, after fork and before exec: only async-signal-safe calls. false: the
  // shell must not start.
  bool enter() const { return enter_ruleset(ruleset_.fd); }
  // The ruleset's descriptor, for a child that enters it after more forks; -1: none.
  int ruleset_fd() const { return ruleset_.fd; }
  // In the parent once the child is forked: the ruleset is the child's alone.
  void close_ruleset();
  // What the shell's environment gets: ODA_SANDBOX=<mode> (so the tools it runs inherit the
  // mode), and under workspace-write TMPDIR=<its own temp folder>.
  std::vector<std::string> env() const;

  Mode mode() const { return policy_.mode; }
  const std::string& workspace() const { return policy_.workspace; }

 private:
  // /dev/tty, the terminal and `extra`, those of them that exist.
  static std::vector<std::string> writable_files(const std::string& terminal, const std::vector<std::string>& extra);
  Policy policy_;
  Ruleset ruleset_;
  TempFolder temp_;
};

}  // namespace oda::sandbox
