// /proc inspection (see procs.h).
#include "term/procs.h"

#include "sys/fd.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace oda::term {

namespace {

bool read_small(const std::string& path, std::string* out, size_t max = 4096) {
  sys::UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) return false;
  out->clear();
  char buf[4096];
  while (out->size() < max) {
    ssize_t n = read(fd.get(), buf, sizeof buf);
    if (n <= 0) break;
    out->append(buf, static_cast<size_t>(n));
  }
  return true;
}

struct Stat {
  char state = '?';
  pid_t ppid = 0, pgrp = 0, sid = 0;
};

bool read_stat(pid_t pid, Stat* st) {
  std::string s;
  if (!read_small("/proc/" + std::to_string(pid) + "/stat", &s)) return false;
  size_t r = s.rfind(')');
  if (r == std::string::npos || r + 2 >= s.size()) return false;
  int ppid = 0, pgrp = 0, sid = 0;
  char state = '?';
  if (std::sscanf(s.c_str() + r + 2, "%c %d %d %d", &state, &ppid, &pgrp, &sid) != 4) return false;
  st->state = state;
  st->ppid = ppid;
  st->pgrp = pgrp;
  st->sid = sid;
  return true;
}

std::vector<pid_t> all_pids() {
  std::vector<pid_t> pids;
  DIR* d = opendir("/proc");
  if (!d) return pids;
  while (dirent* e = readdir(d)) {
    char* end;
    long v = std::strtol(e->d_name, &end, 10);
    if (*end == '\0' && v > 0) pids.push_back(static_cast<pid_t>(v));
  }
  closedir(d);
  return pids;
}

bool fd_is(pid_t pid, long fd, dev_t tty) {
  struct stat st;
  std::string p = "/proc/" + std::to_string(pid) + "/fd/" + std::to_string(fd);
  if (stat(p.c_str(), &st) != 0 || !S_ISCHR(st.st_mode)) return false;
  // /dev/tty (getpass, ssh, sudo read passwords there) is the process's controlling
  // terminal: ours, for a process of the session's front group.
  return st.st_rdev == tty || st.st_rdev == makedev(5, 0);
}

// What one thread is blocked in: Yes when it reads the terminal; Unknown when /proc does
// not say, or when it waits in poll/select/epoll on a line-mode terminal (it may or may not
// be waiting for a line: the idle rule decides).
Reading task_reading(pid_t pid, const std::string& task_dir, dev_t tty, bool raw) {
  std::string s;
  if (!read_small(task_dir + "/syscall", &s) || s.empty()) return Reading::Unknown;
  if (s.compare(0, 7, "running") == 0) return Reading::No;
  char* end;
  long nr = std::strtol(s.c_str(), &end, 10);
  if (end == s.c_str()) return Reading::Unknown;
  long arg0 = std::strtol(end, nullptr, 16);
  switch (nr) {
    case SYS_read:
    case SYS_readv:
    case SYS_pread64:
      return fd_is(pid, arg0, tty) ? Reading::Yes : Reading::No;
#ifdef SYS_select
    case SYS_select:
#endif
#ifdef SYS_poll
    case SYS_poll:
#endif
#ifdef SYS_epoll_wait
    case SYS_epoll_wait:
#endif
    case SYS_epoll_pwait:
    case SYS_pselect6:
    case SYS_ppoll:
      if (!fd_is(pid, 0, tty)) return Reading::No;
      return raw ? Reading::Polling : Reading::Unknown;
    default:
      return Reading::No;
  }
}

// Over all threads of a process (a REPL may read in a thread of its own).
Reading process_reading(pid_t pid, dev_t tty, bool raw) {
  std::string base = "/proc/" + std::to_string(pid);
  DIR* d = opendir((base + "/task").c_str());
  // A process that is gone reads nothing. A group already reaped can stay in front for a
  // moment (the shell reaps `sleep`, then takes the terminal back), and taking that for
  // "/proc does not say" ended a wait after a quiet unfinished line as input (a flake
  // under load: `printf abc; sleep 0.7; echo def`).
  if (!d) return errno == ENOENT ? Reading::No : Reading::Unknown;
  Reading out = Reading::No;
  int tasks = 0;
  while (dirent* e = readdir(d)) {
    if (e->d_name[0] == '.') continue;
    ++tasks;
    Reading r = task_reading(pid, base + "/task/" + e->d_name, tty, raw);
    if (r == Reading::Yes) { out = r; break; }
    if (r == Reading::Polling || (r == Reading::Unknown && out == Reading::No)) out = r;
  }
  closedir(d);
  return tasks == 0 ? Reading::Unknown : out;
}

}  // namespace

Reading process_reads_terminal(pid_t pid, dev_t tty, bool raw) { return process_reading(pid, tty, raw); }

Reading reading_terminal(pid_t pgrp, dev_t tty, bool raw, pid_t* reader, bool scan_group) {
  // The group leader is nearly always the program itself; look at the others only when it
  // is not the one reading (a pipeline, a wrapper script).
  Reading best = process_reading(pgrp, tty, raw);
  if (reader) *reader = pgrp;
  if (best == Reading::Yes || !scan_group) return best;
  for (pid_t pid : all_pids()) {
    if (pid == pgrp) continue;
    Stat st;
    if (!read_stat(pid, &st) || st.pgrp != pgrp) continue;
    Reading q = process_reading(pid, tty, raw);
    bool better = q == Reading::Yes || (q == Reading::Polling && best != Reading::Polling) ||
                  (q == Reading::Unknown && best == Reading::No);
    if (better) {
      best = q;
      if (reader && q != Reading::Unknown) *reader = pid;
    }
    if (q == Reading::Yes) break;
  }
  return best;
}

long context_switches(pid_t pid) {
  std::string s;
  if (!read_small("/proc/" + std::to_string(pid) + "/status", &s, 8192)) return -1;
  long total = 0;
  for (const char* key : {"voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:"}) {
    size_t at = s.find(std::string("\n") + key);
    if (at == std::string::npos) return -1;
    total += std::strtol(s.c_str() + at + 1 + std::strlen(key), nullptr, 10);
  }
  return total;
}

std::vector<pid_t> session_processes(pid_t leader, pid_t keeper, const std::string& tag) {
  std::map<pid_t, Stat> procs;
  pid_t self = getpid();
  for (pid_t pid : all_pids()) {
    Stat st;
    if (pid != self && pid != keeper && read_stat(pid, &st) && st.state != 'Z') procs[pid] = st;
  }
  std::vector<pid_t> out;
  for (auto& [pid, st] : procs) {
    bool mine = st.sid == leader || pid == leader;
    // Walk up the parents: a descendant that left the session is still ours, and so is
    // an orphan, reparented to the keeper.
    for (pid_t p = st.ppid; !mine && p > 1;) {
      if (p == leader || (keeper > 0 && p == keeper)) { mine = true; break; }
      auto it = procs.find(p);
      if (it == procs.end()) break;
      p = it->second.ppid;
    }
    if (!mine && !tag.empty()) {
      std::string env;
      if (read_small("/proc/" + std::to_string(pid) + "/environ", &env, 1 << 20)) {
        size_t at = 0;
        while (at < env.size()) {
          size_t z = env.find('\0', at);
          if (z == std::string::npos) z = env.size();
          if (env.compare(at, z - at, tag) == 0) { mine = true; break; }
          at = z + 1;
        }
      }
    }
    if (mine) out.push_back(pid);
  }
  return out;
}

}  // namespace oda::term
