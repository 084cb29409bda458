/* run-code's settings for Debian's Duktape, spliced into a copy of its duk_config.h at the
 * __OVERRIDE_DEFINES__ marker by lib/engine/engine.mk (plain C: duktape.c includes it too). */

/* The deadline: the executor asks oda_duk_exec_timeout() every interrupt-counter period and
 * keeps rethrowing past every catch while it answers true, so a busy loop inside try/catch
 * still ends. The worker also answers true once the heap ceiling or the output cap is hit. */
#define DUK_USE_INTERRUPT_COUNTER
#if defined(__cplusplus)
extern "C" int oda_duk_exec_timeout(void *udata);
#else
extern int oda_duk_exec_timeout(void *udata);
#endif
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) oda_duk_exec_timeout((udata))
/* Brings that check forward to the next instruction (lib/engine/duk_extra.c). */
#if defined(__cplusplus)
extern "C" void oda_duk_interrupt_soon(void *ctx);
#else
extern void oda_duk_interrupt_soon(void *ctx);
#endif

/* A new Math.random seed for a heap mapped from run-code's heap image (lib/engine/duk_extra.c). */
#if defined(__cplusplus)
extern "C" void oda_duk_reseed(void *ctx, unsigned long long seed);
#else
extern void oda_duk_reseed(void *ctx, unsigned long long seed);
#endif

/* Room in the string table for a worker's new strings (lib/engine/duk_extra.c). */
#if defined(__cplusplus)
extern "C" void oda_duk_strtable_headroom(void *ctx);
#else
extern void oda_duk_strtable_headroom(void *ctx);
#endif

/* duk_load_function for run-code's program cache: makes the functions the compiler made
 * (engine patch 0083). */
#if defined(__cplusplus)
extern "C" void oda_duk_load_program(void *ctx);
#else
extern void oda_duk_load_program(void *ctx);
#endif

/* Integer arithmetic without double round trips: loops and indexing are most of what
 * agents' glue programs do. */
#define DUK_USE_FASTINT

/* JSON.stringify of plain data (the common case for console lines) skips the slow path. */
#define DUK_USE_JSON_STRINGIFY_FASTPATH

/* Marking a long chain of pending promises (p = p.then(...) in a loop) goes deeper than
 * Duktape's 256 levels, and past that limit every collection rescans the whole heap once per
 * 256 levels: quadratic. 4096 levels of mark recursion take about 1.5 MB of C stack, well
 * inside the worker's 8 MB. */
#undef DUK_USE_MARK_AND_SWEEP_RECLIMIT
#define DUK_USE_MARK_AND_SWEEP_RECLIMIT 4096

/* Hash every byte of a string. Duktape's default samples long strings with a skip, so strings
 * that differ only near their end ("x".repeat(1000) + i, log lines with a counter, file
 * contents) all share one hash chain: building 40,000 of them took 1.9 s and 80,000 18 s.
 * The dense hash costs one pass over bytes Duktape has just copied anyway. */
#define DUK_USE_STRHASH_DENSE

/* Shrink the string table only below 1/8 full (Duktape: 3/8). A worker starting from the heap
 * image (lib/engine/heap_image.h) would otherwise shrink it as soon as a few image strings die,
 * and a resize touches every string in the image. */
#undef DUK_USE_STRTAB_SHRINK_LIMIT
#define DUK_USE_STRTAB_SHRINK_LIMIT 2

/* Grow an array's dense part by half its size instead of an eighth: filling a large array
 * (a sieve, a push loop of 300,000 records) then copies each element about three times in
 * all instead of about nine, and faults in far fewer fresh pages. Costs at most a third of
 * slack on an array's dense part. */
#undef DUK_USE_HOBJECT_ARRAY_MINGROW_DIVISOR
#define DUK_USE_HOBJECT_ARRAY_MINGROW_DIVISOR 2

/* The call depth a run may reach (Duktape's 10,000 by default): a variable, so that a profile
 * can mimic a smaller stack. run-code --profile code-function sets it to QuickJS's depth on
 * seed 003's 1 MB stack (lib/run/profile_code_function.cc). */
#if defined(__cplusplus)
extern "C" unsigned int oda_duk_callstack_limit;
#else
extern unsigned int oda_duk_callstack_limit;
#endif
#undef DUK_USE_CALLSTACK_LIMIT
#define DUK_USE_CALLSTACK_LIMIT oda_duk_callstack_limit

/* Getters and setters get the arguments the spec gives them: Duktape's default also passes
 * the property key (a getter saw arguments.length 1, a setter 2), which code that forwards
 * `arguments` (Reflect.set's test262 tests, variadic setters) sees. */
#undef DUK_USE_NONSTD_GETTER_KEY_ARGUMENT
#undef DUK_USE_NONSTD_SETTER_KEY_ARGUMENT

/* JSON.stringify leaves U+2028 and U+2029 as they are, as ES2019 and node do (Duktape's
 * default escapes them for old JavaScript parsers). */
#undef DUK_USE_NONSTD_JSON_ESC_U2028_U2029
