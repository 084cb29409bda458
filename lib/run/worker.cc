// The worker side of a run (see worker.h): heap with a counting allocator, natives, the
// bytecode prelude, the lowered program and the event loop between timers and replies.
#include "run/worker.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "duktape.h"
#include "js/lower.h"
#include "engine/natives.h"
#include "json/json.h"
#include "engine/heap_image.h"
#include "engine/prelude.h"
#include "engine/regexp_natives.h"
#include "run/lowering.h"
#include "run/parts.h"
#include "run/protocol.h"
#include "sys/clock.h"
#include "sys/fd.h"
#include "run/supervisor.h"
#include "engine/utf8.h"

namespace oda::run {

namespace {

enum class Stop { kNone, kDeadline, kHeap, kOutput };

constexpr int status_of(WorkerExit e) { return static_cast<int>(e); }

// The one run this process exists for; global because natives and the allocator reach it
// from C callbacks.
struct RunState {
  int64_t deadline_ns = INT64_MAX;
  long long budget_ms = 0;
  size_t heap_limit = 512u << 20;
  size_t heap_used = 0;
  size_t output_cap = 64u << 20;
  size_t output_used = 0;
  size_t lines = 0;
  Stop stop = Stop::kNone;
  bool stopped_in_code = false;  // the deadline came while code ran (the executor's check)
  bool settled = false;
  EndFrame end;
  uint32_t next_request = 1;
  int pending_requests = 0;
  bool test_faults = false;
  duk_context* ctx = nullptr;
  std::map<std::string, std::string, std::less<>> settings;  // the start frame's "x." lines
};
RunState g;

// The counting allocator: a 16-byte header keeps each block's size, so the heap ceiling is
// the sum of what Duktape holds. Reaching the ceiling stops the program at the next executor
// check (whatever it catches); until then a reserve past the ceiling is still granted, since
// refusing would make Duktape retry every allocation after full collections, a crawl.
constexpr size_t kHeader = 16;
// A failure message is one line for people; a program that throws a huge string gets its
// first mebibyte shown.
constexpr size_t kMaxMessage = size_t{1} << 20;
constexpr size_t kReserve = size_t{32} << 20;

bool over_ceiling(size_t grow) {
  if (g.heap_used + grow <= g.heap_limit) return false;
  if (g.stop == Stop::kNone) {
    g.stop = Stop::kHeap;
    if (g.ctx) oda_duk_interrupt_soon(g.ctx);
  }
  return g.heap_used + grow > g.heap_limit + kReserve;
}

// While run-code builds its heap image every block comes from the image's arena.
bool g_building_image = false;

// Small blocks (header included, up to kSmallMax bytes) wait, once freed, on a list per size
// for the next allocation of that size: a closure, its environment and their property tables
// are made and dropped by the million, and glibc's malloc and free cost about 130
// instructions a pair where a list costs a tenth of that. A size is one of malloc's own (a
// multiple of 16 less its 8-byte chunk header), so any block on a list serves any request of
// its size and none is bigger than malloc would have made it. At most kCachedPerSize blocks
// wait per size: the lists hold under 140 KiB that malloc could have given to another size.
constexpr size_t kSmallMax = 248;
constexpr uint32_t kCachedPerSize = 64;
struct FreeBlock {
  FreeBlock* next;
};
struct SmallLists {
  FreeBlock* head[(kSmallMax + 8) / 16 + 1] = {};
  uint32_t count[(kSmallMax + 8) / 16 + 1] = {};
};
SmallLists g_small;

// The size class of a block of BYTES (header included): its chunk size in 16-byte steps, or 0
// for a block too large to be kept on a list.
size_t small_class(size_t bytes) { return bytes <= kSmallMax ? (bytes + 8 + 15) >> 4 : 0; }

// What malloc is asked for a block of BYTES: a small one, all its class's chunk can hold.
size_t malloc_bytes(size_t bytes) {
  size_t c = small_class(bytes);
  return c ? (c << 4) - 8 : bytes;
}

void* heap_alloc(void*, duk_size_t size) {
  if (size == 0) return nullptr;
  if (over_ceiling(size)) return nullptr;
  char* p;
  size_t c = small_class(size + kHeader);
  if (g_building_image) {
    p = static_cast<char*>(engine::image::alloc(size + kHeader));
  } else if (c && g_small.head[c]) {
    FreeBlock* b = g_small.head[c];
    g_small.head[c] = b->next;
    g_small.count[c]--;
    p = reinterpret_cast<char*>(b);
  } else {
    p = static_cast<char*>(std::malloc(malloc_bytes(size + kHeader)));
  }
  if (!p) return nullptr;
  std::memcpy(p, &size, sizeof size);
  g.heap_used += size;
  return p + kHeader;
}

void heap_free(void*, void* ptr) {
  if (!ptr) return;
  char* p = static_cast<char*>(ptr) - kHeader;
  size_t size;
  std::memcpy(&size, p, sizeof size);
  g.heap_used -= size;
  // A worker's image blocks stay where they are; while building, one goes back for reuse.
  if (engine::image::owns(p)) {
    if (g_building_image) engine::image::release(p, size + kHeader);
    return;
  }
  size_t c = small_class(size + kHeader);
  if (c && g_small.count[c] < kCachedPerSize) {
    auto* b = reinterpret_cast<FreeBlock*>(p);
    b->next = g_small.head[c];
    g_small.head[c] = b;
    g_small.count[c]++;
    return;
  }
  std::free(p);
}

void* heap_realloc(void* ud, void* ptr, duk_size_t size) {
  if (!ptr) return heap_alloc(ud, size);
  if (size == 0) {
    heap_free(ud, ptr);
    return nullptr;
  }
  char* p = static_cast<char*>(ptr) - kHeader;
  size_t old;
  std::memcpy(&old, p, sizeof old);
  if (engine::image::owns(p)) {
    // An image block moves out to a block of its own (or, while building, to a new one).
    void* q = heap_alloc(ud, size);
    if (!q) return nullptr;
    std::memcpy(q, ptr, std::min<size_t>(old, size));
    heap_free(ud, ptr);
    return q;
  }
  if (size > old && over_ceiling(size - old)) return nullptr;
  auto* q = static_cast<char*>(std::realloc(p, malloc_bytes(size + kHeader)));
  if (!q) return nullptr;
  std::memcpy(q, &size, sizeof size);
  g.heap_used = g.heap_used - old + size;
  return q + kHeader;
}

[[noreturn]] void send_end_and_exit(int status);

// The failure a stop stands for; false when nothing stopped the program.
bool stop_end(EndFrame* end) {
  switch (g.stop) {
    case Stop::kNone: return false;
    case Stop::kDeadline:
      end->kind = "timeout";
      end->message = "execution deadline reached (" + std::to_string(g.budget_ms) + "ms)";
      break;
    case Stop::kHeap:
      end->kind = "exception";
      end->message = "heap limit reached (" + std::to_string(g.heap_limit >> 20) + " MiB)";
      break;
    case Stop::kOutput:
      end->kind = "output-limit";
      end->message = "output limit reached (" + std::to_string(g.output_cap) + " bytes)";
      break;
  }
  end->ok = false;
  end->value.clear();
  return true;
}

void fatal_handler(void*, const char* msg) {
  EndFrame end;
  if (!stop_end(&end)) {
    end.kind = "exception";
    end.message = std::string("engine failure: ") + (msg ? msg : "unknown");
  }
  write_frame(kWorkerOut, kEnd, encode_end(end));
  _exit(status_of(WorkerExit::kEngineFailure));
}

// ---- natives (no C++ object lives across a call that can throw into Duktape) ----

// __oda_emit(level, text): one console line, sent at once.
duk_ret_t native_emit(duk_context* ctx) {
  int level = duk_get_int(ctx, 0);
  duk_size_t n = 0;
  const char* text = duk_get_lstring(ctx, 1, &n);
  if (!text || g.stop != Stop::kNone) return 0;
  {
    std::string payload(1, static_cast<char>('0' + (level < 0 || level > 4 ? 0 : level)));
    engine::append_cesu_as_utf8(&payload, std::string_view(text, n));
    // The level byte stands for the line's newline in the count, as the supervisor counts.
    size_t size = payload.size();
    size_t room = g.output_cap > g.output_used ? g.output_cap - g.output_used : 0;
    if (size > room) {
      size_t keep = room > 1 ? room - 1 : 0;
      payload.resize(1 + engine::utf8_prefix(std::string_view(payload).substr(1), keep));
      g.stop = Stop::kOutput;
      oda_duk_interrupt_soon(ctx);
    }
    g.output_used += size;
    // One line past the supervisor's line cap tells it which limit was hit; then stop.
    if (++g.lines > kMaxLines) {
      g.stop = Stop::kOutput;
      oda_duk_interrupt_soon(ctx);
    }
    if (!write_frame(kWorkerOut, kOutput, payload)) _exit(status_of(WorkerExit::kOutputBroken));
  }
  return 0;
}

// __oda_now(): milliseconds on the monotonic clock, for timers.
duk_ret_t native_now(duk_context* ctx) {
  duk_push_number(ctx, static_cast<double>(sys::monotonic_ns()) / 1e6);
  return 1;
}

// __oda_host_request(method, argsJson) -> id: a request frame to the supervisor.
duk_ret_t native_host_request(duk_context* ctx) {
  duk_size_t mlen = 0, alen = 0;
  const char* method = duk_require_lstring(ctx, 0, &mlen);
  const char* args = duk_require_lstring(ctx, 1, &alen);
  uint32_t id = g.next_request++;
  {
    std::string payload;
    put_u32(&payload, id);
    payload.append(method, mlen);
    payload.push_back('\0');
    engine::append_cesu_as_utf8(&payload, std::string_view(args, alen));
    if (!write_frame(kWorkerOut, kRequest, payload)) _exit(status_of(WorkerExit::kOutputBroken));
  }
  ++g.pending_requests;
  duk_push_uint(ctx, id);
  return 1;
}

// __oda_finish(ok, kind, text): the program's outcome, already rendered by the prelude.
duk_ret_t native_finish(duk_context* ctx) {
  if (g.settled) return 0;
  g.settled = true;
  g.end.ok = duk_to_boolean(ctx, 0);
  duk_size_t n = 0;
  const char* kind = duk_to_lstring(ctx, 1, &n);
  g.end.kind.assign(kind, n);
  const char* text = duk_to_lstring(ctx, 2, &n);
  std::string_view t(text, n);
  if (g.end.ok) {
    g.end.value.clear();
    engine::append_cesu_as_utf8(&g.end.value, t);
    // A value that cannot fit the cap would not fit a frame either: say which limit it broke.
    if (g.end.value.size() > g.output_cap + 2 && g.end.value.size() + g.output_used > kMaxFrame - 1024) {
      g.end.value.clear();
      g.stop = Stop::kOutput;
    }
  } else {
    g.end.message.clear();
    engine::append_cesu_as_utf8(&g.end.message, t.substr(0, kMaxMessage));
  }
  return 0;
}

// __oda_test_fault(what): only with the supervisor's test switch; makes the worker fail the
// ways the supervisor must survive.
duk_ret_t native_test_fault(duk_context* ctx) {
  const char* what = duk_to_string(ctx, 0);
  if (std::strcmp(what, "exit") == 0) _exit(7);
  if (std::strcmp(what, "crash") == 0) std::abort();
  if (std::strcmp(what, "hang") == 0) {
    for (;;) pause();  // stuck in native code: only the supervisor's kill ends this
  }
  if (std::strcmp(what, "garbage") == 0) {
    const char junk[] = "\x05\x00\x00\x00Zhello";
    ssize_t w = ::write(kWorkerOut, junk, sizeof junk - 1);
    (void)w;
  }
  // A compiled program of the program's making, once it runs.
  if (std::strcmp(what, "compiled") == 0) (void)write_frame(kWorkerOut, kCompiled, "forged");
  return 0;
}

void put_native(duk_context* ctx, const char* name, duk_c_function fn, duk_idx_t nargs) {
  duk_push_c_function(ctx, fn, nargs);
  duk_put_global_string(ctx, name);
}

// ---- running JavaScript ----

// A new Math.random sequence for this process (the heap image holds the builder's).
void reseed(duk_context* ctx) {
  uint64_t seed = 0;
  if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) != sizeof seed) seed = static_cast<uint64_t>(sys::monotonic_ns());
  oda_duk_reseed(ctx, seed);
}

