// Map and Set in C (collections.cc): an ordered hash table per collection, for the runtime
// prelude (lib/engine/runtime/30-collections.js) to assemble into the globals.
//
// A table is a Duktape bare array: [index buffer, next table, removed, entries...]. The
// entries (key, value for a Map; key for a Set) stay in the array, so mark-and-sweep sees
// them; the index buffer (a fixed Duktape buffer) holds only what lookups need: a header,
// one record per entry in insertion order (its SameValueZero identity and hash, or a
// tombstone once deleted), and an open-addressing slot array of entry numbers. When the
// entries are full the buffer grows; if some were deleted the live ones move to a new,
// compacted table, and the old one keeps where they went (next, and the removed entry
// numbers, or `true` after clear()), so an iterator standing on it moves along.
#pragma once

#include <cstddef>
#include <cstdint>

#include "duktape.h"

namespace oda::engine {

// Defines __oda_collection_natives(), which returns the natives as an object's methods.
void register_collection_natives(duk_context* ctx);

namespace table {

// A key's SameValueZero identity: type 0 marks a deleted entry (oda_duk_svz_key gives 1 and up).
struct Key {
  uint64_t bits;
  uint32_t type;
};
struct Entry {
  uint64_t bits;
  uint32_t hash;
  uint32_t type;
};
// cap entries (a power of two), 2 * cap slots; used counts tombstones, live does not.
struct Header {
  uint32_t cap, used, live, mask;
};
constexpr uint32_t kMinCap = 4;
// 2^26 entries: far more than a run's heap ceiling holds.
constexpr uint32_t kMaxCap = 1u << 26;

inline Entry* entries(Header* h) { return reinterpret_cast<Entry*>(h + 1); }
inline const Entry* entries(const Header* h) { return reinterpret_cast<const Entry*>(h + 1); }
inline uint32_t* slots(Header* h) { return reinterpret_cast<uint32_t*>(entries(h) + h->cap); }
inline const uint32_t* slots(const Header* h) { return reinterpret_cast<const uint32_t*>(entries(h) + h->cap); }

size_t bytes(uint32_t cap);
void init(Header* h, uint32_t cap);
uint32_t hash(Key k);
// The slot holding k, or the empty slot where it would go (slots hold entry number + 1).
uint32_t probe(const Header* h, Key k, uint32_t hash);
// Adds k as entry h->used (there must be room) at the empty slot probe() gave.
void append(Header* h, uint32_t slot, Key k, uint32_t hash);
// Deletes the entry at slot (a tombstone in the entries, the slot array shifted back);
// returns its entry number.
uint32_t remove(Header* h, uint32_t slot);
// The capacity to move to when h is full: twice as many entries unless half are tombstones.
uint32_t next_cap(const Header* h);
// Copies from's entries into the empty table to, all of them (a grown buffer, no tombstones)
// or the live ones compacted, writing the tombstones' entry numbers (used - live of them)
// to removed when it is given.
void copy(const Header* from, Header* to, uint32_t* removed);
// Where an iterator at entry number i of a table whose removed entries were those listed
// (sorted, n of them) goes on in the compacted table.
uint32_t moved_index(const uint32_t* removed, uint32_t n, uint32_t i);

}  // namespace table
}  // namespace oda::engine
