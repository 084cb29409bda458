// termd's parked MCP servers (see mcp_park.h).
#include "term/mcp_park.h"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/clock.h"

namespace oda::term {

namespace {

// The end of a server: stdin closed, TERM to its group after this long, KILL after that, and
// given up on (its pidfd closed) after the last.
constexpr int64_t kTermAfterMs = 300;
constexpr int64_t kKillAfterMs = 1300;
constexpr int64_t kGiveUpAfterMs = 3000;
constexpr size_t kMaxKey = 256;

bool exited(int pidfd) {
  pollfd p{pidfd, POLLIN, 0};
  return ::poll(&p, 1, 0) != 0;
}

// The process a pidfd stands for, from the kernel's own word (fdinfo): 0 when fd is no
// pidfd, or its process has ended.
int64_t pidfd_pid(int fd) {
  std::ifstream in(fmt::format("/proc/self/fdinfo/{}", fd));
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("Pid:")) {
      long long p = std::strtoll(line.c_str() + 4, nullptr, 10);
      return p > 0 ? p : 0;
    }
  }
  return 0;
}

// A pipe's end open for `mode` (O_RDONLY, O_WRONLY).
bool pipe_end(int fd, int mode) {
  struct stat st;
  int fl = fcntl(fd, F_GETFL);
  return fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode) && fl >= 0 && (fl & O_ACCMODE) == mode;
}

}  // namespace

int64_t McpPark::idle_from_env() {
  const char* v = std::getenv("ODA_MCP_IDLE_MS");
  if (!v || !*v) return kDefaultIdleMs;
  char* end = nullptr;
  long long ms = std::strtoll(v, &end, 10);
  return (*end == '\0' && ms >= 0) ? ms : kDefaultIdleMs;
}

bool McpPark::check_park(const json::Value& args, std::vector<sys::UniqueFd>* fds, ParkedServer* out,
                         std::string* err) {
  const json::Value* key = args.get("key");
  if (!key || !key->is_string() || key->as_string().empty() || key->as_string().size() > kMaxKey) {
    *err = fmt::format("mcp-park: 'key' must be a string of 1 to {} characters", kMaxKey);
    return false;
  }
  const json::Value* state = args.get("state");
  if (!state || !state->is_object()) {
    *err = "mcp-park: 'state' must be an object";
    return false;
  }
  const json::Value* tools = state->get("tools");
  const json::Value* next = state->get("nextId");
  const json::Value* version = state->get("protocolVersion");
  if (!tools || !tools->is_array() || !version || !version->is_string() || !next || !next->is_number() ||
      next->as_number() < 1 || next->as_number() > 9007199254740991.0 ||
      next->as_number() != static_cast<double>(static_cast<int64_t>(next->as_number()))) {
    *err = "mcp-park: 'state' needs 'tools' (an array), 'protocolVersion' (a string) and 'nextId' (a whole number from 1)";
    return false;
  }
  if (json::write(*state).size() > kMaxState) {
    *err = fmt::format("mcp-park: 'state' is larger than {} bytes", kMaxState);
    return false;
  }
  if (fds->size() != 4) {
    *err = fmt::format("mcp-park: expected 4 fds (stdin, stdout, stderr, pidfd), got {}", fds->size());
    return false;
  }
  std::vector<sys::UniqueFd>& f = *fds;
  if (!pipe_end(f[0].get(), O_WRONLY) || !pipe_end(f[1].get(), O_RDONLY) || !pipe_end(f[2].get(), O_RDONLY)) {
    *err = "mcp-park: the fds must be the server's stdin (a pipe's write end), stdout and stderr (read ends)";
    return false;
  }
  int64_t pid = pidfd_pid(f[3].get());
  if (pid <= 0) {
    *err = "mcp-park: the fourth fd is no pidfd of a live process";
    return false;
  }
  fcntl(f[2].get(), F_SETFL, fcntl(f[2].get(), F_GETFL) | O_NONBLOCK);  // drained while parked
  out->key = key->as_string();
  out->pid = pid;
  out->state = *state;
  out->in = std::move(f[0]);
  out->out = std::move(f[1]);
  out->err = std::move(f[2]);
  out->pidfd = std::move(f[3]);
  fds->clear();
  return true;
}

