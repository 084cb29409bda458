// What /proc tells about a session's processes: whether the program in front is blocked
// reading the terminal (the exact "waits for input" test), and every process that belongs
// to a session (for closes that leave no orphan).
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace oda::term {

// Yes: blocked in read() on the terminal. Polling: blocked in poll/select/epoll with the
// terminal (in raw mode) as its input, as line editors wait; likely, not certain.
enum class Reading { Yes, Polling, No, Unknown };

// Whether a process of group `pgrp` is blocked reading the terminal `tty` (a device number):
// in read() on it, or, when the terminal is in raw mode (`raw`, as line editors set it),
// waiting in poll/select with the terminal as its standard input.
// scan_group false: look at the group's leader only (a scan of /proc costs a millisecond).
Reading reading_terminal(pid_t pgrp, dev_t tty, bool raw, pid_t* reader = nullptr, bool scan_group = true);

// The same test for one process (no scan of the others).
Reading process_reads_terminal(pid_t pid, dev_t tty, bool raw);

// How often a process has been switched out so far (voluntary and not); -1 when gone. A
// reader whose count has not moved since bytes were written has not woken to take them.
long context_switches(pid_t pid);

// Every live process of the session led by `leader`: its session members, its descendants
// and those of its `keeper` (the subreaper its orphans are reparented to; not the keeper
// itself), and processes carrying `tag` (NAME=VALUE) in their environment.
std::vector<pid_t> session_processes(pid_t leader, pid_t keeper, const std::string& tag);

}  // namespace oda::term
