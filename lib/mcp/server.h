// The MCP server's protocol side (SPEC section 6): the life cycle (initialize and version
// negotiation, ping), tools/list, tools/call with each call on a thread of its own,
// cancellation, progress, and asking the client (elicitation). What a tool does is behind
// Backend (tools.h), so tests drive the protocol with a fake one.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <sys/types.h>

#include "json/json.h"
#include "mcp/jsonrpc.h"

namespace oda::mcp {

// The protocol versions this server speaks, newest first; a client asking for another is
// answered with the first (the specification's negotiation).
extern const char* const kProtocolVersions[];
extern const size_t kProtocolVersionCount;

// What a tools/call returns: the text content, the structuredContent (null for none) and
// isError.
struct ToolResult {
  std::string text;
  json::Value structured;
  bool is_error = false;
};

// A question for the client's user (elicitation): allowed or not, and why not.
struct Answer {
  bool allowed = false;
  std::string why;
};

// One call under way, as a backend sees it: cancel() stops it as SIGINT would.
class Call {
 public:
  // Polled by the terminal tools' wait (term::CallOptions::abort).
  volatile sig_atomic_t abort = 0;
  bool cancelled() const { return cancelled_.load(); }
  // Sets the flag and sends SIGINT to the call's child, if it has one.
  void cancel();
  // Registers the child a run_code call started; false when the call was cancelled already
  // (the child has been sent SIGINT then too, so it ends as abort).
  bool adopt_child(pid_t pid);
  void child_done();
  // Asks the client's user (elicitation); empty std::function when the client cannot.
  std::function<Answer(const std::string& message)> ask;

 private:
  std::atomic<bool> cancelled_{false};
  std::mutex mu_;
  pid_t child_ = -1;
};

class Backend {
 public:
  virtual ~Backend() = default;
  // tools/list's tools for this connection (MCP tool objects).
  virtual json::Value tools() const = 0;
  // Whether name is a tool at all (else tools/call answers "unknown tool").
  virtual bool known(std::string_view name) const = 0;
  // Runs one call to its end; called on the call's own thread.
  virtual ToolResult call(std::string_view name, const json::Value& arguments, Call* call) = 0;
};

struct ServerOptions {
  std::string instructions;  // initialize's "instructions"; empty for none
  int progress_ms = 1000;    // how often a call that asked for progress hears of it
};

class Server {
 public:
  Server(ServerOptions options, Backend* backend, jsonrpc::Writer* out);
  ~Server();
  // One line from the client.
  void handle(std::string_view line);
  // A line longer than the reader keeps.
  void too_long(size_t max);
  // The client has gone (stdin ended) or the process is asked to stop: every call under
  // way is cancelled, and this returns once all have ended. No response is sent for them.
  void shutdown();
  // The number of calls under way (for tests).
  size_t calls_under_way();
  // Asks the client's user with elicitation/create and waits for the answer (denied, with
  // why, when the client declared no elicitation or goes away first).
  Answer elicit(const std::string& message);

 private:
  struct Pending;
  void request(const jsonrpc::Message& m);
  void initialize(const jsonrpc::Message& m);
  void call_tool(const jsonrpc::Message& m);
  void notification(const jsonrpc::Message& m);
  void response(const jsonrpc::Message& m);
  void reap();
  void progress_loop();

  ServerOptions opt_;
  Backend* backend_;
  jsonrpc::Writer* out_;
  bool initialized_ = false;
  bool can_elicit_ = false;

  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  // Calls under way by their id (written as JSON, so 1 and "1" differ).
  struct Running {
    std::shared_ptr<Call> call;
    json::Value progress_token;  // null: the client did not ask
    std::chrono::steady_clock::time_point started;
    std::thread thread;
    bool done = false;
  };
  std::map<std::string, Running> calls_;
  // Our requests to the client waiting for a response, by id.
  std::map<std::string, std::shared_ptr<Pending>> asked_;
  int64_t next_id_ = 1;
  std::thread progress_;
};

}  // namespace oda::mcp
