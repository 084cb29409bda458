// The file sandbox: policy resolution, path canonicalisation, our own change check, and
// Landlock enforcement on the calling process.
#include "sandbox/sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <deque>

#include "sandbox/fs_ops.h"

namespace oda::sandbox {

const char* const kPartialLine = "File sandbox enforcement is partial on this host.";
const char* const kForceAbiVar = "ODA_SANDBOX_FORCE_ABI";
const char* const kModeVar = "ODA_SANDBOX";
const char* const kKernelOnlyVar = "ODA_SANDBOX_TEST_KERNEL_ONLY";

const char* mode_name(Mode m) {
  switch (m) {
    case Mode::ReadOnly: return "read-only";
    case Mode::WorkspaceWrite: return "workspace-write";
    case Mode::DangerFullAccess: return "danger-full-access";
  }
  return "?";
}

bool parse_mode(std::string_view text, Mode* out) {
  for (Mode m : {Mode::ReadOnly, Mode::WorkspaceWrite, Mode::DangerFullAccess}) {
    if (text == mode_name(m)) {
      *out = m;
      return true;
    }
  }
  return false;
}

bool is_wider(Mode wider, Mode base) { return static_cast<int>(wider) > static_cast<int>(base); }

const char* enforcement_name(Enforcement e) { return e == Enforcement::Full ? "full" : "partial"; }

std::string denial_line(Mode m, Enforcement e, std::string_view op, std::string_view path) {
  std::string s = "File sandbox: ";
  s += mode_name(m);
  s += "; enforcement: ";
  s += enforcement_name(e);
  s += "; operation denied: ";
  s += op;
  s += " '";
  s += path;
  s += "'";
  return s;
}

namespace {

bool under(std::string_view path, std::string_view root) {
  if (root == "/") return !path.empty() && path[0] == '/';
  if (path.size() < root.size() || path.compare(0, root.size(), root) != 0) return false;
  return path.size() == root.size() || path[root.size()] == '/';
}

// Splits "a//b/./c" into {"a", "b", "c"} (dropping empty and "." components).
void split_into(std::string_view path, std::deque<std::string>* parts, bool front) {
  std::vector<std::string> v;
  size_t i = 0;
  while (i <= path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    std::string_view c = path.substr(i, j - i);
    if (!c.empty() && c != ".") v.emplace_back(c);
    i = j + 1;
  }
  if (front) {
    parts->insert(parts->begin(), v.begin(), v.end());
  } else {
    parts->insert(parts->end(), v.begin(), v.end());
  }
}

void pop_component(std::string* cur) {
  size_t k = cur->rfind('/');
  if (k == 0 || k == std::string::npos) {
    *cur = "/";
  } else {
    cur->resize(k);
  }
}

}  // namespace

bool canonical_path(std::string_view base, std::string_view path, bool follow_last,
                    std::string* out, int* err_no, std::vector<std::string>* via) {
  std::deque<std::string> rest;
  if (path.empty() || path[0] != '/') split_into(base, &rest, false);
  split_into(path, &rest, false);
  std::string cur = "/";
  int links = 0;
  while (!rest.empty()) {
    std::string c = std::move(rest.front());
    rest.pop_front();
    if (c == "..") {
      pop_component(&cur);
      continue;
    }
    std::string next = cur == "/" ? "/" + c : cur + "/" + c;
    struct stat st;
    bool is_last = rest.empty();
    if ((!is_last || follow_last) && lstat(next.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
      if (via) via->push_back(next);  // before readlink, which may fail on what it guards
      if (++links > 40) {
        *err_no = ELOOP;
        return false;
      }
      char buf[PATH_MAX];
      ssize_t n = readlink(next.c_str(), buf, sizeof buf);
      if (n < 0) {
        *err_no = errno;
        return false;
      }
      std::string_view target(buf, static_cast<size_t>(n));
      if (!target.empty() && target[0] == '/') cur = "/";
      split_into(target, &rest, true);
      continue;
    }
    cur = std::move(next);
  }
  *out = std::move(cur);
  return true;
}

bool Policy::allows_change(std::string_view path) const {
  if (mode == Mode::DangerFullAccess) return true;
  if (mode == Mode::ReadOnly) return false;
  for (const auto& root : writable) {
    if (under(path, root)) return true;
  }
  return false;
}

json::Value Policy::to_json() const {
  json::Value v = json::Value::object();
  v.set("mode", mode_name(mode));
  v.set("workspace", workspace);
  json::Value roots = json::Value::array();
  if (mode == Mode::DangerFullAccess) {
    roots.push("/");
  } else if (mode == Mode::WorkspaceWrite) {
    for (const auto& r : writable) roots.push(r);
  }
  v.set("writableRoots", std::move(roots));
  return v;
}

namespace {

bool canonical_dir(const std::string& path, std::string* out, std::string* err) {
  char* r = realpath(path.c_str(), nullptr);
  if (!r) {
    *err = "workspace '" + path + "' cannot be used (" + strerror(errno) + ")";
    return false;
  }
  *out = r;
  free(r);
  struct stat st;
  if (stat(out->c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    *err = "workspace '" + path + "' is not a folder";
    return false;
  }
  return true;
}

}  // namespace

Policy with_mode(const Policy& base, Mode mode) {
  Policy p = base;
  p.mode = mode;
  p.writable.clear();
  if (mode != Mode::WorkspaceWrite) return p;
  p.writable.push_back(p.workspace);
  if (!p.temp.empty() && !p.allows_change(p.temp)) p.writable.push_back(p.temp);
  return p;
}

std::string run_temp_base() {
  const char* tmp = getenv("TMPDIR");
  std::string canon, ignored;
  if (tmp && *tmp && canonical_dir(tmp, &canon, &ignored)) return canon;
  return canonical_dir("/tmp", &canon, &ignored) ? canon : "/tmp";
}

const char* const kRunTempPrefix = "oda-run-";
const char* const kSessionTempPrefix = "oda-term-";

namespace {

// Where a folder is made before it is locked and renamed to its real name.
constexpr const char* kNewTempPrefix = ".oda-new-";

bool stale_candidate(const char* name) {
  for (const char* p : {kRunTempPrefix, kSessionTempPrefix}) {
    if (strncmp(name, p, strlen(p)) == 0) return true;
  }
  return false;
}

}  // namespace

int sweep_temp_folders(const std::string& base) {
  int dfd = open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return 0;
  DIR* d = fdopendir(dfd);
  if (!d) {
    close(dfd);
    return 0;
  }
  std::vector<std::pair<std::string, int>> stale;
  while (struct dirent* e = readdir(d)) {
    if (!stale_candidate(e->d_name)) continue;
    struct stat st;
    if (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode) ||
        st.st_uid != geteuid())
      continue;
    int fd = openat(dfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    // Held by its living owner, or it is stale. The lock stays ours while it is removed.
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) stale.emplace_back(e->d_name, fd);
    else close(fd);
  }
  int removed = 0;
  for (const auto& [name, fd] : stale) {
    if (fs::remove_tree(dfd, name.c_str()) == 0) ++removed;
    close(fd);
  }
  closedir(d);
  return removed;
}

TempFolder::~TempFolder() {
  if (!path_.empty()) (void)fs::remove_tree(AT_FDCWD, path_.c_str());
  if (lock_ >= 0) close(lock_);
}

bool TempFolder::make(const char* prefix, std::string* err) {
  std::string base = run_temp_base();
  sweep_temp_folders(base);
  for (int attempt = 0; attempt < 16; ++attempt) {
    std::string t = base + "/" + kNewTempPrefix + "XXXXXX";
    // mkdtemp makes the folder 0700: no other user sees what the run keeps there.
    if (!mkdtemp(t.data())) {
      *err = "cannot make the temp folder '" + base + "/" + prefix + "XXXXXX' (" + strerror(errno) + ")";
      return false;
    }
    int fd = open(t.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 || flock(fd, LOCK_EX) != 0) {
      *err = "cannot lock the temp folder '" + t + "' (" + strerror(errno) + ")";
      if (fd >= 0) close(fd);
      rmdir(t.c_str());
      return false;
    }
    std::string final_path = base + "/" + prefix + t.substr(t.size() - 6);
    if (renameat2(AT_FDCWD, t.c_str(), AT_FDCWD, final_path.c_str(), RENAME_NOREPLACE) == 0) {
      path_ = std::move(final_path);
      lock_ = fd;
      return true;
    }
    int e = errno;
    close(fd);
    rmdir(t.c_str());
    if (e != EEXIST) {
      errno = e;
      *err = "cannot make the temp folder '" + final_path + "' (" + strerror(errno) + ")";
      return false;
    }
  }
  *err = "cannot make the temp folder under '" + base + "' (every name tried was taken)";
  return false;
}

bool resolve_policy(std::string_view mode_text, std::string_view workspace_text, Policy* out,
                    std::string* err) {
  Policy p;
  std::string mode(mode_text);
  if (mode.empty()) {
    const char* env = getenv(kModeVar);
    if (env && *env) mode = env;
  }
  if (!mode.empty() && !parse_mode(mode, &p.mode)) {
    *err = "unknown sandbox mode '" + mode +
           "' (expected read-only, workspace-write or danger-full-access)";
    return false;
  }
  std::string ws(workspace_text);
  if (ws.empty()) {
    char buf[PATH_MAX];
    if (!getcwd(buf, sizeof buf)) {
      *err = std::string("cannot read the current folder (") + strerror(errno) + ")";
      return false;
    }
    ws = buf;
  }
  if (!canonical_dir(ws, &p.workspace, err)) return false;
  p = with_mode(p, p.mode);
  if (const char* f = getenv(kForceAbiVar); f && *f) {
    char* end = nullptr;
    long n = strtol(f, &end, 10);
    if (*end != '\0' || n < 0 || n > 1000) {
      *err = std::string("invalid ") + kForceAbiVar + " '" + f + "' (expected a whole number)";
      return false;
    }
    p.force_abi = static_cast<int>(n);
  }
  if (const char* k = getenv(kKernelOnlyVar); k && std::string_view(k) == "1") p.kernel_only = true;
  *out = std::move(p);
  return true;
}

// ---- What no mode reaches ------------------------------------------------------------------

ProcRule proc_rule(std::string_view path, long own_pid) {
  if (under(path, "/dev/fd")) return ProcRule::OwnFds;
  if (!under(path, "/proc") || path.size() <= 6) return ProcRule::Allowed;
  std::vector<std::string_view> parts;
  std::string_view rest = path.substr(6);
  while (!rest.empty()) {
    size_t k = rest.find('/');
    parts.push_back(rest.substr(0, k));
    rest = k == std::string_view::npos ? std::string_view() : rest.substr(k + 1);
  }
  std::string_view pid = parts[0];
  if (pid.empty() || pid.find_first_not_of("0123456789") != std::string_view::npos) {
    return ProcRule::Allowed;  // /proc/meminfo and the like; self and thread-self come resolved
  }
  if (pid != std::to_string(own_pid)) return ProcRule::OtherProcess;
  size_t i = 1;
  if (parts.size() >= 3 && parts[1] == "task") i = 3;  // a thread of our own: its own fd folder
  if (parts.size() > i && (parts[i] == "fd" || parts[i] == "fdinfo")) return ProcRule::OwnFds;
  return ProcRule::Allowed;
}

const char* proc_rule_text(ProcRule r) {
  switch (r) {
    case ProcRule::OtherProcess:
      return "a program reads no other process's /proc entries: environment, command line or memory";
    case ProcRule::OwnFds:
      return "a program reaches no file descriptor through /proc/self/fd, /proc/self/fdinfo or /dev/fd";
    case ProcRule::Allowed: break;
  }
  return "";
}

bool drop_privileges(std::string* err) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    *err = std::string("cannot drop privileges: PR_SET_NO_NEW_PRIVS failed (") + strerror(errno) + ")";
    return false;
  }
  // The bounding set can be emptied only with CAP_SETPCAP; without it, no_new_privs already
  // keeps an exec from gaining what the set still names. PR_CAPBSET_READ fails past the
  // kernel's last capability.
  for (int cap = 0;; ++cap) {
    int in = prctl(PR_CAPBSET_READ, cap, 0, 0, 0);
    if (in < 0) break;
    if (in == 1) (void)prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
  }
  (void)prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);  // EINVAL before Linux 4.3
  __user_cap_header_struct hdr{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {};
  if (syscall(SYS_capset, &hdr, data) != 0) {
    *err = std::string("cannot drop privileges: capset failed (") + strerror(errno) + ")";
    return false;
  }
  // Check, not trust: a capability left would let root read past every /proc rule.
  if (syscall(SYS_capget, &hdr, data) != 0) {
    *err = std::string("cannot drop privileges: capget failed (") + strerror(errno) + ")";
    return false;
  }
  for (const auto& d : data) {
    if (d.effective || d.permitted || d.inheritable) {
      *err = "cannot drop privileges: capabilities remain after capset";
      return false;
    }
  }
  return true;
}

