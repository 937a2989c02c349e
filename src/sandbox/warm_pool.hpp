// A pool of warm sandboxes (warm.hpp), kept per shape (language and limits),
// refilled by a thread of its own, off the request path. Each entry serves
// one run and is gone afterwards: take() removes it from the pool, the caller
// hands the code to it and owns the run; nothing is ever put back.
//
// How many wait for a shape: its `min` if it was given at the start (the
// trust levels' Python runs), one if it was asked for within max_idle, plus
// one for each run it served in the last second (a burst is met by as many
// ready ones); never more than max_per_shape, max_total in all, and none
// while the host has less than min_free_memory available (then the oldest go
// too). An entry that has waited max_idle is destroyed and built anew.
// A build for a shape that still has one waiting yields to the runs in
// flight (run_activity.hpp): it starts in a quiet moment, or once it has
// waited refill_yield, so steady load still refills (and, until a quiet
// moment comes, the next builds do not wait again); a shape with none
// waiting is built at once.
// Plain C++ (no CAF): usable and testable without actors.
#pragma once
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "config/sandbox_config.hpp"
#include "sandbox/warm.hpp"

namespace mai::sandbox {

class WarmPool {
 public:
  // Builds one entry of a shape (WarmSource::prepare_warm); throws on failure.
  using Factory = std::function<std::unique_ptr<WarmEntry>(const WarmShape&)>;
  struct Counters {
    uint64_t hits = 0, misses = 0;  // take() found an entry, or did not
    uint64_t built = 0, build_failures = 0;
    uint64_t expired = 0;           // destroyed unused after max_idle
    uint64_t memory_evictions = 0;  // destroyed unused for want of free memory
    uint64_t yielded = 0;           // builds that waited for a moment without a run in flight
    uint64_t yield_expired = 0;     // of those, started after refill_yield with runs still in flight
    size_t waiting = 0;             // entries ready now
  };

  // Starts the refill thread, which builds `initial` shapes' entries at once.
  // Sandboxes it built die with it (native: their init's parent-death signal
  // follows the thread; docker: the entries remove their containers):
  // destroy the pool only after their runs.
  WarmPool(Factory factory, const config::WarmPoolSettings& settings, std::vector<WarmShape> initial);
  ~WarmPool();  // stops the thread, destroys the entries still waiting
  WarmPool(const WarmPool&) = delete;
  WarmPool& operator=(const WarmPool&) = delete;

  // An entry that can run `spec` (warm_fits), or nullptr. Either way the
  // demand is noted and the refill thread woken; a shape asked for and
  // missed is learned (at most kMaxShapes are kept).
  std::unique_ptr<WarmEntry> take(const RunSpec& spec);
  Counters counters() const;
  // Waits (for tests and benchmarks) until no shape is below its target or
  // the pool is stopping; false if `timeout` passed first.
  bool wait_filled(std::chrono::milliseconds timeout) const;

  static constexpr size_t kMaxShapes = 8;

 private:
  using Clock = std::chrono::steady_clock;
  struct Waiting {
    std::unique_ptr<WarmEntry> entry;
    Clock::time_point built;
  };
  struct Shape {
    WarmShape shape;
    uint32_t min = 0;                  // from the start: kept ready always
    std::deque<Waiting> ready;         // oldest first
    std::deque<Clock::time_point> served;  // take() times, last max_idle only
    Clock::time_point last_asked{};
    Clock::time_point failed_at{};     // a failed build backs off for a while
  };

  size_t target(const Shape&, Clock::time_point now) const;  // caller holds mu_
  size_t total_ready() const;                                // caller holds mu_
  Shape* below_target(Clock::time_point now);                // caller holds mu_
  // How long the build of `s` waits for the runs in flight (zero: build now).
  Clock::duration yield_for(const Shape& s, Clock::time_point now);  // caller holds mu_
  void refill();

  Factory factory_;
  config::WarmPoolSettings settings_;
  mutable std::mutex mu_;
  mutable std::condition_variable wake_;        // the refill thread's
  mutable std::condition_variable changed_;     // wait_filled's
  std::vector<std::unique_ptr<Shape>> shapes_;
  Counters counters_;
  bool stop_ = false;
  Clock::time_point yielding_since_{};  // the build waiting for a quiet moment, if any
  bool steady_ = false;  // a wait ran out and no quiet moment came since: builds do not wait
  std::thread thread_;
};

// Memory the host can give without swapping (MemAvailable), in bytes.
uint64_t host_memory_available();

}  // namespace mai::sandbox
