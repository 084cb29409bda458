// Map and Set in C: ordered hash tables keyed by SameValueZero (the layout is in
// collections.h), their methods, their iterators, and forEach. The constructors, groupBy and
// the ES2025 set methods stay JavaScript (lib/engine/runtime/30-collections.js) on top of
// these, since the specification defines them through observable calls of set, add and has.
#include "engine/collections.h"

#include <duktape.h>

#include <cstring>
#include <initializer_list>

#include "engine/natives.h"

extern "C" int oda_duk_svz_key(void* ctx, int idx, unsigned long long* bits);  // lib/engine/duk_extra.c
extern "C" int oda_duk_get_own_slot(void* ctx, int idx);  // lib/engine/duk_extra.c
extern "C" void oda_duk_array_room(void* ctx, int idx, unsigned int n);  // lib/engine/duk_extra.c
extern "C" void oda_duk_iter_result(void* ctx, int done);  // lib/engine/duk_extra.c

namespace oda::engine {

namespace table {

size_t bytes(uint32_t cap) { return sizeof(Header) + cap * sizeof(Entry) + 2 * static_cast<size_t>(cap) * sizeof(uint32_t); }

void init(Header* h, uint32_t cap) {
  h->cap = cap;
  h->used = h->live = 0;
  h->mask = 2 * cap - 1;
  std::memset(slots(h), 0, 2 * static_cast<size_t>(cap) * sizeof(uint32_t));
}

// A 64-bit finalizer (MurmurHash3's): pointers differ only in their middle bits and integer
// keys' doubles only in their top ones, and every bit must reach the slot number.
uint32_t hash(Key k) {
  uint64_t x = k.bits ^ (static_cast<uint64_t>(k.type) << 56);
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return static_cast<uint32_t>(x);
}

uint32_t probe(const Header* h, Key k, uint32_t hash) {
  const uint32_t* s = slots(h);
  const Entry* e = entries(h);
  for (uint32_t i = hash & h->mask;; i = (i + 1) & h->mask) {
    uint32_t n = s[i];
    if (n == 0) return i;
    const Entry& x = e[n - 1];
    if (x.hash == hash && x.bits == k.bits && x.type == k.type) return i;
  }
}

void append(Header* h, uint32_t slot, Key k, uint32_t hash) {
  entries(h)[h->used] = Entry{k.bits, hash, k.type};
  slots(h)[slot] = ++h->used;
  h->live++;
}

uint32_t remove(Header* h, uint32_t slot) {
  uint32_t* s = slots(h);
  Entry* e = entries(h);
  uint32_t gone = s[slot] - 1;
  e[gone].type = 0;
  h->live--;
  // Linear probing without slot tombstones: later slots of the run move back into the hole
  // unless their home lies cyclically after it.
  uint32_t hole = slot;
  for (uint32_t j = (hole + 1) & h->mask; s[j] != 0; j = (j + 1) & h->mask) {
    uint32_t home = e[s[j] - 1].hash & h->mask;
    if (((j - home) & h->mask) >= ((j - hole) & h->mask)) {
      s[hole] = s[j];
      hole = j;
    }
  }
  s[hole] = 0;
  return gone;
}

uint32_t next_cap(const Header* h) { return h->live >= h->cap / 2 ? h->cap * 2 : h->cap; }

void copy(const Header* from, Header* to, uint32_t* removed) {
  const Entry* e = entries(from);
  Entry* out = entries(to);
  uint32_t* s = slots(to);
  uint32_t n = 0, r = 0;
  for (uint32_t j = 0; j < from->used; j++) {
    if (e[j].type == 0) {
      if (removed != nullptr) removed[r++] = j;
      continue;
    }
    out[n] = e[j];
    uint32_t i = e[j].hash & to->mask;
    while (s[i] != 0) i = (i + 1) & to->mask;
    s[i] = ++n;
  }
  to->used = to->live = n;
}

uint32_t moved_index(const uint32_t* removed, uint32_t n, uint32_t i) {
  uint32_t lo = 0, hi = n;  // how many removed entries came before i
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (removed[mid] < i) lo = mid + 1; else hi = mid;
  }
  return i - lo;
}

}  // namespace table

