// termd's event loop: the listening socket, the clients, the PTY masters and a signalfd in
// one epoll set; pending sends (waits.h), opens and closes are state checked after every
// wake-up.
#include "term/daemon.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <vector>

#include "json/json.h"
#include "sys/clock.h"
#include "term/jobs.h"
#include "term/procs.h"
#include "term/runtime.h"
#include "term/session.h"
#include "term/signals.h"
#include "term/text.h"
#include "term/waits.h"
#include "term/wire.h"

namespace oda::term {

namespace {

// What an fd in the epoll set is; the tag packs it with the fd into the event's data.
enum FdKind : uint64_t { kListen = 1, kSignal = 2, kClient = 3, kMaster = 4 };
uint64_t tag(FdKind k, int fd) { return (static_cast<uint64_t>(k) << 32) | static_cast<uint32_t>(fd); }

struct Client {
  int fd;
  wire::LineBuffer in;
  std::string out;
  bool hello = false;
  bool close_after = false;
};

struct Opening {
  int client;
  Session* s;
  int64_t deadline;
};

struct Closing {
  Session* s;
  std::vector<int> clients;
  int64_t started;
  int phase = 0;  // 0 hung up, 1 terminated, 2 killed
};

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> d(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) d[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t prev = d[0];
    d[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cur = d[j];
      d[j] = std::min({d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1)});
      prev = cur;
    }
  }
  return d[b.size()];
}

class Daemon {
 public:
  explicit Daemon(const DaemonOptions& opt) : opt_(opt) {}
  int run(int listen_fd);

 private:
  void add(FdKind k, int fd, uint32_t events) {
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = tag(k, fd);
    epoll_ctl(ep_, EPOLL_CTL_ADD, fd, &ev);
  }
  void mod(FdKind k, int fd, uint32_t events) {
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = tag(k, fd);
    epoll_ctl(ep_, EPOLL_CTL_MOD, fd, &ev);
  }
  void accept_clients();
  void on_client(int fd, uint32_t events);
  void drop_client(int fd);
  void send(int fd, const json::Value& v);
  void flush_client(int fd);
  void ok(int fd, json::Value result) { send(fd, wire::ok_reply(std::move(result))); }
  void error(int fd, const std::string& msg, int code = wire::kCodeFailed) { send(fd, wire::error_reply(msg, code)); }
  void request(int fd, const std::string& line);
  void on_signal();
  void on_master(Session* s, uint32_t events);
  void tick();
  int timeout();
  Session* find(int fd, const std::string& chat, const std::string& key, bool* closed_already = nullptr);
  bool live(const Session* s) const {
    return s->status_ != Session::Status::Closed;
  }

  void do_open(int fd, const std::string& chat, const json::Value& a, const json::Value& req);
  void do_send(int fd, const std::string& chat, const json::Value& a, size_t max_bytes);
  void do_read(int fd, const std::string& chat, const json::Value& a, size_t max_bytes);
  void do_signal(int fd, const std::string& chat, const json::Value& a);
  void do_close(int fd, const std::string& chat, const json::Value& a);
  void do_list(int fd, const std::string& chat);

  void settle(const Waiter& w, const char* reason) { ok(w.client, settled_result(w, reason)); }
  json::Value open_result(Session* s);
  void start_close(Session* s);
  void advance_close(Closing& c, int64_t now);
  void shutdown();

  DaemonOptions opt_;
  const sys::Clock& clock_ = sys::system_clock();
  int ep_ = -1, listen_ = -1, sigfd_ = -1;
  std::map<int, Client> clients_;
  std::vector<std::unique_ptr<Session>> sessions_;
  std::map<int, Session*> masters_;
  std::vector<Waiter> waiters_;
  std::vector<Opening> openings_;
  std::vector<Closing> closings_;
  Jobs jobs_;
  int next_session_ = 1;
  int64_t idle_since_ = 0;
  bool quit_ = false;
};

void Daemon::send(int fd, const json::Value& v) {
  auto it = clients_.find(fd);
  if (it == clients_.end()) return;
  it->second.out += wire::frame(v);
  flush_client(fd);
}

void Daemon::flush_client(int fd) {
  auto it = clients_.find(fd);
  if (it == clients_.end()) return;
  Client& c = it->second;
  while (!c.out.empty()) {
    ssize_t n = ::send(fd, c.out.data(), c.out.size(), MSG_NOSIGNAL);
    if (n > 0) { c.out.erase(0, static_cast<size_t>(n)); continue; }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) break;
    c.out.clear();
    break;
  }
  if (!c.out.empty()) mod(kClient, fd, EPOLLIN | EPOLLOUT);
  else if (c.close_after) drop_client(fd);
  else mod(kClient, fd, EPOLLIN);
}

