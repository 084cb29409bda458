// Promise in C: the promise's internal slots, resolution and settling, reactions, the
// microtask job queue, and the constructor, then, Promise.resolve and Promise.reject.
// lib/run/prelude/10-promise.js assembles the global Promise from these (catch, finally and
// the combinators stay JavaScript: the specification defines them through observable calls
// of then and C.resolve), and lib/run/prelude/30-async.js drives async functions on them.
//
// A promise is an ordinary object (prototype Promise.prototype) with hidden slots: its
// state, its value and its reactions (none, one, or a bare array of them). A reaction is
//   - a promise made by then (its handlers in two more slots: no closure, no record),
//   - a record {onFulfilled, onRejected, resolve, reject} for another constructor's then,
//   - an async function's coroutine, its Duktape.Thread (30-async.js's step resumes it).
// The queue is an array in the heap stash, three slots a job: (promise, reaction, -), a
// settled promise's reaction; (promise, thenable, then), a thenable to adopt; (fn, -, -),
// queueMicrotask's job; (value, coroutine, true), an await of a value that is no object or
// of a promise of ours fulfilled already, and (reason, coroutine, false) of one rejected.
#include "engine/promise.h"

#include <duktape.h>

#include "engine/natives.h"

extern "C" int oda_duk_make_method(void* ctx, int idx);  // lib/engine/duk_extra.c
extern "C" void oda_duk_plain_builtin(void* ctx, int idx, int length);  // lib/engine/duk_extra.c
extern "C" void* oda_duk_heap_of(void* ctx);
extern "C" int oda_duk_promise_state(void* ctx, int idx);  // lib/engine/duk_extra.c
extern "C" void oda_duk_promise_get(void* ctx, int idx, int slot);
extern "C" void oda_duk_promise_put(void* ctx, int idx, int slot);
extern "C" void oda_duk_promise_init(void* ctx, int idx, int n);
extern "C" void oda_duk_push_promise(void* ctx, void* proto, void* keys, int n, int state, int v);
extern "C" void oda_duk_array_append(void* ctx, int idx);
extern "C" void oda_duk_queue_push(void* ctx, void* arr, int a, int b, int c);
extern "C" int oda_duk_take_dense(void* ctx, int idx, unsigned int i);
extern "C" int oda_duk_constructor_is(void* ctx, int idx, void* proto, void* ctor);
extern "C" int oda_duk_thread_done(void* ctx, int idx);
extern "C" int oda_duk_own_getter_is(void* ctx, void* obj, int key_idx, void* getter);

