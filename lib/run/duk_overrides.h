/* run-code's settings for Debian's Duktape, spliced into a copy of its duk_config.h at the
 * __OVERRIDE_DEFINES__ marker by lib/run/run.mk (plain C: duktape.c includes it too). */

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

/* Integer arithmetic without double round trips: loops and indexing are most of what
 * agents' glue programs do. */
#define DUK_USE_FASTINT

/* JSON.stringify of plain data (the common case for console lines) skips the slow path. */
#define DUK_USE_JSON_STRINGIFY_FASTPATH

/* Agents' programs recurse through data; keep Duktape's default call depth but a deeper
 * C recursion limit for nested JSON and regexps. */
#undef DUK_USE_NATIVE_STACK_CHECK