// Runs one prelude chunk with the global object as `this`.
void run_chunk(duk_context* ctx, const engine::PreludeChunk& c) {
  // The bytecode is read in place (an external buffer over the generated array): no copy.
  duk_push_external_buffer(ctx);
  duk_config_buffer(ctx, -1, const_cast<unsigned char*>(c.bytes), c.size);
  duk_load_function(ctx);
  duk_push_global_object(ctx);
  duk_call_method(ctx, 0);
  duk_pop(ctx);
}

// __oda_load_chunk(index): runs a lazy module on first touch of one of its stand-ins (once:
// __oda_rt.lazy guards it).
duk_ret_t native_load_chunk(duk_context* ctx) {
  duk_uint_t index = duk_require_uint(ctx, 0);
  duk_uint_t count = 0;
  while (engine::kPrelude[count].name) ++count;
  if (index >= count || !engine::kPrelude[index].lazy) return DUK_RET_RANGE_ERROR;
  run_chunk(ctx, engine::kPrelude[index]);
  return 0;
}

// The eager chunks run in order; a lazy one only gets its stand-ins, at its place in the order.
// *udata says which part: the shared chunks (what the heap image holds) or the per-run ones.
duk_ret_t load_prelude(duk_context* ctx, void* udata) {
  bool per_run = *static_cast<const bool*>(udata);
  for (const engine::PreludeChunk* c = engine::kPrelude; c->name; ++c) {
    if (c->per_run != per_run) continue;
    // The heap image holds every module: in it, loading them costs a run nothing.
    if (!c->lazy || g_building_image) {
      run_chunk(ctx, *c);
      continue;
    }
    duk_get_global_string(ctx, "__oda_rt");
    duk_get_prop_string(ctx, -1, "lazy");
    duk_swap_top(ctx, -2);  // this = __oda_rt
    duk_push_uint(ctx, static_cast<duk_uint_t>(c - engine::kPrelude));
    duk_push_string(ctx, c->lazy);
    duk_call_method(ctx, 2);
    duk_pop(ctx);
  }
  return 0;
}