namespace oda::engine {
namespace {

// A promise's slots (lib/engine/duk_extra.c keeps them at fixed entries): state, value,
// reactions, and for a promise made by then its handlers. A capability record keeps its
// handlers under the same keys as properties.
enum Slot { kState, kValue, kReactions, kOnFulfilled, kOnRejected };
constexpr int kSlots = 3, kThenSlots = 5;
#define ON_FULFILLED DUK_HIDDEN_SYMBOL("oda_pf")
#define ON_REJECTED DUK_HIDDEN_SYMBOL("oda_pj")
#define RESOLVE DUK_HIDDEN_SYMBOL("oda_pres")
#define REJECT DUK_HIDDEN_SYMBOL("oda_prej")
#define TARGET DUK_HIDDEN_SYMBOL("oda_pt")
#define DONE DUK_HIDDEN_SYMBOL("oda_pd")
#define SHARED DUK_HIDDEN_SYMBOL("oda_pshared")

constexpr int kPending = 0, kFulfilled = 1, kRejected = 2;

// The queue's bounds. The array lives in the stash; these belong to the array they were
// counted for (a unit test's second heap, or a worker started from the heap image, where the
// queue is empty, starts them again).
struct Queue {
  void* array = nullptr;
  duk_uarridx_t head = 0, tail = 0;
} g_queue;

// What the natives keep in the stash's table (share()), by index.
// keys: an object with every slot of a promise, whose keys new promises take (and which keeps
// them alive).
enum Shared { kPromise, kProto, kCapability, kStep, kResume, kQueue, kSpecies, kSpeciesGetter, kKeys, kShared };
constexpr const char* kSharedNames[kShared] = {"Promise", "proto", "capability", "step", "resume", "queue", "species",
                                               "speciesGetter", "keys"};

// The table's objects as heap pointers, for the heap they were read from (not the ctx: each
// coroutine is a thread, and a ctx, of its own): a property read from C costs hundreds of
// instructions, and each await read several. The table keeps them reachable; share() sets
// them again (a unit test's next heap, a value replaced) and a worker started from the heap
// image starts with none, so they are read on first use.
struct SharedCache {
  void* heap = nullptr;
  void* ptr[kShared] = {};
} g_shared;

// Pushes the stash's value under key.
void push_shared(duk_context* ctx, Shared key) {
  void* heap = oda_duk_heap_of(ctx);
  if (g_shared.heap != heap) g_shared = SharedCache{heap, {}};
  if (g_shared.ptr[key] == nullptr) {
    duk_push_global_stash(ctx);
    duk_get_prop_literal(ctx, -1, SHARED);
    duk_get_prop_string(ctx, -1, kSharedNames[key]);
    duk_remove(ctx, -2);
    duk_remove(ctx, -2);
    g_shared.ptr[key] = duk_get_heapptr(ctx, -1);
    return;
  }
  duk_push_heapptr(ctx, g_shared.ptr[key]);
}

void* shared_ptr(duk_context* ctx, Shared key) {
  if (g_shared.heap == oda_duk_heap_of(ctx) && g_shared.ptr[key] != nullptr) return g_shared.ptr[key];
  push_shared(ctx, key);
  duk_pop(ctx);
  return g_shared.ptr[key];
}

// Whether p.constructor is the value at c: read from the entries when p inherits an
// untouched one from Promise.prototype, else through [[Get]] (a getter, a Proxy, a subclass).
bool constructor_is(duk_context* ctx, duk_idx_t p, duk_idx_t c) {
  c = duk_normalize_index(ctx, c);
  if (oda_duk_constructor_is(ctx, p, shared_ptr(ctx, kProto), duk_get_heapptr(ctx, c))) return true;
  duk_get_prop_literal(ctx, p, "constructor");
  bool same = duk_strict_equals(ctx, -1, c);
  duk_pop(ctx);
  return same;
}

// Pushes the queue array, its bounds in g_queue made its own.
void push_queue(duk_context* ctx) {
  push_shared(ctx, kQueue);
  void* a = duk_get_heapptr(ctx, -1);
  if (a != g_queue.array) {
    g_queue.array = a;
    g_queue.head = 0;
    g_queue.tail = static_cast<duk_uarridx_t>(duk_get_length(ctx, -1));
  }
}

void enqueue(duk_context* ctx, duk_idx_t a, duk_idx_t b, duk_idx_t c) {
  void* q = shared_ptr(ctx, kQueue);
  if (q != g_queue.array) {  // its bounds made its own
    push_queue(ctx);
    duk_pop(ctx);
  }
  oda_duk_queue_push(ctx, q, a, b, c);  // its length is g_queue.tail
  g_queue.tail += 3;
}

bool is_promise(duk_context* ctx, duk_idx_t i) { return oda_duk_promise_state(ctx, i) >= 0; }

int state_of(duk_context* ctx, duk_idx_t p) { return oda_duk_promise_state(ctx, p); }

// Pushes slot s of promise p / pops the top into it.
void get_slot(duk_context* ctx, duk_idx_t p, Slot s) { oda_duk_promise_get(ctx, p, s); }
void put_slot(duk_context* ctx, duk_idx_t p, Slot s) { oda_duk_promise_put(ctx, p, s); }

// Pushes a new pending promise of ours (prototype Promise.prototype), made without an
// executor, with n slots (kThenSlots for one that keeps handlers).
void push_bare_promise(duk_context* ctx, int n = kSlots) {
  oda_duk_push_promise(ctx, shared_ptr(ctx, kProto), shared_ptr(ctx, kKeys), n, kPending, DUK_INVALID_INDEX);
}

// Pushes a new promise of ours already settled (state) with the value at v.
void push_settled_promise(duk_context* ctx, int state, duk_idx_t v) {
  oda_duk_push_promise(ctx, shared_ptr(ctx, kProto), shared_ptr(ctx, kKeys), kSlots, state, v);
}

void schedule(duk_context* ctx, duk_idx_t p, duk_idx_t r) { enqueue(ctx, p, r, DUK_INVALID_INDEX); }

// Adds reaction r to promise p: kept while p is pending, queued at once once it is settled.
void react(duk_context* ctx, duk_idx_t p, duk_idx_t r) {
  p = duk_normalize_index(ctx, p);
  r = duk_normalize_index(ctx, r);
  if (state_of(ctx, p) != kPending) {
    schedule(ctx, p, r);
    return;
  }
  get_slot(ctx, p, kReactions);
  if (duk_is_undefined(ctx, -1)) {
    duk_pop(ctx);
    duk_dup(ctx, r);
    put_slot(ctx, p, kReactions);
  } else if (duk_is_array(ctx, -1)) {
    duk_dup(ctx, r);
    oda_duk_array_append(ctx, -2);
    duk_pop(ctx);
  } else {
    duk_push_bare_array(ctx);
    duk_swap_top(ctx, -2);
    oda_duk_array_append(ctx, -2);
    duk_dup(ctx, r);
    oda_duk_array_append(ctx, -2);
    put_slot(ctx, p, kReactions);
  }
}

void resolve_with(duk_context* ctx, duk_idx_t p, duk_idx_t x);

// Settles p (once) with the value at v, and queues its reactions in the order they came.
void settle(duk_context* ctx, duk_idx_t p, int state, duk_idx_t v) {
  p = duk_normalize_index(ctx, p);
  v = duk_normalize_index(ctx, v);
  if (state_of(ctx, p) != kPending) return;
  duk_push_int(ctx, state);
  put_slot(ctx, p, kState);
  duk_dup(ctx, v);
  put_slot(ctx, p, kValue);
  get_slot(ctx, p, kReactions);
  if (duk_is_undefined(ctx, -1)) {
    duk_pop(ctx);
    return;
  }
  duk_push_undefined(ctx);
  put_slot(ctx, p, kReactions);
  if (duk_is_array(ctx, -1)) {
    duk_uarridx_t n = static_cast<duk_uarridx_t>(duk_get_length(ctx, -1));
    for (duk_uarridx_t i = 0; i < n; i++) {
      duk_get_prop_index(ctx, -1, i);
      schedule(ctx, p, -1);
      duk_pop(ctx);
    }
  } else {
    schedule(ctx, p, -1);
  }
  duk_pop(ctx);
}

// Coroutine t's run ended with v: see after() below.
void after_step(duk_context* ctx, duk_idx_t t, duk_idx_t v) {
  t = duk_normalize_index(ctx, t);
  v = duk_normalize_index(ctx, v);
  if (oda_duk_thread_done(ctx, t)) {
    duk_get_prop_literal(ctx, t, "p");
    resolve_with(ctx, -1, v);
    duk_pop(ctx);
    return;
  }
  // A value that is no object would be a promise fulfilled at once, which nothing else can
  // see: the coroutine is queued with the value itself, in the same place in the queue.
  if (!duk_is_object(ctx, v)) {
    duk_push_true(ctx);
    enqueue(ctx, v, t, -1);
    duk_pop(ctx);
    return;
  }
  // A promise of ours whose constructor is Promise is reacted to directly (one tick);
  // anything else is first resolved into a new promise, as the specification's
  // PromiseResolve does (a thenable takes its then's ticks on top).
  if (is_promise(ctx, v)) {
    push_shared(ctx, kPromise);
    bool ours = constructor_is(ctx, v, -1);
    duk_pop(ctx);
    if (ours) {
      // Settled already: the job its reaction would be, queued as the value and whether it
      // was a fulfillment (the value cannot change, and the job needs no look at v).
      int state = state_of(ctx, v);
      if (state == kPending) {
        react(ctx, v, t);
        return;
      }
      get_slot(ctx, v, kValue);
      duk_push_boolean(ctx, state == kFulfilled);
      enqueue(ctx, -2, t, -1);
      duk_pop_2(ctx);
      return;
    }
  }
  push_bare_promise(ctx);
  resolve_with(ctx, -1, v);
  react(ctx, -1, t);
  duk_pop(ctx);
}

duk_ret_t get_then(duk_context* ctx, void*) {
  duk_get_prop_literal(ctx, -1, "then");
  return 1;
}

// Resolves p with the value at x: a thenable is adopted through a job of its own (its then
// called on a later tick), anything else fulfills p.
void resolve_with(duk_context* ctx, duk_idx_t p, duk_idx_t x) {
  p = duk_normalize_index(ctx, p);
  x = duk_normalize_index(ctx, x);
  if (duk_strict_equals(ctx, p, x)) {
    duk_push_error_object(ctx, DUK_ERR_TYPE_ERROR, "Chaining cycle detected for promise #<Promise>");
    settle(ctx, p, kRejected, -1);
    duk_pop(ctx);
    return;
  }
  if (!duk_is_object(ctx, x)) {
    settle(ctx, p, kFulfilled, x);
    return;
  }
  duk_dup(ctx, x);
  if (duk_safe_call(ctx, get_then, nullptr, 1, 1) != DUK_EXEC_SUCCESS) {
    settle(ctx, p, kRejected, -1);
  } else if (!duk_is_callable(ctx, -1)) {
    settle(ctx, p, kFulfilled, x);
  } else {
    enqueue(ctx, p, x, -1);
  }
  duk_pop(ctx);
}

// The resolving functions of a promise: a pair sharing one record that says whether either
// ran (TARGET: the promise, DONE on the record).
duk_ret_t resolving_function(duk_context* ctx) {
  duk_push_current_function(ctx);
  duk_get_prop_literal(ctx, -1, DONE);  // the pair's record
  duk_get_prop_literal(ctx, -1, DONE);
  bool done = duk_to_boolean(ctx, -1);
  duk_pop(ctx);
  if (done) return 0;
  duk_push_true(ctx);
  duk_put_prop_literal(ctx, -2, DONE);
  duk_pop(ctx);
  duk_get_prop_literal(ctx, -1, TARGET);
  int magic = duk_get_current_magic(ctx);
  if (magic == 0) resolve_with(ctx, -1, 0); else settle(ctx, -1, kRejected, 0);
  return 0;
}

// Pushes p's resolve and reject functions: ordinary built-ins (Function.prototype theirs,
// own length and name), not Duktape's native-function defaults.
void push_resolving_functions(duk_context* ctx, duk_idx_t p) {
  p = duk_normalize_index(ctx, p);
  duk_push_bare_object(ctx);
  for (int magic = 0; magic < 2; magic++) {
    duk_push_c_function(ctx, resolving_function, 1);
    duk_set_magic(ctx, -1, magic);
    oda_duk_make_method(ctx, -1);
    oda_duk_plain_builtin(ctx, -1, 1);
    duk_dup(ctx, p);
    duk_put_prop_literal(ctx, -2, TARGET);
    duk_dup(ctx, -2 - magic);
    duk_put_prop_literal(ctx, -2, DONE);
  }
  duk_remove(ctx, -3);
}

void call_reject(duk_context* ctx, duk_idx_t rej, duk_idx_t e) {
  rej = duk_normalize_index(ctx, rej);
  e = duk_normalize_index(ctx, e);
  duk_dup(ctx, rej);
  duk_dup(ctx, e);
  duk_call(ctx, 1);
  duk_pop(ctx);
}

// Resumes coroutine t with the value at v (thrown into it when isError), and settles its
// promise or waits on what it awaits next.
void resume_coroutine(duk_context* ctx, duk_idx_t t, bool isError, duk_idx_t v) {
  t = duk_normalize_index(ctx, t);
  v = duk_normalize_index(ctx, v);
  push_shared(ctx, kStep);  // step(t, isError, value, resume) resumes it
  duk_dup(ctx, t);
  duk_push_boolean(ctx, isError);
  duk_dup(ctx, v);
  push_shared(ctx, kResume);
  if (duk_pcall(ctx, 4) != DUK_EXEC_SUCCESS) {
    duk_get_prop_literal(ctx, t, "p");
    settle(ctx, -1, kRejected, -2);
    duk_pop(ctx);
  } else {
    after_step(ctx, t, -1);
  }
  duk_pop(ctx);
}

// Runs reaction r of the settled promise p.
void run_reaction(duk_context* ctx, duk_idx_t p, duk_idx_t r) {
  p = duk_normalize_index(ctx, p);
  r = duk_normalize_index(ctx, r);
  int state = state_of(ctx, p);
  get_slot(ctx, p, kValue);
  duk_idx_t v = duk_get_top_index(ctx);
  if (duk_is_thread(ctx, r)) {  // an async function's coroutine
    resume_coroutine(ctx, r, state == kRejected, v);
    duk_pop(ctx);
    return;
  }
  if (is_promise(ctx, r)) {  // a promise made by then
    get_slot(ctx, r, state == kFulfilled ? kOnFulfilled : kOnRejected);
    duk_push_undefined(ctx);
    put_slot(ctx, r, kOnFulfilled);
    duk_push_undefined(ctx);
    put_slot(ctx, r, kOnRejected);
    if (!duk_is_callable(ctx, -1)) {
      if (state == kFulfilled) resolve_with(ctx, r, v); else settle(ctx, r, kRejected, v);
    } else {
      duk_push_undefined(ctx);
      duk_dup(ctx, v);
      if (duk_pcall_method(ctx, 1) != DUK_EXEC_SUCCESS) settle(ctx, r, kRejected, -1);
      else resolve_with(ctx, r, -1);
    }
    duk_pop_2(ctx);
    return;
  }
  if (duk_get_prop_literal(ctx, r, RESOLVE)) {  // another constructor's capability
    duk_get_prop_literal(ctx, r, REJECT);
    if (state == kFulfilled) duk_get_prop_literal(ctx, r, ON_FULFILLED); else duk_get_prop_literal(ctx, r, ON_REJECTED);
    // [v resolve reject handler]
    if (!duk_is_callable(ctx, -1)) {
      duk_pop(ctx);
      call_reject(ctx, state == kFulfilled ? -2 : -1, v);
    } else {
      duk_push_undefined(ctx);
      duk_dup(ctx, v);
      if (duk_pcall_method(ctx, 1) != DUK_EXEC_SUCCESS) call_reject(ctx, -2, -1);
      else call_reject(ctx, -3, -1);
      duk_pop(ctx);
    }
    duk_pop_3(ctx);
    return;
  }
  duk_pop_2(ctx);
}

// Runs the job whose three slots are on top of the stack, and pops them.
void run_job(duk_context* ctx) {
  if (duk_is_boolean(ctx, -1)) {  // (value, coroutine, fulfilled)
    resume_coroutine(ctx, -2, !duk_get_boolean(ctx, -1), -3);
    duk_pop_3(ctx);
    return;
  }
  if (!duk_is_undefined(ctx, -1)) {  // (promise, thenable, then)
    push_resolving_functions(ctx, -3);
    duk_dup(ctx, -3);
    duk_dup(ctx, -5);
    duk_dup(ctx, -4);
    duk_dup(ctx, -4);
    if (duk_pcall_method(ctx, 2) != DUK_EXEC_SUCCESS) call_reject(ctx, -2, -1);
    duk_pop_n(ctx, 6);
    return;
  }
  if (duk_is_undefined(ctx, -2)) {  // queueMicrotask's function
    duk_pop_2(ctx);
    duk_call(ctx, 0);
    duk_pop(ctx);
    return;
  }
  duk_pop(ctx);
  run_reaction(ctx, -2, -1);
  duk_pop_2(ctx);
}

// drain(): runs the queued jobs, and those they queue, until none is left. A job that throws
// (queueMicrotask's, or an await's step) leaves the rest queued for the next drain.
duk_ret_t drain(duk_context* ctx) {
  for (;;) {
    push_queue(ctx);
    if (g_queue.head >= g_queue.tail) {
      duk_set_length(ctx, -1, 0);
      g_queue.head = g_queue.tail = 0;
      duk_pop(ctx);
      return 0;
    }
    duk_uarridx_t h = g_queue.head;
    for (duk_uarridx_t i = 0; i < 3; i++) {
      if (oda_duk_take_dense(ctx, -1 - static_cast<duk_idx_t>(i), h + i)) continue;
      duk_get_prop_index(ctx, -1 - static_cast<duk_idx_t>(i), h + i);
      duk_push_undefined(ctx);
      duk_put_prop_index(ctx, -3 - static_cast<duk_idx_t>(i), h + i);
    }
    g_queue.head = h + 3;
    // Consumed slots are dropped once they are most of the array.
    if (g_queue.head > 3072 && g_queue.head * 2 > g_queue.tail) {
      duk_uarridx_t n = g_queue.tail - g_queue.head;
      for (duk_uarridx_t i = 0; i < n; i++) {
        duk_get_prop_index(ctx, -4, g_queue.head + i);
        duk_put_prop_index(ctx, -5, i);
      }
      duk_set_length(ctx, -4, n);
      g_queue.head = 0;
      g_queue.tail = n;
    }
    duk_remove(ctx, -4);
    run_job(ctx);
  }
}

duk_ret_t pending_jobs(duk_context* ctx) {
  push_queue(ctx);
  duk_push_uint(ctx, (g_queue.tail - g_queue.head) / 3);
  return 1;
}

// queueMicrotask(fn)'s job.
duk_ret_t enqueue_function(duk_context* ctx) {
  if (!duk_is_callable(ctx, 0)) return duk_error(ctx, DUK_ERR_TYPE_ERROR, "queueMicrotask: callback is not a function");
  enqueue(ctx, 0, DUK_INVALID_INDEX, DUK_INVALID_INDEX);
  return 0;
}

duk_ret_t make(duk_context* ctx) {
  push_bare_promise(ctx);
  return 1;
}

// resolve(p, x) / reject(p, e): settles a promise of make's.
duk_ret_t resolve_native(duk_context* ctx) {
  resolve_with(ctx, 0, 1);
  return 0;
}
duk_ret_t reject_native(duk_context* ctx) {
  settle(ctx, 0, kRejected, 1);
  return 0;
}

// resolved(x) / rejected(e): a new promise resolved with x, rejected with e (an async body
// that never awaits returned or threw).
duk_ret_t resolved(duk_context* ctx) {
  if (!duk_is_object(ctx, 0)) {
    push_settled_promise(ctx, kFulfilled, 0);
    return 1;
  }
  push_bare_promise(ctx);
  resolve_with(ctx, -1, 0);
  return 1;
}
duk_ret_t rejected(duk_context* ctx) {
  push_settled_promise(ctx, kRejected, 0);
  return 1;
}

// after(t, v): coroutine t returned v (its promise t.p is resolved with it) or yielded v
// to await it (t resumes once v settles).
duk_ret_t after(duk_context* ctx) {
  after_step(ctx, 0, 1);
  return 0;
}

// when(v, onFulfilled, onRejected): calls one of them once v settles, as await would but
// through nothing a program can replace (Promise.resolve, then, constructor, @@species):
// the event loop awaits the program's result with it.
duk_ret_t when(duk_context* ctx) {
  duk_set_top(ctx, 3);
  if (!is_promise(ctx, 0)) {
    push_bare_promise(ctx);
    resolve_with(ctx, -1, 0);
    duk_replace(ctx, 0);
  }
  push_bare_promise(ctx, kThenSlots);
  duk_dup(ctx, 1);
  put_slot(ctx, -2, kOnFulfilled);
  duk_dup(ctx, 2);
  put_slot(ctx, -2, kOnRejected);
  react(ctx, 0, -1);
  return 0;
}

// SpeciesConstructor(p, Promise): pushes the constructor `then` makes its promise with, or
// undefined for Promise itself (made natively).
void push_species_constructor(duk_context* ctx, duk_idx_t p) {
  p = duk_normalize_index(ctx, p);
  // p's constructor Promise with its own @@species getter, told from the entries alone (a
  // [[Get]] here and another below would call a getter twice): Promise itself.
  if (oda_duk_constructor_is(ctx, p, shared_ptr(ctx, kProto), shared_ptr(ctx, kPromise))) {
    push_shared(ctx, kSpecies);
    bool plain = oda_duk_own_getter_is(ctx, shared_ptr(ctx, kPromise), -1, shared_ptr(ctx, kSpeciesGetter));
    duk_pop(ctx);
    if (plain) {
      duk_push_undefined(ctx);
      return;
    }
  }
  duk_get_prop_literal(ctx, p, "constructor");
  if (duk_is_undefined(ctx, -1)) return;
  if (!duk_is_object(ctx, -1)) (void) duk_error(ctx, DUK_ERR_TYPE_ERROR, "The .constructor property is not an object");
  push_shared(ctx, kSpecies);  // the runtime's Symbol.species: Duktape has none
  duk_get_prop(ctx, -2);
  duk_remove(ctx, -2);
  if (duk_is_null_or_undefined(ctx, -1)) {
    duk_pop(ctx);
    duk_push_undefined(ctx);
    return;
  }
  push_shared(ctx, kPromise);
  bool plain = duk_strict_equals(ctx, -1, -2);
  duk_pop(ctx);
  if (plain) {
    duk_pop(ctx);
    duk_push_undefined(ctx);
  } else if (!duk_is_constructable(ctx, -1)) {
    (void) duk_error(ctx, DUK_ERR_TYPE_ERROR, "object.constructor[Symbol.species] is not a constructor");
  }
}

// Pushes the constructor Promise.resolve and Promise.reject make their promise with: this
// when it is an object other than Promise (capability() refuses a non-constructor), else
// undefined (Promise, made natively).
void push_given_constructor(duk_context* ctx, duk_idx_t c, const char* method) {
  c = duk_normalize_index(ctx, c);
  if (!duk_is_object(ctx, c)) (void) duk_error(ctx, DUK_ERR_TYPE_ERROR, "Promise.%s called on non-object", method);
  push_shared(ctx, kPromise);
  bool plain = duk_strict_equals(ctx, -1, c);
  duk_pop(ctx);
  if (plain) duk_push_undefined(ctx); else duk_dup(ctx, c);
}

// Pushes capability(C) (10-promise.js): {promise, resolve, reject} of new C(executor).
void push_capability(duk_context* ctx, duk_idx_t c) {
  c = duk_normalize_index(ctx, c);
  push_shared(ctx, kCapability);
  duk_dup(ctx, c);
  duk_call(ctx, 1);
}

// capability(C)'s promise, settled through its resolve or reject (`which`) with argument 0.
duk_ret_t settle_through_capability(duk_context* ctx, duk_idx_t c, const char* which) {
  push_capability(ctx, c);
  duk_get_prop_string(ctx, -1, which);
  duk_push_undefined(ctx);
  duk_dup(ctx, 0);
  duk_call_method(ctx, 1);
  duk_pop(ctx);
  duk_get_prop_literal(ctx, -1, "promise");
  return 1;
}

duk_ret_t promise_constructor(duk_context* ctx) {
  if (!duk_is_constructor_call(ctx)) {
    return duk_error(ctx, DUK_ERR_TYPE_ERROR, "Promise constructor cannot be invoked without 'new'");
  }
  if (!duk_is_callable(ctx, 0)) {
    const char* what = duk_is_object(ctx, 0) ? "#<Object>" : duk_safe_to_string(ctx, 0);
    return duk_error(ctx, DUK_ERR_TYPE_ERROR, "Promise resolver %s is not a function", what);
  }
  duk_push_this(ctx);  // 1
  oda_duk_promise_init(ctx, 1, kSlots);
  push_resolving_functions(ctx, 1);  // 2, 3
  duk_dup(ctx, 0);
  duk_push_undefined(ctx);
  duk_dup(ctx, 2);
  duk_dup(ctx, 3);
  if (duk_pcall_method(ctx, 2) != DUK_EXEC_SUCCESS) call_reject(ctx, 3, -1);
  return 0;
}

duk_ret_t incompatible(duk_context* ctx, const char* method) {
  return duk_error(ctx, DUK_ERR_TYPE_ERROR, "Method Promise.prototype.%s called on incompatible receiver %s", method,
                   duk_is_object(ctx, -1) ? "#<Object>" : duk_safe_to_string(ctx, -1));
}

// Promise.prototype.then(onFulfilled, onRejected).
duk_ret_t then(duk_context* ctx) {
  duk_set_top(ctx, 2);
  duk_push_this(ctx);  // 2
  if (!is_promise(ctx, 2)) return incompatible(ctx, "then");
  push_species_constructor(ctx, 2);  // 3
  if (duk_is_undefined(ctx, 3)) {
    push_bare_promise(ctx, kThenSlots);
    if (duk_is_callable(ctx, 0)) {
      duk_dup(ctx, 0);
      put_slot(ctx, -2, kOnFulfilled);
    }
    if (duk_is_callable(ctx, 1)) {
      duk_dup(ctx, 1);
      put_slot(ctx, -2, kOnRejected);
    }
    react(ctx, 2, -1);
    return 1;
  }
  push_capability(ctx, 3);  // 4
  duk_push_bare_object(ctx);
  duk_dup(ctx, 0);
  duk_put_prop_literal(ctx, -2, ON_FULFILLED);
  duk_dup(ctx, 1);
  duk_put_prop_literal(ctx, -2, ON_REJECTED);
  duk_get_prop_literal(ctx, 4, "resolve");
  duk_put_prop_literal(ctx, -2, RESOLVE);
  duk_get_prop_literal(ctx, 4, "reject");
  duk_put_prop_literal(ctx, -2, REJECT);
  react(ctx, 2, -1);
  duk_get_prop_literal(ctx, 4, "promise");
  return 1;
}

// Promise.resolve(x): x itself when it is a promise of this constructor.
duk_ret_t promise_resolve(duk_context* ctx) {
  duk_set_top(ctx, 1);
  duk_push_this(ctx);  // 1
  push_given_constructor(ctx, 1, "resolve");  // 2
  if (is_promise(ctx, 0)) {
    bool same = constructor_is(ctx, 0, 1);
    if (same) {
      duk_dup(ctx, 0);
      return 1;
    }
  }
  if (duk_is_undefined(ctx, 2)) {
    push_bare_promise(ctx);
    resolve_with(ctx, -1, 0);
    return 1;
  }
  return settle_through_capability(ctx, 2, "resolve");
}

duk_ret_t promise_reject(duk_context* ctx) {
  duk_set_top(ctx, 1);
  duk_push_this(ctx);
  push_given_constructor(ctx, 1, "reject");  // 2
  if (duk_is_undefined(ctx, 2)) {
    push_settled_promise(ctx, kRejected, 0);
    return 1;
  }
  return settle_through_capability(ctx, 2, "reject");
}

// share(key, value): what the natives look up in the stash (Promise, proto,
// species, capability, step); share() with no arguments makes the table and the queue.
duk_ret_t share(duk_context* ctx) {
  g_shared = SharedCache{oda_duk_heap_of(ctx), {}};
  duk_push_global_stash(ctx);
  if (duk_get_top(ctx) == 1) {
    duk_push_bare_object(ctx);
    duk_push_bare_array(ctx);
    duk_put_prop_literal(ctx, -2, "queue");
    duk_push_bare_object(ctx);
    oda_duk_promise_init(ctx, -1, kThenSlots);
    duk_put_prop_literal(ctx, -2, "keys");
    duk_put_prop_literal(ctx, -2, SHARED);
    return 0;
  }
  duk_get_prop_literal(ctx, -1, SHARED);
  duk_dup(ctx, 1);
  duk_put_prop_string(ctx, -2, duk_require_string(ctx, 0));
  return 0;
}

// __oda_promise_natives(): the natives above, for 10-promise.js to assemble.
duk_ret_t natives(duk_context* ctx) {
  static const duk_function_list_entry fns[] = {
      {"Promise", promise_constructor, 1},
      {"then", then, 2},
      {"resolve", promise_resolve, 1},
      {"reject", promise_reject, 1},
      {"share", share, DUK_VARARGS},
      {"drain", drain, 0},
      {"pending", pending_jobs, 0},
      {"enqueue", enqueue_function, 1},
      {"make", make, 0},
      {"settleResolve", resolve_native, 2},
      {"settleReject", reject_native, 2},
      {"after", after, 2},
      {"resolved", resolved, 1},
      {"rejected", rejected, 1},
      {"when", when, 3},
      {nullptr, nullptr, 0}};
  duk_push_object(ctx);
  duk_put_function_list(ctx, -1, fns);
  return 1;
}

}  // namespace

void register_promise_natives(duk_context* ctx) { put_hidden_global(ctx, "__oda_promise_natives", natives, 0); }

}  // namespace oda::engine
