// The natives behind a run-code program's `fs` global, over fs::Files; lib/sandbox/fs.js (in the
// prelude) makes them the promise-based fs (fs.readFile, ..., fs.promises, the *Sync forms).
#pragma once

struct duk_hthread;

namespace oda::sandbox::fs {

class Files;

// Puts the natives on ctx (a duk_context*) as the global __oda_fs, before the prelude runs
// (so they are in run-code's heap image). Never throws into the caller: false with *err set
// when they could not be installed.
bool register_fs(duk_hthread* ctx, const char** err);

// The files the natives work on in this process (they throw until this is set). `files`
// must outlive the heap.
void attach(Files* files);

}  // namespace oda::sandbox::fs
