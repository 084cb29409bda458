// The `fs` global of a run-code program: Duktape natives over fs::Files, and the small
// JavaScript layer that makes them promise-based (fs.readFile, ..., fs.promises, and the
// *Sync forms).
#pragma once

struct duk_hthread;

namespace oda::run::fs {

class Files;

// Defines the global `fs` on ctx (a duk_context*). `files` must outlive the heap. Call it
// before the program runs and after the runtime prelude (the functions look Promise up when
// they are called, so the order only matters for the program). Never throws into the
// caller: false with *err set when the layer could not be installed.
bool register_fs(duk_hthread* ctx, Files* files, const char** err);

}  // namespace oda::run::fs
