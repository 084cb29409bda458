// The kernel behind the TtyProbe seam (see tty_probe.h).
#include "term/tty_probe.h"

#include <fcntl.h>
#include <string>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

namespace oda::term {

namespace {

class SystemTtyProbe : public TtyProbe {
 public:
  Modes modes(const Tty& t) const override {
    termios tio{};
    tcgetattr(t.master >= 0 ? t.master : t.slave, &tio);
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
  Relay relay(pid_t pgrp, bool scan_group) const override { return find_relay(pgrp, scan_group); }
  bool behind(const Relay& r, pid_t hint, Behind* out) const override {
    if (r.kind != RelayKind::Pty || r.pts < 0) return false;
    std::string path = "/dev/pts/" + std::to_string(r.pts);
    // Opened only for this look, never kept: a slave end held open would keep the relay's
    // pty from hanging up when what runs on it exits.
    out->fd.reset(open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC));
    if (!out->fd) return false;
    out->tty = Tty{.master = -1, .slave = out->fd.get(), .dev = pts_device(r.pts)};
    out->front = terminal_front_group(out->tty.dev, hint);
    return out->front > 0;
  }
};

}  // namespace

const TtyProbe& system_tty_probe() {
  static const SystemTtyProbe probe;
  return probe;
}

}  // namespace oda::term
