// What a wait asks the kernel about a session's terminal: its line mode, the bytes queued on
// it, its foreground group, and (from /proc) whether a process is blocked reading it. An
// interface so the settle decisions in waits.cc are unit-tested with a fake.
#pragma once

#include <sys/types.h>

#include "sys/fd.h"
#include "term/procs.h"
#include "term/relay.h"

namespace oda::term {

// A session's terminal: the PTY's two ends and the device number programs see it as.
struct Tty {
  int master = -1;
  int slave = -1;
  dev_t dev = 0;
};

// The terminal a pty relay relays to (relay.h), opened for one look: its slave end alone
// (modes and queued bytes are asked there) and its foreground group.
struct Behind {
  sys::UniqueFd fd;
  Tty tty;
  pid_t front = -1;
};

class TtyProbe {
 public:
  virtual ~TtyProbe() = default;
  // The line discipline's modes, as the program in front last set them.
  struct Modes {
    bool canonical = true;  // ICANON: a reader gets whole lines only
    bool echo = false;      // ECHO: what is written comes back as output
    bool signals = true;    // ISIG: Ctrl-C, Ctrl-Z become signals to the front group
  };
  virtual Modes modes(const Tty& t) const = 0;
  // Bytes written to the terminal that no program has read yet; -1 when the kernel does
  // not say.
  virtual int queued(const Tty& t) const = 0;
  // The terminal's foreground process group; <= 0 when unknown.
  virtual pid_t front_group(const Tty& t) const = 0;
  // See procs.h reading_terminal and process_reads_terminal.
  virtual Reading group_reading(pid_t pgrp, dev_t tty, bool raw, pid_t* reader, bool scan_group) const = 0;
  virtual Reading process_reading(pid_t pid, dev_t tty, bool raw) const = 0;
  // See procs.h context_switches.
  virtual long context_switches(pid_t pid) const = 0;
  // The relay in front (relay.h find_relay); a probe that plays none answers RelayKind::None.
  virtual Relay relay(pid_t, bool) const { return {}; }
  // Opens the terminal behind a pty relay (hint: a process to ask for its front group
  // first); false when it cannot be seen (another user's pty, or /proc does not say).
  virtual bool behind(const Relay&, pid_t, Behind*) const { return false; }
};

// The kernel's answers (termios, TIOCINQ, tcgetpgrp, /proc).
const TtyProbe& system_tty_probe();

}  // namespace oda::term
