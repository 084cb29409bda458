// The supervisor side of a run (see supervisor.h): one poll loop over the worker's frames,
// the signal fd, and the wake pipe host-request handlers reply through.
#include "run/supervisor.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <deque>
#include <mutex>

#include "run/protocol.h"
#include "run/worker.h"

extern char** environ;

namespace oda::run {

const char* level_name(int level) {
  static const char* const kNames[] = {"log", "info", "warn", "error", "debug"};
  return level >= 0 && level <= 4 ? kNames[level] : "log";
}

namespace {

// A worker that ends its own run at the deadline needs a moment to say so; past this grace
// the supervisor kills it and reports the timeout itself.
constexpr int64_t kGraceNs = 500'000'000;

int64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// Moves fd above the worker's fixed fds (3 and 4) so dup2 onto them never meets itself.
int high_fd(int fd) {
  if (fd > kWorkerOut) return fd;
  int h = fcntl(fd, F_DUPFD_CLOEXEC, 10);
  close(fd);
  return h;
}

// The worker's whole environment: only what starting programs needs, never the caller's
// secrets.
std::vector<std::string> worker_environment() {
  std::vector<std::string> env;
  env.push_back("PATH=/usr/local/bin:/usr/bin:/bin");
  for (const char* name : {"LANG", "LC_ALL", "TZ"}) {
    if (const char* v = getenv(name)) env.push_back(std::string(name) + "=" + v);
  }
  return env;
}

class Link : public HostLink {
 public:
  explicit Link(int wake_fd) : wake_fd_(wake_fd) {}
  void reply(uint32_t id, bool ok, json::Value value) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back({id, ok, std::move(value)});
    }
    char b = 1;
    ssize_t w = ::write(wake_fd_, &b, 1);
    (void)w;
  }
  struct Item {
    uint32_t id;
    bool ok;
    json::Value value;
  };
  std::deque<Item> take() {
    std::lock_guard<std::mutex> lock(mu_);
    std::deque<Item> out;
    out.swap(queue_);
    return out;
  }

 private:
  int wake_fd_;
  std::mutex mu_;
  std::deque<Item> queue_;
};

std::string worker_status_text(int status) {
  if (WIFSIGNALED(status)) {
    const char* abbrev = sigabbrev_np(WTERMSIG(status));
    return std::string("worker killed by SIG") + (abbrev ? abbrev : std::to_string(WTERMSIG(status)).c_str());
  }
  if (WIFEXITED(status)) return "worker exited with status " + std::to_string(WEXITSTATUS(status));
  return "worker ended";
}

class Run {
 public:
  explicit Run(const RunSettings& s) : s_(s) {}
  RunOutcome go();

 private:
  bool spawn(std::string* err);
  void fail(const char* kind, std::string message) {
    if (done_) return;
    done_ = true;
    out_.ok = false;
    out_.kind = kind;
    out_.message = std::move(message);
  }
  void kill_worker() {
    if (pid_ > 0 && !reaped_) ::kill(pid_, SIGKILL);
  }
  void on_frame(char type, const std::string& payload);
  void add_line(int level, std::string text);
  void deliver_replies();
  void finish_end();

  const RunSettings& s_;
  RunOutcome out_;
  bool done_ = false;       // the outcome is decided
  bool ended_ = false;      // the worker sent its end frame
  EndFrame end_;
  pid_t pid_ = -1;
  bool reaped_ = false;
  int wstatus_ = 0;
  int to_worker_ = -1, from_worker_ = -1;
  int wake_rd_ = -1, wake_wr_ = -1;
  size_t used_ = 0;
  int pending_ = 0;
  std::unique_ptr<Link> link_;
};

