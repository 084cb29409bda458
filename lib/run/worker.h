// The worker: one process per run, one Duktape heap, the program and its event loop. It
// reads its start frame and the supervisor's replies on one fd and writes its frames on
// another (protocol.h).
#pragma once

namespace oda::run {

// The fds a worker is started with (the supervisor dup2s its pipe ends onto them).
constexpr int kWorkerIn = 3;
constexpr int kWorkerOut = 4;

// Runs one program and returns the process exit status (0 once the end frame is sent).
int worker_main();

}  // namespace oda::run
