// Where other parts of run-code plug into the worker's engine: each registrar adds natives
// (the fs sandbox, the tool calls) to a fresh heap before the prelude runs.
#pragma once

struct duk_hthread;

namespace oda::run {

// Registers natives on the global object of ctx (a duk_context*). Must not throw.
using NativeRegistrar = void (*)(duk_hthread* ctx);

// The registrars, in order, ending with nullptr. Defined in worker.cc: add a line there.
extern const NativeRegistrar kNativeRegistrars[];

}  // namespace oda::run