namespace {

using table::Header;

#define MAP_TABLE DUK_HIDDEN_SYMBOL("oda_map")
#define SET_TABLE DUK_HIDDEN_SYMBOL("oda_set")
#define IT_TABLE DUK_HIDDEN_SYMBOL("oda_itt")
#define IT_STATE DUK_HIDDEN_SYMBOL("oda_its")
#define MAP_ITER_PROTO DUK_HIDDEN_SYMBOL("oda_map_iter")
#define SET_ITER_PROTO DUK_HIDDEN_SYMBOL("oda_set_iter")

// A table's array slots before its entries.
constexpr duk_uarridx_t kBuf = 0, kNext = 1, kRemoved = 2, kFirst = 3;

enum class Kind { Map = 0, Set = 1 };
// What an iterator yields.
enum class Yield { Keys = 0, Values = 1, Entries = 2 };

const char* name_of(Kind k) { return k == Kind::Map ? "Map" : "Set"; }
duk_uarridx_t stride(Kind k) { return k == Kind::Map ? 2 : 1; }
duk_uarridx_t key_index(Kind k, uint32_t e) { return kFirst + e * stride(k); }
duk_uarridx_t value_index(Kind k, uint32_t e) { return key_index(k, e) + (k == Kind::Map ? 1 : 0); }

// Pushes how node names the value at i in its TypeErrors: as a receiver `#<Object>` (the
// constructor's name), `[object Array]` or a primitive's text; as a callback its type, with
// the text of a number, boolean or string.
void push_shown(duk_context* ctx, duk_idx_t i, bool as_callback) {
  i = duk_normalize_index(ctx, i);
  if (as_callback) {
    if (duk_is_object(ctx, i)) duk_push_literal(ctx, "object");
    else if (duk_is_symbol(ctx, i)) duk_push_literal(ctx, "symbol");
    else if (duk_is_string(ctx, i)) duk_push_sprintf(ctx, "string \"%s\"", duk_get_string(ctx, i));
    else if (duk_is_number(ctx, i) || duk_is_boolean(ctx, i)) {
      const char* type = duk_is_number(ctx, i) ? "number" : "boolean";
      duk_push_sprintf(ctx, "%s %s", type, duk_safe_to_string(ctx, i));
    } else {
      duk_push_string(ctx, duk_safe_to_string(ctx, i));
    }
    return;
  }
  if (duk_is_array(ctx, i)) {
    duk_push_literal(ctx, "[object Array]");
  } else if (duk_is_object(ctx, i)) {
    const char* name = "Object";
    duk_get_prop_literal(ctx, i, "constructor");
    if (duk_is_function(ctx, -1)) {
      duk_get_prop_literal(ctx, -1, "name");
      if (duk_is_string(ctx, -1) && duk_get_length(ctx, -1) > 0) name = duk_get_string(ctx, -1);
    }
    duk_push_sprintf(ctx, "#<%s>", name);
  } else {
    duk_dup(ctx, i);
    duk_push_string(ctx, duk_safe_to_string(ctx, -1));
  }
}

duk_ret_t incompatible(duk_context* ctx, const char* method, duk_idx_t receiver) {
  push_shown(ctx, receiver, false);
  return duk_error(ctx, DUK_ERR_TYPE_ERROR, "Method %s called on incompatible receiver %s", method, duk_get_string(ctx, -1));
}

// Pushes the own internal slot key of the object at i (undefined when it has none); returns
// whether it had one.
template <size_t N>
bool push_slot(duk_context* ctx, duk_idx_t i, const char (&key)[N]) {
  i = duk_normalize_index(ctx, i);
  duk_push_literal_raw(ctx, key, N - 1);
  return oda_duk_get_own_slot(ctx, i) != 0;
}

Header* header(duk_context* ctx, duk_idx_t t) {
  duk_get_prop_index(ctx, t, kBuf);
  auto* h = static_cast<Header*>(duk_get_buffer(ctx, -1, nullptr));
  duk_pop(ctx);
  return h;
}

// Pushes a new empty table.
void push_table(duk_context* ctx, Kind kind, uint32_t cap) {
  duk_push_bare_array(ctx);
  oda_duk_array_room(ctx, -1, key_index(kind, cap));
  table::init(static_cast<Header*>(duk_push_fixed_buffer(ctx, table::bytes(cap))), cap);
  duk_put_prop_index(ctx, -2, kBuf);
  duk_push_undefined(ctx);
  duk_put_prop_index(ctx, -2, kNext);
  duk_push_undefined(ctx);
  duk_put_prop_index(ctx, -2, kRemoved);
}

// Pushes this (at the top, then the table above it) when it is a collection of kind;
// otherwise throws node's TypeError for method.
Header* push_this_table(duk_context* ctx, Kind kind, const char* method) {
  duk_push_this(ctx);
  if (!push_slot(ctx, -1, kind == Kind::Map ? MAP_TABLE : SET_TABLE)) {
    duk_pop(ctx);
    incompatible(ctx, method, -1);
  }
  return header(ctx, -1);
}

table::Key key_at(duk_context* ctx, duk_idx_t i) {
  unsigned long long bits = 0;
  uint32_t type = static_cast<uint32_t>(oda_duk_svz_key(ctx, i, &bits));
  return table::Key{bits, type};
}

// Makes the full table at t (the table of the collection at obj) take one more entry: its
// buffer grown in place when nothing was deleted, else the live entries moved to a new table
// that obj gets and t is replaced with, the old one saying where they went. Returns the
// header to append to.
Header* make_room(duk_context* ctx, Kind kind, duk_idx_t obj, duk_idx_t t) {
  obj = duk_normalize_index(ctx, obj);
  t = duk_normalize_index(ctx, t);
  Header* h = header(ctx, t);
  uint32_t cap = table::next_cap(h);
  if (cap > table::kMaxCap) {
    duk_error(ctx, DUK_ERR_RANGE_ERROR, "%s maximum size exceeded", name_of(kind));
  }
  auto* n = static_cast<Header*>(duk_push_fixed_buffer(ctx, table::bytes(cap)));  // no GC moves a buffer
  table::init(n, cap);
  if (h->live == h->used) {
    table::copy(h, n, nullptr);
    duk_put_prop_index(ctx, t, kBuf);
    oda_duk_array_room(ctx, t, key_index(kind, cap));
    return n;
  }
  uint32_t dead = h->used - h->live;
  auto* removed = static_cast<uint32_t*>(duk_push_fixed_buffer(ctx, dead * sizeof(uint32_t)));
  table::copy(h, n, removed);
  duk_push_bare_array(ctx);  // the new table: [n, -, -, live entries...]
  oda_duk_array_room(ctx, -1, key_index(kind, cap));
  duk_dup(ctx, -3);
  duk_put_prop_index(ctx, -2, kBuf);
  duk_push_undefined(ctx);
  duk_put_prop_index(ctx, -2, kNext);
  duk_push_undefined(ctx);
  duk_put_prop_index(ctx, -2, kRemoved);
  const table::Entry* e = table::entries(h);
  duk_uarridx_t to = kFirst;
  for (uint32_t j = 0; j < h->used; j++) {
    if (e[j].type == 0) continue;
    for (duk_uarridx_t s = 0; s < stride(kind); s++) {
      duk_get_prop_index(ctx, t, key_index(kind, j) + s);
      duk_put_prop_index(ctx, -2, to++);
    }
  }
  // [n removed new]: the old table points on to the new one and lets go of its entries.
  duk_swap_top(ctx, -2);
  duk_put_prop_index(ctx, t, kRemoved);
  duk_dup_top(ctx);
  duk_put_prop_index(ctx, t, kNext);
  duk_set_length(ctx, t, kFirst);
  duk_push_undefined(ctx);
  duk_put_prop_index(ctx, t, kBuf);
  duk_dup_top(ctx);
  duk_put_prop_literal(ctx, obj, kind == Kind::Map ? MAP_TABLE : SET_TABLE);
  duk_replace(ctx, t);
  duk_pop(ctx);
  return n;
}

// Moves an iterator's position i on the table at t to the collection's current table (the
// one t is replaced with), through each compaction or clear() since; returns whether it moved.
bool follow(duk_context* ctx, duk_idx_t t, uint32_t* i) {
  t = duk_normalize_index(ctx, t);
  bool moved = false;
  for (;;) {
    duk_get_prop_index(ctx, t, kNext);
    if (!duk_is_object(ctx, -1)) {
      duk_pop(ctx);
      return moved;
    }
    duk_get_prop_index(ctx, t, kRemoved);
    if (duk_is_boolean(ctx, -1)) {
      *i = 0;  // cleared
    } else {
      duk_size_t n = 0;
      auto* removed = static_cast<const uint32_t*>(duk_get_buffer(ctx, -1, &n));
      *i = table::moved_index(removed, static_cast<uint32_t>(n / sizeof(uint32_t)), *i);
    }
    duk_pop(ctx);
    duk_replace(ctx, t);
    moved = true;
  }
}

// The first live entry at or after i, or h->used.
uint32_t live_from(const Header* h, uint32_t i) {
  const table::Entry* e = table::entries(h);
  while (i < h->used && e[i].type == 0) i++;
  return i;
}

Kind kind_of(duk_context* ctx) { return static_cast<Kind>(duk_get_current_magic(ctx) & 1); }

#define METHOD(name) (kind == Kind::Map ? "Map.prototype." name : "Set.prototype." name)

// get(k) for a Map; has(k) for both (magic bit 1).
duk_ret_t get_or_has(duk_context* ctx) {
  Kind kind = kind_of(ctx);
  bool has = (duk_get_current_magic(ctx) & 2) != 0;
  duk_set_top(ctx, 1);
  Header* h = push_this_table(ctx, kind, has ? METHOD("has") : METHOD("get"));
  table::Key k = key_at(ctx, 0);
  uint32_t n = table::slots(h)[table::probe(h, k, table::hash(k))];
  if (has) {
    duk_push_boolean(ctx, n != 0);
  } else if (n == 0) {
    return 0;
  } else {
    duk_get_prop_index(ctx, -1, value_index(kind, n - 1));
  }
  return 1;
}

// set(k, v) for a Map, add(k) for a Set: this.
duk_ret_t set_or_add(duk_context* ctx) {
  Kind kind = kind_of(ctx);
  duk_set_top(ctx, 2);
  Header* h = push_this_table(ctx, kind, kind == Kind::Map ? "Map.prototype.set" : "Set.prototype.add");  // 2, 3
  table::Key k = key_at(ctx, 0);
  if (k.type == 1 && k.bits == 0) {  // -0 is kept as +0
    duk_push_int(ctx, 0);
    duk_replace(ctx, 0);
  }
  uint32_t hs = table::hash(k);
  uint32_t slot = table::probe(h, k, hs);
  uint32_t n = table::slots(h)[slot];
  if (n != 0) {
    if (kind == Kind::Map) {
      duk_dup(ctx, 1);
      duk_put_prop_index(ctx, 3, value_index(kind, n - 1));
    }
  } else {
    if (h->used == h->cap) {
      h = make_room(ctx, kind, 2, 3);
      slot = table::probe(h, k, hs);
    }
    // The entry goes into the array first: a put that fails leaves the index as it was.
    duk_dup(ctx, 0);
    duk_put_prop_index(ctx, 3, key_index(kind, h->used));
    if (kind == Kind::Map) {
      duk_dup(ctx, 1);
      duk_put_prop_index(ctx, 3, value_index(kind, h->used));
    }
    table::append(h, slot, k, hs);
  }
  duk_dup(ctx, 2);
  return 1;
}

duk_ret_t delete_key(duk_context* ctx) {
  Kind kind = kind_of(ctx);
  duk_set_top(ctx, 1);
  Header* h = push_this_table(ctx, kind, METHOD("delete"));
  table::Key k = key_at(ctx, 0);
  uint32_t slot = table::probe(h, k, table::hash(k));
  if (table::slots(h)[slot] == 0) {
    duk_push_false(ctx);
    return 1;
  }
  uint32_t e = table::remove(h, slot);
  for (duk_uarridx_t s = 0; s < stride(kind); s++) {
    duk_push_undefined(ctx);
    duk_put_prop_index(ctx, -2, key_index(kind, e) + s);
  }
  duk_push_true(ctx);
  return 1;
}

duk_ret_t clear(duk_context* ctx) {
  Kind kind = kind_of(ctx);
  Header* h = push_this_table(ctx, kind, METHOD("clear"));  // 0, 1
  if (h->used == 0) return 0;
  push_table(ctx, kind, table::kMinCap);  // 2
  duk_push_true(ctx);
  duk_put_prop_index(ctx, 1, kRemoved);
  duk_dup(ctx, 2);
  duk_put_prop_index(ctx, 1, kNext);
  duk_set_length(ctx, 1, kFirst);
  duk_push_undefined(ctx);
  duk_put_prop_index(ctx, 1, kBuf);
  duk_put_prop_literal(ctx, 0, kind == Kind::Map ? MAP_TABLE : SET_TABLE);
  return 0;
}

duk_ret_t size(duk_context* ctx) {
  Kind kind = kind_of(ctx);
  Header* h = push_this_table(ctx, kind, kind == Kind::Map ? "get Map.prototype.size" : "get Set.prototype.size");
  duk_push_uint(ctx, h->live);
  return 1;
}

// forEach(fn, thisArg): fn(value, key, this) for each entry, those added meanwhile included.
duk_ret_t for_each(duk_context* ctx) {
  Kind kind = kind_of(ctx);
  duk_set_top(ctx, 2);
  push_this_table(ctx, kind, METHOD("forEach"));  // 2, 3
  if (!duk_is_callable(ctx, 0)) {
    push_shown(ctx, 0, true);
    return duk_error(ctx, DUK_ERR_TYPE_ERROR, "%s is not a function", duk_get_string(ctx, -1));
  }
  for (uint32_t i = 0;; i++) {
    follow(ctx, 3, &i);
    const Header* h = header(ctx, 3);
    i = live_from(h, i);
    if (i >= h->used) return 0;
    duk_dup(ctx, 0);
    duk_dup(ctx, 1);
    duk_get_prop_index(ctx, 3, value_index(kind, i));
    duk_get_prop_index(ctx, 3, key_index(kind, i));
    duk_dup(ctx, 2);
    duk_call_method(ctx, 3);
    duk_pop(ctx);
  }
}

// An iterator's position and what it yields, in a buffer of its own: next() moves it without
// a property write.
struct IterState {
  uint32_t index;
  int magic;  // kind | yield << 1
};

// keys(), values() and entries(): an iterator (magic: kind | yield << 1).
duk_ret_t iterate(duk_context* ctx) {
  int magic = duk_get_current_magic(ctx);
  Kind kind = static_cast<Kind>(magic & 1);
  auto what = static_cast<Yield>(magic >> 1);
  const char* method = what == Yield::Entries ? METHOD("entries") : what == Yield::Keys ? METHOD("keys") : METHOD("values");
  push_this_table(ctx, kind, method);  // 0, 1
  duk_push_object(ctx);
  duk_push_global_stash(ctx);
  duk_get_prop_literal(ctx, -1, kind == Kind::Map ? MAP_ITER_PROTO : SET_ITER_PROTO);
  duk_set_prototype(ctx, -3);
  duk_pop(ctx);
  duk_dup(ctx, 1);
  duk_put_prop_literal(ctx, -2, IT_TABLE);
  *static_cast<IterState*>(duk_push_fixed_buffer(ctx, sizeof(IterState))) = IterState{0, magic};
  duk_put_prop_literal(ctx, -2, IT_STATE);
  return 1;
}

void push_result(duk_context* ctx, bool done) {
  if (done) duk_push_undefined(ctx);
  oda_duk_iter_result(ctx, done);
}

// The iterators' next() (magic: kind).
duk_ret_t next(duk_context* ctx) {
  Kind kind = kind_of(ctx);
  duk_push_this(ctx);  // 0
  IterState* st = nullptr;
  duk_size_t n = 0;
  if (push_slot(ctx, 0, IT_STATE)) st = static_cast<IterState*>(duk_get_buffer(ctx, 1, &n));  // 1
  if (st == nullptr || n != sizeof(IterState) || (st->magic & 1) != static_cast<int>(kind)) {
    return incompatible(ctx, kind == Kind::Map ? "Map Iterator.prototype.next" : "Set Iterator.prototype.next", 0);
  }
  auto what = static_cast<Yield>(st->magic >> 1);
  push_slot(ctx, 0, IT_TABLE);  // 2
  if (duk_is_null(ctx, 2)) {
    push_result(ctx, true);
    return 1;
  }
  uint32_t i = st->index;
  if (follow(ctx, 2, &i)) {
    duk_dup(ctx, 2);
    duk_put_prop_literal(ctx, 0, IT_TABLE);
  }
  const Header* h = header(ctx, 2);
  i = live_from(h, i);
  if (i >= h->used) {  // done for good, whatever is added later
    duk_push_null(ctx);
    duk_put_prop_literal(ctx, 0, IT_TABLE);
    push_result(ctx, true);
    return 1;
  }
  st->index = i + 1;  // the buffer lives as long as this, which the call holds
  if (what == Yield::Entries) {
    duk_push_array(ctx);
    duk_get_prop_index(ctx, 2, key_index(kind, i));
    duk_put_prop_index(ctx, -2, 0);
    duk_get_prop_index(ctx, 2, value_index(kind, i));
    duk_put_prop_index(ctx, -2, 1);
  } else {
    duk_get_prop_index(ctx, 2, what == Yield::Keys ? key_index(kind, i) : value_index(kind, i));
  }
  push_result(ctx, false);
  return 1;
}

// init(o, kind): makes o (a new object of the constructor) a Map (0) or Set (1); false when
// it already is one.
duk_ret_t init_collection(duk_context* ctx) {
  duk_require_object(ctx, 0);
  if (push_slot(ctx, 0, MAP_TABLE) || push_slot(ctx, 0, SET_TABLE)) {
    duk_push_false(ctx);
    return 1;
  }
  duk_pop_2(ctx);
  Kind kind = duk_get_int(ctx, 1) == 0 ? Kind::Map : Kind::Set;
  push_table(ctx, kind, table::kMinCap);
  duk_put_prop_literal(ctx, 0, kind == Kind::Map ? MAP_TABLE : SET_TABLE);
  duk_push_true(ctx);
  return 1;
}

// kind(o): 0 for a Map, 1 for a Set, -1 otherwise.
duk_ret_t kind_native(duk_context* ctx) {
  int k = -1;
  if (push_slot(ctx, 0, MAP_TABLE)) k = 0;
  else if (push_slot(ctx, 0, SET_TABLE)) k = 1;
  duk_push_int(ctx, k);
  return 1;
}

// protos(mapIteratorPrototype, setIteratorPrototype): what keys() and its siblings make.
duk_ret_t protos(duk_context* ctx) {
  duk_push_global_stash(ctx);
  duk_dup(ctx, 0);
  duk_put_prop_literal(ctx, -2, MAP_ITER_PROTO);
  duk_dup(ctx, 1);
  duk_put_prop_literal(ctx, -2, SET_ITER_PROTO);
  return 0;
}

struct Native {
  const char* name;
  duk_c_function fn;
  duk_idx_t nargs;
  int magic;  // besides the kind
  int kinds;  // 1 Map, 2 Set, 3 both
};

constexpr int kHas = 2;
constexpr int yields(Yield y) { return static_cast<int>(y) << 1; }

// __oda_collection_natives(): {Map: {get, set, ...}, Set: {add, has, ...}, init, kind,
// protos}, for 30-collections.js to assemble.
duk_ret_t natives(duk_context* ctx) {
  static const Native methods[] = {
      {"get", get_or_has, 1, 0, 1},
      {"set", set_or_add, 2, 0, 1},
      {"add", set_or_add, 1, 0, 2},
      {"has", get_or_has, 1, kHas, 3},
      {"delete", delete_key, 1, 0, 3},
      {"clear", clear, 0, 0, 3},
      {"size", size, 0, 0, 3},
      {"forEach", for_each, 2, 0, 3},
      {"keys", iterate, 0, yields(Yield::Keys), 1},
      {"values", iterate, 0, yields(Yield::Values), 3},
      {"entries", iterate, 0, yields(Yield::Entries), 3},
      {"next", next, 0, 0, 3},
  };
  duk_push_object(ctx);
  for (Kind kind : {Kind::Map, Kind::Set}) {
    duk_push_object(ctx);
    for (const Native& f : methods) {
      if ((f.kinds & (1 << static_cast<int>(kind))) == 0) continue;
      duk_push_c_function(ctx, f.fn, f.nargs);
      duk_set_magic(ctx, -1, f.magic | static_cast<int>(kind));
      duk_put_prop_string(ctx, -2, f.name);
    }
    duk_put_prop_string(ctx, -2, name_of(kind));
  }
  static const duk_function_list_entry others[] = {
      {"init", init_collection, 2}, {"kind", kind_native, 1}, {"protos", protos, 2}, {nullptr, nullptr, 0}};
  duk_put_function_list(ctx, -1, others);
  return 1;
}

}  // namespace

void register_collection_natives(duk_context* ctx) { put_hidden_global(ctx, "__oda_collection_natives", natives, 0); }

}  // namespace oda::engine
