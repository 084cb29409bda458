// The one way a part of run-code (the tool calls, the file sandbox, the MCP client)
// plugs into a run: a row of hooks in kParts (parts.cc, the only file that names the parts).
// The supervisor side turns the call's options into settings and services, wraps the run,
// and adds to its record; the worker side guards the start, adds natives, and adds notes
// to a failure. Every hook is optional (nullptr).
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "cli/cli.h"
#include "json/json.h"
#include "run/supervisor.h"

struct duk_hthread;

namespace oda::run {

// The rest of the run, for a part's supervise wrapper to call (or not, to refuse the run).
using SuperviseNext = std::function<RunOutcome(const RunSettings&)>;

struct Part {
  const char* name;

  // ---- supervisor side, in table order ----

  // Turns the call's options into settings before the run: worker settings (sent in the
  // start frame, read with worker_setting()), host-request handlers (the services the
  // worker's requests reach), on_program_end/on_close. false with *refusal set refuses the
  // request (exit 2) and no later part is asked.
  bool (*settings)(const cli::Args& args, RunSettings* settings, std::string* refusal) = nullptr;
  // Wraps the run: may refuse it (returning an outcome without calling next) or add to the
  // outcome next returns. The first part's wrapper is the outermost.
  RunOutcome (*supervise)(const RunSettings& settings, const SuperviseNext& next) = nullptr;
  // Adds this part's fields to the run's record (after the run).
  void (*record)(const cli::Args& args, json::Value* record) = nullptr;
  // An option that makes run-code do this part's own job instead of a run ("probe-sandbox"),
  // and that job; returns the exit status.
  const char* command_flag = nullptr;
  int (*command)(const cli::Args& args) = nullptr;

  // ---- worker side, in table order ----

  // Runs before the engine starts. false with *kind and *message set ends the run with that
  // failure before any program code runs (kind "" means sandbox-unavailable).
  bool (*guard)(std::string* kind, std::string* message) = nullptr;
  // Registers natives while the runtime is built, the same in every worker (so they are in
  // run-code's heap image: they must not depend on the run). Must not throw.
  void (*runtime_natives)(duk_hthread* ctx) = nullptr;
  // Registers natives in each worker once the runtime is there, before the per-run prelude.
  void (*run_natives)(duk_hthread* ctx) = nullptr;
  // Whether this run needs the per-run prelude files (`// @per-run`); a run no part needs
  // them for skips them.
  bool (*needs_per_run_prelude)() = nullptr;
  // Lines a failed run's message gets in the worker's end frame (each after a "\n"), e.g.
  // the sandbox's "File sandbox enforcement is partial on this host."; "" for none.
  std::string (*failure_notes)(const std::string& message) = nullptr;
};

// The parts, in order (parts.cc).
std::span<const Part> parts();

// Walking a table of parts (the real one, or a test's), each hook in table order.
// Every settings hook until one refuses; false with *refusal then.
bool apply_settings(std::span<const Part> parts, const cli::Args& args, RunSettings* settings, std::string* refusal);
// The run through every supervise wrapper, the first outermost, last at the core.
RunOutcome supervise_through(std::span<const Part> parts, const RunSettings& settings, const SuperviseNext& last);
void add_record_fields(std::span<const Part> parts, const cli::Args& args, json::Value* record);
// The part whose command_flag the call gives, or nullptr.
const Part* own_command(std::span<const Part> parts, const cli::Args& args);
// Every guard until one refuses; false with *kind (never empty) and *message then.
bool pass_guards(std::span<const Part> parts, std::string* kind, std::string* message);
void add_runtime_natives(std::span<const Part> parts, duk_hthread* ctx);
void add_run_natives(std::span<const Part> parts, duk_hthread* ctx);
bool any_needs_per_run_prelude(std::span<const Part> parts);
// Every part's notes for a failed run's message, in order.
std::string failure_notes(std::span<const Part> parts, const std::string& message);

// In the worker: a value of RunSettings::worker_settings, or nullptr when it was not set.
const std::string* worker_setting(std::string_view key);

}  // namespace oda::run
