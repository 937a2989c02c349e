// Runs being served by this process right now. Work done ahead for later
// runs (a warm pool's refills, removing a spent Docker container) waits for
// a quiet moment instead of taking the cores from a run in flight: on the
// docker backend, creating and starting a container costs the daemon about
// 50 ms of CPU and removing one as much again, on the same two cores as the
// program being timed. A service counts a submission from its arrival to its
// answer; a worker node counts each run it executes. Plain C++ (no CAF).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>

namespace mai::sandbox {

class RunActivity {
 public:
  using Clock = std::chrono::steady_clock;
  static RunActivity& instance();  // process-wide

  // Counts one run in flight for as long as it lives.
  class Scope {
   public:
    Scope();
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
  };

  // Zero when no run is in flight and none ended within `settle`; else how
  // long to wait before asking again (the caller waits on its own condition,
  // so that a stop or an urgent need still wakes it).
  Clock::duration until_quiet(Clock::duration settle) const;
  uint32_t in_flight() const { return in_flight_.load(); }

 private:
  RunActivity() = default;
  std::atomic<uint32_t> in_flight_{0};
  std::atomic<int64_t> last_end_{0};  // steady clock, ns since its epoch
};

// How long after the last run's end background work still waits (the
// service's answer leaves, and a client in a loop sends its next program).
inline constexpr auto kQuietSettle = std::chrono::milliseconds(5);

}  // namespace mai::sandbox