void Daemon::accept_clients() {
  for (;;) {
    int fd = accept4(listen_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    ucred cred{};
    socklen_t len = sizeof cred;
    // Only our own user: another user reaching the socket gets nothing at all.
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || cred.uid != getuid()) {
      close(fd);
      continue;
    }
    clients_[fd] = Client{fd};
    add(kClient, fd, EPOLLIN);
  }
}

void Daemon::drop_client(int fd) {
  // A client gone while its send waited: the send is aborted, what it wrote stays written.
  std::erase_if(waiters_, [fd](const Waiter& w) { return w.client == fd; });
  for (auto& o : openings_) if (o.client == fd) o.client = -1;
  for (auto& c : closings_) std::erase(c.clients, fd);
  epoll_ctl(ep_, EPOLL_CTL_DEL, fd, nullptr);
  close(fd);
  clients_.erase(fd);
}

void Daemon::on_client(int fd, uint32_t events) {
  auto it = clients_.find(fd);
  if (it == clients_.end()) return;
  if (events & EPOLLOUT) {
    flush_client(fd);
    if (!clients_.count(fd)) return;
  }
  if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
    char buf[65536];
    for (;;) {
      ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        it->second.in.add(std::string_view(buf, static_cast<size_t>(n)));
        // No request is that long; a client sending one is broken or hostile.
        if (it->second.in.size() > wire::kMaxRequest) { drop_client(fd); return; }
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && errno == EAGAIN) break;
      drop_client(fd);
      return;
    }
    std::string line;
    while (clients_.count(fd) && clients_[fd].in.next(&line)) request(fd, line);
  }
}

void Daemon::request(int fd, const std::string& line) {
  json::Value req;
  std::string err;
  if (!json::parse(line, &req, &err) || !req.is_object()) {
    error(fd, "bad request: " + err, wire::kCodeUsage);
    return;
  }
  Client& c = clients_[fd];
  if (!c.hello) {
    json::Value refusal;
    if (!wire::accept_hello(req, &refusal)) {
      c.close_after = true;
      return send(fd, refusal);
    }
    c.hello = true;
    return send(fd, wire::welcome(getpid()));
  }
  std::string tool = req.get_or("tool", "");
  std::string chat = req.get_or("chat", "");
  const json::Value* a = req.get("args");
  json::Value empty = json::Value::object();
  const json::Value& args = a && a->is_object() ? *a : empty;
  size_t max_bytes = static_cast<size_t>(std::max<long long>(64, req.get_or<int64_t>("max_bytes", 262144)));
  if (chat.empty()) return error(fd, "refused: no chat: pass --chat ID or set ODA_CHAT");
  if (tool == "terminal_open") do_open(fd, chat, args, req);
  else if (tool == "terminal_send") do_send(fd, chat, args, max_bytes);
  else if (tool == "terminal_read") do_read(fd, chat, args, max_bytes);
  else if (tool == "terminal_signal") do_signal(fd, chat, args);
  else if (tool == "terminal_close") do_close(fd, chat, args);
  else if (tool == "terminal_list") do_list(fd, chat);
  else error(fd, "unknown tool '" + tool + "'", wire::kCodeUsage);
}

Session* Daemon::find(int fd, const std::string& chat, const std::string& key, bool* closed_already) {
  Session* best = nullptr;
  for (auto& s : sessions_) {
    if (s->chat_ != chat) continue;
    if (s->id() == key && (live(s.get()) || closed_already)) best = s.get();
    else if (!s->name_.empty() && s->name_ == key && live(s.get())) return s.get();
  }
  // A repeated close by name finds the session that name last meant.
  if (!best && closed_already) {
    for (auto& s : sessions_) if (s->chat_ == chat && s->name_ == key) best = s.get();
  }
  if (best) {
    if (!live(best) && closed_already) *closed_already = true;
    return best;
  }
  std::string hint;
  size_t bestd = 3;
  for (auto& s : sessions_) {
    if (s->chat_ != chat || !live(s.get())) continue;
    for (const std::string& cand : {s->id(), s->name_}) {
      if (cand.empty()) continue;
      size_t d = edit_distance(key, cand);
      if (d < bestd) { bestd = d; hint = cand; }
    }
  }
  std::string msg = "no session '" + key + "' in chat '" + chat + "'";
  if (!hint.empty()) msg += " (did you mean '" + hint + "'?)";
  error(fd, msg);
  return nullptr;
}

