// The client's two transports (see client_transport.h): a child process on pipes, and
// streamable HTTP on libcurl.
#include "mcp/client_transport.h"

#include <fmt/core.h>

#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include "calls/curl.h"
#include "mcp/client.h"
#include "mcp/jsonrpc.h"
#include "mcp/tools.h"
#include "sys/clock.h"

namespace oda::mcp::client {

namespace {

// A message longer than this is no answer we could use (the run's output cap).
constexpr size_t kMaxMessage = size_t{64} << 20;
// What is kept of a server's stderr, for the message that says why it died.
constexpr size_t kStderrTail = 4096;

std::string last_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  size_t nl = text.rfind('\n');
  return nl == std::string::npos ? text : text.substr(nl + 1);
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const char* abbrev = sigabbrev_np(WTERMSIG(status));
    return fmt::format("was killed by SIG{}", abbrev ? abbrev : std::to_string(WTERMSIG(status)));
  }
  return "ended";
}

int pidfd_open(pid_t pid) { return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)); }

// Waits up to ms (-1: without end) for the process behind pidfd to exit; true once it has.
bool exited_within(int pidfd, int64_t ms) {
  int64_t until = ms < 0 ? -1 : sys::monotonic_ms() + ms;
  for (;;) {
    pollfd p{pidfd, POLLIN, 0};
    int left = until < 0 ? -1 : static_cast<int>(std::max<int64_t>(0, until - sys::monotonic_ms()));
    int r = ::poll(&p, 1, left);
    if (r > 0) return true;
    if (r == 0) return false;
    if (errno != EINTR) return true;
  }
}

// ------------------------------------------------------------------------------ stdio

class StdioTransport : public Transport {
 public:
  StdioTransport(const ServerConfig& config, Connection* c) : config_(config), conn_(c) {}
  StdioTransport(const ServerConfig& config, Connection* c, Handover h) : config_(config), conn_(c), adopted_(true) {
    child_.pid = static_cast<pid_t>(h.pid);
    child_.in = std::move(h.in);
    child_.out = std::move(h.out);
    child_.err = std::move(h.err);
    pidfd_ = std::move(h.pidfd);
  }
  ~StdioTransport() override { close(); }

  bool open(std::string* err) override {
    if (!adopted_) {
      std::vector<std::string> env = server_environment(config_);
      if (!spawn(config_.command, &child_, &env, config_.cwd)) {
        *err = std::strerror(errno);
        return false;
      }
      pidfd_.reset(pidfd_open(child_.pid));  // none (an old kernel): it is never handed over
    }
    stop_.reset(::eventfd(0, EFD_CLOEXEC));
    writer_ = std::make_unique<jsonrpc::Writer>(child_.in.get());
    lines_ = std::make_unique<jsonrpc::LineReader>(child_.out.get(), kMaxMessage, stop_.get());
    stderr_thread_ = std::thread([this] { read_stderr(); });
    reader_thread_ = std::thread([this] { read_stdout(); });
    return true;
  }

  int64_t pid() const override { return child_.pid; }

  bool hand_over(Handover* h) override {
    if (closed_ || !pidfd_ || !stop_) return false;
    uint64_t one = 1;
    if (::write(stop_.get(), &one, sizeof one) != sizeof one) return false;
    if (reader_thread_.joinable()) reader_thread_.join();
    if (stderr_thread_.joinable()) stderr_thread_.join();
    // Only a server that is still there, with no message half read, can be handed on.
    if (!stopped_ || lines_->held() > 0 || exited_within(pidfd_.get(), 0)) return false;
    closed_ = true;
    std::lock_guard lock(send_mu_);
    writer_.reset();
    h->pid = child_.pid;
    h->in = std::move(child_.in);
    h->out = std::move(child_.out);
    h->err = std::move(child_.err);
    h->pidfd = std::move(pidfd_);
    child_.pid = -1;
    return true;
  }

  bool send(const std::string& message, const calls::CancelFlag*, std::string* err) override {
    std::lock_guard lock(send_mu_);
    if (!writer_ || !writer_->send(message)) {
      *err = fmt::format("mcp server '{}' is not reading its input", config_.name);
      return false;
    }
    return true;
  }

  void kill() override {
    std::lock_guard lock(reap_mu_);
    if (child_.pid > 0 && !reaped_) ::kill(-child_.pid, SIGKILL);
  }

