// The natives behind a run-code program's `fs` global, over fs::Files; lib/run/fs.js (in the
// prelude) makes them the promise-based fs (fs.readFile, ..., fs.promises, the *Sync forms).
#pragma once

struct duk_hthread;

namespace oda::run::fs {

class Files;

// Puts the natives on ctx (a duk_context*) as the global __oda_fs, before the prelude runs.
// `files` must outlive the heap. Never throws into the caller: false with *err set when
// they could not be installed.
bool register_fs(duk_hthread* ctx, Files* files, const char** err);

}  // namespace oda::run::fs