// Runs one part of the prelude; false with the reason when it threw.
bool run_prelude_part(duk_context* ctx, bool per_run, std::string* err) {
  bool ok = duk_safe_call(ctx, load_prelude, &per_run, 0, 1) == DUK_EXEC_SUCCESS;
  if (!ok) *err = std::string("runtime prelude failed: ") + duk_safe_to_string(ctx, -1);
  duk_pop(ctx);
  return ok;
}

// The heap every run starts from, the same in every worker: Duktape's built-ins, the core
// natives and the shared prelude. This is what the heap image holds.
duk_context* make_runtime(std::string* err) {
  duk_context* ctx = duk_create_heap(heap_alloc, heap_realloc, heap_free, &g, fatal_handler);
  if (!ctx) {
    *err = "cannot create the engine's heap";
    return nullptr;
  }
  g.ctx = ctx;
  put_native(ctx, "__oda_emit", native_emit, 2);
  put_native(ctx, "__oda_now", native_now, 0);
  put_native(ctx, "__oda_host_request", native_host_request, 2);
  put_native(ctx, "__oda_finish", native_finish, 3);
  put_native(ctx, "__oda_load_chunk", native_load_chunk, 1);
  oda::engine::register_natives(ctx);
  add_runtime_natives(parts(), ctx);
  return run_prelude_part(ctx, false, err) ? ctx : nullptr;
}