  void close() override {
    if (closed_.exchange(true)) return;
    {
      std::lock_guard lock(send_mu_);
      writer_.reset();
      child_.in.reset();  // the specification's first step: the server sees its input end
    }
    if (child_.pid > 0) {
      if (!reap_within(300)) {
        ::kill(-child_.pid, SIGTERM);
        if (!reap_within(1000)) {
          ::kill(-child_.pid, SIGKILL);
          reap_within(-1);
        }
      }
      ::kill(-child_.pid, SIGKILL);  // whatever it left in its group
    }
    if (reader_thread_.joinable()) reader_thread_.join();
    if (stderr_thread_.joinable()) stderr_thread_.join();
  }

 private:
  // Reaps the server within ms (-1: waits); true once it is reaped.
  bool reap_within(int64_t ms) {
    if (adopted_) {
      // Not our child: its end shows on the pidfd, and its status is its parent's.
      std::lock_guard lock(reap_mu_);
      if (!reaped_ && exited_within(pidfd_.get(), ms)) reaped_ = true;
      return reaped_;
    }
    int64_t until = sys::monotonic_ms() + ms;
    for (;;) {
      {
        std::lock_guard lock(reap_mu_);
        if (reaped_) return true;
        int status = 0;
        pid_t r = ::waitpid(child_.pid, &status, ms < 0 ? 0 : WNOHANG);
        if (r == child_.pid) {
          reaped_ = true;
          status_ = status;
          return true;
        }
        if (r < 0 && errno != EINTR) {
          reaped_ = true;
          return true;
        }
      }
      if (ms >= 0 && sys::monotonic_ms() >= until) return false;
      ::usleep(2000);
    }
  }

  void read_stdout() {
    std::string line;
    for (;;) {
      auto st = lines_->next(&line);
      if (st == jsonrpc::LineReader::Status::Stopped) {
        stopped_ = true;
        return;
      }
      if (st == jsonrpc::LineReader::Status::End) break;
      if (st == jsonrpc::LineReader::Status::TooLong) {
        conn_->on_message("{\"message too long\"");  // reported as malformed, and the server ended
        continue;
      }
      conn_->on_message(line);
    }
    // Its output ended: it exited, or it closed stdout. Either way it is gone to us.
    std::string why = "closed its output";
    if (reap_within(500)) why = adopted_ ? "exited" : describe_status(status_);
    if (stderr_thread_.joinable()) {
      // stderr ends with the process; its last words say why.
      for (int i = 0; i < 50 && !stderr_done_; i++) ::usleep(2000);
    }
    std::string tail;
    {
      std::lock_guard lock(stderr_mu_);
      tail = last_line(stderr_);
    }
    conn_->on_closed(tail.empty() ? why : why + ": " + tail);
  }

  void read_stderr() {
    char buf[4096];
    for (;;) {
      pollfd p[2] = {{child_.err.get(), POLLIN, 0}, {stop_.get(), POLLIN, 0}};
      if (::poll(p, 2, -1) < 0 && errno == EINTR) continue;
      if (p[1].revents) return;  // handed over: what it says next is its next reader's
      ssize_t n = ::read(child_.err.get(), buf, sizeof buf);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n <= 0) break;
      std::lock_guard lock(stderr_mu_);
      stderr_.append(buf, static_cast<size_t>(n));
      if (stderr_.size() > 2 * kStderrTail) stderr_.erase(0, stderr_.size() - kStderrTail);
    }
    stderr_done_ = true;
  }

  ServerConfig config_;
  Connection* conn_;
  bool adopted_ = false;
  Spawned child_;
  sys::UniqueFd pidfd_, stop_;
  std::unique_ptr<jsonrpc::LineReader> lines_;
  std::atomic<bool> stopped_{false};
  std::mutex send_mu_;
  std::unique_ptr<jsonrpc::Writer> writer_;
  std::thread reader_thread_, stderr_thread_;
  std::mutex reap_mu_;
  bool reaped_ = false;
  int status_ = 0;
  std::atomic<bool> closed_{false};
  std::mutex stderr_mu_;
  std::string stderr_;
  std::atomic<bool> stderr_done_{false};
};

// ------------------------------------------------------------------------------- HTTP

class HttpTransport : public Transport {
 public:
  HttpTransport(const ServerConfig& config, Connection* c) : config_(config), conn_(c) {}
  ~HttpTransport() override { close(); }

