// The code-function profile (see profile_code_function.h): the definition's checks, the
// seed's limits on a run, and its answer: the value as JSON cut to 15,000 characters, the
// "Error: ..." texts, console lines kept out of the text, response_variables read by path.
#include "run/profile_code_function.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "run/command.h"
#include "run/record.h"
#include "run/result.h"
#include "run/worker.h"

extern "C" unsigned int oda_duk_callstack_limit;  // lib/engine/duk_overrides.h

namespace oda::run {

namespace code_function {

namespace {

const char* type_of(const json::Value& v) {
  switch (v.type()) {
    case json::Type::Null: return "null";
    case json::Type::Bool: return "boolean";
    case json::Type::Number: return std::trunc(v.as_number()) == v.as_number() ? "integer" : "number";
    case json::Type::String: return "string";
    case json::Type::Array: return "array";
    case json::Type::Object: return "object";
  }
  return "null";
}

bool is_type(const json::Value& v, std::string_view t) {
  std::string_view have = type_of(v);
  return have == t || (t == "number" && have == "integer");
}

std::string shown(const json::Value& v) {
  std::string s = json::write(v);
  return s.size() > 60 ? cut_chars(s, 57) + "..." : s;
}

// A step of a path as it would be written: ".name", "[2]" or "['a b']".
std::string step_text(const std::string& name) {
  bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$');
  return plain ? "." + name : "['" + name + "']";
}

bool number_keyword(const json::Value& schema, const char* key, double* out) {
  const json::Value* v = schema.get(key);
  if (!v || !v->is_number()) return false;
  *out = v->as_number();
  return true;
}

bool check_at(const json::Value& schema, const json::Value& value, const std::string& where, std::string* err) {
  if (schema.is_bool()) {
    if (schema.as_bool()) return true;
    *err = where + ": no value is allowed here";
    return false;
  }
  if (!schema.is_object()) return true;
  auto fail = [&](const std::string& why) {
    *err = where + ": " + why;
    return false;
  };
  if (const json::Value* t = schema.get("type")) {
    std::vector<std::string> types;
    if (t->is_string()) types.push_back(t->as_string());
    for (const auto& e : t->items())
      if (e.is_string()) types.push_back(e.as_string());
    bool ok = types.empty();
    std::string wanted;
    for (const auto& ty : types) {
      ok = ok || is_type(value, ty);
      wanted += (wanted.empty() ? "" : " or ") + ty;
    }
    if (!ok) return fail("expected " + wanted + ", got " + shown(value));
  }
  if (const json::Value* e = schema.get("enum"); e && e->is_array()) {
    bool ok = false;
    for (const auto& c : e->items()) ok = ok || c == value;
    if (!ok) return fail("expected one of " + json::write(*e) + ", got " + shown(value));
  }
  if (const json::Value* c = schema.get("const"); c && !(*c == value))
    return fail("expected " + json::write(*c) + ", got " + shown(value));
  double n;
  if (value.is_number()) {
    double x = value.as_number();
    if (number_keyword(schema, "minimum", &n) && x < n) return fail("expected at least " + json::number_to_string(n) + ", got " + shown(value));
    if (number_keyword(schema, "maximum", &n) && x > n) return fail("expected at most " + json::number_to_string(n) + ", got " + shown(value));
    if (number_keyword(schema, "exclusiveMinimum", &n) && x <= n) return fail("expected more than " + json::number_to_string(n) + ", got " + shown(value));
    if (number_keyword(schema, "exclusiveMaximum", &n) && x >= n) return fail("expected less than " + json::number_to_string(n) + ", got " + shown(value));
  }
  if (value.is_string()) {
    size_t chars = 0;
    for (unsigned char c : value.as_string()) chars += (c & 0xC0) != 0x80;
    double len = static_cast<double>(chars);
    if (number_keyword(schema, "minLength", &n) && len < n) return fail("expected at least " + json::number_to_string(n) + " characters, got " + shown(value));
    if (number_keyword(schema, "maxLength", &n) && len > n) return fail("expected at most " + json::number_to_string(n) + " characters, got " + shown(value));
  }
  if (value.is_array()) {
    double len = static_cast<double>(value.items().size());
    if (number_keyword(schema, "minItems", &n) && len < n) return fail("expected at least " + json::number_to_string(n) + " items");
    if (number_keyword(schema, "maxItems", &n) && len > n) return fail("expected at most " + json::number_to_string(n) + " items");
    if (const json::Value* items = schema.get("items"))
      for (size_t i = 0; i < value.items().size(); ++i)
        if (!check_at(*items, value.items()[i], where + "[" + std::to_string(i) + "]", err)) return false;
  }
  if (value.is_object()) {
    if (const json::Value* req = schema.get("required"); req && req->is_array())
      for (const auto& r : req->items())
        if (r.is_string() && !value.get(r.as_string()))
          return fail("missing required property '" + r.as_string() + "'");
    const json::Value* props = schema.get("properties");
    const json::Value* extra = schema.get("additionalProperties");
    for (const auto& [k, v] : value.members()) {
      const json::Value* sub = props && props->is_object() ? props->get(k) : nullptr;
      if (sub) {
        if (!check_at(*sub, v, where + step_text(k), err)) return false;
      } else if (extra) {
        if (extra->is_bool() && !extra->as_bool()) return fail("unknown property '" + k + "'");
        if (!check_at(*extra, v, where + step_text(k), err)) return false;
      }
    }
  }
  return true;
}

}  // namespace

bool check_schema(const json::Value& schema, const json::Value& value, std::string* err) {
  return check_at(schema, value, "$", err);
}

bool parse_path(std::string_view p, std::vector<PathStep>* steps) {
  steps->clear();
  if (p.empty() || p[0] != '$') return false;
  size_t i = 1;
  while (i < p.size()) {
    PathStep s;
    if (p[i] == '.') {
      size_t j = ++i;
      while (j < p.size() && p[j] != '.' && p[j] != '[') ++j;
      if (j == i) return false;
      s.name = std::string(p.substr(i, j - i));
      i = j;
    } else if (p[i] == '[') {
      ++i;
      if (i < p.size() && (p[i] == '\'' || p[i] == '"')) {
        char q = p[i++];
        size_t j = p.find(q, i);
        if (j == std::string_view::npos || j + 1 >= p.size() || p[j + 1] != ']') return false;
        s.name = std::string(p.substr(i, j - i));
        i = j + 2;
      } else {
        size_t j = i;
        while (j < p.size() && std::isdigit(static_cast<unsigned char>(p[j]))) ++j;
        if (j == i || j >= p.size() || p[j] != ']' || j - i > 15) return false;
        s.index = true;
        s.n = std::stoull(std::string(p.substr(i, j - i)));
        i = j + 1;
      }
    } else {
      return false;
    }
    steps->push_back(std::move(s));
  }
  return true;
}

json::Value read_path(const json::Value& v, const std::vector<PathStep>& steps) {
  const json::Value* at = &v;
  for (const PathStep& s : steps) {
    if (s.index) {
      if (!at->is_array() || s.n >= at->items().size()) return json::Value();
      at = &at->items()[s.n];
    } else {
      at = at->is_object() ? at->get(s.name) : nullptr;
      if (!at) return json::Value();
    }
  }
  return *at;
}

std::string cut_chars(const std::string& s, size_t n) {
  size_t chars = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (chars++ == n) return s.substr(0, i);
  }
  return s;
}

std::string error_text(const RunOutcome& o, long long timeout_ms) {
  const std::string& m = o.message;
  if (o.kind == "timeout")
    return m.find("\n" + std::string(kInterruptedNote)) != std::string::npos
               ? "Error: interrupted"
               : "Error: Code timed out after " + std::to_string(timeout_ms) + " ms while waiting on a promise";
  if (o.kind == "sandbox-unavailable" || o.kind == "worker-exit" || o.kind == "protocol")
    return "Error: code sandbox unreachable: " + m;
  if (m == kUnresolved) return "Error: Code finished without a result (unresolved promise)";
  // The engine's ceiling: QuickJS, the seed's engine, says "out of memory".
  if (m.starts_with("heap limit reached (")) return "Error: out of memory";
  // The engine's recursion limit: QuickJS, on the seed's 1 MB stack, says "stack overflow".
  if (m.starts_with("RangeError: callstack limit") || m.starts_with("RangeError: C stack depth limit"))
    return "Error: stack overflow";
  // A thrown Error renders "Name: message (line N)"; the function's answer carries the
  // message alone. A syntax error keeps its line: it says where the code does not parse.
  size_t colon = m.find(": ");
  if (colon != std::string::npos && colon >= 5 && m.compare(colon - 5, 5, "Error") == 0) {
    bool name = true;
    for (size_t i = 0; i < colon; ++i) name = name && std::isalnum(static_cast<unsigned char>(m[i]));
    if (name) {
      std::string msg = m.substr(colon + 2);
      size_t at = msg.rfind(" (line ");
      if (m.compare(0, colon, "SyntaxError") != 0 && at != std::string::npos && msg.back() == ')' &&
          msg.find_first_not_of("0123456789", at + 7) == msg.size() - 1 && msg.size() - 1 > at + 7)
        msg.erase(at);
      return "Error: " + msg;
    }
  }
  return "Error: " + m;
}

}  // namespace code_function

