// The monotonic clock behind sys::Clock.
#include "sys/clock.h"

#include <time.h>

namespace oda::sys {

int64_t monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int64_t monotonic_ms() { return monotonic_ns() / 1'000'000; }

namespace {
class SystemClock final : public Clock {
 public:
  int64_t now_ms() const override { return monotonic_ms(); }
};
}  // namespace

const Clock& system_clock() {
  static const SystemClock clock;
  return clock;
}

}  // namespace oda::sys
