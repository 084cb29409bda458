// The file operations of a program's `fs`, each change checked against the sandbox policy.
#include "run/fs_ops.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

namespace oda::run::fs {

namespace {

// A program's heap is capped at 512 MiB; a file read whole must leave room for its string.
// The cap also stops a read of an endless device such as /dev/zero.
constexpr size_t kMaxRead = 256u << 20;

struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  ~Fd() {
    if (fd >= 0) close(fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
};

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

double ms(const struct timespec& t) { return t.tv_sec * 1000.0 + t.tv_nsec / 1e6; }

// Removes `name` under dirfd and everything beneath it, never following a symlink: the
// descent goes through directory descriptors, so a link swapped in cannot lead outside.
int remove_tree(int parent, const char* name) {
  struct stat st;
  if (fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) != 0) return errno;
  if (!S_ISDIR(st.st_mode)) return unlinkat(parent, name, 0) == 0 ? 0 : errno;
  int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return errno;
  DIR* d = fdopendir(fd);
  if (!d) {
    int e = errno;
    close(fd);
    return e;
  }
  int rc = 0;
  std::vector<std::string> names;
  while (struct dirent* ent = readdir(d)) {
    if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0) continue;
    names.emplace_back(ent->d_name);
  }
  for (const auto& n : names) {
    if ((rc = remove_tree(dirfd(d), n.c_str())) != 0) break;
  }
  closedir(d);
  if (rc != 0) return rc;
  return unlinkat(parent, name, AT_REMOVEDIR) == 0 ? 0 : errno;
}

// A NUL would cut the path the system sees short of the one we checked.
bool nul_in(std::string_view path, Error* err) {
  if (path.find('\0') == std::string_view::npos) return false;
  err->code = "ERR_INVALID_ARG_VALUE";
  err->errno_value = EINVAL;
  err->syscall.clear();
  err->path = path;
  err->denied = false;
  err->message = "The argument 'path' must be a string without null bytes";
  return true;
}

std::string parent_of(const std::string& path) {
  size_t k = path.rfind('/');
  if (k == 0 || k == std::string::npos) return "/";
  return path.substr(0, k);
}

}  // namespace

const char* errno_code(int e) {
  const char* n = strerrorname_np(e);
  return n ? n : "EIO";
}

std::string errno_reason(int e) {
  switch (e) {
    case ENOENT: return "no such file or directory";
    case EACCES: return "permission denied";
    case EEXIST: return "file already exists";
    case ENOTDIR: return "not a directory";
    case EISDIR: return "illegal operation on a directory";
    case ENOTEMPTY: return "directory not empty";
    case EPERM: return "operation not permitted";
    case EXDEV: return "cross-device link not permitted";
    case ELOOP: return "too many symbolic links encountered";
    case ENAMETOOLONG: return "name too long";
    case EROFS: return "read-only file system";
    case ENOSPC: return "no space left on device";
    case EBUSY: return "resource busy or locked";
    case EINVAL: return "invalid argument";
    case EMFILE: return "too many open files";
    case EFBIG: return "file too large";
    case EIO: return "i/o error";
    case ETXTBSY: return "text file is busy";
    default: break;
  }
  std::string s = strerror(e);
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z') s[0] = static_cast<char>(s[0] - 'A' + 'a');
  return s;
}

void system_error(int e, std::string_view syscall, std::string_view path, Error* err) {
  err->code = errno_code(e);
  err->errno_value = e;
  err->syscall = syscall;
  err->path = path;
  err->denied = false;
  err->message = err->code + ": " + errno_reason(e) + ", " + std::string(syscall) + " '" +
                 std::string(path) + "'";
}

Files::Files(sandbox::Policy policy, sandbox::Enforcement enforcement)
    : policy_(std::move(policy)), enforcement_(enforcement) {}

std::string Files::absolute(std::string_view path) const {
  if (!path.empty() && path[0] == '/') return std::string(path);
  if (path.empty() || path == ".") return policy_.workspace;
  return policy_.workspace + "/" + std::string(path);
}

bool Files::check_change(std::string_view op, std::string_view path, bool follow_last,
                         Error* err) {
  if (policy_.kernel_only && enforcement_ == sandbox::Enforcement::Full) return true;
  std::string canon;
  int e = 0;
  if (!sandbox::canonical_path(policy_.workspace, path, follow_last, &canon, &e)) {
    system_error(e, op, path, err);
    return false;
  }
  bool ok = policy_.allows_change(canon);
  // Creating, removing or renaming an entry changes its folder: a writable root itself
  // cannot be removed or replaced, as Landlock also rules.
  if (ok && !follow_last && policy_.mode != sandbox::Mode::DangerFullAccess) {
    ok = policy_.allows_change(parent_of(canon)) && canon != "/";
  }
  if (ok) return true;
  err->code = "ERR_ACCESS_DENIED";
  err->errno_value = 0;
  err->syscall.clear();
  err->path = path;
  err->denied = true;
  err->message = sandbox::denial_line(policy_.mode, enforcement_, op, path);
  last_denial_ = err->message;
  return false;
}

