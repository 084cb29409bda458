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

struct RunSettings {
  std::string code;                   // the program as written
  long long budget_ms = 120000;       // elapsed-time budget of the whole run
  size_t heap_bytes = size_t{512} << 20;
  size_t output_cap = size_t{64} << 20;  // printed lines and the returned value together
  bool test_faults = false;           // ODA_RUN_TEST_FAULTS: lets tests break the worker
  std::map<std::string, HostHandler> handlers;  // by method name
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

// The standard texts of SPEC 4.2-4.4.
inline constexpr const char* kUnresolved = "program finished without a result (unresolved promise)";
inline constexpr const char* kCompletionNotLossless = "program completion must be lossless JSON";
inline constexpr const char* kThrewUnrenderable = "program threw an unrenderable value";
inline constexpr const char* kArgumentsNotLossless = "binding arguments must be lossless JSON";
inline constexpr const char* kResolutionNotLossless = "binding resolution must be lossless JSON";
inline constexpr const char* kSparseArray = "cannot encode a sparse JSON array";

}  // namespace oda::run
