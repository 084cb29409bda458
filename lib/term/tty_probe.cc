// The kernel behind the TtyProbe seam (see tty_probe.h).
#include "term/tty_probe.h"

#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

namespace oda::term {

namespace {

class SystemTtyProbe : public TtyProbe {
 public:
  Modes modes(const Tty& t) const override {
    termios tio{};
    tcgetattr(t.master, &tio);
    return Modes{.canonical = (tio.c_lflag & ICANON) != 0, .echo = (tio.c_lflag & ECHO) != 0,
                 .signals = (tio.c_lflag & ISIG) != 0};
  }
  int queued(const Tty& t) const override {
    int n = 0;
    if (t.slave < 0 || ioctl(t.slave, TIOCINQ, &n) != 0) return -1;
    return n;
  }
  pid_t front_group(const Tty& t) const override { return t.master >= 0 ? tcgetpgrp(t.master) : -1; }
  Reading group_reading(pid_t pgrp, dev_t tty, bool raw, pid_t* reader, bool scan_group) const override {
    return reading_terminal(pgrp, tty, raw, reader, scan_group);
  }
  Reading process_reading(pid_t pid, dev_t tty, bool raw) const override {
    return process_reads_terminal(pid, tty, raw);
  }
  long context_switches(pid_t pid) const override { return term::context_switches(pid); }
};

}  // namespace

const TtyProbe& system_tty_probe() {
  static const SystemTtyProbe probe;
  return probe;
}

}  // namespace oda::term
