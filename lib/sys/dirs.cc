// Folders (see dirs.h).
#include "sys/dirs.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace oda::sys {

bool make_dirs(const std::string& path, std::string* err) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i != path.size() && path[i] != '/') continue;
    std::string part = path.substr(0, i);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) {
      *err = "cannot create '" + part + "': " + std::strerror(errno);
      return false;
    }
  }
  return true;
}

}  // namespace oda::sys
