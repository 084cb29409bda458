// The supervisor: starts a fresh worker process for one run, feeds it the program, collects
// its lines as they are printed, answers its host requests, and ends the run at the
// deadline, on SIGINT/SIGTERM, at the output cap, or when the worker dies or babbles. It
// never dies with the worker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "json/json.h"

namespace oda::run {

// One printed line: level 0 log, 1 info, 2 warn, 3 error, 4 debug.
struct OutputLine {
  int level = 0;
  std::string text;
};

const char* level_name(int level);

// How a host-request handler answers: reply() may be called later and from any thread;
// an error value is an object with at least "message" (the program sees an Error).
class HostLink {
 public:
  virtual ~HostLink() = default;
  virtual void reply(uint32_t id, bool ok, json::Value value) = 0;
};

// Handles one request the program made with __oda_host(method, args). Runs on the
// supervisor's loop: it must not block (start a thread or a child and reply later).
using HostHandler = std::function<void(uint32_t id, const json::Value& args, HostLink* link)>;

// Answers request id with a result that arrived as text (a tool's stdout): the JSON value
// when the text parses, the text itself as a string when it does not, and a rejection with
// "binding resolution must be lossless JSON" when it is JSON that would not read back as
// written (an integer past 2^53).
void reply_with_output(HostLink* link, uint32_t id, std::string_view text);

struct RunSettings {
  std::string code;                   // the program as written
  long long budget_ms = 120000;       // elapsed-time budget of the whole run
  size_t heap_bytes = size_t{512} << 20;
  size_t output_cap = size_t{64} << 20;  // printed lines and the returned value together
  bool test_faults = false;           // ODA_RUN_TEST_FAULTS: lets tests break the worker
  std::map<std::string, HostHandler> handlers;  // by method name
  // Where handlers append one object per tool call (arguments, result, timing) for the
  // --json result and the run record; owned by the caller, touched on the loop only.
  json::Value* calls = nullptr;
  // Called once when the run closes, before supervise() returns, whatever ended it: handlers
  // still working (a timeout or an abort came first) stop here and join their threads, as
  // a HostLink must not be used after supervise() returns.
  std::function<void()> on_close;
  // Called on the loop when the program has settled (its end frame came; ok: it finished):
  // calls still waiting for their turn are dropped then, and a failed program's calls stop.
  std::function<void(bool ok)> on_program_end;
  // Settings for the parts' worker-side hooks (parts.h), sent in the start frame; keys are
  // plain words without '=' or newlines.
  std::map<std::string, std::string> worker_settings;
};

struct RunOutcome {
  bool ok = false;
  std::string kind;                   // empty when ok
  std::string message;
  std::vector<OutputLine> output;
  bool has_value = false;             // false: the program returned nothing
  json::Value value;
  double duration_ms = 0;
};

RunOutcome supervise(const RunSettings& settings);

// The worker's whole environment: only what starting programs needs, never the caller's
// secrets. Also what a terminal session a program opens starts from.
std::vector<std::string> worker_environment();

struct EndFrame;
// The outcome a worker's end frame stands for, into *out (whose printed lines are
// output_used bytes of output_cap): its failure as sent; or its value, which must parse as
// lossless JSON (else invalid-output) and fit what is left of the cap (else output-limit).
void settle_end(const EndFrame& end, size_t output_used, size_t output_cap, RunOutcome* out);

// How a worker that ended without an end frame ended, from its wait status: "worker killed
// by SIGKILL", "worker exited with status 72 (no start frame from the supervisor)".
std::string describe_worker_end(int wait_status);

// Starts the next run's worker now (run-code calls it before parsing its command line), so
// the worker's start overlaps the supervisor's own; supervise() adopts it. A worker never
// adopted sees its input close when the process exits, and ends.
void start_early();

// Past this many printed lines a run ends as output-limit too: a million empty lines are
// only a megabyte of text but would cost the supervisor gigabytes as a --json result.
inline constexpr size_t kMaxLines = size_t{1} << 20;

// The standard texts of SPEC 4.2-4.4.
inline constexpr const char* kUnresolved = "program finished without a result (unresolved promise)";
inline constexpr const char* kCompletionNotLossless = "program completion must be lossless JSON";
inline constexpr const char* kThrewUnrenderable = "program threw an unrenderable value";
inline constexpr const char* kArgumentsNotLossless = "binding arguments must be lossless JSON";
inline constexpr const char* kResolutionNotLossless = "binding resolution must be lossless JSON";
inline constexpr const char* kSparseArray = "cannot encode a sparse JSON array";

}  // namespace oda::run