// ---- Landlock ----------------------------------------------------------------------------
// Our own constants: the installed <linux/landlock.h> may predate the rights we handle.
namespace {

constexpr uint64_t kExecute = 1ULL << 0;
constexpr uint64_t kWriteFile = 1ULL << 1;
constexpr uint64_t kReadFile = 1ULL << 2;
// 1 << 3 is READ_DIR: never handled, so listing stays allowed everywhere.
constexpr uint64_t kRemoveDir = 1ULL << 4;
constexpr uint64_t kRemoveFile = 1ULL << 5;
constexpr uint64_t kMakeChar = 1ULL << 6;
constexpr uint64_t kMakeDir = 1ULL << 7;
constexpr uint64_t kMakeReg = 1ULL << 8;
constexpr uint64_t kMakeSock = 1ULL << 9;
constexpr uint64_t kMakeFifo = 1ULL << 10;
constexpr uint64_t kMakeBlock = 1ULL << 11;
constexpr uint64_t kMakeSym = 1ULL << 12;
constexpr uint64_t kRefer = 1ULL << 13;      // ABI 2
constexpr uint64_t kTruncate = 1ULL << 14;   // ABI 3
constexpr uint64_t kIoctlDev = 1ULL << 15;   // ABI 5
constexpr uint64_t kFileRights = kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev;
constexpr unsigned kCreateRulesetVersion = 1U << 0;
constexpr int kRulePathBeneath = 1;

struct RulesetAttr {
  uint64_t handled_access_fs;
};
struct PathBeneathAttr {
  uint64_t allowed_access;
  int32_t parent_fd;
} __attribute__((packed));

// The rights that change the file system, as far as ABI `abi` knows them. Reading and
// executing are never handled, so they stay allowed everywhere.
uint64_t write_rights(int abi) {
  uint64_t r = kWriteFile | kRemoveDir | kRemoveFile | kMakeChar | kMakeDir | kMakeReg |
               kMakeSock | kMakeFifo | kMakeBlock | kMakeSym;
  if (abi >= 2) r |= kRefer;
  if (abi >= 3) r |= kTruncate;
  if (abi >= 5) r |= kIoctlDev;
  return r;
}

std::string partial_note(int abi) {
  if (abi <= 0) return "Landlock is not available on this kernel; only the toolkit's own checks apply";
  if (abi == 1) return "Landlock ABI 1 cannot govern renames across folders (ABI 2) or truncation (ABI 3)";
  return "Landlock ABI " + std::to_string(abi) + " cannot govern truncation (ABI 3)";
}

std::string sys_fail(const char* what, const std::string& subject = "") {
  std::string s = "cannot apply the file sandbox: ";
  s += what;
  if (!subject.empty()) s += " '" + subject + "'";
  s += " failed (";
  s += strerror(errno);
  s += ")";
  return s;
}

bool add_rule(int ruleset, const std::string& path, uint64_t rights, std::string* err) {
  int fd = open(path.c_str(), O_PATH | O_CLOEXEC);
  if (fd < 0) {
    *err = sys_fail("opening", path);
    return false;
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) rights &= kFileRights;
  PathBeneathAttr attr{rights, fd};
  long rc = syscall(SYS_landlock_add_rule, ruleset, kRulePathBeneath, &attr, 0);
  int saved = errno;
  close(fd);
  errno = saved;
  if (rc != 0) {
    *err = sys_fail("adding the Landlock rule for", path);
    return false;
  }
  return true;
}

}  // namespace

