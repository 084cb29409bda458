// Where other parts of run-code plug into the worker's engine: each registrar adds natives
// (the fs sandbox, the tool calls) to a fresh heap before the prelude runs.
#pragma once

#include <string>

struct duk_hthread;

namespace oda::run {

// Registers natives on the global object of ctx (a duk_context*). Must not throw.
using NativeRegistrar = void (*)(duk_hthread* ctx);

// The registrars, in order, ending with nullptr. Defined in worker.cc: add a line there.
extern const NativeRegistrar kNativeRegistrars[];

// A start-frame line a later part added through RunSettings::worker_settings; nullptr when
// the frame had none. Valid for the worker's life.
const std::string* worker_setting(const std::string& key);

}  // namespace oda::run
