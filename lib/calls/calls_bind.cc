// The calls wired into run-code (see calls_bind.h). The supervisor side owns one Scheduler
// per run; host requests "call" and "fetch" become scheduled calls whose outcomes come back
// as reply frames.
#include "calls/calls_bind.h"

#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>

#include "duktape.h"
#include "calls/calls.h"
#include "calls/fetch.h"
#include "config/config.h"
#include "run/parts.h"
#include "run/supervisor.h"
#include "sandbox/sandbox_run.h"
#include "engine/utf8.h"
#include "term/client.h"

namespace oda::calls {

namespace {

constexpr const char* kConfigKey = "calls";
constexpr long long kMaxConcurrentCeiling = 1024;

// The run this process supervises (one per process). Never freed: a call stuck past the
// stop grace keeps its thread, and joining it at exit would hold the process open.
Scheduler* g_scheduler = nullptr;

std::string env_or(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

json::Value error_value(const std::string& tool, const Outcome& o) {
  json::Value e = json::Value::object();
  e.set("message", o.error);
  // The lossless line reads like its twin for arguments, which the codec throws as TypeError.
  if (o.status == Outcome::Status::Unlossless) e.set("name", "TypeError");
  e.set("tool", tool);
  e.set("reason", status_name(o.status));
  return e;
}

Outcome terminal_call(const std::string& tool, const std::string& chat, const json::Value& arguments,
                      const CancelFlag& cancel, const volatile sig_atomic_t* abort) {
  term::CallOptions opt;
  opt.chat = chat;
  opt.max_bytes = static_cast<size_t>(config::current().integer("terminal.max_bytes"));
  opt.abort = abort;
  // The run's bounds hold in the sessions it opens and reaches (SPEC 4.7).
  const sandbox::Policy& policy = sandbox::run_policy();
  opt.sandbox = sandbox::mode_name(policy.mode);
  opt.workspace = policy.workspace;
  opt.environment = run::worker_environment();
  opt.has_environment = true;
  // A session a program opens starts in the run's workspace, not where run-code was started.
  json::Value args = arguments;
  if (tool == "terminal_open" && args.is_object() && !args.get("cwd")) args.set("cwd", policy.workspace);
  json::Value result;
  std::string err;
  int code = 0;
  if (term::call(tool, args, opt, &result, &err, &code)) return Outcome::ok(std::move(result));
  if (cancel.cancelled()) return Outcome::fail(Outcome::Status::Cancelled, "the run was stopped");
  return Outcome::fail(Outcome::Status::Error, err);
}

// Set when the run is stopped: term::call watches a sig_atomic_t, not our flag.
volatile sig_atomic_t g_term_abort = 0;

// How long a stopped run waits for its calls to notice; a call stuck past it (a DNS lookup,
// an unresponsive daemon) is left behind rather than holding the run open.
constexpr int64_t kStopGraceMs = 5000;

// The supervisor's run::HostLink lives as long as the run; replies after it closed go nowhere.
struct Replies {
  std::mutex mu;
  bool open = true;
  void send(run::HostLink* link, uint32_t id, const std::string& tool, const Outcome& o) {
    std::lock_guard lock(mu);
    if (!open) return;
    if (o.status == Outcome::Status::Ok) link->reply(id, true, o.result);
    else link->reply(id, false, error_value(tool, o));
  }
  void close() {
    std::lock_guard lock(mu);
    open = false;
  }
};

}  // namespace

bool settings_hook(const cli::Args& args, run::RunSettings* settings, std::string* refusal) {
  SchedulerOptions so;
  if (args.has("max-concurrent-calls")) {
    long long n = args.integer("max-concurrent-calls", kDefaultMaxConcurrent);
    if (n < 1) {
      *refusal = "invalid --max-concurrent-calls: expected a whole number from 1";
      return false;
    }
    so.max_concurrent = static_cast<int>(std::min(n, kMaxConcurrentCeiling));
  }
  so.approver = args.has("approver") ? args.str("approver") : env_or("ODA_APPROVER");

  std::vector<Tool> tools;
  if (!load_catalogs(args.list("tools"), env_or("ODA_TOOLS"), env_or("PATH"), &tools, refusal))
    return false;
  json::Value program_args, dv, metadata;
  if (!parse_object_option("--args", args.str("args"), false, &program_args, refusal) ||
      !parse_object_option("--dv", args.str("dv"), true, &dv, refusal) ||
      !parse_object_option("--metadata", args.str("metadata"), false, &metadata, refusal))
    return false;
  std::string chat = args.has("chat") ? args.str("chat") : env_or("ODA_CHAT");

  g_scheduler = new Scheduler(so);
  Scheduler* s = g_scheduler;
  json::Value names = json::Value::array();
  for (const auto& name : terminal_tool_names()) {
    s->add(name, [name, chat](const json::Value& a, const CancelFlag& c) {
      return terminal_call(name, chat, a, c, &g_term_abort);
    });
  }
  for (auto& t : tools) {
    names.push(t.name);
    bool ask = t.approval_always;
    std::string name = t.name;
    s->add(name, [t = std::move(t)](const json::Value& a, const CancelFlag& c) {
      return exec_tool(t, a, c);
    }, ask);
  }
  fetch::Options fo = fetch::options_from_env();
  s->add("fetch", [fo](const json::Value& a, const CancelFlag& c) { return fetch::perform(a, fo, c); });

  // "call": {tool, arguments}; "fetch": {url, init}. Both only queue: the supervisor's loop
  // never waits on a call.
  auto replies = std::make_shared<Replies>();
  settings->handlers["call"] = [s, replies](uint32_t id, const json::Value& a, run::HostLink* link) {
    const json::Value* arguments = a.get("arguments");
    std::string name = a.get_or("tool", "");
    if (name == "fetch") name.clear();  // only through fetch()
    s->submit(name, arguments ? *arguments : json::Value::object(),
              [id, link, name, replies](const Outcome& o) { replies->send(link, id, name, o); });
  };
  settings->handlers["fetch"] = [s, replies](uint32_t id, const json::Value& a, run::HostLink* link) {
    s->submit("fetch", a, [id, link, replies](const Outcome& o) { replies->send(link, id, "fetch", o); });
  };
  settings->on_program_end = [s](bool ok) {
    if (ok) {
      s->drop_queued();
    } else {
      g_term_abort = 1;
      s->cancel_all();
    }
  };
  // After a normal end every call has answered; after a timeout, an abort or a dead worker
  // the calls still under way are stopped here, before the supervisor's link goes.
  json::Value* log = settings->calls;
  settings->on_close = [s, replies, log] {
    if (s->running() > 0 || s->queued() > 0) {
      g_term_abort = 1;
      s->cancel_all();
      s->wait_idle(s->now_ms() + kStopGraceMs);
    }
    replies->close();
    if (log) *log = s->records_json();
  };

  // A run with only the terminal tools and no values sends nothing: the heap image holds
  // what it needs.
  if (names.items().empty() && program_args.members().empty() && dv.members().empty() &&
      metadata.members().empty())
    return true;
  json::Value config = json::Value::object();
  config.set("tools", std::move(names));
  config.set("args", std::move(program_args));
  config.set("dv", std::move(dv));
  config.set("metadata", std::move(metadata));
  settings->worker_settings[kConfigKey] = json::write(config);
  return true;
}


namespace {

// The texts define_config_native hands out, by the function's magic. Prepared once, before
// the engine runs, so the native only copies bytes: nothing that owns memory lives across
// a Duktape call that could unwind.
std::vector<std::string>& config_texts() {
  static std::vector<std::string> texts;
  return texts;
}

duk_ret_t native_config_text(duk_context* ctx) {
  const std::string& text = config_texts()[static_cast<size_t>(duk_get_current_magic(ctx))];
  duk_push_lstring(ctx, text.data(), text.size());
  return 1;
}

bool g_own_config = true;

}  // namespace

void register_terminal_tools(duk_hthread* ctx) {
  duk_push_global_object(ctx);
  duk_push_array(ctx);
  duk_uarridx_t i = 0;
  for (const auto& name : terminal_tool_names()) {
    duk_push_lstring(ctx, name.data(), name.size());
    duk_put_prop_index(ctx, -2, i++);
  }
  duk_put_prop_string(ctx, -2, "__oda_terminal_tools");
  duk_pop(ctx);
}

Scheduler* run_scheduler() { return g_scheduler; }

void register_natives(duk_hthread* ctx) {
  const std::string* config = run::worker_setting(kConfigKey);
  g_own_config = config != nullptr || run::worker_setting(kMoreToolsSetting) != nullptr;
  // Only another part's members: run-config.js binds them with no values of the run's own.
  if (g_own_config && !config) return;
  if (!g_own_config) {
    // The image's empty placeholders are this run's: made permanent, as run-config.js would.
    duk_push_global_object(ctx);
    for (const char* name : {"$tools", "args", "dv", "metadata"}) {
      duk_push_string(ctx, name);
      duk_def_prop(ctx, -2, DUK_DEFPROP_CLEAR_CONFIGURABLE | DUK_DEFPROP_CLEAR_WRITABLE);
    }
    duk_del_prop_string(ctx, -1, "__oda_calls_install");
    duk_pop(ctx);
    return;
  }
  define_config_native(ctx, "__oda_calls_config", *config);
}

void define_config_native(duk_hthread* ctx, const char* name, const std::string& json_text) {
  std::string text;
  try {
    text = engine::json_for_duktape(json_text);
  } catch (...) {
    text.clear();
  }
  config_texts().push_back(std::move(text));
  duk_push_c_function(ctx, native_config_text, 0);
  duk_set_magic(ctx, -1, static_cast<duk_int_t>(config_texts().size() - 1));
  duk_put_global_string(ctx, name);
}

bool needs_run_config() { return g_own_config; }

}  // namespace oda::calls