bool Files::read_file(std::string_view path, std::string* data, Error* err) {
  if (nul_in(path, err)) return false;
  Fd f(open(absolute(path).c_str(), O_RDONLY | O_CLOEXEC));
  if (f.fd < 0) {
    system_error(errno, "open", path, err);
    return false;
  }
  struct stat st;
  if (fstat(f.fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    system_error(EISDIR, "read", path, err);
    return false;
  }
  data->clear();
  char buf[65536];
  for (;;) {
    ssize_t n = read(f.fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      system_error(errno, "read", path, err);
      return false;
    }
    if (n == 0) break;
    if (data->size() + static_cast<size_t>(n) > kMaxRead) {
      system_error(EFBIG, "read", path, err);
      err->message += " (files over 256 MiB are not read whole)";
      return false;
    }
    data->append(buf, static_cast<size_t>(n));
  }
  return true;
}

bool Files::write_common(std::string_view op, std::string_view path, std::string_view data,
                         bool append, Error* err) {
  if (nul_in(path, err)) return false;
  if (!check_change(op, path, true, err)) return false;
  int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC);
  Fd f(open(absolute(path).c_str(), flags, 0666));
  if (f.fd < 0) {
    system_error(errno, "open", path, err);
    return false;
  }
  if (!write_all(f.fd, data)) {
    system_error(errno, "write", path, err);
    return false;
  }
  return true;
}

bool Files::write_file(std::string_view path, std::string_view data, Error* err,
                       std::string_view op) {
  return write_common(op, path, data, false, err);
}

bool Files::append_file(std::string_view path, std::string_view data, Error* err) {
  return write_common("appendFile", path, data, true, err);
}

bool Files::readdir(std::string_view path, std::vector<DirEntry>* out, Error* err) {
  if (nul_in(path, err)) return false;
  std::string abs = absolute(path);
  DIR* d = opendir(abs.c_str());
  if (!d) {
    system_error(errno, "scandir", path, err);
    return false;
  }
  out->clear();
  while (struct dirent* ent = ::readdir(d)) {
    if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0) continue;
    DirEntry de{ent->d_name};
    unsigned char t = ent->d_type;
    if (t == DT_UNKNOWN) {
      struct stat st;
      if (fstatat(dirfd(d), ent->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        t = S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ? DT_LNK : S_ISREG(st.st_mode) ? DT_REG : DT_FIFO;
      }
    }
    de.type = t == DT_REG ? 'f' : t == DT_DIR ? 'd' : t == DT_LNK ? 'l' : 'o';
    out->push_back(std::move(de));
  }
  closedir(d);
  std::sort(out->begin(), out->end(),
            [](const DirEntry& a, const DirEntry& b) { return a.name < b.name; });
  return true;
}

bool Files::stat(std::string_view path, bool follow, Stat* out, Error* err) {
  if (nul_in(path, err)) return false;
  struct stat st;
  std::string abs = absolute(path);
  if ((follow ? ::stat(abs.c_str(), &st) : ::lstat(abs.c_str(), &st)) != 0) {
    system_error(errno, follow ? "stat" : "lstat", path, err);
    return false;
  }
  *out = Stat{};
  out->is_file = S_ISREG(st.st_mode);
  out->is_dir = S_ISDIR(st.st_mode);
  out->is_symlink = S_ISLNK(st.st_mode);
  out->size = static_cast<uint64_t>(st.st_size);
  out->ino = st.st_ino;
  out->dev = st.st_dev;
  out->nlink = st.st_nlink;
  out->uid = st.st_uid;
  out->gid = st.st_gid;
  out->mode = st.st_mode;
  out->atime_ms = ms(st.st_atim);
  out->mtime_ms = ms(st.st_mtim);
  out->ctime_ms = ms(st.st_ctim);
  out->birthtime_ms = out->ctime_ms;
  struct statx sx;
  if (statx(AT_FDCWD, abs.c_str(), follow ? 0 : AT_SYMLINK_NOFOLLOW, STATX_BTIME, &sx) == 0 &&
      (sx.stx_mask & STATX_BTIME)) {
    out->birthtime_ms = sx.stx_btime.tv_sec * 1000.0 + sx.stx_btime.tv_nsec / 1e6;
  }
  return true;
}

