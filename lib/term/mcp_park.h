// The warm MCP servers termd holds between a chat's runs (issue 15, lib/mcp/client_park.h is
// the other side): a run that ends parks each live stdio server here (its stdin, stdout and
// stderr and a pidfd, passed on the socket); the chat's next run with the same server config
// takes it back. One per (chat, key); one that dies while parked is dropped at once, one
// parked longer than the idle time is ended, and termd's end ends them all.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "json/json.h"
#include "sys/fd.h"

namespace oda::term {

struct ParkedServer {
  std::string chat, key;
  int64_t pid = 0;
  sys::UniqueFd in, out, err, pidfd;
  json::Value state;  // what the run needs to go on (tools, protocolVersion, nextId), as it came
  int64_t parked_at = 0;
};

class McpPark {
 public:
  // At most this many parked servers: a park past it is refused (the run ends its own).
  static constexpr size_t kMaxParked = 64;
  // How long one stays parked unless ODA_MCP_IDLE_MS in termd's environment says otherwise.
  static constexpr int64_t kDefaultIdleMs = 600000;
  // The largest state a park may carry.
  static constexpr size_t kMaxState = size_t{4} << 20;

  // watch(fd, true) adds fd to the daemon's epoll set, watch(fd, false) takes it out.
  McpPark(int64_t idle_ms, std::function<void(int, bool)> watch) : idle_ms_(idle_ms), watch_(std::move(watch)) {}
  ~McpPark() { end_all(); }
  // The idle time termd's environment sets (ODA_MCP_IDLE_MS), else the default.
  static int64_t idle_from_env();

  // An mcp-park request's args and fds (stdin, stdout, stderr, pidfd) checked and taken into
  // *out; false with *err naming what is wrong.
  static bool check_park(const json::Value& args, std::vector<sys::UniqueFd>* fds, ParkedServer* out,
                         std::string* err);
  // Holds s (an older one of its chat and key is ended); false with *err when full.
  bool park(ParkedServer s, int64_t now, std::string* err);
  // The chat's server for key, forgotten here (its fds out of the epoll set); none if none.
  std::optional<ParkedServer> take(const std::string& chat, const std::string& key);
  // Puts a taken server back as it was (its answer could not be sent).
  void put_back(ParkedServer s);

  // An fd of ours woke the loop: a pidfd (the server died: dropped) or a stderr (drained).
  // false when fd is none of ours.
  bool on_fd(int fd);
  // Ends the servers parked past the idle time and moves the ends under way along.
  void tick(int64_t now);
  // How long the loop may sleep for what tick must do (-1: nothing pending).
  int64_t wait_ms(int64_t now) const;
  bool empty() const { return parked_.empty() && ending_.empty(); }
  size_t size() const { return parked_.size(); }
  // Ends every server, waiting (up to a couple of seconds) until they are gone.
  void end_all();

 private:
  struct Ending {
    int64_t pid;
    sys::UniqueFd pidfd;
    int64_t started;
    int stage = 0;  // 0: stdin closed, 1: TERM sent, 2: KILL sent
  };
  void unwatch(ParkedServer& s);
  void begin_end(ParkedServer s);

  int64_t idle_ms_;
  std::function<void(int, bool)> watch_;
  std::vector<ParkedServer> parked_;
  std::vector<Ending> ending_;
};

}  // namespace oda::term
