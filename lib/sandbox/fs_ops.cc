// The file operations of a program's `fs`, each change checked against the sandbox policy.
#include "sandbox/fs_ops.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <linux/magic.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

#include "sys/fd.h"

namespace oda::sandbox::fs {

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

double ms(const struct timespec& t) { return t.tv_sec * 1000.0 + t.tv_nsec / 1e6; }

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

int open_reachable(const std::string& path, int flags, mode_t mode, long own_pid, sandbox::ProcRule* rule) {
  *rule = sandbox::ProcRule::Allowed;
  open_how how{};
  how.flags = static_cast<uint64_t>(flags);
  how.mode = (flags & O_CREAT) ? mode : 0;
  how.resolve = RESOLVE_NO_MAGICLINKS;
  int fd = static_cast<int>(syscall(SYS_openat2, AT_FDCWD, path.c_str(), &how, sizeof how));
  // Before Linux 5.6 (or where a filter refuses the call) the plain open, checked below.
  if (fd < 0 && (errno == ENOSYS || errno == EPERM)) fd = open(path.c_str(), flags, mode);
  if (fd < 0) return -1;
  struct statfs sf;
  if (fstatfs(fd, &sf) == 0 && sf.f_type == PROC_SUPER_MAGIC) {
    // The file as the kernel opened it, whatever the path said on the way.
    char link[64], target[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    std::string opened = n > 0 ? std::string(target, static_cast<size_t>(n)) : std::string("/proc/0");
    *rule = sandbox::proc_rule(opened, own_pid);
    if (*rule != sandbox::ProcRule::Allowed) {
      close(fd);
      errno = EACCES;
      return -1;
    }
  }
  return fd;
}

// The descent goes through directory descriptors, so a link swapped in cannot lead outside.
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
    : policy_(std::move(policy)), enforcement_(enforcement), own_pid_(getpid()) {}

std::string Files::absolute(std::string_view path) const {
  if (!path.empty() && path[0] == '/') return std::string(path);
  if (path.empty() || path == ".") return policy_.workspace;
  return policy_.workspace + "/" + std::string(path);
}

void Files::deny(std::string_view path, std::string message, Error* err) {
  err->code = "ERR_ACCESS_DENIED";
  err->errno_value = 0;
  err->syscall.clear();
  err->path = path;
  err->denied = true;
  err->message = std::move(message);
  last_denial_ = err->message;
}

bool Files::check_reach(std::string_view op, std::string_view path, Error* err) {
  // Never skipped (not even by kernel_only): Landlock does not govern reads, so nothing else
  // holds these rules. One walk following the last link covers the walk that does not too:
  // that one ends at the last link's own path, which `via` holds.
  std::string canon;
  std::vector<std::string> via;
  int e = 0;
  // A loop is reported by the operation itself; the links before it were collected.
  if (sandbox::canonical_path(policy_.workspace, path, true, &canon, &e, &via)) {
    via.push_back(std::move(canon));
  }
  for (const auto& p : via) {
    sandbox::ProcRule r = sandbox::proc_rule(p, own_pid_);
    if (r == sandbox::ProcRule::Allowed) continue;
    deny(path, sandbox::denial_line(policy_.mode, enforcement_, op, path) + " (" +
             sandbox::proc_rule_text(r) + ")",
         err);
    return false;
  }
  return true;
}

bool Files::opened_badly(std::string_view op, std::string_view path, sandbox::ProcRule rule, Error* err) {
  if (rule == sandbox::ProcRule::Allowed) {
    system_error(errno, "open", path, err);
  } else {
    deny(path, sandbox::denial_line(policy_.mode, enforcement_, op, path) + " (" + sandbox::proc_rule_text(rule) + ")",
         err);
  }
  return false;
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
  deny(path, sandbox::denial_line(policy_.mode, enforcement_, op, path), err);
  return false;
}

bool Files::read_file(std::string_view path, std::string* data, Error* err) {
  if (nul_in(path, err) || !check_reach("readFile", path, err)) return false;
  sandbox::ProcRule rule;
  Fd f(open_reachable(absolute(path), O_RDONLY | O_CLOEXEC, 0, own_pid_, &rule));
  if (f.fd < 0) return opened_badly("readFile", path, rule, err);
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
  if (nul_in(path, err) || !check_reach(op, path, err)) return false;
  if (!check_change(op, path, true, err)) return false;
  int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC);
  sandbox::ProcRule rule;
  Fd f(open_reachable(absolute(path), flags, 0666, own_pid_, &rule));
  if (f.fd < 0) return opened_badly(op, path, rule, err);
  if (!sys::write_all(f.fd, data)) {
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
  if (nul_in(path, err) || !check_reach("readdir", path, err)) return false;
  sandbox::ProcRule rule;
  int dfd = open_reachable(absolute(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0, own_pid_, &rule);
  DIR* d = dfd >= 0 ? fdopendir(dfd) : nullptr;
  if (!d) {
    if (dfd >= 0) close(dfd);
    if (rule != sandbox::ProcRule::Allowed) return opened_badly("readdir", path, rule, err);
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
  if (nul_in(path, err) || !check_reach(follow ? "stat" : "lstat", path, err)) return false;
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
  if (nul_in(path, err) || !check_reach("mkdir", path, err)) return false;
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
  if (nul_in(path, err) || !check_reach(op, path, err)) return false;
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
  if (!check_reach("rename", from, err) || !check_reach("rename", to, err)) return false;
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
  // What a program may not reach does not exist for it; asking is no denial to repeat.
  Error ignored;
  std::string denial = last_denial_;
  if (!check_reach("exists", path, &ignored)) {
    last_denial_ = std::move(denial);
    return false;
  }
  return access(absolute(path).c_str(), F_OK) == 0;
}

}  // namespace oda::sandbox::fs
