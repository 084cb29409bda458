// Calls from inside a run-code program (SPEC 4.5): tool catalogs and their name rules, the
// scheduler the supervisor runs calls on (concurrency, approvals, cancellation), and the
// record each call leaves on the run.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "json/json.h"

namespace oda::calls {

constexpr int64_t kDefaultToolTimeoutMs = 30000;
constexpr int64_t kMaxToolTimeoutMs = 600000;
constexpr int kDefaultMaxConcurrent = 8;

// One entry of a catalog (`--tools FILE`).
struct Tool {
  std::string name;
  std::string description;
  std::vector<std::string> command;  // argv; command[0] resolved to an absolute path
  json::Value input_schema;          // {} when the entry has none
  int64_t timeout_ms = kDefaultToolTimeoutMs;
  bool approval_always = false;
  std::vector<std::string> env;      // names passed through from run-code's environment
  std::string catalog;               // the file it came from, for messages
};

// Why a name cannot be a global of the program; empty when it can. The reasons read after
// "tool 'NAME' ...": "is not a plain identifier", "is reserved by the language", "is kept
// by the run's environment".
std::string name_problem(std::string_view name);

// A command to run, as a catalog's command[0] is found: with a slash, relative to the folder
// of `file` (the catalog or config naming it), else on `path_env`. false when there is no
// executable file there.
bool find_command(const std::string& cmd, const std::string& file, const std::string& path_env,
                  std::string* out);

// A ':'-separated list of files (ODA_TOOLS, ODA_MCP_CONFIG), empty entries left out.
std::vector<std::string> split_list(const std::string& text);

// Reads a JSON file that `what` names in its errors ("catalog 'x.json': invalid JSON: ...").
bool read_json_file(const std::string& what, const std::string& file, json::Value* out, std::string* err);

// The names the run's environment keeps (the terminal tools among them), for the bindings.
const std::vector<std::string>& terminal_tool_names();

// Reads one catalog file. false with *err ("tool 'my-tool' in catalog 'x.json' is not a
// plain identifier") on an unreadable file, bad JSON, a bad entry or a missing command.
// `path_env` is the PATH commands are looked up on.
bool load_catalog(const std::string& file, const std::string& path_env, std::vector<Tool>* out,
                  std::string* err);

// All catalogs of a run: the --tools files, else the ':'-separated ODA_TOOLS list. Also
// refuses a name given twice.
bool load_catalogs(const std::vector<std::string>& files, const std::string& oda_tools,
                   const std::string& path_env, std::vector<Tool>* out, std::string* err);

// `--args`, `--metadata`: a JSON object ({} when text is empty). `--dv`: the same, with every
// value turned into a string (numbers as JavaScript prints them, other data as compact JSON).
// `what` names the option in the error ("invalid --dv: expected a JSON object").
bool parse_object_option(std::string_view what, const std::string& text, bool strings,
                         json::Value* out, std::string* err);

// ---------------------------------------------------------------------------------------
// Running calls.

// Shared by the calls of one run: set once the run fails, times out or is aborted. fd()
// becomes readable at that moment, so a call waiting in poll() wakes at once.
class CancelFlag {
 public:
  CancelFlag();
  ~CancelFlag();
  CancelFlag(const CancelFlag&) = delete;
  CancelFlag& operator=(const CancelFlag&) = delete;
  void cancel();
  bool cancelled() const { return flag_.load(std::memory_order_acquire); }
  int fd() const { return pipe_[0]; }

