// termd's server: the event loop over the listening socket, the clients, the PTY masters and
// a signalfd, and the state the tools' handlers (tools.cc) act on: sessions, pending sends,
// opens and closes. tmux's server.c and server-client.c are the model.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "json/json.h"
#include "sys/clock.h"
#include "term/closing.h"
#include "term/daemon.h"
#include "term/jobs.h"
#include "term/mcp_park.h"
#include "term/session.h"
#include "term/tty_probe.h"
#include "term/waits.h"
#include "term/wire.h"

namespace oda::term {

// One tool request as a handler sees it.
struct Request {
  int client;
  std::string chat;
  const json::Value& args;      // the tool's arguments (an object)
  const json::Value& envelope;  // the whole request (cwd, shell, max_bytes beside args)
  size_t max_bytes;
  pid_t peer = 0;               // the client's pid (SO_PEERCRED)
};

class Server {
 public:
  Server(const DaemonOptions& opt, const sys::Clock& clock, const TtyProbe& probe)
      : opt_(opt), clock_(clock), probe_(probe) {}
  // Serves on listen_fd until idle or told to stop; returns the exit code.
  int run(int listen_fd);

  // --- What the tools' handlers use.
  void ok(int client, json::Value result) { send(client, wire::ok_reply(std::move(result))); }
  void error(int client, const std::string& msg, int code = wire::kCodeFailed) {
    send(client, wire::error_reply(msg, code));
  }
  // The live session of chat with that id or name; else replies the error (naming a near
  // miss) and returns null. With closed_id, a key naming a closed session (a repeated close)
  // is no error: null is returned with *closed_id set to that session's id.
  Session* find(int client, const std::string& chat, const std::string& key, std::string* closed_id = nullptr);
  // The live sessions of chat, oldest first; without a chat, those of every chat.
  std::vector<Session*> sessions(const std::string& chat) const;
  std::vector<Session*> sessions() const;
  // How many sessions in all chats are not closed yet.
  size_t live_sessions() const;
  // Takes a spawned session, watches its PTY, and answers `client` once it reached its first
  // prompt (or ended, or 10 s passed).
  void opened(int client, std::unique_ptr<Session> s);
  // Waits for s to settle, then answers w.client.
  void wait(Waiter w) { waiters_.push_back(std::move(w)); }
  // Sends to one session are served one at a time, in the order they arrived: while s has
  // a send waiting (or sends held before this one), r is held (true) and served once those
  // have answered, so each returns only its own output and status.
  // serve is the handler that serves r in its turn.
  bool hold_send(Session* s, const Request& r, void (*serve)(Server&, const Request&));
  // Begins closing s; `client` (if >= 0) hears when it is done.
  void close(Session* s, int client);
  // s has bytes queued for its PTY: watch it for room.
  void want_write(Session* s);
  int next_session_number() { return next_session_++; }
  Jobs& jobs() { return jobs_; }
  // Starts text as a job beside s (jobs.h) and answers `client` with it.
  void start_job(int client, const std::string& chat, Session* s, const std::string& text);
  const DaemonOptions& options() const { return opt_; }
  int64_t now() const { return clock_.now_ms(); }
  const TtyProbe& probe() const { return probe_; }

 private:
  struct Client {
    int fd;
    wire::LineBuffer in;
    std::string out;
    bool hello = false;
    bool close_after = false;
    pid_t pid = 0;
    std::vector<sys::UniqueFd> fds;  // passed with its bytes, for the request they belong to
  };
  // A send held for its turn: copies of what its Request referred to.
  struct HeldSend {
    void (*serve)(Server&, const Request&);
    int client;
    std::string chat;
    json::Value args, envelope;
    size_t max_bytes;
  };
  struct Opening {
    int client;
    Session* s;
    int64_t deadline;
  };

  void watch(int kind, int fd, uint32_t events, int op);
  void accept_clients();
  void on_client(int fd, uint32_t events);
  void drop_client(int fd);
  void send(int fd, const json::Value& v);
  void flush_client(int fd);
  void request(int fd, const std::string& line);
  // mcp-park and mcp-take (mcp_park.h): the chat's warm MCP servers.
  void mcp_request(int fd, const std::string& chat, const json::Value& req);
  // Sends v with fds attached; false (nothing sent) when it cannot go now.
  bool send_with_fds(int fd, const json::Value& v, const std::vector<int>& fds);
  void on_signal();
  void on_master(Session* s, uint32_t events);
  void detach(Session* s);
  void tick();
  void settle_waiters(int64_t now);
  bool waiting(const Session* s) const;
  // Serves the sends held for s while none of its sends waits.
  void serve_held(Session* s);
  void finish_openings(int64_t now);
  void advance_closings(int64_t now);
  bool any_live() const;
  void forget_closed();
  int timeout();
  int sessions_timeout();

  DaemonOptions opt_;
  const sys::Clock& clock_;
  const TtyProbe& probe_;
  int ep_ = -1, listen_ = -1, sigfd_ = -1;
  std::map<int, Client> clients_;
  std::vector<std::unique_ptr<Session>> sessions_;
  std::map<int, Session*> masters_;
  std::vector<Waiter> waiters_;
  std::map<Session*, std::deque<HeldSend>> held_;
  Session* serving_held_ = nullptr;  // the session whose held send is being served now
  std::vector<Opening> openings_;
  std::vector<Closing> closings_;
  // What is left of a closed session once it is freed: enough for a repeated close to be
  // answered as one. Oldest first; at most kGoneKept are kept.
  struct Gone {
    std::string chat, id, name;
  };
  static constexpr size_t kGoneKept = 10000;
  std::vector<Gone> gone_;
  Jobs jobs_;
  McpPark mcp_{McpPark::idle_from_env(), [this](int fd, bool add) { watch_mcp(fd, add); }};
  void watch_mcp(int fd, bool add);
  int next_session_ = 1;
  int64_t idle_since_ = 0;
  bool quit_ = false;
};

}  // namespace oda::term
