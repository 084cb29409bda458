// The program cache: what a big program compiles to (for run-code, Duktape's bytecode of
// the ES5 it lowers to; to this file, opaque bytes), kept in a folder by the program's
// content hash and the compiler's version, so running the same library again skips its
// lowering and compilation. Every failure (no folder, not writable, a corrupt or foreign
// entry) is a miss: the cache never decides a run's outcome.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace oda::js {

struct LowerCache {
  std::string dir;      // the folder entries live in (made on the first write); empty: off
  std::string version;  // who lowered: an entry of another version is never read
  size_t min_source = size_t{32} << 10;   // smaller programs lower faster than a file read
  size_t max_bytes = size_t{64} << 20;    // the folder's bound: oldest entries go past it
};

// 128 bits of the version and the source: the entry's name (32 hex digits).
std::string lower_cache_key(std::string_view version, std::string_view source);

// What was kept for source, into *out; false on a miss (none, another version, a corrupt
// or truncated entry, an unreadable folder). A hit marks the entry as recently used.
bool lower_cache_get(const LowerCache& c, std::string_view source, std::string* out);

// Keeps payload (the compiled form) for source: written whole to a private temporary name,
// then renamed into place (a reader sees all of an entry or none; two runs storing the same
// program race harmlessly), then the oldest entries are removed while the folder is over
// max_bytes.
// Returns false when it wrote nothing (too small, no folder, not writable): never fatal.
bool lower_cache_put(const LowerCache& c, std::string_view source, std::string_view payload);

}  // namespace oda::js