int kernel_abi() {
  long v = syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
  return v < 0 ? 0 : static_cast<int>(v);
}

int effective_abi(int force_abi) {
  int abi = kernel_abi();
  if (force_abi >= 0 && force_abi < abi) abi = force_abi;
  return abi;
}

Enforcement expected_enforcement(const Policy& policy) {
  if (policy.mode == Mode::DangerFullAccess) return Enforcement::Full;
  return effective_abi(policy.force_abi) >= kFullAbi ? Enforcement::Full : Enforcement::Partial;
}

bool build_ruleset(const Policy& policy, const std::vector<std::string>& files, Ruleset* out,
                   std::string* err) {
  out->fd = -1;
  out->applied = Applied{};
  Applied& a = out->applied;
  if (policy.mode == Mode::DangerFullAccess) {
    a.note = "nothing to restrict";
    return true;
  }
  int abi = effective_abi(policy.force_abi);
  a.abi = abi;
  if (abi < kFullAbi) {
    a.enforcement = Enforcement::Partial;
    a.note = partial_note(abi);
  }
  if (abi == 0) return true;
  uint64_t handled = write_rights(abi);
  RulesetAttr attr{handled};
  int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
  if (ruleset < 0) {
    *err = sys_fail("creating the Landlock ruleset");
    return false;
  }
  bool ok = true;
  if (policy.mode == Mode::WorkspaceWrite) {
    for (const auto& root : policy.writable) {
      if (!(ok = add_rule(ruleset, root, handled, err))) break;
    }
  }
  // Discarding output is no change; programs and the runtime may open /dev/null to write.
  if (ok && access("/dev/null", F_OK) == 0) ok = add_rule(ruleset, "/dev/null", kWriteFile, err);
  for (size_t i = 0; ok && i < files.size(); ++i) {
    ok = add_rule(ruleset, files[i], (kWriteFile | kIoctlDev) & handled, err);
  }
  if (!ok) {
    close(ruleset);
    return false;
  }
  out->fd = ruleset;
  return true;
}

