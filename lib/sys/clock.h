// Time as every part of the toolkit reads it: the monotonic clock, and a Clock seam so a
// decision that waits on time can be tested with a clock the test moves by hand.
#pragma once

#include <cstdint>

namespace oda::sys {

// Milliseconds and nanoseconds on CLOCK_MONOTONIC (never jumps with the wall clock).
int64_t monotonic_ms();
int64_t monotonic_ns();

// Where code that decides on elapsed time reads it. The real one reads CLOCK_MONOTONIC;
// tests hold a FakeClock and tick it (ninja's VirtualFileSystem::Tick is the model).
class Clock {
 public:
  virtual ~Clock() = default;
  virtual int64_t now_ms() const = 0;
};

// The process's real clock.
const Clock& system_clock();

// A clock that moves only when told to.
class FakeClock : public Clock {
 public:
  explicit FakeClock(int64_t start_ms = 1'000'000) : now_(start_ms) {}
  int64_t now_ms() const override { return now_; }
  void tick(int64_t ms) { now_ += ms; }
  void set(int64_t ms) { now_ = ms; }

 private:
  int64_t now_;
};

}  // namespace oda::sys