bool Run::spawn(std::string* err) {
  int in[2], outp[2], wake[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(outp, O_CLOEXEC) != 0 || pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    *err = std::string("cannot create pipes: ") + std::strerror(errno);
    return false;
  }
  int child_in = high_fd(in[0]), child_out = high_fd(outp[1]);
  to_worker_ = high_fd(in[1]);
  from_worker_ = high_fd(outp[0]);
  wake_rd_ = wake[0];
  wake_wr_ = wake[1];
  fcntl(from_worker_, F_SETFL, O_NONBLOCK);

  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, child_in, kWorkerIn);
  posix_spawn_file_actions_adddup2(&fa, child_out, kWorkerOut);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) sigaddset(&defaults, sig);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  // Its own process group: a Ctrl-C at the terminal reaches the supervisor only, which then
  // ends the run as an abort with everything printed so far.
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);

  std::vector<std::string> env = worker_environment();
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  char arg0[] = "run-code", arg1[] = "--oda-worker";
  char* argv[] = {arg0, arg1, nullptr};
  int rc = posix_spawn(&pid_, "/proc/self/exe", &fa, &attr, argv, envp.data());
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(child_in);
  close(child_out);
  if (rc != 0) {
    *err = std::string("cannot start the worker: ") + std::strerror(rc);
    pid_ = -1;
    return false;
  }
  return true;
}

