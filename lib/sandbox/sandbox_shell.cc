// A shell under the file sandbox (see sandbox_shell.h).
#include "sandbox/sandbox_shell.h"

#include <unistd.h>

namespace oda::sandbox {

ShellSandbox::~ShellSandbox() { close_ruleset(); }

void ShellSandbox::close_ruleset() {
  if (ruleset_.fd >= 0) close(ruleset_.fd);
  ruleset_.fd = -1;
}

bool ShellSandbox::prepare(Mode mode, const std::string& cwd, const std::string& terminal, std::string* err,
                           const std::vector<std::string>& extra) {
  std::string why;
  if (!resolve_policy(mode_name(mode), cwd, &policy_, &why)) {
    *err = std::string("cannot run the shell under ") + mode_name(mode) + ": " + why;
    return false;
  }
  if (mode != Mode::DangerFullAccess) {
    int abi = effective_abi(policy_.force_abi);
    if (abi < kFullAbi) {
      *err = std::string("cannot run the shell under ") + mode_name(mode) + ": the kernel offers Landlock ABI " +
             std::to_string(abi) + ", a sandboxed shell needs " + std::to_string(kFullAbi) + " or later";
      return false;
    }
  }
  if (mode == Mode::WorkspaceWrite) {
    if (!temp_.make(kSessionTempPrefix, &why)) {
      *err = std::string("cannot run the shell under ") + mode_name(mode) + ": " + why;
      return false;
    }
    policy_.temp = temp_.path();
    policy_ = with_mode(policy_, mode);
  }
  if (!build_ruleset(policy_, writable_files(terminal, extra), &ruleset_, &why)) {
    *err = std::string("cannot run the shell under ") + mode_name(mode) + ": " + why;
    return false;
  }
  return true;
}

std::vector<std::string> ShellSandbox::writable_files(const std::string& terminal, const std::vector<std::string>& extra) {
  std::vector<std::string> files;
  std::vector<std::string> wanted{"/dev/tty", terminal};
  wanted.insert(wanted.end(), extra.begin(), extra.end());
  for (const std::string& f : wanted) {
    if (!f.empty() && access(f.c_str(), F_OK) == 0) files.push_back(f);
  }
  return files;
}

bool ShellSandbox::child_ruleset(const std::string& terminal, int* fd, std::string* err) const {
  Ruleset r;
  std::string why;
  if (!build_ruleset(policy_, writable_files(terminal, {}), &r, &why)) {
    *err = std::string("cannot run the job under ") + mode_name(policy_.mode) + ": " + why;
    return false;
  }
  *fd = r.fd;
  return true;
}

std::vector<std::string> ShellSandbox::env() const {
  std::vector<std::string> env{std::string(kModeVar) + "=" + mode_name(policy_.mode)};
  if (!temp_.path().empty()) env.push_back("TMPDIR=" + temp_.path());
  return env;
}

}  // namespace oda::sandbox
