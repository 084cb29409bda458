// termd's event loop and its clients (see server.h): one epoll set, every fd non-blocking,
// the tools dispatched through their table, and pending sends, opens and closes looked at
// after every wake-up.
#include "term/server.h"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <malloc.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "sys/unix_socket.h"
#include "term/signals.h"
#include "term/tools.h"

namespace oda::term {

namespace {

// What an fd in the epoll set is; the tag packs it with the fd into the event's data.
enum FdKind : uint64_t { kListen = 1, kSignal = 2, kClient = 3, kMaster = 4, kJob = 5, kMcp = 6 };
// The fds a client may have passed and not yet used; more is a hostile client.
constexpr size_t kMaxClientFds = 8;
uint64_t tag(uint64_t kind, int fd) { return (kind << 32) | static_cast<uint32_t>(fd); }

// How long an open waits for the shell's first prompt before answering anyway.
constexpr int64_t kOpenDeadlineMs = 10000;

}  // namespace

void Server::watch(int kind, int fd, uint32_t events, int op) {
  epoll_event ev{};
  ev.events = events;
  ev.data.u64 = tag(static_cast<uint64_t>(kind), fd);
  epoll_ctl(ep_, op, fd, &ev);
}

void Server::send(int fd, const json::Value& v) {
  auto it = clients_.find(fd);
  if (it == clients_.end()) return;
  it->second.out += wire::frame(v);
  flush_client(fd);
}

void Server::flush_client(int fd) {
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
  if (!c.out.empty()) watch(kClient, fd, EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD);
  else if (c.close_after) drop_client(fd);
  else watch(kClient, fd, EPOLLIN, EPOLL_CTL_MOD);
}

void Server::accept_clients() {
  for (;;) {
    int fd = accept4(listen_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    ucred cred{};
    socklen_t len = sizeof cred;
    // Only our own user: another user reaching the socket gets nothing at all.
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || cred.uid != getuid()) {
      ::close(fd);
      continue;
    }
    clients_[fd] = Client{fd};
    clients_[fd].pid = cred.pid;
    watch(kClient, fd, EPOLLIN, EPOLL_CTL_ADD);
  }
}

void Server::drop_client(int fd) {
  // A client gone while its send waited: the send is aborted, what it wrote stays written;
  // its sends not yet served are dropped, and the next client's send gets its turn.
  std::vector<Session*> freed;
  for (const auto& w : waiters_) if (w.client == fd) freed.push_back(w.s);
  std::erase_if(waiters_, [fd](const Waiter& w) { return w.client == fd; });
  for (auto& [s, q] : held_) std::erase_if(q, [fd](const HeldSend& h) { return h.client == fd; });
  for (auto& o : openings_) if (o.client == fd) o.client = -1;
  for (auto& c : closings_) std::erase(c.clients, fd);
  epoll_ctl(ep_, EPOLL_CTL_DEL, fd, nullptr);
  ::close(fd);
  clients_.erase(fd);
  for (Session* s : freed) serve_held(s);
}

void Server::on_client(int fd, uint32_t events) {
  auto it = clients_.find(fd);
  if (it == clients_.end()) return;
  if (events & EPOLLOUT) {
    flush_client(fd);
    if (!clients_.count(fd)) return;
  }
  if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
    char buf[65536];
    for (;;) {
      ssize_t n = sys::receive_fds(fd, buf, sizeof buf, &it->second.fds);
      if (n > 0) {
        it->second.in.add(std::string_view(buf, static_cast<size_t>(n)));
        if (it->second.in.size() > wire::kMaxRequest || it->second.fds.size() > kMaxClientFds) {
          drop_client(fd);
          return;
        }
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

void Server::request(int fd, const std::string& line) {
  json::Value req;
  std::string err;
  if (!json::parse(line, &req, &err) || !req.is_object()) return error(fd, "bad request: " + err, wire::kCodeUsage);
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
  // Fds serve only the request they came with (a hello keeps them for the next).
  std::vector<sys::UniqueFd> fds = std::move(c.fds);
  c.fds.clear();
  std::string chat = req.get_or("chat", "");
  if (chat.empty()) return error(fd, "refused: no chat: pass --chat ID or set ODA_CHAT");
  if (std::string t = req.get_or("tool", ""); t == "mcp-park" || t == "mcp-take") {
    c.fds = std::move(fds);
    mcp_request(fd, chat, req);
    if (auto it = clients_.find(fd); it != clients_.end()) it->second.fds.clear();
    return;
  }
  // Held to the clients' own rules: any process of the user can write to this socket.
  const Tool* tool = nullptr;
  if (!valid_request(req, &tool, &err)) return error(fd, err, wire::kCodeUsage);
  const json::Value* a = req.get("args");
  json::Value empty = json::Value::object();
  const json::Value& args = a ? *a : empty;
  if (!tool->valid(args, &err)) return error(fd, err, wire::kCodeUsage);
  size_t max_bytes = static_cast<size_t>(req.get_or<int64_t>("max_bytes", 262144));
  tool->serve(*this, Request{fd, chat, args, req, max_bytes, c.pid});
}

bool Server::send_with_fds(int fd, const json::Value& v, const std::vector<int>& fds) {
  auto it = clients_.find(fd);
  if (it == clients_.end() || !it->second.out.empty()) return false;
  std::string text = wire::frame(v);
  ssize_t n = sys::send_some_with_fds(fd, text, fds);
  if (n <= 0) return false;
  it->second.out = text.substr(static_cast<size_t>(n));
  flush_client(fd);
  return true;
}

void Server::watch_mcp(int fd, bool add) {
  if (add) watch(kMcp, fd, EPOLLIN, EPOLL_CTL_ADD);
  else epoll_ctl(ep_, EPOLL_CTL_DEL, fd, nullptr);
}

void Server::mcp_request(int fd, const std::string& chat, const json::Value& req) {
  const json::Value* args = req.get("args");
  if (!args || !args->is_object()) return error(fd, "mcp request: 'args' must be an object", wire::kCodeUsage);
  std::string err;
  if (req.get_or("tool", "") == "mcp-park") {
    ParkedServer s;
    if (!McpPark::check_park(*args, &clients_[fd].fds, &s, &err)) return error(fd, err, wire::kCodeUsage);
    s.chat = chat;
    if (!mcp_.park(std::move(s), now(), &err)) return error(fd, err);
    json::Value r = json::Value::object();
    r.set("parked", true);
    return ok(fd, std::move(r));
  }
  const json::Value* key = args->get("key");
  if (!key || !key->is_string() || key->as_string().empty())
    return error(fd, "mcp-take: 'key' must be a non-empty string", wire::kCodeUsage);
  std::optional<ParkedServer> s = mcp_.take(chat, key->as_string());
  json::Value r = json::Value::object();
  r.set("found", s.has_value());
  if (!s) return ok(fd, std::move(r));
  r.set("pid", s->pid);
  r.set("state", s->state);
  if (!send_with_fds(fd, wire::ok_reply(std::move(r)), {s->in.get(), s->out.get(), s->err.get(), s->pidfd.get()})) {
    mcp_.put_back(std::move(*s));
    return error(fd, "mcp-take: the reply could not be sent");
  }
}

Session* Server::find(int client, const std::string& chat, const std::string& key, std::string* closed_id) {
  for (auto& s : sessions_) {
    if (s->chat() == chat && s->live() && (s->id() == key || (!s->name().empty() && s->name() == key))) return s.get();
  }
  // A repeated close by name finds the session that name last meant.
  if (closed_id) {
    for (auto g = gone_.rbegin(); g != gone_.rend(); ++g) {
      if (g->chat == chat && (g->id == key || (!g->name.empty() && g->name == key))) {
        *closed_id = g->id;
        return nullptr;
      }
    }
  }
  std::vector<std::string> names;
  for (Session* s : sessions(chat)) names.insert(names.end(), {s->id(), s->name()});
  std::string hint = cli::did_you_mean(key, names);
  if (hint.empty()) error(client, fmt::format("no session '{}' in chat '{}'", key, chat));
  else error(client, fmt::format("no session '{}' in chat '{}' (did you mean '{}'?)", key, chat, hint));
  return nullptr;
}

std::vector<Session*> Server::sessions(const std::string& chat) const {
  std::vector<Session*> out;
  for (auto& s : sessions_) if (s->chat() == chat && s->live()) out.push_back(s.get());
  return out;
}

std::vector<Session*> Server::sessions() const {
  std::vector<Session*> out;
  for (auto& s : sessions_) if (s->live()) out.push_back(s.get());
  return out;
}

size_t Server::live_sessions() const {
  return static_cast<size_t>(std::count_if(sessions_.begin(), sessions_.end(), [](auto& s) { return s->live(); }));
}

void Server::opened(int client, std::unique_ptr<Session> s) {
  Session* p = s.get();
  sessions_.push_back(std::move(s));
  masters_[p->master()] = p;
  watch(kMaster, p->master(), EPOLLIN | (p->wants_write() ? static_cast<uint32_t>(EPOLLOUT) : 0u), EPOLL_CTL_ADD);
  openings_.push_back(Opening{client, p, now() + kOpenDeadlineMs});
}

void Server::start_job(int client, const std::string& chat, Session* s, const std::string& text) {
  json::Value r;
  int master = -1;
  std::string err;
  if (!jobs_.start(chat, s, text, &r, &master, &err)) return error(client, err);
  watch(kJob, master, EPOLLIN, EPOLL_CTL_ADD);
  ok(client, std::move(r));
}

void Server::want_write(Session* s) { watch(kMaster, s->master(), EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD); }

void Server::close(Session* s, int client) {
  for (auto& w : waiters_) if (w.s == s) ok(w.client, settled_result(w, Settled::Exit));
  std::erase_if(waiters_, [s](const Waiter& w) { return w.s == s; });
  closings_.emplace_back(s, now());
  jobs_.close_session(s);
  if (client >= 0) closings_.back().clients.push_back(client);
  serve_held(s);  // each hears that the session is closing
}

bool Server::waiting(const Session* s) const {
  return std::any_of(waiters_.begin(), waiters_.end(), [s](const Waiter& w) { return w.s == s; });
}

bool Server::hold_send(Session* s, const Request& r, void (*serve)(Server&, const Request&)) {
  if (serving_held_ == s) return false;
  auto it = held_.find(s);
  if (!waiting(s) && (it == held_.end() || it->second.empty())) return false;
  held_[s].push_back(HeldSend{serve, r.client, r.chat, r.args, r.envelope, r.max_bytes});
  return true;
}

void Server::serve_held(Session* s) {
  for (auto it = held_.find(s); it != held_.end() && !it->second.empty() && !waiting(s); it = held_.find(s)) {
    HeldSend h = std::move(it->second.front());
    it->second.pop_front();
    if (!clients_.count(h.client)) continue;
    serving_held_ = s;
    h.serve(*this, Request{h.client, h.chat, h.args, h.envelope, h.max_bytes});
    serving_held_ = nullptr;
  }
  if (auto it = held_.find(s); it != held_.end() && it->second.empty()) held_.erase(it);
}

void Server::detach(Session* s) {
  if (!s->has_pty()) return;
  epoll_ctl(ep_, EPOLL_CTL_DEL, s->master(), nullptr);
  masters_.erase(s->master());
}

void Server::on_master(Session* s, uint32_t events) {
  if (events & EPOLLOUT) {
    s->flush();
    if (!s->wants_write()) watch(kMaster, s->master(), EPOLLIN, EPOLL_CTL_MOD);
  }
  if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
    if (!s->drain(1 << 20)) epoll_ctl(ep_, EPOLL_CTL_DEL, s->master(), nullptr);
    else if (s->wants_write()) want_write(s);  // answers to a program's terminal queries
  }
}

void Server::on_signal() {
  signalfd_siginfo si;
  while (read(sigfd_, &si, sizeof si) == static_cast<ssize_t>(sizeof si)) {
    if (si.ssi_signo != SIGCHLD) quit_ = true;
  }
  // The jobs' keepers report their shells' ends, and are reaped, by the jobs.
  jobs_.reap();
  // Our children are the sessions' keepers (and what the subreaper adopted); a shell's end
  // is reported by its keeper.
  int status;
  while (waitpid(-1, &status, WNOHANG) > 0) {}
  for (auto& s : sessions_) {
    if (!s->shell_ended(&status)) continue;
    if (s->has_pty()) s->drain();
    s->exited(status);
  }
}

void Server::finish_openings(int64_t now) {
  for (size_t i = 0; i < openings_.size();) {
    Opening& o = openings_[i];
    Session* s = o.s;
    // A remote shell's question (ssh's password) is the end of the open: the answer is a send.
    if (s->status() == Session::Status::Starting && now < o.deadline && !remote_asks(*s, probe_, now)) {
      ++i;
      continue;
    }
    if (s->status() == Session::Status::Exited && !s->at_prompt()) {
      // It never reached a prompt: no session to speak of.
      std::string why = s->exit_code() ? "code=" + std::to_string(*s->exit_code())
                                       : "signal=" + signal_name(s->exit_signal().value_or(0));
      // A remote program's last words say why (ssh: the connection refused, the host unknown).
      std::string said = s->remote() ? s->take_unseen(4096) : "";
      while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
      if (size_t nl = said.rfind('\n'); nl != std::string::npos) said = said.substr(nl + 1);
      if (!said.empty()) why += ": " + said;
      if (o.client >= 0) error(o.client, "the shell '" + s->shell() + "' ended before its first prompt (" + why + ")");
      detach(s);
      s->closed();
    } else if (o.client >= 0) {
      ok(o.client, open_result(s));
    }
    openings_.erase(openings_.begin() + static_cast<long>(i));
  }
}

void Server::settle_waiters(int64_t now) {
  for (size_t i = 0; i < waiters_.size();) {
    if (Waiter& w = waiters_[i]; !w.typing.empty()) {
      if (typing_due(w, now, probe_)) {
        type_next(w, now, probe_);
        if (w.s->wants_write()) want_write(w.s);
      }
      ++i;
      continue;
    }
    Settled why;
    if (!settle_reason(waiters_[i], now, probe_, &why)) { ++i; continue; }
    Waiter done = waiters_[i];
    waiters_.erase(waiters_.begin() + static_cast<long>(i));
    ok(done.client, settled_result(done, why));
    serve_held(done.s);
  }
}

void Server::advance_closings(int64_t now) {
  for (auto& c : closings_) {
    // The jobs beside the session end with it too.
    bool jobs_ended = jobs_.ended_with(c.session(), now - c.started());
    if (!c.advance(now) || !jobs_ended) continue;
    Session* s = c.session();
    detach(s);
    s->closed();
    s->release();
    for (int fd : c.clients) {
      json::Value r = json::Value::object();
      r.set("session", s->id());
      r.set("status", "closed");
      ok(fd, r);
    }
    c.clients.clear();
  }
  std::erase_if(closings_, [](const Closing& c) { return !c.session()->live(); });
}

// Frees the sessions closing has let go of (a close that finished, a shell that ended before
// its first prompt): nothing holds them any more, and the daemon must not grow with every
// session it ever had.
void Server::forget_closed() {
  size_t freed = std::erase_if(sessions_, [this](const std::unique_ptr<Session>& s) {
    if (s->live()) return false;
    Session* p = s.get();
    for (auto& w : waiters_) if (w.s == p) ok(w.client, settled_result(w, Settled::Exit));
    std::erase_if(waiters_, [p](const Waiter& w) { return w.s == p; });
    jobs_.forget(p);
    // Sends held behind one that ended with the session hear that it is gone.
    if (auto h = held_.find(p); h != held_.end()) {
      for (const HeldSend& hs : h->second)
        if (clients_.count(hs.client)) error(hs.client, "terminal session " + p->id() + " is closing");
      held_.erase(h);
    }
    gone_.push_back(Gone{s->chat(), s->id(), s->name()});
    return true;
  });
  if (gone_.size() > kGoneKept) gone_.erase(gone_.begin(), gone_.end() - static_cast<long>(kGoneKept));
  // malloc keeps what a session freed (its screen, its lines) for later use, past the peak
  // of sessions a chat once had: hand the free pages back to the system.
  if (freed > 0) malloc_trim(0);
}

bool Server::any_live() const {
  return std::any_of(sessions_.begin(), sessions_.end(), [](auto& s) { return s->live(); });
}

void Server::tick() {
  int64_t now = this->now();
  for (auto& s : sessions_) {
    if (bootstrap_due(*s, probe_, now)) {
      s->bootstrap();
      if (s->wants_write()) want_write(s.get());
    }
  }
  finish_openings(now);
  settle_waiters(now);
  advance_closings(now);
  forget_closed();
  mcp_.tick(now);
  if (any_live() || !clients_.empty() || !mcp_.empty()) {
    idle_since_ = 0;
  } else if (idle_since_ == 0) {
    idle_since_ = now;
  } else if (now - idle_since_ >= static_cast<int64_t>(opt_.idle_exit_s) * 1000) {
    quit_ = true;
  }
}

// The sooner of the sessions' wake-up and the parked MCP servers' next idle end.
int Server::timeout() {
  int t = sessions_timeout();
  int64_t m = mcp_.wait_ms(now());
  if (m < 0) return t;
  int mi = static_cast<int>(std::min<int64_t>(m, 60000));
  return t < 0 ? mi : std::min(t, mi);
}

// How long the loop may sleep: a wait being confirmed looks again within a millisecond,
// pending sends every 5 ms, opens and closes every 20; an idle daemon only for its exit.
int Server::sessions_timeout() {
  for (const auto& w : waiters_) if (w.confirming) return 1;
  // A remote shell coming up is looked at for its bootstrap.
  for (const auto& s : sessions_) if (s->bootstrap_pending() && s->status() == Session::Status::Starting) return 20;
  if (!waiters_.empty()) return 5;
  if (!openings_.empty() || !closings_.empty()) return 20;
  if (idle_since_ == 0) return any_live() || !clients_.empty() || !mcp_.empty() ? -1 : 100;
  int64_t left = idle_since_ + static_cast<int64_t>(opt_.idle_exit_s) * 1000 - now();
  return static_cast<int>(std::clamp<int64_t>(left, 0, 60000));
}

int Server::run(int listen_fd) {
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
  watch(kListen, listen_, EPOLLIN, EPOLL_CTL_ADD);
  watch(kSignal, sigfd_, EPOLLIN, EPOLL_CTL_ADD);
  epoll_event evs[64];
  while (!quit_) {
    int n = epoll_wait(ep_, evs, 64, timeout());
    for (int i = 0; i < n; ++i) {
      uint64_t kind = evs[i].data.u64 >> 32;
      int fd = static_cast<int>(evs[i].data.u64 & 0xffffffff);
      if (kind == kListen) accept_clients();
      else if (kind == kSignal) on_signal();
      else if (kind == kClient) on_client(fd, evs[i].events);
      else if (kind == kJob) jobs_.on_output(fd);
      else if (kind == kMcp) mcp_.on_fd(fd);
      else if (kind == kMaster) {
        auto it = masters_.find(fd);
        if (it != masters_.end()) on_master(it->second, evs[i].events);
      }
    }
    tick();
  }
  std::vector<Session*> live;
  for (auto& s : sessions_) if (s->live()) live.push_back(s.get());
  end_sessions(live);
  mcp_.end_all();
  return 0;
}

int serve(const DaemonOptions& opt, int listen_fd) {
  Server server(opt, sys::system_clock(), system_tty_probe());
  return server.run(listen_fd);
}

}  // namespace oda::term
