// The supervisor side of a run (see supervisor.h): one poll loop over the worker's frames,
// the signal fd, and the wake pipe host-request handlers reply through.
#include "run/supervisor.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>

#include "engine/heap_image.h"
#include "run/lowering.h"
#include "run/protocol.h"
#include "run/worker.h"
#include "sys/clock.h"

extern char** environ;

namespace oda::run {

const char* level_name(int level) {
  static const char* const kNames[] = {"log", "info", "warn", "error", "debug"};
  return level >= 0 && level <= 4 ? kNames[level] : "log";
}

void reply_with_output(HostLink* link, uint32_t id, std::string_view text) {
  json::Value v;
  std::string err;
  json::ParseError why = json::ParseError::None;
  if (json::parse(text, &v, &err, &why)) {
    link->reply(id, true, std::move(v));
  } else if (why == json::ParseError::UnsafeInteger) {
    json::Value e = json::Value::object();
    e.set("name", "TypeError");
    e.set("message", kResolutionNotLossless);
    link->reply(id, false, std::move(e));
  } else {
    link->reply(id, true, json::Value(text));
  }
}

std::string describe_worker_end(int status) {
  if (WIFSIGNALED(status)) {
    const char* abbrev = sigabbrev_np(WTERMSIG(status));
    return std::string("worker killed by SIG") + (abbrev ? abbrev : std::to_string(WTERMSIG(status)).c_str());
  }
  if (WIFEXITED(status)) {
    std::string text = "worker exited with status " + std::to_string(WEXITSTATUS(status));
    if (const char* why = worker_exit_text(WEXITSTATUS(status))) text += std::string(" (") + why + ")";
    return text;
  }
  return "worker ended";
}

void settle_end(const EndFrame& end, size_t output_used, size_t output_cap, RunOutcome* out) {
  out->ok = end.ok;
  if (!end.ok) {
    out->kind = end.kind;
    out->message = end.message;
    return;
  }
  if (end.value.empty()) return;
  std::string perr;
  if (!json::parse(end.value, &out->value, &perr)) {
    out->ok = false;
    out->kind = "invalid-output";
    out->message = kCompletionNotLossless;
    return;
  }
  out->has_value = true;
  // A string counts as its text (as printed), anything else as its JSON.
  size_t size = out->value.is_string() ? out->value.as_string().size() : end.value.size();
  if (output_used + size > output_cap) {
    out->ok = false;
    out->has_value = false;
    out->value = json::Value();
    out->kind = "output-limit";
    out->message = "output limit reached (" + std::to_string(output_cap) + " bytes)";
  }
}

namespace {

// A worker that ends its own run at the deadline needs a moment to say so; past this grace
// the supervisor kills it and reports the timeout itself.
constexpr int64_t kGraceNs = 500'000'000;

// Moves fd above the worker's fixed fds (3 and 4) so dup2 onto them never meets itself.
int high_fd(int fd) {
  if (fd > kWorkerOut) return fd;
  int h = fcntl(fd, F_DUPFD_CLOEXEC, 10);
  close(fd);
  return h;
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


class Run {
 public:
  explicit Run(const RunSettings& s) : s_(s) {}
  RunOutcome go();

 private:
  bool spawn(const std::string& start_frame, std::string* err);
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
  bool heard_ = false;      // the worker sent a frame (its compiled program may only come first)
  EndFrame end_;
  pid_t pid_ = -1;
  bool reaped_ = false;
  int wstatus_ = 0;
  int to_worker_ = -1, from_worker_ = -1;
  // Frames for the worker wait here and go out as its pipe takes them: a blocking write
  // could deadlock against a worker blocked writing its own lines to us.
  std::string outbuf_;
  size_t outpos_ = 0;
  void send(char type, std::string_view payload) {
    if (to_worker_ < 0) return;
    append_frame(&outbuf_, type, payload);
    flush();
  }
  void flush() {
    while (outpos_ < outbuf_.size()) {
      ssize_t w = ::write(to_worker_, outbuf_.data() + outpos_, outbuf_.size() - outpos_);
      if (w < 0) {
        if (errno == EINTR) continue;
        if (errno != EAGAIN) {  // the worker is gone: its end shows on the other pipe
          outbuf_.clear();
          outpos_ = 0;
        }
        break;
      }
      outpos_ += static_cast<size_t>(w);
    }
    if (outpos_ == outbuf_.size()) {
      outbuf_.clear();
      outpos_ = 0;
    }
  }
  int wake_rd_ = -1, wake_wr_ = -1;
  size_t used_ = 0;
  int pending_ = 0;
  std::unique_ptr<Link> link_;
};

// A started worker: its pid and the supervisor's ends of its two pipes.
struct Started {
  pid_t pid = -1;
  int to = -1, from = -1;
};

// Forks the worker. A fork without exec: the worker starts in well under a millisecond,
// with the engine and its heap image already mapped. It keeps nothing of the caller: a new
// process group (a Ctrl-C at the terminal reaches the supervisor only, which ends the run as
// an abort with everything printed so far), fds 0-2 on /dev/null and its two pipe ends,
// default signals, and an environment cut down to what starting programs needs. before_fork
// runs with the pipes made (the start frame can go in before the worker exists).
bool start_worker(Started* w, std::string* err, const std::function<void(int to)>& before_fork) {
  int in[2], outp[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(outp, O_CLOEXEC) != 0) {
    *err = std::string("cannot create pipes: ") + std::strerror(errno);
    return false;
  }
  int child_in = high_fd(in[0]), child_out = high_fd(outp[1]);
  w->to = high_fd(in[1]);
  w->from = high_fd(outp[0]);
  fcntl(w->from, F_SETFL, O_NONBLOCK);
  fcntl(w->to, F_SETFL, O_NONBLOCK);
  if (before_fork) before_fork(w->to);
  std::vector<std::string> env = worker_environment();
  engine::image::read_environment();
  prepare_lower_cache();
  pid_t parent = getpid();
  w->pid = fork();
  if (w->pid < 0) {
    *err = std::string("cannot start the worker: ") + std::strerror(errno);
    close(child_in);
    close(child_out);
    return false;
  }
  if (w->pid == 0) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(static_cast<int>(WorkerExit::kOrphaned));
    int null_fd = open("/dev/null", O_RDWR);
    for (int fd = 0; fd < 3; ++fd) dup2(null_fd, fd);
    dup2(child_in, kWorkerIn);
    dup2(child_out, kWorkerOut);
    close_range(kWorkerOut + 1, ~0U, 0);
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    for (int sig : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) sigaction(sig, &dfl, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    // The caller's variables are wiped from the copied memory too (so not even
    // /proc/PID/environ shows them), then the short list goes in.
    for (char** e = environ; e && *e; ++e) std::memset(*e, 0, std::strlen(*e));
    clearenv();
    for (auto& e : env) putenv(e.data());
    _exit(worker_main());
  }
  close(child_in);
  close(child_out);
  return true;
}

// The worker start_early() made, until a run adopts it.
Started g_early;

bool Run::spawn(const std::string& start_frame, std::string* err) {
  int wake[2];
  if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    *err = std::string("cannot create pipes: ") + std::strerror(errno);
    return false;
  }
  wake_rd_ = wake[0];
  wake_wr_ = wake[1];
  Started w;
  if (g_early.pid > 0) {
    std::swap(w, g_early);
    to_worker_ = w.to;
    send(kStart, start_frame);
  } else {
    // The start frame goes into the pipe before the fork (what fits; the rest follows from
    // the loop), so the worker never waits for the supervisor to be scheduled to send it.
    if (!start_worker(&w, err, [&](int to) {
          to_worker_ = to;
          send(kStart, start_frame);
        }))
      return false;
  }
  pid_ = w.pid;
  to_worker_ = w.to;
  from_worker_ = w.from;
  return true;
}

void Run::add_line(int level, std::string text) {
  if (out_.output.size() >= kMaxLines) {
    fail("output-limit", "output limit reached (" + std::to_string(kMaxLines) + " lines)");
    kill_worker();
    return;
  }
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
  bool first = !heard_;
  heard_ = true;
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
    case kCompiled:
      // The worker compiles before the program runs: a compiled program after any other
      // frame, or a second one, is the program's making (it would go into the program cache
      // as what this code runs next time).
      if (!first) {
        fail("protocol", "compiled program out of turn from the worker");
        kill_worker();
        return;
      }
      store_program(s_.code, payload);
      return;
    case kEnd: {
      if (ended_ || !decode_end(payload, &end_)) break;
      ended_ = true;
      if (s_.on_program_end) s_.on_program_end(end_.ok);
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
    send(kReply, payload);
  }
}

void Run::finish_end() {
  if (done_) return;
  done_ = true;
  settle_end(end_, used_, s_.output_cap, &out_);
}

RunOutcome Run::go() {
  int64_t start = sys::monotonic_ns();
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

  StartFrame start_frame;
  start_frame.deadline_ns = deadline;
  start_frame.budget_ms = s_.budget_ms;
  start_frame.heap_bytes = s_.heap_bytes;
  start_frame.output_cap = s_.output_cap;
  start_frame.test_faults = s_.test_faults;
  start_frame.settings.insert(s_.worker_settings.begin(), s_.worker_settings.end());
  start_frame.code = s_.code;
  std::string err;
  if (!spawn(encode_start(start_frame), &err)) {
    fail("worker-exit", err);
  } else {
    link_ = std::make_unique<Link>(wake_wr_);
  }

  FrameReader reader;
  bool worker_open = pid_ > 0;
  while (!done_) {
    if (ended_ && pending_ == 0) break;
    int64_t now = sys::monotonic_ns();
    if (now >= deadline + kGraceNs) {
      fail("timeout", "execution deadline reached (" + std::to_string(s_.budget_ms) + "ms)");
      kill_worker();
      break;
    }
    pollfd fds[4] = {{sigfd, POLLIN, 0},
                     {wake_rd_, POLLIN, 0},
                     {worker_open ? from_worker_ : -1, POLLIN, 0},
                     {outbuf_.empty() ? -1 : to_worker_, POLLOUT, 0}};
    int timeout = static_cast<int>((deadline + kGraceNs - now + 999999) / 1000000);
    int r = poll(fds, 4, timeout);
    if (fds[3].revents) flush();
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
          fail("worker-exit", describe_worker_end(wstatus_));
        }
      }
    }
  }
  if (ended_) finish_end();
  if (!done_) fail("worker-exit", "the run ended without an outcome");

  if (pid_ > 0 && !reaped_) {
    // After its end frame the worker is exiting by itself: the answer does not wait for its
    // teardown (a fifth of a short run). It is reaped here when already gone, else by init
    // once run-code exits (and PR_SET_PDEATHSIG ends it then at the latest). Anything else
    // was killed above and is waited for.
    if (ended_) {
      waitpid(pid_, &wstatus_, WNOHANG);
    } else {
      kill_worker();
      waitpid(pid_, &wstatus_, 0);
    }
  }
  if (s_.on_close) s_.on_close();
  for (int fd : {to_worker_, from_worker_, wake_rd_, wake_wr_, sigfd}) if (fd >= 0) close(fd);
  sigaction(SIGPIPE, &old_pipe, nullptr);
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  out_.duration_ms = static_cast<double>(sys::monotonic_ns() - start) / 1e6;
  return std::move(out_);
}

}  // namespace

void start_early() {
  if (g_early.pid > 0) return;
  std::string err;
  Started w;
  if (start_worker(&w, &err, nullptr)) g_early = w;
}

RunOutcome supervise(const RunSettings& settings) {
  Run run(settings);
  return run.go();
}

std::vector<std::string> worker_environment() {
  std::vector<std::string> env;
  env.push_back("PATH=/usr/local/bin:/usr/bin:/bin");
  for (const char* name : {"LANG", "LC_ALL", "TZ"}) {
    if (const char* v = getenv(name)) env.push_back(std::string(name) + "=" + v);
  }
  return env;
}

}  // namespace oda::run