// [lowered] -> [main]: compiles the lowered program and runs it to its completion, the
// program's async body as a function (no code of the program runs yet). When udata is a
// string, the compiled program's bytecode goes there first (for the program cache).
duk_ret_t compile_program(duk_context* ctx, void* udata) {
  duk_push_string(ctx, "program");
  duk_compile(ctx, DUK_COMPILE_EVAL);
  if (udata) {
    duk_dup_top(ctx);
    duk_dump_function(ctx);
    duk_size_t n = 0;
    const char* p = static_cast<const char*>(duk_get_buffer(ctx, -1, &n));
    static_cast<std::string*>(udata)->assign(p, n);
    duk_pop(ctx);
  }
  duk_call(ctx, 0);
  return 1;
}

// [] -> [main]: the same from the program cache's bytecode (udata: the kept string, read in
// place).
duk_ret_t load_program(duk_context* ctx, void* udata) {
  const auto* kept = static_cast<const std::string*>(udata);
  duk_push_external_buffer(ctx);
  duk_config_buffer(ctx, -1, const_cast<char*>(kept->data()), kept->size());
  oda_duk_load_program(ctx);
  duk_call(ctx, 0);
  return 1;
}

// [main] -> [] : calls the program's main once, its promise left to the collector.
duk_ret_t call_main(duk_context* ctx, void*) {
  duk_call(ctx, 0);
  return 0;
}

