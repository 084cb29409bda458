// Where other parts of run-code plug into the worker process: guards that prepare it (the
// file sandbox) and may refuse to start the program, then registrars that add natives (fs,
// tool calls) to the heap before the prelude files that use them run. Their settings travel in the start
// frame (RunSettings::worker_settings) and are read back with worker_setting().
#pragma once

#include <string>
#include <string_view>

struct duk_hthread;

namespace oda::run {

// Runs in the worker before the engine starts. false with *kind ("sandbox-unavailable")
// and *message set ends the run with that failure before any program code runs.
using WorkerGuard = bool (*)(std::string* kind, std::string* message);

// Registers natives on the global object of ctx (a duk_context*). Must not throw.
using NativeRegistrar = void (*)(duk_hthread* ctx);

// The hooks, in order, each list ending with nullptr. Defined in worker.cc: add a line there.
// Runtime registrars run while the runtime is built, the same in every worker (so their
// natives are in run-code's heap image: they must not depend on the run); the others run
// in each worker once the runtime is there, before the per-run prelude files.
extern const WorkerGuard kWorkerGuards[];
extern const NativeRegistrar kRuntimeRegistrars[];
extern const NativeRegistrar kNativeRegistrars[];

// In the worker: a value of RunSettings::worker_settings, or nullptr when it was not set.
const std::string* worker_setting(std::string_view key);

}  // namespace oda::run