namespace {

using cli::Kind;
using namespace code_function;

cli::Command make_table() {
  cli::Command cmd = command();
  cmd.tool = "code_function";
  cmd.summary = "run a code function (seed 003): JavaScript whose returned value is the answer";
  cmd.description = kDefaultDescription;
  std::vector<cli::Option> opts = {
      {.name = "type", .kind = Kind::String, .value_name = "TYPE", .help = "the function's type: code", .field = "type"},
      {.name = "name", .kind = Kind::String, .value_name = "NAME", .help = "the function's name", .field = "name"},
      {.name = "description", .kind = Kind::String, .value_name = "TEXT",
       .help = "what the function does (default: Run JavaScript and return a result.)", .field = "description"},
      {.name = "code", .short_name = 'e', .kind = Kind::String, .value_name = "TEXT",
       .help = "the body of an async function, up to 20,000 characters", .field = "code", .schema_required = true},
      {.name = "parameters", .kind = Kind::Json, .value_name = "JSON",
       .help = "the JSON Schema the arguments (--args) are checked against", .field = "parameters"},
      {.name = "timeout-ms", .kind = Kind::Int, .value_name = "N",
       .help = "total run time in ms, a whole number from 1000 to 60000 (default 10000; capped by CODE_SANDBOX_MAX_MS)",
       .field = "timeout_ms", .invalid_message = "invalid timeout_ms: expected a whole number from 1000 to 60000"},
      {.name = "response-variables", .kind = Kind::Json, .value_name = "JSON",
       .help = "names to JSON paths ($.a.b[0]) read from the returned value into --json's variables",
       .field = "response_variables"},
      {.name = "speak-during-execution", .help = "an execution option of the definition (kept in the record)",
       .field = "speak_during_execution"},
      {.name = "speak-after-execution", .help = "an execution option of the definition (kept in the record)",
       .field = "speak_after_execution"},
      {.name = "execution-message-description", .kind = Kind::String, .value_name = "TEXT",
       .help = "an execution option of the definition (kept in the record)", .field = "execution_message_description"},
  };
  // run-code's own options that still mean something here; the run_code request's controls
  // and limits (timeoutMs, sandbox_permissions, the heap, no deadline) are the profile's own.
  for (const cli::Option& o : cmd.options) {
    std::string_view n = o.name;
    if (o.field || n == "max-heap-mb" || n == "no-deadline" || n == "approve-escalation") continue;
    opts.push_back(o);
  }
  cmd.options = std::move(opts);
  return cmd;
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

// CODE_SANDBOX_MAX_MS, the API setting that caps timeout_ms (default 60,000).
bool sandbox_max_ms(long long* out, std::string* err) {
  *out = kMaxTimeoutMs;
  const char* v = std::getenv("CODE_SANDBOX_MAX_MS");
  if (!v) return true;
  errno = 0;
  char* end = nullptr;
  long long n = std::strtoll(v, &end, 10);
  if (!*v || *end || errno == ERANGE || n < 1) {
    *err = std::string("invalid CODE_SANDBOX_MAX_MS '") + v + "': expected a whole number of ms from 1";
    return false;
  }
  *out = n;
  return true;
}

// The definition's checks, in the order of the seed's table of fields; "" when it may run.
std::string check_definition(const cli::Args& args, std::string* code) {
  if (args.has("type") && args.str("type") != "code")
    return "invalid type '" + args.str("type") + "': a code function's type is \"code\"";
  *code = args.str("code");
  if (blank(*code)) return "invalid code: expected a non-empty string";
  size_t chars = 0;
  for (unsigned char c : *code) chars += (c & 0xC0) != 0x80;
  if (chars > kMaxCodeChars)
    return "invalid code: " + std::to_string(chars) + " characters, the most is 20,000";
  if (const json::Value* p = args.get("parameters"); p && !p->is_object())
    return "invalid parameters: expected a JSON Schema object";
  if (args.has("timeout-ms")) {
    long long t = args.integer("timeout-ms", 0);
    if (t < kMinTimeoutMs || t > kMaxTimeoutMs) return "invalid timeout_ms: expected a whole number from 1000 to 60000";
  }
  if (const json::Value* rv = args.get("response-variables")) {
    if (!rv->is_object()) return "invalid response_variables: expected an object of names to JSON paths";
    std::vector<PathStep> steps;
    for (const auto& [name, path] : rv->members())
      if (!path.is_string() || !parse_path(path.as_string(), &steps))
        return "invalid response_variables: '" + name + "': expected a JSON path such as $.a.b[0], got " +
               json::write(path);
  }
  json::Value program_args = json::Value::object();
  if (args.has("args")) {
    std::string perr;
    if (!json::parse(args.str("args"), &program_args, &perr)) return "invalid --args: " + perr;
    if (!program_args.is_object()) return "invalid --args: expected a JSON object";
  }
  if (const json::Value* p = args.get("parameters")) {
    std::string why;
    if (!check_schema(*p, program_args, &why)) return "invalid args: " + why + " (the function's parameters)";
  }
  return "";
}

json::Value variables_of(const cli::Args& args, const json::Value& value) {
  json::Value out = json::Value::object();
  const json::Value* rv = args.get("response-variables");
  if (!rv) return out;
  std::vector<PathStep> steps;
  for (const auto& [name, path] : rv->members()) {
    parse_path(path.as_string(), &steps);
    out.set(name, read_path(value, steps));
  }
  return out;
}

// The code as the function runs it: without fs (the seed's sandbox has no file system), and
// with its value going through JSON as that sandbox sends it (NaN and undefined members drop
// to null or away, a function to nothing: null); on the code's own first line, so that lines
// keep their numbers.
std::string wrapped(const std::string& code) {
  return "delete globalThis.fs; const __oda_cf_value = await (async () => {" + code +
         "\n})(); const __oda_cf_json = JSON.stringify(__oda_cf_value); "
         "return __oda_cf_json === undefined ? null : JSON.parse(__oda_cf_json);";
}

}  // namespace

const cli::Command& code_function_command() {
  static const cli::Command cmd = make_table();
  return cmd;
}

int run_code_function(const cli::Command& cmd, const cli::Args& args) {
  RunSettings settings;
  std::string code;
  std::string refusal = check_definition(args, &code);
  if (!refusal.empty()) return cli::fail(cmd, cli::kUsage, refusal);
  settings.code = wrapped(code);
  long long cap;
  if (!sandbox_max_ms(&cap, &refusal)) return cli::fail(cmd, cli::kUsage, refusal);
  long long timeout_ms = std::min(args.integer("timeout-ms", kDefaultTimeoutMs), cap);
  settings.budget_ms = timeout_ms;
  settings.heap_bytes = kHeapBytes;
  settings.worker_settings["profile"] = kCodeFunctionProfile;
  json::Value calls = json::Value::array();
  settings.calls = &calls;
  if (!apply_settings(parts(), args, &settings, &refusal)) return cli::fail(cmd, cli::kUsage, refusal);

  std::string run_id = new_run_id();
  RunOutcome o = supervise_through(parts(), settings, supervise);
  // The sandbox keeps the first 200 console lines; none of them reach the text answer.
  if (o.output.size() > kMaxConsoleLines) o.output.resize(kMaxConsoleLines);
  json::Value value = o.ok && o.has_value ? o.value : json::Value();
  std::string answer = o.ok ? cut_chars(json::write(value), kMaxResultChars) : error_text(o, timeout_ms);

  json::Value out = result_json(o, run_id, calls);
  out.set("profile", kCodeFunctionProfile);
  out.set("result", answer);
  out.set("variables", variables_of(args, value));
  json::Value record = out;
  record.set("description", args.has("description") ? args.str("description") : kDefaultDescription);
  record.set("code", code);
  record.set("budgetMs", static_cast<int64_t>(timeout_ms));
  json::Value definition = args.as_request(cmd);
  definition.erase("code");
  record.set("definition", std::move(definition));
  add_record_fields(parts(), args, &record);
  std::string err;
  if (!save_record(record, &err)) cli::fail(cmd, 0, "cannot record the run: " + err);

  cli::print_result(args.json_output() ? json::write(out) : answer);
  return exit_status(o);
}

namespace {

std::string interrupted_note(const std::string& message) {
  if (!worker_setting("profile") || !stopped_in_code() || !message.starts_with("execution deadline reached"))
    return "";
  return std::string("\n") + kInterruptedNote;
}

// Seed 003's 1 MB stack: QuickJS (quickjs-ng's qjs, whose default stack is 1 MB) fails
// `function f() { d++; f(); }` at depth 1637, and at 408 with 256 KB: the engine's call depth
// here (lib/engine/duk_overrides.h) is set to that, so deep recursion fails where it would
// there, as "Error: stack overflow".
constexpr unsigned kSeedStackDepth = 1637;

bool seed_stack(std::string*, std::string*) {
  if (worker_setting("profile")) oda_duk_callstack_limit = kSeedStackDepth;
  return true;
}

}  // namespace

const Part kCodeFunctionPart = {.name = "code-function", .guard = seed_stack, .failure_notes = interrupted_note};

}  // namespace oda::run