// While the supervisor is still reading its command line, a worker from the heap image runs
// a stand-in program through the same steps a run takes (lower, compile, an async call on
// its own coroutine). The image pages every run writes to (Duktape counts references in
// each object it touches) are copied now instead of on the run's time, and so are the
// lowering's and the compiler's first allocations. Nothing of it stays visible: no timer,
// no microtask, no global. Skipped when the start frame is already waiting.
void warm_up(duk_context* ctx) {
  pollfd p{kWorkerIn, POLLIN, 0};
  if (poll(&p, 1, 0) != 0) return;
  std::string lowered;
  oda::js::LowerError err;
  if (!oda::js::lower_program("return 1", &lowered, &err)) return;
  duk_push_lstring(ctx, lowered.data(), lowered.size());
  if (duk_safe_call(ctx, compile_program, nullptr, 1, 1) == DUK_EXEC_SUCCESS) {
    duk_safe_call(ctx, call_main, nullptr, 1, 1);
  }
  duk_pop(ctx);
}

duk_ret_t start_program(duk_context* ctx, void*) {
  // [fn-or-error ok]
  bool ok = duk_get_boolean(ctx, -1);
  duk_pop(ctx);
  duk_get_global_string(ctx, "__oda_loop");
  duk_get_prop_string(ctx, -1, ok ? "start" : "fail");
  duk_dup(ctx, -2);      // this = __oda_loop
  duk_dup(ctx, -4);      // the function or the error
  duk_call_method(ctx, 1);
  return 0;
}

duk_ret_t loop_turn(duk_context* ctx, void*) {
  duk_get_global_string(ctx, "__oda_loop");
  duk_get_prop_string(ctx, -1, "turn");
  duk_dup(ctx, -2);
  duk_call_method(ctx, 0);
  return 1;
}

// [json id ok] -> __oda_loop.reply(id, ok, JSON.parse(json))
duk_ret_t loop_reply(duk_context* ctx, void*) {
  duk_json_decode(ctx, -3);
  duk_get_global_string(ctx, "__oda_loop");
  duk_get_prop_string(ctx, -1, "reply");
  duk_dup(ctx, -2);
  duk_dup(ctx, -5);  // id
  duk_dup(ctx, -5);  // ok
  duk_dup(ctx, -8);  // value
  duk_call_method(ctx, 3);
  return 0;
}