json::Value Daemon::open_result(Session* s) {
  json::Value r = json::Value::object();
  r.set("id", s->id());
  r.set("name", s->name_.empty() ? json::Value() : json::Value(s->name_));
  r.set("type", s->type_);
  r.set("pid", s->pid_ > 0 ? json::Value(static_cast<int64_t>(s->pid_)) : json::Value());
  const char* st = s->status_ == Session::Status::Exited ? "exited" : "running";
  r.set("status", st);
  // What the shell printed after its first prompt (before it, only the integration's own
  // setup, which is never shown).
  Pos p = s->seen_;
  std::string out = s->output_since(&p);
  s->seen_ = p;
  r.set("message", out);
  return r;
}

void Daemon::do_open(int fd, const std::string& chat, const json::Value& a, const json::Value& req) {
  std::string type = a.get_or("type", "");
  if (type.empty()) type = "shell";
  if (type != "shell") return error(fd, "unknown session type '" + type + "' (the type is 'shell')");
  std::string name = a.get_or("name", "");
  if (!name.empty()) {
    for (auto& s : sessions_) {
      if (s->chat_ == chat && live(s.get()) && s->name_ == name)
        return error(fd, "name '" + name + "' is already taken in chat '" + chat + "'");
    }
  }
  SpawnOptions so;
  so.shell = req.get_or("shell", "");
  so.cwd = a.get_or("cwd", "");
  if (so.cwd.empty()) so.cwd = req.get_or("cwd", "");
  if (so.cwd.empty()) so.cwd = "/";
  struct stat st;
  if (stat(so.cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return error(fd, "no such folder '" + so.cwd + "'");
  if (const json::Value* env = a.get("env"); env && env->is_array()) {
    for (const auto& e : env->items()) if (e.is_string()) so.env.push_back(e.as_string());
  }
  so.cols = static_cast<int>(a.get_or<int64_t>("cols", 80));
  so.rows = static_cast<int>(a.get_or<int64_t>("rows", 24));
  so.keep_lines = opt_.keep_lines;
  auto s = std::make_unique<Session>(next_session_++, chat, name, so);
  std::string err;
  if (!s->spawn(&err)) return error(fd, err);
  Session* p = s.get();
  sessions_.push_back(std::move(s));
  masters_[p->master_] = p;
  add(kMaster, p->master_, EPOLLIN | (p->wants_write() ? static_cast<uint32_t>(EPOLLOUT) : 0u));
  openings_.push_back(Opening{fd, p, clock_.now_ms() + 10000});
}

void Daemon::do_send(int fd, const std::string& chat, const json::Value& a, size_t max_bytes) {
  Session* s = find(fd, chat, a.get_or("session", ""));
  if (!s) return;
  if (s->status_ == Session::Status::Closing) return error(fd, "terminal session " + s->id() + " is closing");
  std::string text = a.get_or("text", "");
  bool submit = a.get_or<bool>("submit", true);
  bool background = a.get_or<bool>("run_in_background", false);
  long long wait_ms = a.get_or<int64_t>("wait_ms", 30000);
  bool running = s->status_ == Session::Status::Running || s->status_ == Session::Status::Starting;
  std::string bytes = text;
  if (!a.get_or<bool>("escapes", false)) std::replace(bytes.begin(), bytes.end(), '\n', '\r');
  if (submit) bytes.push_back('\r');
  std::map<pid_t, long> woke;
  if (running && !bytes.empty() && s->master_ >= 0 && !background && (submit || text.empty())) {
    // Taken before writing: a reader that runs from now on has taken what we write.
    woke = front_switches(*s);
  }
  if (running && !bytes.empty()) {
    termios t{};
    tcgetattr(s->master_, &t);
    // Programs that edit their own line (raw mode) or a terminal with echo on repeat what
    // was typed; that echo is not output.
    if ((t.c_lflag & ECHO) || !(t.c_lflag & ICANON)) {
      std::string expect = text;
      std::replace(expect.begin(), expect.end(), '\r', '\n');
      if (submit) expect.push_back('\n');
      s->expect_echo(expect);
    }
    // Ctrl-C typed at a job in front: the line discipline sends it SIGINT.
    if ((t.c_lflag & ISIG) && bytes.find('\x03') != std::string::npos && tcgetpgrp(s->master_) != s->pid_) {
      s->drain();
      s->interrupted();
    }
    if (submit) {
      s->at_prompt_ = false;
      s->drain();
      s->end_line();
    }
    s->write(bytes);
    s->flush();
    if (s->wants_write()) mod(kMaster, s->master_, EPOLLIN | EPOLLOUT);
  }
  if (background) {
    if (!running) return error(fd, "terminal session " + s->id() + " has exited");
    return ok(fd, jobs_.start(chat, s, text));
  }
  Waiter w;
  w.client = fd;
  w.s = s;
  w.start_prompts = s->prompts_;
  w.deadline = clock_.now_ms() + std::max<long long>(0, wait_ms);
  // Nothing to write and nothing running: the shell in front, idle at its prompt.
  w.immediate = bytes.empty() && running && s->at_prompt_ && s->master_ >= 0 &&
                tcgetpgrp(s->master_) == s->pid_ && shell_idle(s);
  w.pending_line = !submit && !bytes.empty();
  w.max_bytes = max_bytes;
  w.woke = std::move(woke);
  w.written_ms = clock_.now_ms();
  waiters_.push_back(w);
}

void Daemon::do_read(int fd, const std::string& chat, const json::Value& a, size_t max_bytes) {
  std::string job = a.get_or("job", "");
  if (!job.empty()) {
    json::Value r;
    if (jobs_.read(chat, job, max_bytes, &r)) return ok(fd, r);
    return error(fd, "no job '" + job + "' in chat '" + chat + "'");
  }
  Session* s = find(fd, chat, a.get_or("session", ""));
  if (!s) return;
  if (s->master_ >= 0) s->drain();
  json::Value r = json::Value::object();
  r.set("session", s->id());
  if (a.get_or<bool>("screen", false)) {
    r.set("screen", s->screen());
    return ok(fd, r);
  }
  uint64_t total = s->total_lines();
  long long count = a.get_or<int64_t>("count", 500);
  uint64_t start;
  if (const json::Value* t = a.get("tail"); t && t->is_number()) {
    uint64_t n = static_cast<uint64_t>(t->as_number());
    count = static_cast<long long>(n);
    start = total > n ? total - n : 0;
  } else {
    start = static_cast<uint64_t>(std::max<long long>(0, a.get_or<int64_t>("offset", 0)));
  }
  if (start < s->first_line()) start = s->first_line();
  uint64_t end = std::min<uint64_t>(total, start + static_cast<uint64_t>(std::max<long long>(1, count)));
  std::string out;
  for (uint64_t n = start; n < end; ++n) {
    if (n > start) out.push_back('\n');
    out += s->line(n);
    if (out.size() > max_bytes) break;
  }
  bool truncated = cut(&out, max_bytes);
  if (end > start) {
    Pos p{end, ""};
    if (end > s->committed()) p = s->end_pos();
    s->mark_seen(p);
  }
  r.set("output", out);
  r.set("truncated", truncated);
  r.set("offset", static_cast<int64_t>(start));
  r.set("first", end > start ? json::Value(static_cast<int64_t>(start + 1)) : json::Value());
  r.set("last", end > start ? json::Value(static_cast<int64_t>(end)) : json::Value());
  r.set("total", static_cast<int64_t>(total));
  r.set("kept", static_cast<int64_t>(total - s->first_line()));
  ok(fd, r);
}

void Daemon::do_signal(int fd, const std::string& chat, const json::Value& a) {
  Session* s = find(fd, chat, a.get_or("session", ""));
  if (!s) return;
  int sig = signal_number(a.get_or("signal", ""));
  if (sig <= 0) return error(fd, "unknown signal '" + a.get_or("signal", "") + "'", wire::kCodeUsage);
  if (s->status_ != Session::Status::Running || s->master_ < 0)
    return error(fd, "terminal session " + s->id() + " is not running");
  pid_t pg = tcgetpgrp(s->master_);
  if (pg <= 0) pg = s->pid_;
  if (sig == SIGKILL && pg == s->pid_)
    return error(fd, "refused: SIGKILL would end the session's shell; close the session instead");
  if (sig == SIGINT && pg != s->pid_) {
    s->drain();  // what the job printed before the signal is not the shell's answer to it
    s->interrupted();
  }
  if (killpg(pg, sig) != 0) return error(fd, "cannot signal process group " + std::to_string(pg) + ": " + std::strerror(errno));
  if (sig == SIGTERM || sig == SIGHUP || sig == SIGINT) killpg(pg, SIGCONT);
  json::Value r = json::Value::object();
  r.set("session", s->id());
  r.set("signal", signal_name(sig));
  r.set("pgid", static_cast<int64_t>(pg));
  ok(fd, r);
}

void Daemon::do_close(int fd, const std::string& chat, const json::Value& a) {
  bool closed = false;
  Session* s = find(fd, chat, a.get_or("session", ""), &closed);
  if (!s) return;
  json::Value r = json::Value::object();
  r.set("session", s->id());
  if (closed || s->status_ == Session::Status::Closing) {
    r.set("status", "already closing");
    return ok(fd, r);
  }
  start_close(s);
  closings_.back().clients.push_back(fd);
}

void Daemon::do_list(int fd, const std::string& chat) {
  json::Value list = json::Value::array();
  for (auto& s : sessions_) {
    if (s->chat_ != chat || !live(s.get())) continue;
    json::Value e = json::Value::object();
    e.set("id", s->id());
    e.set("name", s->name_.empty() ? json::Value() : json::Value(s->name_));
    e.set("type", s->type_);
    const char* st = s->status_ == Session::Status::Closing ? "closing"
                     : s->status_ == Session::Status::Exited ? "exited" : "running";
    e.set("status", st);
    e.set("pid", s->pid_ > 0 && s->status_ != Session::Status::Exited ? json::Value(static_cast<int64_t>(s->pid_)) : json::Value());
    list.push(std::move(e));
  }
  json::Value r = json::Value::object();
  r.set("sessions", std::move(list));
  ok(fd, r);
}

void Daemon::start_close(Session* s) {
  for (auto& w : waiters_) if (w.s == s) settle(w, "exit");
  std::erase_if(waiters_, [s](const Waiter& w) { return w.s == s; });
  s->status_ = Session::Status::Closing;
  Closing c{s, {}, clock_.now_ms()};
  // Hang up first, as a terminal closing would; stopped jobs get SIGCONT to see it.
  for (pid_t p : session_processes(std::abs(s->pid_), s->tag_)) {
    kill(p, SIGHUP);
    kill(p, SIGCONT);
  }
  closings_.push_back(std::move(c));
}

void Daemon::advance_close(Closing& c, int64_t now) {
  Session* s = c.s;
  std::vector<pid_t> left = session_processes(std::abs(s->pid_), s->tag_);
  if (left.empty()) {
    if (s->master_ >= 0) {
      epoll_ctl(ep_, EPOLL_CTL_DEL, s->master_, nullptr);
      masters_.erase(s->master_);
    }
    s->hang_up();
    s->status_ = Session::Status::Closed;
    jobs_.update(s, true);
    s->release();
    for (int fd : c.clients) {
      json::Value r = json::Value::object();
      r.set("session", s->id());
      r.set("status", "closed");
      ok(fd, r);
    }
    c.s = nullptr;
    return;
  }
  // A grace period for each step: 100 ms after the hangup, then 400 ms after SIGTERM.
  if (c.phase == 0 && now - c.started >= 100) {
    for (pid_t p : left) kill(p, SIGTERM);
    c.phase = 1;
  } else if (c.phase == 1 && now - c.started >= 500) {
    c.phase = 2;
  }
  if (c.phase == 2) for (pid_t p : left) kill(p, SIGKILL);
}

void Daemon::on_master(Session* s, uint32_t events) {
  if (events & EPOLLOUT) {
    s->flush();
    if (!s->wants_write()) mod(kMaster, s->master_, EPOLLIN);
  }
  if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
    if (!s->drain(1 << 20)) {
      epoll_ctl(ep_, EPOLL_CTL_DEL, s->master_, nullptr);
    }
  }
}

void Daemon::on_signal() {
  signalfd_siginfo si;
  while (read(sigfd_, &si, sizeof si) == static_cast<ssize_t>(sizeof si)) {
    if (si.ssi_signo != SIGCHLD) quit_ = true;
  }
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid <= 0) break;
    for (auto& s : sessions_) {
      if (s->pid_ != pid) continue;
      if (s->master_ >= 0) s->drain();
      s->exited(status);
      jobs_.update(s.get(), true);
    }
  }
}