bool enter_ruleset(int fd) {
  if (fd < 0) return true;
  return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && syscall(SYS_landlock_restrict_self, fd, 0) == 0;
}

bool apply(const Policy& policy, Applied* out, std::string* err) {
  Ruleset r;
  if (!build_ruleset(policy, {}, &r, err)) return false;
  *out = r.applied;
  bool ok = enter_ruleset(r.fd);
  if (!ok) *err = sys_fail("entering the Landlock ruleset (no_new_privs, landlock_restrict_self)");
  if (r.fd >= 0) close(r.fd);
  return ok;
}

// ---- Probe -------------------------------------------------------------------------------

bool trial(const Policy& policy, Applied* out, std::string* err) {
  *out = Applied{};
  // Applying Landlock cannot be undone, so it is tried in a child of its own.
  int fds[2];
  if (pipe(fds) != 0) {
    *err = std::string("cannot try the file sandbox (") + strerror(errno) + ")";
    return false;
  }
  pid_t pid = fork();
  if (pid < 0) {
    *err = std::string("cannot try the file sandbox (") + strerror(errno) + ")";
    close(fds[0]);
    close(fds[1]);
    return false;
  }
  if (pid == 0) {
    close(fds[0]);
    Applied a;
    std::string e;
    bool ok = apply(policy, &a, &e);
    std::string msg = ok ? std::string(a.enforcement == Enforcement::Full ? "F" : "P") +
                               std::to_string(a.abi) + " " + a.note
                         : "U" + e;
    ssize_t w = write(fds[1], msg.data(), msg.size());
    (void)w;
    _exit(0);
  }
  close(fds[1]);
  std::string msg;
  char buf[512];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) msg.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  waitpid(pid, nullptr, 0);
  if (msg.empty()) {
    *err = "cannot try the file sandbox (the trial process died)";
    return false;
  }
  if (msg[0] == 'U') {
    *err = msg.substr(1);
    return false;
  }
  out->enforcement = msg[0] == 'F' ? Enforcement::Full : Enforcement::Partial;
  size_t sp = msg.find(' ');
  out->abi = atoi(msg.substr(1, sp - 1).c_str());
  out->note = msg.substr(sp + 1);
  return true;
}