  bool open(std::string* err) override {
    const calls::Curl& c = calls::curl();
    if (!c.ok) {
      *err = c.error;
      return false;
    }
    return true;
  }

  bool send(const std::string& message, const calls::CancelFlag* cancel, std::string* err) override {
    return post("POST", message, cancel, err);
  }

  // Initialize is done once the version is known: from then on the server may send its own
  // requests (roots/list) and notifications on the standalone stream a GET opens.
  void set_protocol_version(const std::string& v) override {
    {
      std::lock_guard lock(mu_);
      version_ = v;
    }
    listener_ = std::thread([this] {
      std::string ignored;
      post("GET", "", nullptr, &ignored);
    });
  }

  void kill() override { dead_ = true; }

  void close() override {
    if (closed_.exchange(true)) return;
    stopping_ = true;
    std::string session;
    {
      std::lock_guard lock(mu_);
      session = session_;
    }
    // The specification's end of a session: a DELETE, which a server may refuse. One that
    // takes it closes the standalone stream too, so the listener ends now rather than at
    // curl's next idle progress call (within a second).
    std::string ignored;
    if (!session.empty() && !dead_) post("DELETE", "", nullptr, &ignored);
    if (listener_.joinable()) listener_.join();
  }

 private:
  struct Exchange {
    HttpTransport* self;
    const calls::CancelFlag* cancel;
    std::string content_type;
    std::string body;     // all of a JSON answer; the unread part of an event stream
    std::string data;     // the event being read
    bool stream = false;
    bool decided = false;
    bool listening = false;  // the standalone GET stream
  };

  static size_t on_header(char* p, size_t size, size_t n, void* ud) {
    auto* x = static_cast<Exchange*>(ud);
    std::string h(p, size * n);
    size_t colon = h.find(':');
    if (colon == std::string::npos) return size * n;
    std::string name = h.substr(0, colon);
    for (auto& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    std::string value = h.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ')) value.erase(0, 1);
    while (!value.empty() && (value.back() == '\r' || value.back() == '\n' || value.back() == ' ')) value.pop_back();
    if (name == "content-type") x->content_type = value;
    if (name == "mcp-session-id") {
      std::lock_guard lock(x->self->mu_);
      x->self->session_ = value;
    }
    return size * n;
  }

  // An event stream's lines as they come: each event's data is one message.
  void take_lines(Exchange* x) {
    size_t nl;
    while ((nl = x->body.find('\n')) != std::string::npos) {
      std::string line = x->body.substr(0, nl);
      x->body.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) {
        if (!x->data.empty()) conn_->on_message(x->data);
        x->data.clear();
      } else if (line.starts_with("data:")) {
        std::string d = line.substr(5);
        if (!d.empty() && d[0] == ' ') d.erase(0, 1);
        if (!x->data.empty()) x->data += "\n";
        x->data += d;
      }
    }
  }

  static size_t on_body(char* p, size_t size, size_t n, void* ud) {
    auto* x = static_cast<Exchange*>(ud);
    if (!x->decided) {
      x->stream = x->content_type.find("text/event-stream") != std::string::npos;
      x->decided = true;
    }
    x->body.append(p, size * n);
    if (x->body.size() > kMaxMessage) return 0;
    if (x->stream) x->self->take_lines(x);
    return size * n;
  }

  static int on_progress(void* ud, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    auto* x = static_cast<Exchange*>(ud);
    return (x->cancel && x->cancel->cancelled()) || x->self->dead_ || (x->listening && x->self->stopping_) ? 1 : 0;
  }