void Daemon::tick() {
  int64_t now = clock_.now_ms();
  for (size_t i = 0; i < openings_.size();) {
    Opening& o = openings_[i];
    if (o.s->status_ == Session::Status::Starting && now < o.deadline) { ++i; continue; }
    if (o.s->status_ == Session::Status::Exited && !o.s->at_prompt_) {
      // It never reached a prompt: no session to speak of.
      std::string why = o.s->exit_code_ ? "code=" + std::to_string(*o.s->exit_code_)
                                        : "signal=" + signal_name(o.s->exit_signal_.value_or(0));
      if (o.client >= 0) error(o.client, "the shell '" + o.s->shell_ + "' ended before its first prompt (" + why + ")");
      if (o.s->master_ >= 0) {
        epoll_ctl(ep_, EPOLL_CTL_DEL, o.s->master_, nullptr);
        masters_.erase(o.s->master_);
      }
      o.s->hang_up();
      o.s->status_ = Session::Status::Closed;
    } else if (o.client >= 0) {
      ok(o.client, open_result(o.s));
    }
    openings_.erase(openings_.begin() + static_cast<long>(i));
  }
  for (auto& s : sessions_) if (s->status_ == Session::Status::Running) jobs_.update(s.get(), false);
  for (size_t i = 0; i < waiters_.size();) {
    const char* reason = settle_reason(waiters_[i], now);
    if (!reason) { ++i; continue; }
    Waiter done = waiters_[i];
    waiters_.erase(waiters_.begin() + static_cast<long>(i));
    settle(done, reason);
  }
  for (auto& c : closings_) advance_close(c, now);
  std::erase_if(closings_, [](const Closing& c) { return c.s == nullptr; });
  bool any = std::any_of(sessions_.begin(), sessions_.end(), [this](auto& s) { return live(s.get()); });
  if (any || !clients_.empty()) {
    idle_since_ = 0;
  } else if (idle_since_ == 0) {
    idle_since_ = now;
  } else if (now - idle_since_ >= static_cast<int64_t>(opt_.idle_exit_s) * 1000) {
    quit_ = true;
  }
}