Probe probe(const Policy& policy) {
  Probe p;
  p.kernel_abi = kernel_abi();
  p.force_abi = policy.force_abi;
  p.abi = effective_abi(policy.force_abi);
  for (Mode m : {Mode::ReadOnly, Mode::WorkspaceWrite, Mode::DangerFullAccess}) {
    ModeProbe mp{m};
    Policy trial_policy = with_mode(policy, m);
    Applied a;
    std::string err;
    mp.available = trial(trial_policy, &a, &err);
    mp.enforcement = a.enforcement;
    mp.reason = mp.available ? a.note : err;
    p.modes.push_back(mp);
  }
  return p;
}

json::Value probe_json(const Probe& p, const Policy& policy) {
  json::Value v = json::Value::object();
  v.set("landlockAbi", p.abi);
  v.set("kernelAbi", p.kernel_abi);
  v.set("forcedAbi", p.force_abi >= 0 ? json::Value(p.force_abi) : json::Value());
  v.set("fullEnforcementAbi", kFullAbi);
  v.set("mode", mode_name(policy.mode));
  v.set("workspace", policy.workspace);
  json::Value roots = json::Value::array();  // what workspace-write may change
  for (const auto& r : with_mode(policy, Mode::WorkspaceWrite).writable) roots.push(r);
  v.set("workspaceWriteRoots", std::move(roots));
  v.set("runTempBase", run_temp_base());  // each run's own temp folder is made under it
  json::Value modes = json::Value::array();
  for (const auto& m : p.modes) {
    json::Value o = json::Value::object();
    o.set("mode", mode_name(m.mode));
    o.set("available", m.available);
    o.set("enforcement", m.available ? json::Value(enforcement_name(m.enforcement)) : json::Value());
    o.set("reason", m.reason.empty() ? json::Value() : json::Value(m.reason));
    modes.push(std::move(o));
  }
  v.set("modes", std::move(modes));
  return v;
}

