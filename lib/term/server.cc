// termd's event loop and its clients (see server.h): one epoll set, every fd non-blocking,
// the tools dispatched through their table, and pending sends, opens and closes looked at
// after every wake-up.
#include "term/server.h"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "term/signals.h"
#include "term/tools.h"

namespace oda::term {

namespace {

// What an fd in the epoll set is; the tag packs it with the fd into the event's data.
enum FdKind : uint64_t { kListen = 1, kSignal = 2, kClient = 3, kMaster = 4 };
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
    watch(kClient, fd, EPOLLIN, EPOLL_CTL_ADD);
  }
}

void Server::drop_client(int fd) {
  // A client gone while its send waited: the send is aborted, what it wrote stays written.
  std::erase_if(waiters_, [fd](const Waiter& w) { return w.client == fd; });
  for (auto& o : openings_) if (o.client == fd) o.client = -1;
  for (auto& c : closings_) std::erase(c.clients, fd);
  epoll_ctl(ep_, EPOLL_CTL_DEL, fd, nullptr);
  ::close(fd);
  clients_.erase(fd);
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
      ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        it->second.in.add(std::string_view(buf, static_cast<size_t>(n)));
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
  std::string chat = req.get_or("chat", "");
  if (chat.empty()) return error(fd, "refused: no chat: pass --chat ID or set ODA_CHAT");
  // Held to the clients' own rules: any process of the user can write to this socket.
  const Tool* tool = nullptr;
  if (!valid_request(req, &tool, &err)) return error(fd, err, wire::kCodeUsage);
  const json::Value* a = req.get("args");
  json::Value empty = json::Value::object();
  const json::Value& args = a ? *a : empty;
  if (!tool->valid(args, &err)) return error(fd, err, wire::kCodeUsage);
  size_t max_bytes = static_cast<size_t>(req.get_or<int64_t>("max_bytes", 262144));
  tool->serve(*this, Request{fd, chat, args, req, max_bytes});
}

Session* Server::find(int client, const std::string& chat, const std::string& key, bool* closed_already) {
  Session* best = nullptr;
  for (auto& s : sessions_) {
    if (s->chat() != chat) continue;
    if (s->id() == key && (s->live() || closed_already)) best = s.get();
    else if (!s->name().empty() && s->name() == key && s->live()) return s.get();
  }
  // A repeated close by name finds the session that name last meant.
  if (!best && closed_already) {
    for (auto& s : sessions_) if (s->chat() == chat && s->name() == key) best = s.get();
  }
  if (best) {
    if (!best->live() && closed_already) *closed_already = true;
    return best;
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

void Server::want_write(Session* s) { watch(kMaster, s->master(), EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD); }

void Server::close(Session* s, int client) {
  for (auto& w : waiters_) if (w.s == s) ok(w.client, settled_result(w, Settled::Exit));
  std::erase_if(waiters_, [s](const Waiter& w) { return w.s == s; });
  closings_.emplace_back(s, now());
  if (client >= 0) closings_.back().clients.push_back(client);
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
  }
}

void Server::on_signal() {
  signalfd_siginfo si;
  while (read(sigfd_, &si, sizeof si) == static_cast<ssize_t>(sizeof si)) {
    if (si.ssi_signo != SIGCHLD) quit_ = true;
  }
  // Our children are the sessions' keepers (and what the subreaper adopted); a shell's end
  // is reported by its keeper.
  int status;
  while (waitpid(-1, &status, WNOHANG) > 0) {}
  for (auto& s : sessions_) {
    if (!s->shell_ended(&status)) continue;
    if (s->has_pty()) s->drain();
    s->exited(status);
    jobs_.update(s.get(), true);
  }
}

void Server::finish_openings(int64_t now) {
  for (size_t i = 0; i < openings_.size();) {
    Opening& o = openings_[i];
    Session* s = o.s;
    if (s->status() == Session::Status::Starting && now < o.deadline) { ++i; continue; }
    if (s->status() == Session::Status::Exited && !s->at_prompt()) {
      // It never reached a prompt: no session to speak of.
      std::string why = s->exit_code() ? "code=" + std::to_string(*s->exit_code())
                                       : "signal=" + signal_name(s->exit_signal().value_or(0));
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
    Settled why;
    if (!settle_reason(waiters_[i], now, probe_, &why)) { ++i; continue; }
    Waiter done = waiters_[i];
    waiters_.erase(waiters_.begin() + static_cast<long>(i));
    ok(done.client, settled_result(done, why));
  }
}

void Server::advance_closings(int64_t now) {
  for (auto& c : closings_) {
    if (!c.advance(now)) continue;
    Session* s = c.session();
    detach(s);
    s->closed();
    jobs_.update(s, true);
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

bool Server::any_live() const {
  return std::any_of(sessions_.begin(), sessions_.end(), [](auto& s) { return s->live(); });
}

void Server::tick() {
  int64_t now = this->now();
  finish_openings(now);
  for (auto& s : sessions_) if (s->status() == Session::Status::Running) jobs_.update(s.get(), false);
  settle_waiters(now);
  advance_closings(now);
  if (any_live() || !clients_.empty()) {
    idle_since_ = 0;
  } else if (idle_since_ == 0) {
    idle_since_ = now;
  } else if (now - idle_since_ >= static_cast<int64_t>(opt_.idle_exit_s) * 1000) {
    quit_ = true;
  }
}

// How long the loop may sleep: a wait being confirmed looks again within a millisecond,
// pending sends every 5 ms, opens and closes every 20; an idle daemon only for its exit.
int Server::timeout() {
  for (const auto& w : waiters_) if (w.confirming) return 1;
  if (!waiters_.empty()) return 5;
  if (!openings_.empty() || !closings_.empty()) return 20;
  if (idle_since_ == 0) return any_live() || !clients_.empty() ? -1 : 100;
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
  return 0;
}

int serve(const DaemonOptions& opt, int listen_fd) {
  Server server(opt, sys::system_clock(), system_tty_probe());
  return server.run(listen_fd);
}

}  // namespace oda::term