bool Files::mkdir(std::string_view path, bool recursive, Error* err) {
  if (nul_in(path, err)) return false;
  if (!check_change("mkdir", path, false, err)) return false;
  std::string abs = absolute(path);
  if (!recursive) {
    if (::mkdir(abs.c_str(), 0777) != 0) {
      system_error(errno, "mkdir", path, err);
      return false;
    }
    return true;
  }
  std::string canon;
  int e = 0;
  if (!sandbox::canonical_path(policy_.workspace, path, false, &canon, &e)) {
    system_error(e, "mkdir", path, err);
    return false;
  }
  // Create each missing folder from the top; an existing folder (or link to one) is fine.
  size_t pos = 1;
  while (pos <= canon.size()) {
    size_t next = canon.find('/', pos);
    if (next == std::string::npos) next = canon.size();
    std::string prefix = canon.substr(0, next);
    if (::mkdir(prefix.c_str(), 0777) != 0) {
      int me = errno;
      struct stat st;
      if (me != EEXIST) {
        system_error(me, "mkdir", path, err);
        return false;
      }
      if (::stat(prefix.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        system_error(next == canon.size() ? EEXIST : ENOTDIR, "mkdir", path, err);
        return false;
      }
    }
    pos = next + 1;
  }
  return true;
}

bool Files::rm(std::string_view path, bool recursive, bool force, Error* err,
               std::string_view op) {
  if (nul_in(path, err)) return false;
  if (!check_change(op, path, false, err)) return false;
  std::string canon;
  int e = 0;
  if (!sandbox::canonical_path(policy_.workspace, path, false, &canon, &e)) {
    system_error(e, op, path, err);
    return false;
  }
  if (canon == "/") {  // not even danger-full-access takes the whole file system away
    system_error(EPERM, op, path, err);
    return false;
  }
  struct stat st;
  if (lstat(canon.c_str(), &st) != 0) {
    if (errno == ENOENT && force) return true;
    system_error(errno, op, path, err);
    return false;
  }
  if (S_ISDIR(st.st_mode) && !recursive) {
    system_error(EISDIR, op, path, err);
    err->message += " (pass { recursive: true } to remove a folder)";
    return false;
  }
  std::string parent = parent_of(canon);
  std::string name = canon.substr(parent == "/" ? 1 : parent.size() + 1);
  Fd pfd(open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (pfd.fd < 0) {
    system_error(errno, op, path, err);
    return false;
  }
  if (int rc = remove_tree(pfd.fd, name.c_str()); rc != 0) {
    if (rc == ENOENT && force) return true;
    system_error(rc, op, path, err);
    return false;
  }
  return true;
}

bool Files::rename(std::string_view from, std::string_view to, Error* err) {
  if (nul_in(from, err) || nul_in(to, err)) return false;
  if (!check_change("rename", from, false, err)) return false;
  if (!check_change("rename", to, false, err)) return false;
  if (::rename(absolute(from).c_str(), absolute(to).c_str()) != 0) {
    system_error(errno, "rename", from, err);
    err->message += " -> '" + std::string(to) + "'";
    return false;
  }
  return true;
}

bool Files::exists(std::string_view path) {
  if (path.find('\0') != std::string_view::npos) return false;
  return access(absolute(path).c_str(), F_OK) == 0;
}

// ---- UTF-8 and CESU-8 ------------------------------------------------------------------

namespace {

void put(std::string* out, uint32_t cp) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Decodes one sequence at s[i]. With allow_surrogates (CESU-8 input) an encoded surrogate
// is a code point of its own. On an ill-formed sequence returns 0xFFFD and consumes its
// maximal valid prefix (at least one byte), as the WHATWG decoder does.
uint32_t next_cp(std::string_view s, size_t* i, bool allow_surrogates) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(*i);
  if (c < 0x80) {
    ++*i;
    return c;
  }
  int len;
  uint32_t cp;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1F;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0F;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED && !allow_surrogates) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    ++*i;
    return 0xFFFD;
  }
  size_t k = *i + 1;
  for (int n = 1; n < len; ++n, ++k) {
    if (k >= s.size() || b(k) < lo || b(k) > hi) {
      *i = k;
      return 0xFFFD;
    }
    cp = (cp << 6) | (b(k) & 0x3F);
    lo = 0x80;
    hi = 0xBF;
  }
  *i = k;
  return cp;
}

}  // namespace

std::string utf8_to_cesu8(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  size_t i = 0;
  while (i < utf8.size()) {
    uint32_t cp = next_cp(utf8, &i, false);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      put(&out, 0xD800 + (cp >> 10));
      put(&out, 0xDC00 + (cp & 0x3FF));
    } else {
      put(&out, cp);
    }
  }
  return out;
}

std::string cesu8_to_utf8(std::string_view cesu8) {
  std::string out;
  out.reserve(cesu8.size());
  size_t i = 0;
  while (i < cesu8.size()) {
    uint32_t cp = next_cp(cesu8, &i, true);
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      size_t j = i;
      uint32_t low = j < cesu8.size() ? next_cp(cesu8, &j, true) : 0;
      if (low >= 0xDC00 && low <= 0xDFFF) {
        put(&out, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
        i = j;
        continue;
      }
      cp = 0xFFFD;
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      cp = 0xFFFD;
    }
    put(&out, cp);
  }
  return out;
}

}  // namespace oda::run::fs
