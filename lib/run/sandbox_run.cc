// The file sandbox's part in a run: options, setup in the supervisor, entry in the worker.
#include "run/sandbox_run.h"

#include <stdlib.h>

#include <memory>

#include "run/fs_natives.h"
#include "run/fs_ops.h"

namespace oda::run::sandbox {

namespace {

// The worker's file operations; one per worker process, made by enter_worker.
std::unique_ptr<fs::Files>& worker_files() {
  static std::unique_ptr<fs::Files> files;
  return files;
}

}  // namespace

std::vector<cli::Option> options() {
  using cli::Kind;
  return {
      {.name = "sandbox", .kind = Kind::String, .value_name = "MODE",
       .help = "the chat's file sandbox: read-only, workspace-write (default) or "
               "danger-full-access"},
      {.name = "workspace", .kind = Kind::String, .value_name = "DIR",
       .help = "the folder relative paths start from and workspace-write may change "
               "(default: the current folder)",
       .complete = "dir"},
      {.name = "approve-escalation", .kind = Kind::Flag,
       .help = "allow the wider mode a call asks for with sandbox_permissions (for scripts)"},
      {.name = "probe-sandbox", .kind = Kind::Flag,
       .help = "print what this host can enforce (Landlock ABI, modes) and exit"},
  };
}

SetupEnd setup(const cli::Args& args, long long budget_ms, RunSandbox* out,
               std::string* message) {
  RunSandbox rs;
  std::string err;
  std::string ws = args.str("workspace");
  if (!resolve_policy(args.str("sandbox"), "", &rs.policy, &err)) {
    *message = err;
    return SetupEnd::Usage;
  }
  if (!ws.empty()) {
    // A workspace that cannot be opened cannot bound the run: it must not start.
    Policy p;
    if (!resolve_policy(mode_name(rs.policy.mode), ws, &p, &err)) {
      *message = std::string("cannot apply ") + mode_name(rs.policy.mode) + ": " + err;
      return SetupEnd::Unavailable;
    }
    rs.policy = p;
  }
  rs.chat_mode = rs.policy.mode;
  std::string wanted = args.str("sandbox-permissions");
  if (!wanted.empty()) {
    Mode m;
    if (!parse_mode(wanted, &m)) {
      *message = "invalid sandbox_permissions: expected read-only, workspace-write or "
                 "danger-full-access";
      return SetupEnd::Usage;
    }
    AskOptions ask;
    ask.approve_flag = args.flag("approve-escalation");
    ask.approver = args.str("approver");
    if (ask.approver.empty()) {
      if (const char* a = getenv("ODA_APPROVER")) ask.approver = a;
    }
    ask.description = args.str("description");
    ask.timeout_ms = budget_ms;
    rs.justification = args.str("justification");
    Decision d = decide_escalation(rs.policy, m, rs.justification, ask);
    if (!d.allowed) {
      *message = d.refusal;
      return SetupEnd::Refused;
    }
    rs.escalated = d.mode != rs.policy.mode;
    rs.escalation_by = d.by;
    rs.policy = with_mode(rs.policy, d.mode);
  }
  Applied a;
  if (!trial(rs.policy, &a, &err)) {
    *message = err;
    return SetupEnd::Unavailable;
  }
  rs.enforcement = a.enforcement;
  rs.note = a.note;
  *out = std::move(rs);
  return SetupEnd::Go;
}

bool enter_worker(const RunSandbox& rs, std::string* err) {
  Applied a;
  if (!apply(rs.policy, &a, err)) return false;
  worker_files() = std::make_unique<fs::Files>(rs.policy, a.enforcement);
  return true;
}

bool install_fs(duk_hthread* ctx) {
  if (!worker_files()) return false;
  const char* err = nullptr;
  return fs::register_fs(ctx, worker_files().get(), &err);
}

std::string last_denial() { return worker_files() ? worker_files()->last_denial() : ""; }

std::string failure_lines(const RunSandbox& rs, const std::string& message,
                          const std::string& denial) {
  std::string s;
  if (!denial.empty() && message.find(denial) == std::string::npos) s += denial + "\n";
  if (rs.enforcement == Enforcement::Partial && message.find(kPartialLine) == std::string::npos) {
    s += std::string(kPartialLine) + "\n";
  }
  return s;
}

json::Value record(const RunSandbox& rs) {
  json::Value v = rs.policy.to_json();
  v.set("chatMode", mode_name(rs.chat_mode));
  v.set("enforcement", enforcement_name(rs.enforcement));
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

}  // namespace oda::run::sandbox
