// The file sandbox's part in a run: setup in the supervisor, entry in the worker.
#include "sandbox/sandbox_run.h"

#include <fcntl.h>
#include <stdlib.h>

#include <memory>

#include "sandbox/fs_natives.h"
#include "sandbox/fs_ops.h"

namespace oda::sandbox {

namespace {

// The supervisor's decision for the one run of this process.
RunSandbox& current() {
  static RunSandbox rs;
  return rs;
}

// The worker's policy and file operations; one per worker process.
struct Worker {
  bool have_policy = false;
  Policy policy;
  std::unique_ptr<fs::Files> files;
};
Worker& worker() {
  static Worker w;
  return w;
}

}  // namespace

std::string encode_policy(const Policy& p) {
  json::Value v = json::Value::object();
  v.set("mode", mode_name(p.mode));
  v.set("workspace", p.workspace);
  json::Value w = json::Value::array();
  for (const auto& r : p.writable) w.push(r);
  v.set("writable", std::move(w));
  v.set("temp", p.temp);
  v.set("forceAbi", p.force_abi);
  v.set("kernelOnly", p.kernel_only);
  return json::write(v);  // control characters are escaped: it stays one line
}

bool decode_policy(std::string_view text, Policy* p) {
  json::Value v;
  std::string err;
  if (!json::parse(text, &v, &err) || !v.is_object()) return false;
  const json::Value* mode = v.get("mode");
  const json::Value* ws = v.get("workspace");
  const json::Value* w = v.get("writable");
  const json::Value* f = v.get("forceAbi");
  if (!mode || !mode->is_string() || !parse_mode(mode->as_string(), &p->mode)) return false;
  if (!ws || !ws->is_string() || !w || !w->is_array() || !f || !f->is_number()) return false;
  p->workspace = ws->as_string();
  p->writable.clear();
  for (const auto& r : w->items()) {
    if (!r.is_string()) return false;
    p->writable.push_back(r.as_string());
  }
  p->force_abi = static_cast<int>(f->as_number());
  p->temp = v.get_or("temp", std::string());
  p->kernel_only = v.get_or("kernelOnly", false);
  return true;
}

bool settings_hook(const cli::Args& args, run::RunSettings* settings, std::string* refusal) {
  RunSandbox rs;
  std::string err;
  if (!resolve_policy(args.str("sandbox"), "", &rs.policy, &err)) {
    *refusal = err;
    return false;
  }
  rs.chat_mode = rs.policy.mode;
  std::string ws = args.str("workspace");
  if (!ws.empty()) {
    // A workspace that cannot be opened cannot bound the run: it must not start.
    Policy p;
    if (resolve_policy(mode_name(rs.policy.mode), ws, &p, &err)) {
      rs.policy = p;
    } else {
      rs.unavailable = std::string("cannot apply ") + mode_name(rs.policy.mode) + ": " + err;
    }
  }
  std::string wanted = args.str("sandbox-permissions");
  if (!wanted.empty()) {
    Mode m;
    if (!parse_mode(wanted, &m)) {
      *refusal = "invalid sandbox_permissions: expected read-only, workspace-write or "
                 "danger-full-access";
      return false;
    }
    if (rs.unavailable.empty()) {
      AskOptions ask;
      ask.approve_flag = args.flag("approve-escalation");
      ask.approver = args.str("approver");
      if (ask.approver.empty()) {
        if (const char* a = getenv("ODA_APPROVER")) ask.approver = a;
      }
      ask.description = args.str("description");
      ask.timeout_ms = settings->budget_ms;
      rs.justification = args.str("justification");
      Decision d = decide_escalation(rs.policy, m, rs.justification, ask);
      if (!d.allowed) {
        *refusal = d.refusal;
        return false;
      }
      rs.escalated = d.mode != rs.policy.mode;
      rs.escalation_by = d.by;
      rs.policy = with_mode(rs.policy, d.mode);
    }
  }
  // The worker applies the policy before any program code and ends the run as
  // sandbox-unavailable when it cannot; here only its enforcement is foreseen.
  rs.enforcement = expected_enforcement(rs.policy);
  // The policy goes to the worker from supervise_sandboxed, once the run's temp folder is made.
  current() = std::move(rs);
  return true;
}

// The run's own temp folder (a TempFolder: removed with what is in it when the run ends,
// also after a failed or killed run; swept by a later run after a SIGKILL). Not put in
// run-code's own environment: a termd a run starts would hand it to every later session's
// shell, long after the folder is gone.
run::RunOutcome supervise_sandboxed(const run::RunSettings& settings, const run::SuperviseNext& next) {
  RunSandbox& rs = current();
  run::RunOutcome o;
  TempFolder temp;
  std::string err;
  if (rs.unavailable.empty() && !temp.make(kRunTempPrefix, &err)) rs.unavailable = err;
  if (!rs.unavailable.empty()) {
    o.ok = false;
    o.kind = "sandbox-unavailable";
    o.message = rs.unavailable;
    return o;
  }
  rs.policy.temp = temp.path();
  rs.policy = with_mode(rs.policy, rs.policy.mode);
  run::RunSettings s = settings;
  s.worker_settings["sandbox"] = encode_policy(rs.policy);
  o = next(s);
  if (o.kind == "sandbox-unavailable") {
    rs.unavailable = o.message;
  } else if (!o.ok) {
    o.message += failure_lines(rs.enforcement, o.message, "");
  }
  return o;
}

const Policy& run_policy() { return current().policy; }

json::Value current_record() {
  const RunSandbox& rs = current();
  json::Value v = rs.policy.to_json();
  v.set("chatMode", mode_name(rs.chat_mode));
  v.set("enforcement", rs.unavailable.empty() ? json::Value(enforcement_name(rs.enforcement))
                                              : json::Value());
  if (rs.escalated) {
    json::Value e = json::Value::object();
    e.set("mode", mode_name(rs.policy.mode));
    e.set("justification", rs.justification);
    e.set("approvedBy", rs.escalation_by);
    v.set("escalation", std::move(e));
  } else {
    v.set("escalation", nullptr);
  }
  return v;
}

void record_fields(const cli::Args& args, json::Value* record) {
  record->set("sandbox", current_record());
  if (args.has("sandbox-permissions")) {
    record->set("sandboxPermissions", args.str("sandbox-permissions"));
    record->set("justification", args.str("justification"));
  }
}

int probe_command(const cli::Args& args) {
  Policy policy;
  std::string err;
  if (!resolve_policy(args.str("sandbox"), args.str("workspace"), &policy, &err)) {
    return cli::fail("run-code", cli::kUsage, err);
  }
  Probe p = probe(policy);
  if (args.json_output()) {
    cli::print_result(json::write(probe_json(p, policy)));
  } else {
    cli::print_result(probe_text(p, policy));
  }
  return cli::kDone;
}

std::string failure_lines(Enforcement e, const std::string& message, const std::string& denial) {
  std::string s;
  if (!denial.empty() && message.find(denial) == std::string::npos) s += "\n" + denial;
  if (e == Enforcement::Partial && message.find(kPartialLine) == std::string::npos) {
    s += "\n" + std::string(kPartialLine);
  }
  return s;
}

bool worker_guard(std::string* kind, std::string* message) {
  if (const std::string* line = run::worker_setting("sandbox")) set_worker_policy(*line);
  // Landlock first (its rules are opened with the caller's rights), then every privilege goes.
  if (enter_worker(message) && drop_privileges(message)) return true;
  *kind = "sandbox-unavailable";
  return false;
}

void set_worker_policy(std::string_view line) {
  Worker& w = worker();
  w.have_policy = decode_policy(line, &w.policy);
}

bool enter_worker(std::string* err) {
  Worker& w = worker();
  if (!w.have_policy) {
    // No policy from the supervisor: the run cannot be bounded, so it must not run.
    *err = "the worker got no file sandbox policy";
    return false;
  }
  Applied a;
  if (!apply(w.policy, &a, err)) return false;
  w.files = std::make_unique<fs::Files>(w.policy, a.enforcement);
  fs::attach(w.files.get());
  return true;
}

void register_fs_global(duk_hthread* ctx) {
  const char* err = nullptr;
  fs::register_fs(ctx, &err);
}

std::string worker_failure_lines(const std::string& message) {
  Worker& w = worker();
  if (!w.files) return "";
  return failure_lines(w.files->enforcement(), message, w.files->last_denial());
}

}  // namespace oda::sandbox