// [error] -> __oda_loop.fail(error): an uncaught throw outside the program's promise chain.
duk_ret_t loop_fail(duk_context* ctx, void*) {
  duk_get_global_string(ctx, "__oda_loop");
  duk_get_prop_string(ctx, -1, "fail");
  duk_dup(ctx, -2);
  duk_dup(ctx, -4);
  duk_call_method(ctx, 1);
  return 0;
}

void fail_with_error(duk_context* ctx) {
  // The error is on top; render it through the prelude so it reads like a program throw.
  if (g.settled || g.stop != Stop::kNone) return;
  if (duk_safe_call(ctx, loop_fail, nullptr, 1, 1) != DUK_EXEC_SUCCESS && !g.settled) {
    g.settled = true;
    g.end.ok = false;
    g.end.kind = "exception";
    g.end.message = "program threw an unrenderable value";
  }
  duk_pop(ctx);
}

[[noreturn]] void send_end_and_exit(int status) {
  EndFrame end = g.end;
  if (!stop_end(&end) && !g.settled) {
    end.ok = false;
    end.kind = "exception";
    end.message = "program finished without a result (unresolved promise)";
  }
  if (!end.ok) end.message += failure_notes(parts(), end.message);
  write_frame(kWorkerOut, kEnd, encode_end(end));
  _exit(status);
}

// Takes the start frame's limits; the parts' settings stay for worker_setting().
bool take_start(const std::string& payload, std::string* code) {
  StartFrame start;
  if (!decode_start(payload, &start)) return false;
  g.deadline_ns = start.deadline_ns;
  g.budget_ms = start.budget_ms;
  g.heap_limit = start.heap_bytes;
  g.output_cap = start.output_cap;
  g.test_faults = start.test_faults;
  g.settings = std::move(start.settings);
  *code = std::move(start.code);
  return true;
}

// Delivers every complete reply frame the supervisor sent; false when the pipe is gone or
// spoke nonsense (the supervisor is ending the run either way).
bool read_replies(duk_context* ctx, FrameReader* reader, bool wait, int timeout_ms) {
  if (wait) {
    pollfd p{kWorkerIn, POLLIN, 0};
    int r = poll(&p, 1, timeout_ms);
    if (r <= 0) return true;
    if (reader->fill(kWorkerIn) == FrameReader::kClosed) return false;
  }
  char type;
  std::string payload;
  FrameReader::Status st;
  while ((st = reader->next(&type, &payload)) == FrameReader::kFrame) {
    if (type != kReply || payload.size() < 5) return false;
    uint32_t id = get_u32(payload.data());
    bool ok = payload[4] == '1';
    {
      std::string json = engine::json_for_duktape(std::string_view(payload).substr(5));
      duk_push_lstring(ctx, json.data(), json.size());
    }
    duk_push_uint(ctx, id);
    duk_push_boolean(ctx, ok);
    --g.pending_requests;
    if (duk_safe_call(ctx, loop_reply, nullptr, 3, 1) != DUK_EXEC_SUCCESS) fail_with_error(ctx);
    else duk_pop(ctx);
    if (g.settled || g.stop != Stop::kNone) return true;
  }
  return st != FrameReader::kMalformed;
}

}  // namespace

int poll_timeout_ms(int64_t now_ns, int64_t deadline_ns, double next_timer_ms) {
  int64_t wait_ns = deadline_ns - now_ns;
  if (next_timer_ms >= 0) wait_ns = std::min<int64_t>(wait_ns, static_cast<int64_t>(next_timer_ms * 1e6) - now_ns);
  // Rounded up: a wake a little early would find the timer not yet due and wait again.
  // (Divided first: wait_ns + 999999 overflowed for a run with no deadline, UBSan found.)
  return wait_ns <= 0 ? 0 : static_cast<int>(std::min<int64_t>(wait_ns / 1000000 + (wait_ns % 1000000 != 0), 1 << 30));
}

const std::string* worker_setting(std::string_view key) {
  auto it = g.settings.find(key);
  return it == g.settings.end() ? nullptr : &it->second;
}

