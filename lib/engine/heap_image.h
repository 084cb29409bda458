// The worker's start-up heap image. Building the runtime (Duktape's own built-ins, then our
// prelude: Promise, Map, RegExp, the lowering helpers, console...) costs about two
// milliseconds, most of a run of a small program. So the build runs it once, in an arena at
// a fixed address, and appends the arena to run-code's own executable; a worker maps that
// copy-on-write at the same address and starts from a finished heap. This needs fixed
// addresses for the code the heap points at (Duktape's natives, our allocator), so run-code
// is linked without PIE; a binary whose image is missing, stripped or does not match (a
// different build, another address) starts the slow way, with the same result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace oda::engine::image {

// What a worker needs besides the arena to go on with the heap it maps.
struct Header {
  uint64_t ctx = 0;         // the heap's duk_context*
  uint64_t heap_used = 0;   // live bytes, for the heap ceiling
};

// The arena's bounds while building or once mapped ([lo, hi)); both 0 otherwise. The
// allocator asks whether a block is the image's: those are never returned to malloc.
extern uintptr_t g_lo, g_hi;
inline bool owns(const void* p) {
  auto a = reinterpret_cast<uintptr_t>(p);
  return a >= g_lo && a < g_hi;
}

// Building (run-code --build-heap-image): reserves the arena at its fixed address; alloc
// hands out 16-byte aligned blocks from it, release takes one back (N as given to alloc) for
// a later alloc to reuse.
bool begin_build(std::string* err);
void* alloc(size_t n);
void release(void* block, size_t n);
// A build is deterministic, so a trial build (in a child) can say which of its blocks the
// runtime kept: survivors() is, for each alloc in order, whether its block is still live, and
// the bytes they span. set_plan, before the real build's first alloc, puts the blocks the
// trial freed in a zone of their own after the kept ones, so the image is the runtime's blocks
// packed together and a mark-and-sweep in a worker copies as few pages as it can. A plan
// that turns out wrong costs room, never correctness.
std::vector<bool> survivors(size_t* kept_bytes);
void set_plan(std::vector<bool> keep, size_t kept_bytes);
// Writes OUT = this executable + the arena + a trailer, then makes it executable.
bool write(const std::string& out, const Header& h, std::string* err);

// In a worker: maps this executable's image; false (nothing mapped) when it has none or it
// does not belong to this binary, or ODA_RUN_NO_HEAP_IMAGE=1 asked for the slow start.
bool map(Header* h);

// In a worker, and in run-code before it forks one (the registration is not inherited): has
// the kernel map the code and constants of run-code and its libraries a page at a time, as the
// image is (heap_image.cc keep_faults_narrow): mapped 64 KiB around each page touched, a
// worker's run-code text was 1.2 to 1.6 MiB resident for a few hundred KiB read. Best effort,
// as for the image.
void keep_code_faults_narrow();

// map() from the executable at path (tests give a copy they wrote): the same checks, that
// the trailer is there, whole, and from this very binary (its code and data marks).
bool map_file(const char* path, Header* h);

// The supervisor reads ODA_RUN_NO_HEAP_IMAGE before it forks (a worker's environment is
// wiped). For tests and measurements.
void read_environment();

}  // namespace oda::engine::image
