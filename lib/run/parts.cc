// The table of run-code's parts (parts.h) and the walks over it. This is the only file that
// names the parts: a new one is one include and one row here.
#include "run/parts.h"

#include "calls/calls_bind.h"
#include "mcp/client_bind.h"
#include "run/profile_code_function.h"
#include "run/test_faults.h"
#include "sandbox/sandbox_run.h"

namespace oda::run {

namespace {

// Settings run in this order: a refused catalog is said before the sandbox asks anyone about
// an escalation.
const Part kParts[] = {
    test_faults::kPart,
    {
        .name = "calls",
        .settings = calls::settings_hook,
        .runtime_natives = calls::register_terminal_tools,
        .run_natives = calls::register_natives,
        .needs_per_run_prelude = calls::needs_run_config,
    },
    // After the calls: its servers' tools join their scheduler.
    {
        .name = "mcp",
        .settings = mcp::client::settings_hook,
        .supervise = mcp::client::supervise_hook,
        .record = mcp::client::record_hook,
        .command_flag = "list-tools",
        .command = mcp::client::list_tools_command,
        .run_natives = mcp::client::register_natives,
        .needs_per_run_prelude = mcp::client::needs_run_config,
    },
    {
        .name = "sandbox",
        .settings = sandbox::settings_hook,
        .supervise = sandbox::supervise_sandboxed,
        .record = sandbox::record_fields,
        .command_flag = "probe-sandbox",
        .command = sandbox::probe_command,
        .guard = sandbox::worker_guard,
        .runtime_natives = sandbox::register_fs_global,
        .failure_notes = sandbox::worker_failure_lines,
    },
    kCodeFunctionPart,
};

}  // namespace

std::span<const Part> parts() { return kParts; }

bool apply_settings(std::span<const Part> parts, const cli::Args& args, RunSettings* settings, std::string* refusal) {
  for (const Part& p : parts)
    if (p.settings && !p.settings(args, settings, refusal)) return false;
  return true;
}

RunOutcome supervise_through(std::span<const Part> parts, const RunSettings& settings, const SuperviseNext& last) {
  while (!parts.empty() && !parts.front().supervise) parts = parts.subspan(1);
  if (parts.empty()) return last(settings);
  return parts.front().supervise(settings, [rest = parts.subspan(1), &last](const RunSettings& s) {
    return supervise_through(rest, s, last);
  });
}

void add_record_fields(std::span<const Part> parts, const cli::Args& args, json::Value* record) {
  for (const Part& p : parts)
    if (p.record) p.record(args, record);
}

const Part* own_command(std::span<const Part> parts, const cli::Args& args) {
  for (const Part& p : parts)
    if (p.command_flag && p.command && args.flag(p.command_flag)) return &p;
  return nullptr;
}

bool pass_guards(std::span<const Part> parts, std::string* kind, std::string* message) {
  for (const Part& p : parts) {
    if (!p.guard || p.guard(kind, message)) continue;
    if (kind->empty()) *kind = "sandbox-unavailable";
    return false;
  }
  return true;
}

void add_runtime_natives(std::span<const Part> parts, duk_hthread* ctx) {
  for (const Part& p : parts)
    if (p.runtime_natives) p.runtime_natives(ctx);
}

void add_run_natives(std::span<const Part> parts, duk_hthread* ctx) {
  for (const Part& p : parts)
    if (p.run_natives) p.run_natives(ctx);
}

bool any_needs_per_run_prelude(std::span<const Part> parts) {
  bool any = false;
  // Each is asked (no early out): a hook may settle its own state when asked.
  for (const Part& p : parts)
    if (p.needs_per_run_prelude && p.needs_per_run_prelude()) any = true;
  return any;
}

std::string failure_notes(std::span<const Part> parts, const std::string& message) {
  std::string notes;
  for (const Part& p : parts)
    if (p.failure_notes) notes += p.failure_notes(message + notes);
  return notes;
}

}  // namespace oda::run
