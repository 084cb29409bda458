// The worker: one process per run (forked by the supervisor), one Duktape heap, the program
// and its event loop. It reads its start frame and the supervisor's replies on one fd and
// writes its frames on another (protocol.h); it never touches the caller's stdio.
#pragma once

#include <cstdint>

namespace oda::run {

// The fds a worker is started with (the supervisor dup2s its pipe ends onto them).
constexpr int kWorkerIn = 3;
constexpr int kWorkerOut = 4;

// Runs one program and ends the process (_exit) once its end frame is sent; returns only
// when the start frame never came, with the exit status to use.
int worker_main();

// How long the worker's loop may wait for a reply (ms, for poll): until the next timer is due
// (next_timer_ms on the monotonic clock in ms, < 0 for none) or the deadline, whichever comes
// first; 0 when either has passed.
int poll_timeout_ms(int64_t now_ns, int64_t deadline_ns, double next_timer_ms);

// In the worker: whether the deadline stopped the program while its code ran (a busy loop),
// rather than while it waited on a promise, a timer or a call.
bool stopped_in_code();

// run-code --build-heap-image OUT: writes OUT, a copy of this executable carrying the heap
// every worker starts from (lib/engine/heap_image.h). Returns the exit status.
int build_heap_image(const char* out);

}  // namespace oda::run
