// Relaying programs seen through /proc (see relay.h).
#include "term/relay.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <string>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "sys/fd.h"

namespace oda::term {

namespace {

bool read_text(const std::string& path, std::string* out) {
  sys::UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) return false;
  char buf[4096];
  ssize_t n = read(fd.get(), buf, sizeof buf - 1);
  if (n <= 0) return false;
  out->assign(buf, static_cast<size_t>(n));
  return true;
}

// The pty index a ptmx descriptor is the master of ("tty-index:" in its fdinfo).
int pty_index(pid_t pid, const char* fd) {
  std::string info;
  if (!read_text("/proc/" + std::to_string(pid) + "/fdinfo/" + fd, &info)) return -1;
  size_t at = info.find("tty-index:");
  if (at == std::string::npos) return -1;
  return std::atoi(info.c_str() + at + 10);
}

struct TtyStat {
  pid_t pgrp = 0;
  dev_t tty = 0;
  pid_t tpgid = 0;
};

bool tty_stat(pid_t pid, TtyStat* st) {
  std::string s;
  if (!read_text("/proc/" + std::to_string(pid) + "/stat", &s)) return false;
  size_t r = s.rfind(')');
  if (r == std::string::npos || r + 2 >= s.size()) return false;
  char state;
  int ppid, pgrp, sid, tpgid;
  unsigned long tty;
  if (std::sscanf(s.c_str() + r + 2, "%c %d %d %d %lu %d", &state, &ppid, &pgrp, &sid, &tty, &tpgid) != 6) return false;
  // /proc/PID/stat packs the device as the kernel's old encoding: minor's low byte, major,
  // then the minor's high bits.
  unsigned major = (tty >> 8) & 0xfff, minor = (tty & 0xff) | ((tty >> 12) & 0xfff00);
  st->pgrp = pgrp;
  st->tty = makedev(major, minor);
  st->tpgid = tpgid;
  return true;
}

template <typename F>
void each_pid(F f) {
  DIR* d = opendir("/proc");
  if (!d) return;
  while (dirent* e = readdir(d)) {
    char* end;
    long v = std::strtol(e->d_name, &end, 10);
    if (*end == '\0' && v > 0 && f(static_cast<pid_t>(v))) break;
  }
  closedir(d);
}

}  // namespace

Relay relay_of(pid_t pid) {
  Relay out;
  std::string dir = "/proc/" + std::to_string(pid) + "/fd";
  DIR* d = opendir(dir.c_str());
  if (!d) return out;
  char link[256];
  while (dirent* e = readdir(d)) {
    if (e->d_name[0] == '.') continue;
    ssize_t n = readlinkat(dirfd(d), e->d_name, link, sizeof link - 1);
    if (n <= 0) continue;
    std::string_view target(link, static_cast<size_t>(n));
    if (target == "/dev/ptmx" || target == "/dev/pts/ptmx") {
      out = Relay{RelayKind::Pty, pid, pty_index(pid, e->d_name)};
      break;
    }
    if (target.substr(0, 8) == "socket:[") out = Relay{RelayKind::Socket, pid, -1};
  }
  closedir(d);
  return out;
}

Relay find_relay(pid_t pgrp, bool scan_group) {
  Relay r = relay_of(pgrp);
  if (r.kind != RelayKind::None || !scan_group) return r;
  each_pid([&](pid_t pid) {
    TtyStat st;
    if (pid == pgrp || !tty_stat(pid, &st) || st.pgrp != pgrp) return false;
    r = relay_of(pid);
    return r.kind == RelayKind::Pty;
  });
  return r;
}

dev_t pts_device(int index) {
  // Unix98 ptys: majors 136-143, 256 minors each.
  return makedev(136 + static_cast<unsigned>(index) / 256, static_cast<unsigned>(index) % 256);
}

pid_t terminal_front_group(dev_t dev, pid_t hint) {
  TtyStat st;
  if (hint > 0 && tty_stat(hint, &st) && st.tty == dev && st.tpgid > 0) return st.tpgid;
  pid_t front = -1;
  each_pid([&](pid_t pid) {
    if (tty_stat(pid, &st) && st.tty == dev && st.tpgid > 0) front = st.tpgid;
    return front > 0;
  });
  return front;
}

bool prompt_shaped(std::string_view line) {
  while (line.size() > 1 && line.back() == ' ' && line[line.size() - 2] == ' ') line.remove_suffix(1);
  if (line.size() < 2 || line.back() != ' ') return false;
  return std::strchr("$#%>:?]", line[line.size() - 2]) != nullptr;
}

}  // namespace oda::term
