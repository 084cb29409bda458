// The code-function profile (SPEC 8, seed 003): run-code as a voice platform's code function,
// whose request is the function definition and whose answer is the returned value as JSON.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.h"
#include "json/json.h"
#include "run/parts.h"
#include "run/supervisor.h"

namespace oda::run {

inline constexpr const char* kCodeFunctionProfile = "code-function";

// The profile's table: the definition's fields (type, name, description, code, parameters,
// timeout_ms, response_variables) beside run-code's own options that still apply.
const cli::Command& code_function_command();

// The profile's whole job for a parsed call; returns the exit status (SPEC 4.6).
int run_code_function(const cli::Command& cmd, const cli::Args& args);

// The profile's part (parts.cc): on the worker side it tells a busy loop stopped at the
// deadline from a wait that ran out.
extern const Part kCodeFunctionPart;

namespace code_function {

// The seed's limits.
inline constexpr size_t kMaxCodeChars = 20000;
inline constexpr long long kMinTimeoutMs = 1000, kMaxTimeoutMs = 60000, kDefaultTimeoutMs = 10000;
inline constexpr size_t kMaxResultChars = 15000;
inline constexpr size_t kMaxConsoleLines = 200;
inline constexpr size_t kHeapBytes = size_t{32} << 20;
inline constexpr const char* kDefaultDescription = "Run JavaScript and return a result.";
// The line the worker adds to a timeout's message when the deadline stopped running code (a
// busy loop) rather than a wait: the seed answers the two differently.
inline constexpr const char* kInterruptedNote = "(stopped by the interrupt handler)";

// Checks value against a JSON Schema (the keywords a function's parameters use: type, enum,
// const, properties, required, additionalProperties, items, minimum, maximum, exclusiveMinimum,
// exclusiveMaximum, minLength, maxLength, minItems, maxItems; others are annotations). false
// with *err saying where ("$.items") and why.
bool check_schema(const json::Value& schema, const json::Value& value, std::string* err);

// A JSON path of the seed's syntax ($, .name, [N], ['name'] or ["name"]) split into steps;
// false when it is not one.
struct PathStep {
  bool index = false;
  size_t n = 0;
  std::string name;
};
bool parse_path(std::string_view path, std::vector<PathStep>* steps);
// The value at path in v, or null when nothing matches.
json::Value read_path(const json::Value& v, const std::vector<PathStep>& steps);

// The first n characters (code points) of s.
std::string cut_chars(const std::string& s, size_t n);

// The text the seed's code function answers for a failed run ("Error: ...").
std::string error_text(const RunOutcome& o, long long timeout_ms);

}  // namespace code_function

}  // namespace oda::run