int worker_main() {
  // The runtime from the heap image first, when this binary carries one: it needs nothing
  // from the run, and the supervisor may still be reading its command line.
  duk_context* ctx = nullptr;
  engine::image::keep_code_faults_narrow();
  engine::image::Header mapped;
  if (engine::image::map(&mapped)) {
    ctx = reinterpret_cast<duk_context*>(mapped.ctx);
    g.ctx = ctx;
    g.heap_used = mapped.heap_used;
    oda::engine::attach_regexp_state(ctx);
    reseed(ctx);
    warm_up(ctx);
  }
  std::string start, code;
  char type;
  if (!read_frame_blocking(kWorkerIn, &type, &start) || type != kStart || !take_start(start, &code)) {
    return status_of(WorkerExit::kNoStart);
  }
  if (std::string kind, message; !pass_guards(parts(), &kind, &message)) {
    g.settled = true;
    g.end.kind = kind;
    g.end.message = message;
    send_end_and_exit(0);
  }
  // Without an image, the runtime is built here.
  std::string err;
  if (!ctx) {
    ctx = make_runtime(&err);
    if (!ctx && !g.ctx) return status_of(WorkerExit::kNoRuntime);
    if (ctx) reseed(ctx);
  }
  if (ctx) {
    if (g.test_faults) put_native(ctx, "__oda_test_fault", native_test_fault, 1);
    add_run_natives(parts(), ctx);
  }
  // The per-run prelude runs only when a part needs it (a run with its own tools or values).
  if (!ctx || (any_needs_per_run_prelude(parts()) && !run_prelude_part(ctx, true, &err))) {
    if (g.stop == Stop::kNone) {
      g.settled = true;
      g.end.kind = "exception";
      g.end.message = err;
    }
    send_end_and_exit(0);
  }

  bool compiled = false;
  {
    // A big program this build ran before is loaded from its bytecode: no lowering, no
    // compilation. An entry Duktape refuses is compiled again (and kept anew).
    std::string kept;
    if (cached_program(code, &kept)) {
      compiled = duk_safe_call(ctx, load_program, &kept, 0, 1) == DUK_EXEC_SUCCESS;
      if (!compiled) duk_pop(ctx);
    }
  }
  if (!compiled) {
    std::string lowered;
    oda::js::LowerError err;
    if (!oda::js::lower_program(code, &lowered, &err)) {
      g.settled = true;
      g.end.kind = "exception";
      g.end.message = err.message;
      send_end_and_exit(0);
    }
    duk_push_lstring(ctx, lowered.data(), lowered.size());
    std::string bytecode;
    bool store = cache_wants(code);
    compiled = duk_safe_call(ctx, compile_program, store ? &bytecode : nullptr, 1, 1) == DUK_EXEC_SUCCESS;
    if (compiled && store && !bytecode.empty() && bytecode.size() < kMaxFrame) {
      (void)write_frame(kWorkerOut, kCompiled, bytecode);
    }
  }
  duk_push_boolean(ctx, compiled);
  if (duk_safe_call(ctx, start_program, nullptr, 2, 1) != DUK_EXEC_SUCCESS) fail_with_error(ctx);
  else duk_pop(ctx);

  FrameReader reader;
  while (!g.settled && g.stop == Stop::kNone) {
    // A wait that ran to the deadline ends here, before the next turn's code would meet it
    // (and look like a busy loop to stopped_in_code()).
    if (sys::monotonic_ns() >= g.deadline_ns) {
      g.stop = Stop::kDeadline;
      break;
    }
    if (duk_safe_call(ctx, loop_turn, nullptr, 0, 1) != DUK_EXEC_SUCCESS) {
      fail_with_error(ctx);
      break;
    }
    double next = duk_get_number(ctx, -1);
    duk_pop(ctx);
    if (g.settled || g.stop != Stop::kNone) break;
    if (next < 0 && g.pending_requests == 0) break;  // nothing can settle the program now
    int64_t now = sys::monotonic_ns();
    if (now >= g.deadline_ns) {
      g.stop = Stop::kDeadline;
      break;
    }
    if (!read_replies(ctx, &reader, true, poll_timeout_ms(now, g.deadline_ns, next))) _exit(status_of(WorkerExit::kRepliesBroken));
  }
  send_end_and_exit(0);
}

