// The file operations behind a program's `fs` global, as plain C++: paths relative to the
// workspace, every change checked against the sandbox policy before the system sees it,
// errors shaped like Node's (code, the system's reason, the syscall and the path).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sandbox/sandbox.h"
#include "engine/utf8.h"

namespace oda::sandbox::fs {

struct Error {
  std::string code;      // "ENOENT", "EACCES", ...; "ERR_ACCESS_DENIED" for a sandbox denial
  std::string message;   // "ENOENT: no such file or directory, open 'notes.txt'" or the
                         // denial line of sandbox::denial_line
  std::string syscall;   // "open", "mkdir", ...; empty for a denial
  std::string path;      // as the program gave it
  int errno_value = 0;   // 0 for a denial
  bool denied = false;
};

struct Stat {
  bool is_file = false, is_dir = false, is_symlink = false;
  uint64_t size = 0, ino = 0, dev = 0, nlink = 0, uid = 0, gid = 0;
  uint32_t mode = 0;
  double atime_ms = 0, mtime_ms = 0, ctime_ms = 0, birthtime_ms = 0;
};

struct DirEntry {
  std::string name;
  char type = '?';       // 'f' file, 'd' folder, 'l' symlink, 'o' other
};

// One run's file operations under one policy. Not thread-safe; the worker has one.
class Files {
 public:
  Files(sandbox::Policy policy, sandbox::Enforcement enforcement);

  bool read_file(std::string_view path, std::string* data, Error* err);
  // `op` names the call in a denial and an error (copyFile writes, unlink removes).
  bool write_file(std::string_view path, std::string_view data, Error* err,
                  std::string_view op = "writeFile");
  bool append_file(std::string_view path, std::string_view data, Error* err);
  // Names sorted bytewise, so a listing reads the same on every run.
  bool readdir(std::string_view path, std::vector<DirEntry>* out, Error* err);
  bool stat(std::string_view path, bool follow, Stat* out, Error* err);
  bool mkdir(std::string_view path, bool recursive, Error* err);
  bool rm(std::string_view path, bool recursive, bool force, Error* err,
          std::string_view op = "rm");
  bool rename(std::string_view from, std::string_view to, Error* err);
  bool exists(std::string_view path);

  // The absolute path an operation on `path` uses (joined to the workspace, not resolved).
  std::string absolute(std::string_view path) const;
  // The last denial line, "" when nothing was denied: a failed run repeats it.
  const std::string& last_denial() const { return last_denial_; }
  const sandbox::Policy& policy() const { return policy_; }
  sandbox::Enforcement enforcement() const { return enforcement_; }

 private:
  // What no mode reaches (sandbox::proc_rule), checked on the path and on every symlink the
  // walk to it passes, the last one included: true when allowed; else *err holds the refusal
  // naming the path and the rule.
  bool check_reach(std::string_view op, std::string_view path, Error* err);
  void deny(std::string_view path, std::string message, Error* err);
  // An open_reachable that failed: the system's error, or the refusal of the file it met.
  bool opened_badly(std::string_view op, std::string_view path, sandbox::ProcRule rule, Error* err);
  // Our own check of a change: true when allowed; else *err holds the denial.
  bool check_change(std::string_view op, std::string_view path, bool follow_last, Error* err);
  bool write_common(std::string_view op, std::string_view path, std::string_view data,
                    bool append, Error* err);

  sandbox::Policy policy_;
  sandbox::Enforcement enforcement_;
  long own_pid_;  // the worker's: its own /proc entries stay readable
  std::string last_denial_;
};

// Removes `name` under the folder open as `parent` and everything beneath it, never following
// a symlink. 0, or the errno that stopped it.
int remove_tree(int parent, const char* name);

// Opens `path` for a program so that what no mode reaches stays out of reach also when a link
// on the way is swapped after the checks: with openat2 and RESOLVE_NO_MAGICLINKS where the
// kernel has it (no /proc/PID/fd link is followed), and, for a file of /proc, the opened file
// itself (its /proc/self/fd entry) held to sandbox::proc_rule for own_pid. -1 with errno set
// when the open failed; -1 with *rule set (errno EACCES) when the file opened is refused.
int open_reachable(const std::string& path, int flags, mode_t mode, long own_pid, sandbox::ProcRule* rule);

// Fills *err from errno `e` the way Node words it: "<CODE>: <reason>, <syscall> '<path>'".
void system_error(int e, std::string_view syscall, std::string_view path, Error* err);
// The errno name ("ENOENT") and Node's reason ("no such file or directory").
const char* errno_code(int e);
std::string errno_reason(int e);

}  // namespace oda::sandbox::fs
