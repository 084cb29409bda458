// run-code's flow (see command.h): refuse, run, print, record.
#include "run/command.h"

#include <malloc.h>
#include <sys/prctl.h>
#include <sys/time.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>

#include "config/config.h"
#include "run/parts.h"
#include "run/profile_code_function.h"
#include "run/record.h"
#include "run/result.h"

namespace oda::run {

namespace {

constexpr long long kDefaultBudgetMs = 120000;
constexpr long long kMaxBudgetMs = 600000;
constexpr long long kMaxHeapMb = 512;
// --no-deadline's budget: a century, far past any run yet small enough that the deadline
// (start plus the budget in ns) stays inside an int64.
constexpr long long kNoDeadlineMs = 100LL * 365 * 24 * 3600 * 1000;

bool blank(const std::string& s) {
  return s.find_first_not_of(" \t\r\n") == std::string::npos;
}

std::string iso_now() {
  timeval tv;
  gettimeofday(&tv, nullptr);
  tm t;
  gmtime_r(&tv.tv_sec, &t);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", t.tm_year + 1900, t.tm_mon + 1,
                t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, static_cast<int>(tv.tv_usec / 1000));
  return buf;
}

int history(const cli::Command& cmd, const cli::Args& args) {
  long long n = 20;
  if (args.has("file")) {
    std::string text = args.str("file");
    char* end = nullptr;
    n = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end || n < 1) {
      return cli::fail(cmd, cli::kUsage, "invalid --history count '" + text + "': expected a whole number from 1");
    }
  }
  std::vector<json::Value> runs = recent_records(static_cast<size_t>(n));
  if (args.json_output()) {
    json::Value list = json::Value::array();
    for (const auto& r : runs) {
      json::Value e = json::Value::object();
      for (const char* k : {"runId", "startedAt", "description", "ok", "kind", "durationMs"})
        if (const json::Value* v = r.get(k)) e.set(k, *v);
      list.push(std::move(e));
    }
    json::Value out = json::Value::object();
    out.set("runs", std::move(list));
    cli::print_result(json::write(out));
    return cli::kDone;
  }
  if (runs.empty()) {
    cli::print_result("(no runs recorded)");
    return cli::kDone;
  }
  std::string text;
  for (const auto& r : runs) {
    bool good = r.get_or("ok", false);
    const json::Value* d = r.get("durationMs");
    std::string desc = r.get_or("description", "");
    text += r.get_or("runId", "") + "  " + r.get_or("startedAt", "") + "  " + (good ? "ok" : r.get_or("kind", "")) + "  " +
            std::to_string(d && d->is_number() ? std::llround(d->as_number()) : 0) + "ms" +
            (desc.empty() ? "" : "  " + desc) + "\n";
  }
  cli::print_result(text);
  return cli::kDone;
}

int show(const cli::Command& cmd, const cli::Args& args) {
  json::Value record;
  std::string err;
  if (!load_record(args.str("show"), &record, &err)) return cli::fail(cmd, cli::kFailed, err);
  if (args.json_output()) {
    cli::print_result(json::write(record));
    return cli::kDone;
  }
  RunOutcome o = outcome_from_json(record);
  std::string text = "run " + record.get_or("runId", "") + "  " + record.get_or("startedAt", "") + "  " +
                     std::to_string(std::llround(o.duration_ms)) + "ms\n";
  std::string desc = record.get_or("description", "");
  if (!desc.empty()) text += "description: " + desc + "\n";
  text += "program:\n" + record.get_or("code", "");
  if (text.back() != '\n') text += '\n';
  if (const json::Value* calls = record.get("calls"); calls && calls->is_array() && !calls->items().empty())
    text += "calls: " + json::write(*calls) + "\n";
  text += "result:\n" + render_text(o);
  cli::print_result(text);
  return cli::kDone;
}

// The program text from --code, FILE or "-" (standard input).
bool program_text(const cli::Command& cmd, const cli::Args& args, std::string* code, int* status) {
  if (args.has("code") && args.has("file")) {
    *status = cli::fail(cmd, cli::kUsage, "give the program once: --code TEXT, a FILE or -");
    return false;
  }
  if (args.has("code")) {
    *code = args.str("code");
    return true;
  }
  if (!args.has("file")) {
    *status = cli::fail(cmd, cli::kUsage, "no program: pass --code TEXT, a FILE or - for standard input");
    return false;
  }
  std::string err;
  if (!cli::read_input(args.str("file"), code, &err)) {
    *status = cli::fail(cmd, cli::kFailed, err);
    return false;
  }
  return true;
}

}  // namespace

