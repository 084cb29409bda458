// run-code's MCP client (SPEC 4.5): one connection to one server of a config, over stdio (a
// child process) or streamable HTTP; the initialize handshake, tools/list, tools/call, the
// requests a server may send (roots/list, ping, sampling and elicitation declined) and the
// notifications it may send (log and progress, kept). Thread-safe: calls run concurrently.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "calls/calls.h"
#include "json/json.h"
#include "mcp/client_config.h"

namespace oda::mcp::client {

// The protocol version offered; an older one the server answers with is used as it is.
inline constexpr const char* kProtocolVersion = "2025-11-25";
// How long a server has to start and answer initialize and tools/list.
inline constexpr int64_t kStartTimeoutMs = 30000;

struct ToolInfo {
  std::string name;
  std::string description;
  json::Value input_schema;   // {} when the server gave none
  json::Value output_schema;  // null when it gave none
};

// What a server's answer to tools/call stands for in the program: structuredContent when it
// is there, else the text of a single text block (the JSON value when the whole text is
// lossless JSON), else the content blocks as data; isError rejects with the blocks' text.
calls::Outcome outcome_of_result(const json::Value& result);

// The text of an error a server sent (a JSON-RPC error object), as the program sees it.
std::string error_text(const json::Value& error);

// A tool as tools/list and $tools give it, and back (false when t is no tool).
json::Value tool_json(const ToolInfo& t);
bool tool_from_json(const json::Value& t, ToolInfo* out);

class Transport;
struct Handover;

class Connection {
 public:
  // workspace: the folder roots/list answers with.
  Connection(ServerConfig config, std::string workspace);
  ~Connection();  // close()
  // Ends the server (stdin closed, then TERM, then KILL); its calls under way fail.
  void close();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Starts the server, initializes and lists its tools. false with *err ("mcp server
  // 'memory' could not start: ...") when it cannot; the connection is then dead.
  bool start(int64_t timeout_ms, std::string* err);
  // Takes over a live server someone else initialized (a warm one termd held): no
  // initialize, the tools from state's "tools", request ids on from its "nextId" (so a late
  // answer to an old request matches no new one). false with *err when state is unusable.
  bool adopt(Handover h, const json::Value& state, std::string* err);
  // Gives the live, idle server up (for termd to hold): *state is what adopt needs. false
  // when it is dead, busy or not a stdio server; the connection is to be closed then.
  bool hand_over(Handover* h, json::Value* state);
  // Whether the server came warm (adopt), and its process (0: none).
  bool warm() const { return warm_; }
  int64_t pid() const;
  const ServerConfig& config() const { return config_; }
  const std::vector<ToolInfo>& tools() const { return tools_; }
  bool has_tool(const std::string& name) const;
  // false once the server has died or misbehaved (its calls then fail at once).
  bool alive() const;
  // The startup's cost, and the server's answer to initialize (serverInfo...).
  int64_t start_ms() const { return start_ms_; }

  // One tools/call. Progress the server reports comes back in the outcome's notes; a cancel
  // (the run stopped) sends notifications/cancelled and returns Cancelled.
  calls::Outcome call(const std::string& tool, const json::Value& arguments, const calls::CancelFlag& cancel);

  // The log and other notifications the server sent, with the time each came (ms since the
  // connection started), and takes them (each is told once).
  json::Value take_log();

  // Called by the transport for every message the server sends.
  void on_message(const std::string& line);
  // Called by the transport when the server is gone (what it said last on stderr, if any).
  void on_closed(const std::string& why);

 private:
  struct Pending {
    bool done = false;
    json::Value result;
    json::Value error;  // a JSON-RPC error object
    std::string failure;  // the server died or broke: the whole message
    json::Value notes = nullptr;
  };
  // Sends a request and waits for its answer (or the cancel, or timeout_ms; -1 none).
  bool request(const std::string& method, json::Value params, const calls::CancelFlag* cancel,
               int64_t timeout_ms, json::Value* result, std::string* err, bool* cancelled,
               json::Value* notes = nullptr);
  // One message (a batch's member, or the whole line); a batch inside a batch is malformed.
  void on_one(const std::string& line);
  void answer_server_request(const json::Value& id, const std::string& method);
  void fail_all(const std::string& why);
  int64_t now() const;

  ServerConfig config_;
  std::string workspace_;
  std::unique_ptr<Transport> transport_;
  std::vector<ToolInfo> tools_;
  int64_t start_ms_ = 0;
  int64_t t0_ = 0;
  std::string protocol_version_;
  bool warm_ = false;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  int64_t next_id_ = 1;
  std::map<int64_t, Pending> pending_;
  json::Value log_ = json::Value::array();
  bool dead_ = false;
  std::string death_;
};

}  // namespace oda::mcp::client
