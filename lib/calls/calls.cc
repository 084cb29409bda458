// Tool catalogs, the name rules of program globals, and the call scheduler of the supervisor.
#include "calls/calls.h"

#include <fmt/core.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>

#include "cli/cli.h"
#include "sys/clock.h"

namespace oda::calls {

namespace {

bool is_plain_identifier(std::string_view s) {
  if (s.empty()) return false;
  auto head = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  if (!head(s[0])) return false;
  for (char c : s.substr(1))
    if (!head(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

// Reserved words of JavaScript (ES2023, strict mode included), the contextual keywords a
// program could not bind or call cleanly, the names strict mode forbids binding, and lambda.
constexpr std::array kReserved{
    "break",     "case",      "catch",     "class",    "const",      "continue", "debugger",
    "default",   "delete",    "do",        "else",     "enum",       "export",   "extends",
    "false",     "finally",   "for",       "function", "if",         "import",   "in",
    "instanceof", "new",      "null",      "return",   "super",      "switch",   "this",
    "throw",     "true",      "try",       "typeof",   "var",        "void",     "while",
    "with",      "yield",     "await",     "let",      "static",     "implements", "interface",
    "package",   "private",   "protected", "public",   "async",      "arguments", "eval",
    "lambda"};

const std::vector<std::string> kTerminalTools{"terminal_open",   "terminal_send",
                                              "terminal_read",   "terminal_signal",
                                              "terminal_close",  "terminal_list"};

// The globals of the run (SPEC 4.5 and 5): the standard built-ins, the engine's own, the
// program's scope (args, dv, metadata, fetch, fs), and the names a program might expect
// from other hosts, which a tool must not shadow either.
constexpr std::array kKept{
    "console", "$tools", "args", "dv", "metadata", "fetch", "fs",
    "globalThis", "undefined", "NaN", "Infinity", "Object", "Function", "Array", "String",
    "Number", "Boolean", "Symbol", "BigInt", "Math", "JSON", "Date", "RegExp", "Promise",
    "Proxy", "Reflect", "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry",
    "Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError",
    "URIError", "AggregateError", "ArrayBuffer", "SharedArrayBuffer", "DataView", "Atomics",
    "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array",
    "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array",
    "TextEncoder", "TextDecoder", "atob", "btoa", "structuredClone", "setTimeout",
    "setInterval", "clearTimeout", "clearInterval", "queueMicrotask", "Duktape", "CBOR",
    "Intl", "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURI", "encodeURIComponent",
    "decodeURI", "decodeURIComponent", "escape", "unescape", "print", "alert", "require",
    "module", "exports", "process", "Buffer", "URL", "URLSearchParams", "Headers", "Request",
    "Response", "AbortController", "AbortSignal", "DOMException", "performance", "crypto",
    "navigator", "self", "window", "global", "Iterator", "AsyncIterator", "WebAssembly",
    "setImmediate", "clearImmediate", "Blob", "File", "FormData", "Event", "EventTarget",
    "Crypto",
    // Object.prototype's members: a tool by one of these names would break $tools.
    "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString",
    "toString", "valueOf", "__proto__", "__defineGetter__", "__defineSetter__",
    "__lookupGetter__", "__lookupSetter__"};


bool executable_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string dir_of(const std::string& file) {
  auto slash = file.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : file.substr(0, slash);
}

// command[0] as a path to run: one with a slash is taken relative to the catalog's folder
// (so a catalog can ship its scripts beside it); a bare name is looked up on PATH now, so a
// missing command refuses the request before anything runs.
bool resolve_command(const std::string& cmd, const std::string& catalog,
                     const std::string& path_env, std::string* out) {
  if (cmd.find('/') != std::string::npos) {
    std::string p = cmd[0] == '/' ? cmd : dir_of(catalog) + "/" + cmd;
    if (!executable_file(p)) return false;
    *out = p;
    return true;
  }
  size_t start = 0;
  while (start <= path_env.size()) {
    size_t end = path_env.find(':', start);
    if (end == std::string::npos) end = path_env.size();
    std::string dir = path_env.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string p = dir + "/" + cmd;
    if (executable_file(p)) {
      *out = p;
      return true;
    }
    start = end + 1;
  }
  return false;
}

bool string_list(const json::Value* v, std::vector<std::string>* out) {
  if (!v->is_array()) return false;
  for (const auto& item : v->items()) {
    if (!item.is_string()) return false;
    out->push_back(item.as_string());
  }
  return true;
}

bool load_entry(const json::Value& e, const std::string& file, const std::string& path_env,
                Tool* t, std::string* err) {
  std::string where = fmt::format("catalog '{}': ", file);
  const json::Value* name = e.is_object() ? e.get("name") : nullptr;
  if (!name || !name->is_string()) {
    *err = where + "every tool needs a \"name\" string";
    return false;
  }
  t->name = name->as_string();
  t->catalog = file;
  std::string problem = name_problem(t->name);
  if (!problem.empty()) {
    *err = fmt::format("{}tool '{}' {}", where, t->name, problem);
    return false;
  }
  where += fmt::format("tool '{}': ", t->name);
  if (const json::Value* d = e.get("description")) {
    if (!d->is_string()) {
      *err = where + "\"description\" must be a string";
      return false;
    }
    t->description = d->as_string();
  }
  const json::Value* cmd = e.get("command");
  if (!cmd || !string_list(cmd, &t->command) || t->command.empty() || t->command[0].empty()) {
    *err = where + "\"command\" must be a non-empty array of strings";
    return false;
  }
  std::string resolved;
  if (!resolve_command(t->command[0], file, path_env, &resolved)) {
    bool path = t->command[0].find('/') != std::string::npos;
    *err = fmt::format("{}command '{}' {}", where, t->command[0], path ? "is not an executable file" : "not found on PATH");
    return false;
  }
  t->command[0] = resolved;
  t->input_schema = json::Value::object();
  if (const json::Value* s = e.get("input_schema")) {
    if (!s->is_object()) {
      *err = where + "\"input_schema\" must be an object";
      return false;
    }
    t->input_schema = *s;
  }
  if (const json::Value* ms = e.get("timeoutMs")) {
    if (!ms->is_number() || !(ms->as_number() > 0) || !std::isfinite(ms->as_number())) {
      *err = where + "\"timeoutMs\" must be a positive number";
      return false;
    }
    t->timeout_ms = std::min<int64_t>(kMaxToolTimeoutMs, std::ceil(ms->as_number()));
  }
  if (const json::Value* a = e.get("approval")) {
    if (!a->is_string() || (a->as_string() != "never" && a->as_string() != "always")) {
      *err = where + "\"approval\" must be \"never\" or \"always\"";
      return false;
    }
    t->approval_always = a->as_string() == "always";
  }
  if (const json::Value* env = e.get("env")) {
    if (!string_list(env, &t->env)) {
      *err = where + "\"env\" must be an array of names";
      return false;
    }
  }
  return true;
}

}  // namespace

std::string name_problem(std::string_view name) {
  if (!is_plain_identifier(name)) return "is not a plain identifier";
  for (const char* w : kReserved)
    if (name == w) return "is reserved by the language";
  for (const char* w : kKept)
    if (name == w) return "is kept by the run's environment";
  for (const auto& w : kTerminalTools)
    if (name == w) return "is kept by the run's environment";
  // The runtime's own helpers live under this prefix.
  if (name.substr(0, 5) == "__oda") return "is kept by the run's environment";
  return "";
}

const std::vector<std::string>& terminal_tool_names() { return kTerminalTools; }

bool find_command(const std::string& cmd, const std::string& file, const std::string& path_env,
                  std::string* out) {
  return resolve_command(cmd, file, path_env, out);
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> list;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(':', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) list.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return list;
}

bool read_json_file(const std::string& what, const std::string& file, json::Value* out, std::string* err) {
  std::string text, why;
  if (!cli::read_input(file, &text, &why)) {
    *err = fmt::format("{} '{}': cannot read it: {}", what, file, why);
    return false;
  }
  if (!json::parse(text, out, &why)) {
    *err = fmt::format("{} '{}': invalid JSON: {}", what, file, why);
    return false;
  }
  return true;
}

bool load_catalog(const std::string& file, const std::string& path_env, std::vector<Tool>* out,
                  std::string* err) {
  json::Value root;
  if (!read_json_file("catalog", file, &root, err)) return false;
  const json::Value* tools = root.is_object() ? root.get("tools") : nullptr;
  if (!tools || !tools->is_array()) {
    *err = fmt::format("catalog '{}': expected an object with a \"tools\" array", file);
    return false;
  }
  for (const auto& e : tools->items()) {
    Tool t;
    if (!load_entry(e, file, path_env, &t, err)) return false;
    out->push_back(std::move(t));
  }
  return true;
}

bool load_catalogs(const std::vector<std::string>& files, const std::string& oda_tools,
                   const std::string& path_env, std::vector<Tool>* out, std::string* err) {
  std::vector<std::string> list = files.empty() ? split_list(oda_tools) : files;
  for (const auto& f : list)
    if (!load_catalog(f, path_env, out, err)) return false;
  for (size_t i = 0; i < out->size(); i++)
    for (size_t j = 0; j < i; j++)
      if ((*out)[i].name == (*out)[j].name) {
        *err = fmt::format("catalog '{}': tool '{}' is already defined in catalog '{}'", (*out)[i].catalog,
                           (*out)[i].name, (*out)[j].catalog);
        return false;
      }
  return true;
}

bool parse_object_option(std::string_view what, const std::string& text, bool strings,
                         json::Value* out, std::string* err) {
  std::string prefix = fmt::format("invalid {}: ", what);
  if (text.empty()) {
    *out = json::Value::object();
    return true;
  }
  json::Value v;
  std::string why;
  if (!json::parse(text, &v, &why)) {
    *err = prefix + why;
    return false;
  }
  if (!v.is_object()) {
    *err = prefix + "expected a JSON object";
    return false;
  }
  if (strings) {
    for (auto& [k, val] : v.members()) {
      if (val.is_string()) continue;
      if (val.is_null()) val = json::Value("");
      else if (val.is_number()) val = json::Value(json::number_to_string(val.as_number()));
      else if (val.is_bool()) val = json::Value(val.as_bool() ? "true" : "false");
      else val = json::Value(json::write(val));
    }
  }
  *out = std::move(v);
  return true;
}

// ---------------------------------------------------------------------------------------

CancelFlag::CancelFlag() {
  if (::pipe2(pipe_, O_CLOEXEC | O_NONBLOCK) != 0) pipe_[0] = pipe_[1] = -1;
}

CancelFlag::~CancelFlag() {
  if (pipe_[0] >= 0) ::close(pipe_[0]);
  if (pipe_[1] >= 0) ::close(pipe_[1]);
}

void CancelFlag::cancel() {
  if (flag_.exchange(true, std::memory_order_acq_rel)) return;
  // Never read: the byte keeps fd() readable for every poller from now on.
  if (pipe_[1] >= 0) (void)!::write(pipe_[1], "x", 1);
}

const char* status_name(Outcome::Status s) {
  switch (s) {
    case Outcome::Status::Ok: return "ok";
    case Outcome::Status::Error: return "error";
    case Outcome::Status::Denied: return "denied";
    case Outcome::Status::Timeout: return "timeout";
    case Outcome::Status::Cancelled: return "cancelled";
    case Outcome::Status::Dropped: return "dropped";
    case Outcome::Status::Unlossless: return "error";
  }
  return "error";
}

json::Value CallRecord::to_json() const {
  json::Value o = json::Value::object();
  o.set("id", id);
  if (!server.empty()) o.set("server", server);
  o.set("tool", tool);
  o.set("arguments", arguments);
  bool ok = settled && outcome.status == Outcome::Status::Ok;
  o.set("ok", ok);
  o.set("status", settled ? status_name(outcome.status) : "unfinished");
  if (ok) o.set("result", outcome.result);
  else o.set("error", settled ? outcome.error : "the call had not finished when the run closed");
  o.set("startedMs", started_ms < 0 ? json::Value() : json::Value(started_ms));
  o.set("durationMs", duration_ms);
  if (settled && !outcome.notes.is_null()) o.set("notifications", outcome.notes);
  return o;
}

Scheduler::Scheduler(SchedulerOptions options) : options_(std::move(options)) {
  // A tool that exits without reading its stdin must not take the supervisor with it.
  ::signal(SIGPIPE, SIG_IGN);
  if (options_.max_concurrent < 1) options_.max_concurrent = 1;
  if (!options_.now_ms) {
    int64_t t0 = sys::monotonic_ms();
    options_.now_ms = [t0] { return sys::monotonic_ms() - t0; };
  }
}

Scheduler::~Scheduler() {
  cancel_all();
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

int64_t Scheduler::now() const { return options_.now_ms(); }

void Scheduler::add(std::string name, Handler handler, bool ask) {
  tools_[std::move(name)] = Entry{std::move(handler), ask};
}

bool Scheduler::has(std::string_view name) const { return tools_.find(name) != tools_.end(); }

void Scheduler::add_member(const std::string& group, const std::string& tool, Handler handler, bool ask) {
  tools_[group + "." + tool] = Entry{std::move(handler), ask, group, tool};
}

void Scheduler::add_group_fallback(const std::string& group, std::function<Outcome(const std::string&)> fallback) {
  fallbacks_[group] = std::move(fallback);
}

const Scheduler::Entry* Scheduler::find(std::string_view name) const {
  auto it = tools_.find(name);
  return it == tools_.end() ? nullptr : &it->second;
}

int64_t Scheduler::submit(const std::string& tool, json::Value arguments, Done done) {
  std::unique_lock lock(mu_);
  CallRecord r;
  r.id = static_cast<int64_t>(records_.size()) + 1;
  r.tool = tool;
  r.arguments = std::move(arguments);
  const Entry* entry = find(tool);
  // A member's record names its group and its own name; so does an unknown one of a group.
  const std::function<Outcome(const std::string&)>* fallback = nullptr;
  if (entry && !entry->group.empty()) {
    r.server = entry->group;
    r.tool = entry->member;
  } else if (size_t dot = tool.find('.'); !entry && dot != std::string::npos) {
    if (auto f = fallbacks_.find(std::string_view(tool).substr(0, dot)); f != fallbacks_.end()) {
      fallback = &f->second;
      r.server = tool.substr(0, dot);
      r.tool = tool.substr(dot + 1);
    }
  }
  records_.push_back(std::move(r));
  done_.push_back(done);
  int64_t id = records_.back().id;
  if (!entry || dropping_ || cancel_.cancelled()) {
    CallRecord& rec = records_.back();
    rec.settled = true;
    if (fallback) rec.outcome = (*fallback)(rec.tool);
    else if (!entry) rec.outcome = Outcome::fail(Outcome::Status::Error, fmt::format("no tool named '{}'", tool));
    else rec.outcome = Outcome::fail(Outcome::Status::Dropped, "the run is closing");
    Outcome out = rec.outcome;
    lock.unlock();
    if (done) done(out);
    return id;
  }
  if (running_ < static_cast<size_t>(options_.max_concurrent)) start_locked(id);
  else queue_.push_back(id);
  return id;
}

// A call gets its slot here and counts as started from now on: the program returning later
// no longer drops it, however soon that happens.
void Scheduler::start_locked(int64_t id) {
  records_[id - 1].started_ms = now();
  running_++;
  ready_.push_back(id);
  // The pool grows to max_concurrent threads and no further.
  if (idle_threads_ < ready_.size() && threads_.size() < static_cast<size_t>(options_.max_concurrent))
    threads_.emplace_back(&Scheduler::pool_thread, this);
  else
    work_cv_.notify_one();
}

void Scheduler::pool_thread() {
  std::unique_lock lock(mu_);
  for (;;) {
    idle_threads_++;
    work_cv_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
    idle_threads_--;
    if (ready_.empty()) return;  // stopping
    int64_t id = ready_.front();
    ready_.pop_front();
    CallRecord& rec = records_[id - 1];
    std::string tool = rec.server.empty() ? rec.tool : rec.server + "." + rec.tool;
    const Entry& e = *find(tool);
    Handler handler = e.handler;
    bool ask = e.ask;
    json::Value arguments = rec.arguments;
    lock.unlock();
    Outcome out = run_call(tool, handler, ask, arguments);
    lock.lock();
    CallRecord& rec2 = records_[id - 1];
    rec2.outcome = out;
    rec2.settled = true;
    rec2.duration_ms = now() - rec2.started_ms;
    Done done = std::move(done_[id - 1]);
    if (done) {
      // Told before the call counts as settled, so whoever waits for idle sees it answered.
      lock.unlock();
      done(out);
      lock.lock();
    }
    running_--;
    if (!dropping_ && !cancel_.cancelled() && !queue_.empty()) {
      int64_t next = queue_.front();
      queue_.pop_front();
      start_locked(next);
    }
    idle_cv_.notify_all();
  }
}

Outcome Scheduler::run_call(const std::string& tool, const Handler& handler, bool ask,
                            const json::Value& arguments) {
  try {
    std::string why;
    if (ask && !approve(options_.approver, tool, arguments, cancel_, &why))
      return cancel_.cancelled() ? Outcome::fail(Outcome::Status::Cancelled, "the run was stopped")
                                 : Outcome::fail(Outcome::Status::Denied, why);
    if (cancel_.cancelled()) return Outcome::fail(Outcome::Status::Cancelled, "the run was stopped");
    return handler(arguments, cancel_);
  } catch (const std::exception& e) {
    return Outcome::fail(Outcome::Status::Error, e.what());
  } catch (...) {
    return Outcome::fail(Outcome::Status::Error, "the call failed");
  }
}

void Scheduler::drop_queued() {
  std::vector<std::pair<Done, Outcome>> tell;
  {
    std::lock_guard lock(mu_);
    dropping_ = true;
    for (int64_t id : queue_) {
      records_[id - 1].outcome = Outcome::fail(
          Outcome::Status::Dropped, "the program returned before the call started");
      records_[id - 1].settled = true;
      if (done_[id - 1]) tell.emplace_back(std::move(done_[id - 1]), records_[id - 1].outcome);
    }
    queue_.clear();
  }
  for (auto& [done, out] : tell) done(out);
}

void Scheduler::cancel_all() {
  drop_queued();
  cancel_.cancel();
}

bool Scheduler::wait_idle(int64_t deadline_ms) {
  std::unique_lock lock(mu_);
  while (running_ > 0 || !queue_.empty()) {
    if (deadline_ms < 0) {
      idle_cv_.wait(lock);
      continue;
    }
    int64_t left = deadline_ms - now();
    if (left <= 0) return false;
    idle_cv_.wait_for(lock, std::chrono::milliseconds(left));
  }
  return true;
}

size_t Scheduler::running() const {
  std::lock_guard lock(mu_);
  return running_;
}

size_t Scheduler::queued() const {
  std::lock_guard lock(mu_);
  return queue_.size();
}

std::vector<CallRecord> Scheduler::records() const {
  std::lock_guard lock(mu_);
  return records_;
}

json::Value Scheduler::records_json() const {
  json::Value arr = json::Value::array();
  for (const auto& r : records()) arr.push(r.to_json());
  return arr;
}

}  // namespace oda::calls