 private:
  std::atomic<bool> flag_{false};
  int pipe_[2] = {-1, -1};
};

// How one call ended.
struct Outcome {
  enum class Status { Ok, Error, Denied, Timeout, Cancelled, Dropped, Unlossless };
  Status status = Status::Ok;
  json::Value result;         // Ok: the value the promise resolves to
  std::string error;          // otherwise: the Error's message
  json::Value notes;          // what the tool told while it ran (MCP progress), or null
  static Outcome ok(json::Value v) { Outcome o; o.result = std::move(v); return o; }
  static Outcome fail(Status s, std::string message) {
    Outcome o; o.status = s; o.error = std::move(message); return o;
  }
};
const char* status_name(Outcome::Status s);  // "ok", "error", "denied", ...

// What a tool does when called: runs on its own thread, blocks, watches `cancel`.
using Handler = std::function<Outcome(const json::Value& arguments, const CancelFlag& cancel)>;

// Runs a catalog entry's command: argv with the arguments JSON on stdin, its own process
// group, only its env names plus a minimal PATH, its own timeout.
Outcome exec_tool(const Tool& tool, const json::Value& arguments, const CancelFlag& cancel);

// Asks whether a call may run (approval "always"): the approver command (the call as JSON on
// stdin; exit 0 allows), else the controlling terminal, else no. *why says who refused.
bool approve(const std::string& approver, const std::string& tool, const json::Value& arguments,
             const CancelFlag& cancel, std::string* why);

// One call as the run records it.
struct CallRecord {
  int64_t id = 0;
  std::string server;        // the group of a member call (an MCP server), else empty
  std::string tool;
  json::Value arguments;
  Outcome outcome;
  int64_t started_ms = -1;   // since the run started; -1 when it never started
  int64_t duration_ms = 0;
  bool settled = false;      // false: still under way (shown as "unfinished")
  json::Value to_json() const;
};

struct SchedulerOptions {
  int max_concurrent = kDefaultMaxConcurrent;
  std::string approver;  // --approver / ODA_APPROVER; empty: the terminal, else deny
  std::function<int64_t()> now_ms;  // the run's clock (ms since start); steady clock if unset
};

// The supervisor's side of calls. submit() queues a call; at most max_concurrent run at once,
// on a pool of at most that many threads. A finished call is told to its submitter's Done.
class Scheduler {
 public:
  explicit Scheduler(SchedulerOptions options);
  ~Scheduler();  // cancels what still runs and joins every thread
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // Registers a tool; `ask` makes every call wait for an approval first.
  void add(std::string name, Handler handler, bool ask = false);
  bool has(std::string_view name) const;
  // A tool of a group (an MCP server): called by the name "<group>.<tool>" and recorded with
  // its group as "server" and its own name as "tool".
  void add_member(const std::string& group, const std::string& tool, Handler handler, bool ask);
  // How a call of the group by a name it has no member for ends (at once, recorded): an
  // unknown tool, or any tool of a server that could not start.
  void add_group_fallback(const std::string& group, std::function<Outcome(const std::string& tool)> fallback);

  // Queues a call and returns its id (1, 2, ...). An unknown tool finishes at once, failed.
  // `done` (optional) is told the outcome once, on whichever thread settles the call, never
  // under the scheduler's lock.
  using Done = std::function<void(const Outcome&)>;
  int64_t submit(const std::string& tool, json::Value arguments, Done done = nullptr);

  // The program returned: calls still queued are dropped (recorded as never started).
  void drop_queued();
  // The run failed: running calls are stopped (recorded cancelled), queued ones dropped.
  void cancel_all();
  // Waits until no call runs, or until the run's clock reaches deadline_ms (-1: no limit);
  // true when all settled.
  bool wait_idle(int64_t deadline_ms);
  size_t running() const;
  size_t queued() const;
  // The run's clock, in ms (what deadline_ms and the records count in).
  int64_t now_ms() const { return now(); }

  // Every call so far, in submission order.
  std::vector<CallRecord> records() const;
  json::Value records_json() const;

 private:
  struct Entry {
    Handler handler;
    bool ask = false;
    std::string group, member;  // a member's group and own name, else empty
  };
  const Entry* find(std::string_view name) const;
  void start_locked(int64_t id);
  void pool_thread();
  Outcome run_call(const std::string& tool, const Handler& handler, bool ask,
                   const json::Value& arguments);
  int64_t now() const;

  SchedulerOptions options_;
  CancelFlag cancel_;
  std::map<std::string, Entry, std::less<>> tools_;
  std::map<std::string, std::function<Outcome(const std::string&)>, std::less<>> fallbacks_;
  mutable std::mutex mu_;
  std::condition_variable idle_cv_;  // running_ fell
  std::condition_variable work_cv_;  // queue_ grew, or stopping_
  std::vector<CallRecord> records_;       // index id-1
  std::vector<Done> done_;            // index id-1
  std::deque<int64_t> queue_;         // waiting for a slot
  std::deque<int64_t> ready_;         // started, waiting for a pool thread
  std::vector<std::thread> threads_;
  size_t running_ = 0;
  size_t idle_threads_ = 0;
  bool dropping_ = false;
  bool stopping_ = false;
};

}  // namespace oda::calls