bool McpPark::park(ParkedServer s, int64_t now, std::string* err) {
  for (size_t i = 0; i < parked_.size(); i++) {
    if (parked_[i].chat == s.chat && parked_[i].key == s.key) {
      ParkedServer old = std::move(parked_[i]);
      parked_.erase(parked_.begin() + static_cast<long>(i));
      begin_end(std::move(old));
      break;
    }
  }
  if (parked_.size() >= kMaxParked) {
    *err = fmt::format("mcp-park: termd holds {} servers already", kMaxParked);
    return false;
  }
  s.parked_at = now;
  watch_(s.pidfd.get(), true);
  watch_(s.err.get(), true);
  parked_.push_back(std::move(s));
  return true;
}

void McpPark::unwatch(ParkedServer& s) {
  // Out of the set by hand: the taker holds the same files, so closing ours would leave them in.
  if (s.pidfd) watch_(s.pidfd.get(), false);
  if (s.err) watch_(s.err.get(), false);
}

std::optional<ParkedServer> McpPark::take(const std::string& chat, const std::string& key) {
  for (size_t i = 0; i < parked_.size(); i++) {
    if (parked_[i].chat != chat || parked_[i].key != key) continue;
    ParkedServer s = std::move(parked_[i]);
    parked_.erase(parked_.begin() + static_cast<long>(i));
    unwatch(s);
    if (exited(s.pidfd.get())) return std::nullopt;  // died just now: not handed out
    // Blocking again, as its taker reads it (the flag is the file's, shared with the taker).
    if (s.err) fcntl(s.err.get(), F_SETFL, fcntl(s.err.get(), F_GETFL) & ~O_NONBLOCK);
    return s;
  }
  return std::nullopt;
}

void McpPark::put_back(ParkedServer s) {
  if (s.err) fcntl(s.err.get(), F_SETFL, fcntl(s.err.get(), F_GETFL) | O_NONBLOCK);
  watch_(s.pidfd.get(), true);
  watch_(s.err.get(), true);
  parked_.push_back(std::move(s));
}

bool McpPark::on_fd(int fd) {
  for (size_t i = 0; i < parked_.size(); i++) {
    ParkedServer& s = parked_[i];
    if (s.pidfd.get() == fd) {
      ParkedServer dead = std::move(s);
      parked_.erase(parked_.begin() + static_cast<long>(i));
      unwatch(dead);
      return true;
    }
    if (s.err.get() == fd) {
      char buf[4096];
      ssize_t n;
      while ((n = ::read(fd, buf, sizeof buf)) > 0) {}
      // At its end it leaves the set but stays held: a taker gets all four fds.
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) watch_(fd, false);
      return true;
    }
  }
  return false;
}

void McpPark::begin_end(ParkedServer s) {
  unwatch(s);
  ending_.push_back(Ending{s.pid, std::move(s.pidfd), sys::monotonic_ms()});
  // s's stdin, stdout and stderr close here: the server sees its input end.
}

void McpPark::tick(int64_t now) {
  for (size_t i = 0; i < parked_.size();) {
    if (now - parked_[i].parked_at < idle_ms_) {
      ++i;
      continue;
    }
    ParkedServer s = std::move(parked_[i]);
    parked_.erase(parked_.begin() + static_cast<long>(i));
    begin_end(std::move(s));
  }
  int64_t t = sys::monotonic_ms();
  std::erase_if(ending_, [t](Ending& e) {
    if (exited(e.pidfd.get())) return true;
    int64_t age = t - e.started;
    // The group is signalled only while its leader lives, so its id is still its own.
    if (e.stage == 0 && age >= kTermAfterMs) {
      ::kill(static_cast<pid_t>(-e.pid), SIGTERM);
      e.stage = 1;
    } else if (e.stage == 1 && age >= kKillAfterMs) {
      ::kill(static_cast<pid_t>(-e.pid), SIGKILL);
      e.stage = 2;
    }
    return age >= kGiveUpAfterMs;
  });
}

int64_t McpPark::wait_ms(int64_t now) const {
  if (!ending_.empty()) return 20;
  int64_t w = -1;
  for (const ParkedServer& s : parked_) {
    int64_t left = std::max<int64_t>(0, s.parked_at + idle_ms_ - now);
    w = w < 0 ? left : std::min(w, left);
  }
  return w;
}

void McpPark::end_all() {
  while (!parked_.empty()) {
    ParkedServer s = std::move(parked_.back());
    parked_.pop_back();
    begin_end(std::move(s));
  }
  while (!ending_.empty()) {
    tick(0);
    if (!ending_.empty()) ::usleep(10000);
  }
}

}  // namespace oda::term
