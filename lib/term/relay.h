// A relaying program in front of a session's shell: `sudo -i` and `su -` on a pty of their
// own (Debian's `Defaults use_pty`), `script`, `ssh`, `docker exec -it`. It holds a pty master
// or a socket and polls the terminal all the time, so its poll says nothing about whether
// what runs behind it waits for input. A wait looks behind it instead: at the pty it is the
// master of, when that is a local one this user may open; else (a socket: the far side is on
// another machine) it goes by what the nested shell prints.
#pragma once

#include <string_view>
#include <sys/types.h>

namespace oda::term {

enum class RelayKind {
  None,    // no relay: the program in front reads the terminal itself
  Pty,     // holds a pty master: what it relays to is a terminal on this machine
  Socket,  // holds a socket: what it relays to is elsewhere (ssh, docker exec, kubectl exec)
};

struct Relay {
  RelayKind kind = RelayKind::None;
  pid_t pid = 0;  // the process that holds it
  int pts = -1;   // Pty: N of the /dev/pts/N it is the master of; -1 when /proc does not say
};

// What process `pid` relays through, from its open files (/proc/PID/fd and fdinfo): a pty
// master first (script over ssh relays to its pty), else a socket. None when it holds
// neither, or when /proc does not show them (another user's process).
Relay relay_of(pid_t pid);

// The relay of the front group `pgrp`: its leader (the relaying program nearly always is),
// or with scan_group another member.
Relay find_relay(pid_t pgrp, bool scan_group);

// The device number of /dev/pts/N.
dev_t pts_device(int index);

// The foreground process group of the terminal `dev`, as the processes that have it as their
// controlling terminal see it (/proc/PID/stat tpgid); `hint` is a process to ask first (the
// last answer's group), before a scan of /proc. <= 0 when no process has that terminal.
pid_t terminal_front_group(dev_t dev, pid_t hint);

// An unfinished line that reads like a prompt waiting for an answer: it ends with one of
// `$ `, `# `, `% `, `> `, `: `, `? ` or `] ` (a shell, a REPL, a password or a yes/no question).
bool prompt_shaped(std::string_view line);

}  // namespace oda::term