bool stopped_in_code() { return g.stopped_in_code; }

namespace {

// Builds the runtime into the arena as a worker will find it; nullptr (and *err) on failure.
duk_context* build_runtime(std::string* err) {
  g_building_image = true;
  duk_context* ctx = make_runtime(err);
  if (ctx) {
    // Garbage with finalizers (compiled patterns) goes now; a pattern still alive would point
    // at pcre2 code that is not in the image.
    duk_gc(ctx, 0);
    duk_gc(ctx, 0);
    if (oda::engine::live_compiled_regexps() != 0) *err = "the shared prelude keeps a compiled RegExp alive";
    oda_duk_strtable_headroom(ctx);
  }
  g_building_image = false;
  return err->empty() ? ctx : nullptr;
}

// The trial build (engine::image::set_plan): run in a child, which sends back which of its
// blocks survived. An empty plan (the trial failed) builds as before.
std::vector<bool> trial_plan(size_t* kept_bytes) {
  *kept_bytes = 0;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    std::string err;
    if (!engine::image::begin_build(&err) || !build_runtime(&err)) _exit(1);
    size_t kept;
    std::vector<bool> live = engine::image::survivors(&kept);
    std::string bytes(sizeof kept, '\0');
    std::memcpy(bytes.data(), &kept, sizeof kept);
    for (bool b : live) bytes.push_back(b ? 1 : 0);
    _exit(sys::write_all(fds[1], bytes.data(), bytes.size()) ? 0 : 1);
  }
  close(fds[1]);
  std::string bytes;
  char buf[1 << 16];
  for (ssize_t r; pid > 0 && (r = ::read(fds[0], buf, sizeof buf)) != 0;) {
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) break;
    bytes.append(buf, static_cast<size_t>(r));
  }
  close(fds[0]);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
      bytes.size() < sizeof *kept_bytes)
    return {};
  std::memcpy(kept_bytes, bytes.data(), sizeof *kept_bytes);
  std::vector<bool> keep;
  keep.reserve(bytes.size() - sizeof *kept_bytes);
  for (size_t i = sizeof *kept_bytes; i < bytes.size(); ++i) keep.push_back(bytes[i] != 0);
  return keep;
}

}  // namespace

int build_heap_image(const char* out) {
  size_t kept_bytes;
  std::vector<bool> keep = trial_plan(&kept_bytes);
  std::string err;
  if (!engine::image::begin_build(&err)) {
    std::fprintf(stderr, "run-code: error: cannot build the heap image: %s\n", err.c_str());
    return 1;
  }
  if (!keep.empty()) engine::image::set_plan(std::move(keep), kept_bytes);
  duk_context* ctx = build_runtime(&err);
  engine::image::Header h;
  h.ctx = reinterpret_cast<uint64_t>(ctx);
  h.heap_used = g.heap_used;
  if (!ctx || !engine::image::write(out, h, &err)) {
    std::fprintf(stderr, "run-code: error: cannot build the heap image: %s\n", err.c_str());
    return 1;
  }
  return 0;
}

}  // namespace oda::run

// The deadline hook of lib/engine/duk_overrides.h: true from the deadline on (or once the heap
// ceiling or the output cap stopped the program), for as long as Duktape asks.
extern "C" int oda_duk_exec_timeout(void*) {
  using oda::run::g;
  if (g.stop != oda::run::Stop::kNone) return 1;
  if (oda::sys::monotonic_ns() >= g.deadline_ns) {
    g.stop = oda::run::Stop::kDeadline;
    g.stopped_in_code = true;
    return 1;
  }
  return 0;
}