  bool post(const char* method, const std::string& message, const calls::CancelFlag* cancel, std::string* err) {
    if (dead_) {
      *err = fmt::format("mcp server '{}' is not reachable any more", config_.name);
      return false;
    }
    const calls::Curl& c = calls::curl();
    CURL* h = c.easy_init();
    if (!h) {
      *err = "libcurl could not make a handle";
      return false;
    }
    curl_slist* hl = nullptr;
    bool get = std::strcmp(method, "GET") == 0;
    if (!get) hl = c.slist_append(hl, "Content-Type: application/json");
    hl = c.slist_append(hl, get ? "Accept: text/event-stream" : "Accept: application/json, text/event-stream");
    {
      std::lock_guard lock(mu_);
      if (!session_.empty()) hl = c.slist_append(hl, ("Mcp-Session-Id: " + session_).c_str());
      if (!version_.empty()) hl = c.slist_append(hl, ("MCP-Protocol-Version: " + version_).c_str());
    }
    for (const auto& [k, v] : config_.headers) hl = c.slist_append(hl, (k + ": " + v).c_str());
    Exchange x{this, cancel};
    x.listening = get;
    c.setopt(h, CURLOPT_URL, config_.url.c_str());
    c.setopt(h, CURLOPT_NOSIGNAL, 1L);
    c.setopt(h, CURLOPT_HTTPHEADER, hl);
    c.setopt(h, CURLOPT_CONNECTTIMEOUT_MS, 10000L);
    if (std::strcmp(method, "POST") == 0) {
      c.setopt(h, CURLOPT_POST, 1L);
      c.setopt(h, CURLOPT_POSTFIELDS, message.data());
      c.setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(message.size()));
    } else if (!get) {
      c.setopt(h, CURLOPT_CUSTOMREQUEST, method);
      c.setopt(h, CURLOPT_TIMEOUT_MS, 2000L);
    }
    c.setopt(h, CURLOPT_HEADERFUNCTION, &HttpTransport::on_header);
    c.setopt(h, CURLOPT_HEADERDATA, &x);
    c.setopt(h, CURLOPT_WRITEFUNCTION, &HttpTransport::on_body);
    c.setopt(h, CURLOPT_WRITEDATA, &x);
    c.setopt(h, CURLOPT_NOPROGRESS, 0L);
    c.setopt(h, CURLOPT_XFERINFOFUNCTION, &HttpTransport::on_progress);
    c.setopt(h, CURLOPT_XFERINFODATA, &x);
    CURLcode rc = c.perform(h);
    long status = 0;
    c.getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    c.cleanup(h);
    c.slist_free_all(hl);
    if (rc != CURLE_OK) {
      *err = (cancel && cancel->cancelled()) ? "the run was stopped"
                                             : fmt::format("mcp server '{}' at {}: {}", config_.name, config_.url,
                                                           c.strerror(rc));
      return false;
    }
    if (status < 200 || status >= 300) {
      std::string body = last_line(x.body);
      if (body.size() > 300) body = body.substr(0, 300) + "...";
      *err = fmt::format("mcp server '{}' at {} answered HTTP {}{}", config_.name, config_.url, status,
                         body.empty() ? "" : ": " + body);
      return false;
    }
    if (x.stream) {
      x.body += "\n\n";
      take_lines(&x);
    } else if (x.body.find_first_not_of(" \t\r\n") != std::string::npos) {
      conn_->on_message(x.body);
    }
    return true;
  }

  ServerConfig config_;
  Connection* conn_;
  std::mutex mu_;
  std::string session_, version_;
  std::atomic<bool> dead_{false};
  std::atomic<bool> closed_{false};
  std::atomic<bool> stopping_{false};
  std::thread listener_;
};

}  // namespace

std::vector<std::string> server_environment(const ServerConfig& config) {
  std::vector<std::string> env;
  for (const char* name : {"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"}) {
    if (config.env.count(name)) continue;
    const char* v = std::getenv(name);
    // A shell function exported as a variable is no value to pass on (as the SDK skips it).
    if (v && std::strncmp(v, "()", 2) != 0) env.push_back(std::string(name) + "=" + v);
  }
  for (const auto& [k, v] : config.env) env.push_back(k + "=" + v);
  return env;
}

std::unique_ptr<Transport> adopt_transport(const ServerConfig& config, Connection* connection, Handover h) {
  return std::make_unique<StdioTransport>(config, connection, std::move(h));
}

void end_server(Handover* h) {
  h->in.reset();
  if (!h->pidfd || h->pid <= 0) return;
  if (exited_within(h->pidfd.get(), 300)) return;
  ::kill(static_cast<pid_t>(-h->pid), SIGTERM);
  if (exited_within(h->pidfd.get(), 1000)) return;
  ::kill(static_cast<pid_t>(-h->pid), SIGKILL);
  exited_within(h->pidfd.get(), 1000);
}

std::unique_ptr<Transport> make_transport(const ServerConfig& config, Connection* connection) {
  if (config.transport == TransportKind::Http) return std::make_unique<HttpTransport>(config, connection);
  return std::make_unique<StdioTransport>(config, connection);
}

}  // namespace oda::mcp::client