std::string check_request(const cli::Args& args) {
  // From --request the description is the tool's required field; on the command line a
  // person may leave it out, but not give it empty.
  if ((args.has("description") && blank(args.str("description"))) ||
      (!args.has("description") && args.has("request")))
    return "invalid description: expected a non-empty string";
  if (args.has("timeout-ms")) {
    double t = args.number("timeout-ms", 0);
    if (!std::isfinite(t) || t <= 0) return "invalid timeoutMs: expected a positive finite number";
  }
  bool mode = args.has("sandbox-permissions"), why = args.has("justification");
  if (mode && !why) return "invalid escalation: sandbox_permissions requires a justification";
  if (why && !mode) return "invalid escalation: justification is only valid together with sandbox_permissions";
  if (why && blank(args.str("justification"))) return "invalid justification: expected a non-empty sentence";
  // The setup's runtime may not honour these controls (run_code.honours_*): seed 000's words.
  const config::Config& c = config::current();
  if (args.has("timeout-ms") && !c.flag("run_code.honours_timeout_ms"))
    return "timeoutMs is not available for this PTC runtime";
  if (mode && !c.flag("run_code.honours_sandbox_permissions"))
    return "sandbox_permissions is not available for this PTC runtime";
  return "";
}

// The worker, forked from this process, takes its Duktape heap from malloc. glibc's
// defaults hand freed memory back to the kernel and put every block over a dynamic threshold
// in its own mapping, so a program that grows arrays or builds many objects faults the same
// pages in again and again (half the page faults of bench/js-cpu, a tenth of its CPU time).
// Here the heap grows in 64 MiB steps, keeps what is freed for reuse (the worker is short-
// lived) and maps only blocks past 32 MiB on their own. Untouched address space costs nothing.
void keep_memory_private() { (void)prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

void tune_malloc_for_worker() {
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
}

long long budget_ceiling_ms() {
  return std::min(kMaxBudgetMs, config::current().integer("run_code.max_timeout_ms"));
}

int run_code(const cli::Command& cmd, const cli::Args& given) {
  config::Config& setup = config::current();
  std::string refusal;
  if (!setup.apply_options(given, {{"run_code.profile", "profile"}}, &refusal))
    return cli::fail(cmd, cli::kUsage, refusal);
  // The sandbox checks its own option (with its own words) when it runs.
  if (given.flag("show-config")) {
    if (!setup.apply_options(given, {{"run_code.sandbox", "sandbox"}}, &refusal))
      return cli::fail(cmd, cli::kUsage, refusal);
    return config::show(given);
  }
  // The setup's sandbox mode stands in for --sandbox (the sandbox part reads ODA_SANDBOX
  // itself, not the file).
  cli::Args args = given;
  if (!args.has("sandbox") && setup.get("run_code.sandbox").source != config::Source::Default)
    args.values().set("sandbox", setup.text("run_code.sandbox"));
  if (const Part* own = own_command(parts(), args)) return own->command(args);
  if (args.flag("history")) return history(cmd, args);
  if (args.has("show")) return show(cmd, args);
  if (setup.text("run_code.profile") == kCodeFunctionProfile) return run_code_function(cmd, args);

  refusal = check_request(args);
  if (!refusal.empty()) return cli::fail(cmd, cli::kUsage, refusal);

  RunSettings settings;
  json::Value calls = json::Value::array();
  settings.calls = &calls;
  int status = 0;
  if (!program_text(cmd, args, &settings.code, &status)) return status;
  // A lower ceiling of the setup caps the default budget as it caps a request.
  long long ceiling = budget_ceiling_ms();
  if (args.has("timeout-ms")) {
    double t = std::ceil(args.number("timeout-ms", kDefaultBudgetMs));
    settings.budget_ms = static_cast<long long>(std::min<double>(t, ceiling));
  } else {
    settings.budget_ms = std::min(kDefaultBudgetMs, ceiling);
  }
  if (args.flag("no-deadline")) {
    if (!setup.flag("run_code.allow_no_deadline"))
      return cli::fail(cmd, cli::kUsage,
                       "refused: --no-deadline is not allowed in this setup (run_code.allow_no_deadline is false)");
    if (args.has("timeout-ms"))
      return cli::fail(cmd, cli::kUsage, "give --timeout-ms or --no-deadline, not both");
    settings.budget_ms = kNoDeadlineMs;
  }
  if (args.has("max-heap-mb")) {
    long long mb = args.integer("max-heap-mb", kMaxHeapMb);
    if (mb < 1) return cli::fail(cmd, cli::kUsage, "invalid --max-heap-mb: expected a whole number from 1 to 512");
    settings.heap_bytes = static_cast<size_t>(std::min(mb, kMaxHeapMb)) << 20;
  }
  if (!apply_settings(parts(), args, &settings, &refusal)) return cli::fail(cmd, cli::kUsage, refusal);

  std::string run_id = new_run_id();
  std::string started = iso_now();
  RunOutcome o = supervise_through(parts(), settings, supervise);

  json::Value record = result_json(o, run_id, calls);
  record.set("startedAt", started);
  record.set("description", args.str("description"));
  record.set("code", settings.code);
  record.set("budgetMs", args.flag("no-deadline") ? json::Value() : json::Value(static_cast<int64_t>(settings.budget_ms)));
  add_record_fields(parts(), args, &record);
  std::string err;
  if (!save_record(record, &err)) cli::fail(cmd, 0, "cannot record the run: " + err);

  if (args.json_output()) {
    cli::print_result(json::write(result_json(o, run_id, calls)));
  } else {
    cli::print_result(render_text(o));
  }
  return exit_status(o);
}

}  // namespace oda::run
