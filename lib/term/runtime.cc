// The runtime folder and the paths in it (see runtime.h).
#include "term/runtime.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace oda::term {

std::string runtime_dir() {
  if (const char* d = std::getenv("ODA_RUNTIME_DIR"); d && *d) {
    // Relative to where the call was made, fixed once (the daemon moves to /).
    if (d[0] != '/') {
      char cwd[4096];
      if (getcwd(cwd, sizeof cwd)) {
        std::string abs = std::string(cwd) + "/" + d;
        setenv("ODA_RUNTIME_DIR", abs.c_str(), 1);
        return abs;
      }
    }
    return d;
  }
  if (const char* x = std::getenv("XDG_RUNTIME_DIR"); x && *x) return std::string(x) + "/oda";
  return "/tmp/oda-" + std::to_string(getuid());
}
std::string socket_path() { return runtime_dir() + "/termd.sock"; }
std::string pid_path() { return runtime_dir() + "/termd.pid"; }
std::string lock_path() { return runtime_dir() + "/termd.sock.lock"; }

static bool check_dir(const std::string& dir, std::string* err) {
  struct stat st;
  if (lstat(dir.c_str(), &st) != 0) {
    if (errno == ENOENT) { err->clear(); return false; }
    *err = "cannot inspect runtime folder '" + dir + "': " + std::strerror(errno);
    return false;
  }
  if (S_ISLNK(st.st_mode)) { *err = "runtime folder '" + dir + "' is a symbolic link"; return false; }
  if (!S_ISDIR(st.st_mode)) { *err = "runtime folder '" + dir + "' is not a directory"; return false; }
  if (st.st_uid != getuid()) { *err = "runtime folder '" + dir + "' is not owned by you"; return false; }
  if ((st.st_mode & 077) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    *err = "runtime folder '" + dir + "' is open to others (mode " + mode + ")";
    return false;
  }
  return true;
}

bool check_runtime_dir(std::string* err) { return check_dir(runtime_dir(), err); }

bool ensure_runtime_dir(std::string* err) {
  std::string dir = runtime_dir();
  if (check_dir(dir, err)) return true;
  if (!err->empty()) return false;
  // Parents first (a test's private folder may not exist yet), each private to the user.
  for (size_t i = 1; i < dir.size(); ++i) {
    if (dir[i] != '/') continue;
    std::string parent = dir.substr(0, i);
    if (mkdir(parent.c_str(), 0700) != 0 && errno != EEXIST) break;
  }
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
    *err = "cannot create runtime folder '" + dir + "': " + std::strerror(errno);
    return false;
  }
  if (check_dir(dir, err)) return true;
  if (err->empty()) *err = "cannot create runtime folder '" + dir + "'";
  return false;
}

}  // namespace oda::term