std::string probe_text(const Probe& p, const Policy& policy) {
  std::string s = "Landlock ABI: ";
  if (p.abi == 0) {
    s += "none";
  } else {
    s += std::to_string(p.abi);
  }
  if (p.force_abi >= 0 && p.abi != p.kernel_abi) {
    s += " (capped by " + std::string(kForceAbiVar) + "; the kernel offers " +
         std::to_string(p.kernel_abi) + ")";
  }
  s += "\nfull enforcement needs ABI " + std::to_string(kFullAbi) + " or later\n";
  s += "mode: " + std::string(mode_name(policy.mode)) + "\nworkspace: " + policy.workspace + "\n";
  Policy ww = with_mode(policy, Mode::WorkspaceWrite);
  s += "workspace-write may change:";
  for (const auto& r : ww.writable) s += " " + r;
  s += " and the run's own temp folder (under " + run_temp_base() + ")\n";
  for (const auto& m : p.modes) {
    s += mode_name(m.mode);
    s += ": ";
    if (!m.available) {
      s += "unavailable";
    } else {
      s += "available, enforcement ";
      s += enforcement_name(m.enforcement);
    }
    if (!m.reason.empty()) s += " (" + m.reason + ")";
    s += "\n";
  }
  return s;
}

}  // namespace oda::sandbox