int Daemon::timeout() {
  for (const auto& w : waiters_) if (w.confirming) return 1;
  if (!waiters_.empty()) return 5;
  if (!openings_.empty() || !closings_.empty()) return 20;
  if (idle_since_ == 0) {
    bool any = std::any_of(sessions_.begin(), sessions_.end(), [this](auto& s) { return live(s.get()); });
    return any || !clients_.empty() ? -1 : 100;
  }
  int64_t left = idle_since_ + static_cast<int64_t>(opt_.idle_exit_s) * 1000 - clock_.now_ms();
  return static_cast<int>(std::clamp<int64_t>(left, 0, 60000));
}

void Daemon::shutdown() {
  for (auto& s : sessions_) {
    if (!live(s.get())) continue;
    for (pid_t p : session_processes(std::abs(s->pid_), s->tag_)) { kill(p, SIGHUP); kill(p, SIGCONT); }
  }
  usleep(100000);
  for (auto& s : sessions_) {
    if (!live(s.get())) continue;
    for (pid_t p : session_processes(std::abs(s->pid_), s->tag_)) kill(p, SIGKILL);
    s->hang_up();
  }
}

int Daemon::run(int listen_fd) {
  listen_ = listen_fd;
  ep_ = epoll_create1(EPOLL_CLOEXEC);
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGCHLD, SIGTERM, SIGINT, SIGHUP}) sigaddset(&set, s);
  sigprocmask(SIG_BLOCK, &set, nullptr);
  signal(SIGPIPE, SIG_IGN);
  sigfd_ = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
  // Orphans of a session (double-forked daemons) come to us, so closes can reap them.
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  add(kListen, listen_, EPOLLIN);
  add(kSignal, sigfd_, EPOLLIN);
  epoll_event evs[64];
  while (!quit_) {
    int n = epoll_wait(ep_, evs, 64, timeout());
    for (int i = 0; i < n; ++i) {
      FdKind k = static_cast<FdKind>(evs[i].data.u64 >> 32);
      int fd = static_cast<int>(evs[i].data.u64 & 0xffffffff);
      if (k == kListen) accept_clients();
      else if (k == kSignal) on_signal();
      else if (k == kClient) on_client(fd, evs[i].events);
      else if (k == kMaster) {
        auto it = masters_.find(fd);
        if (it != masters_.end()) on_master(it->second, evs[i].events);
      }
    }
    tick();
  }
  shutdown();
  return 0;
}

}  // namespace

int serve(const DaemonOptions& opt, int listen_fd) {
  Daemon d(opt);
  return d.run(listen_fd);
}

}  // namespace oda::term