void Run::add_line(int level, std::string text) {
  size_t size = text.size() + 1;
  if (used_ + size > s_.output_cap) {
    size_t room = s_.output_cap > used_ + 1 ? s_.output_cap - used_ - 1 : 0;
    size_t keep = room;
    while (keep > 0 && keep < text.size() && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
    text.resize(std::min(keep, text.size()));
    if (!text.empty()) out_.output.push_back({level, std::move(text)});
    used_ = s_.output_cap;
    fail("output-limit", "output limit reached (" + std::to_string(s_.output_cap) + " bytes)");
    kill_worker();
    return;
  }
  used_ += size;
  out_.output.push_back({level, std::move(text)});
}

void Run::on_frame(char type, const std::string& payload) {
  switch (type) {
    case kOutput: {
      if (payload.empty() || payload[0] < '0' || payload[0] > '4') break;
      add_line(payload[0] - '0', payload.substr(1));
      return;
    }
    case kRequest: {
      size_t nul = payload.find('\0', 4);
      if (payload.size() < 5 || nul == std::string::npos) break;
      uint32_t id = get_u32(payload.data());
      std::string method = payload.substr(4, nul - 4);
      json::Value args;
      std::string perr;
      if (!json::parse(std::string_view(payload).substr(nul + 1), &args, &perr)) break;
      ++pending_;
      auto h = s_.handlers.find(method);
      if (h == s_.handlers.end()) {
        json::Value e = json::Value::object();
        e.set("message", "unknown host request '" + method + "'");
        link_->reply(id, false, std::move(e));
      } else {
        h->second(id, args, link_.get());
      }
      return;
    }
    case kEnd: {
      if (ended_ || !decode_end(payload, &end_)) break;
      ended_ = true;
      return;
    }
    default:
      break;
  }
  fail("protocol", "malformed frame from the worker");
  kill_worker();
}

void Run::deliver_replies() {
  char buf[256];
  while (::read(wake_rd_, buf, sizeof buf) > 0) {
  }
  for (auto& item : link_->take()) {
    --pending_;
    if (ended_ || done_) continue;  // the program is gone; the result is still recorded
    std::string payload;
    put_u32(&payload, item.id);
    payload.push_back(item.ok ? '1' : '0');
    payload += json::write(item.value);
    write_frame(to_worker_, kReply, payload);  // a dead worker shows up as EOF on its pipe
  }
}

void Run::finish_end() {
  if (done_) return;
  done_ = true;
  out_.ok = end_.ok;
  if (!end_.ok) {
    out_.kind = end_.kind;
    out_.message = end_.message;
    return;
  }
  if (end_.value.empty()) return;
  std::string perr;
  if (!json::parse(end_.value, &out_.value, &perr)) {
    out_.ok = false;
    out_.kind = "invalid-output";
    out_.message = kCompletionNotLossless;
    return;
  }
  out_.has_value = true;
  size_t size = out_.value.is_string() ? out_.value.as_string().size() : end_.value.size();
  if (used_ + size > s_.output_cap) {
    out_.ok = false;
    out_.has_value = false;
    out_.value = json::Value();
    out_.kind = "output-limit";
    out_.message = "output limit reached (" + std::to_string(s_.output_cap) + " bytes)";
  }
}

RunOutcome Run::go() {
  int64_t start = now_ns();
  int64_t deadline = start + s_.budget_ms * 1000000;

  // SIGINT/SIGTERM become readable events instead of killing the supervisor.
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  int sigfd = signalfd(-1, &block, SFD_CLOEXEC | SFD_NONBLOCK);
  struct sigaction ign {}, old_pipe {};
  ign.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ign, &old_pipe);

  std::string err;
  if (!spawn(&err)) {
    fail("worker-exit", err);
  } else {
    link_ = std::make_unique<Link>(wake_wr_);
    std::string start_frame = "deadline_ns=" + std::to_string(deadline) + "\nbudget_ms=" +
                              std::to_string(s_.budget_ms) + "\nheap_bytes=" + std::to_string(s_.heap_bytes) +
                              "\noutput_cap=" + std::to_string(s_.output_cap) +
                              "\ntest_faults=" + (s_.test_faults ? "1" : "0") + "\n\n" + s_.code;
    write_frame(to_worker_, kStart, start_frame);
  }

  FrameReader reader;
  bool worker_open = pid_ > 0;
  while (!done_) {
    if (ended_ && pending_ == 0) break;
    int64_t now = now_ns();
    if (now >= deadline + kGraceNs) {
      fail("timeout", "execution deadline reached (" + std::to_string(s_.budget_ms) + "ms)");
      kill_worker();
      break;
    }
    pollfd fds[3] = {{sigfd, POLLIN, 0}, {wake_rd_, POLLIN, 0}, {worker_open ? from_worker_ : -1, POLLIN, 0}};
    int timeout = static_cast<int>((deadline + kGraceNs - now + 999999) / 1000000);
    int r = poll(fds, 3, timeout);
    if (r < 0 && errno != EINTR) break;
    if (fds[0].revents & POLLIN) {
      signalfd_siginfo si;
      if (::read(sigfd, &si, sizeof si) == sizeof si) {
        fail("abort", std::string("run stopped by SIG") + sigabbrev_np(static_cast<int>(si.ssi_signo)));
        kill_worker();
        break;
      }
    }
    if (fds[1].revents & POLLIN) deliver_replies();
    if (fds[2].revents & (POLLIN | POLLHUP | POLLERR)) {
      FrameReader::Status st = reader.fill(from_worker_);
      char type;
      std::string payload;
      FrameReader::Status fs;
      while (!done_ && (fs = reader.next(&type, &payload)) == FrameReader::kFrame) on_frame(type, payload);
      if (!done_ && fs == FrameReader::kMalformed) {
        fail("protocol", "malformed frame from the worker");
        kill_worker();
      }
      if (st == FrameReader::kClosed) {
        worker_open = false;
        if (!ended_ && !done_) {
          kill_worker();
          waitpid(pid_, &wstatus_, 0);
          reaped_ = true;
          fail("worker-exit", worker_status_text(wstatus_));
        }
      }
    }
  }
  if (ended_) finish_end();
  if (!done_) fail("worker-exit", "the run ended without an outcome");

  if (pid_ > 0 && !reaped_) {
    // After its end frame the worker exits by itself; anything else was killed above.
    if (!ended_) kill_worker();
    waitpid(pid_, &wstatus_, 0);
  }
  for (int fd : {to_worker_, from_worker_, wake_rd_, wake_wr_, sigfd}) if (fd >= 0) close(fd);
  sigaction(SIGPIPE, &old_pipe, nullptr);
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  out_.duration_ms = static_cast<double>(now_ns() - start) / 1e6;
  return std::move(out_);
}

}  // namespace

RunOutcome supervise(const RunSettings& settings) {
  Run run(settings);
  return run.go();
}

}  // namespace oda::run
