// Releases a spent run's host ids and removes its directory on a thread of
// its own, off the run's path: for every launched native run, cold or warm
// (warm.hpp), whose sandbox is otherwise gone (processes, cgroup) before its
// result is reported; for a warm docker run, its exited container too
// (later()). A node waits for it when it stops (flush()); a warm backend
// flushes it when destroyed. A directory keeps its lock until removed, so no
// sweep (cleanup_stale_runs) takes it for a dead run; one left when the
// process exits is swept at the next start, and its ids (and containers) with it.
// A later() removal (a container: about 50 ms of the daemon's CPU) yields to
// the runs in flight (run_activity.hpp) for up to kRemovalYield, unless a
// flush() is waiting.
#pragma once
#include <chrono>
#include <cstddef>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>

#include "sandbox/id_lease.hpp"
#include "sandbox/run_dir.hpp"

namespace mai::sandbox {

class RunDirReaper {
 public:
  static RunDirReaper& instance();  // process-wide; its thread starts on first use
  // The ids first (as NativeSandbox does), then the directory.
  void remove_later(IdLease ids, std::unique_ptr<RunDir> dir);
  // Any other removal of a spent run, in the same queue; must not throw.
  void later(std::function<void()> remove);
  void flush();  // returns once everything handed over so far is removed
  static void flush_if_used();  // flush(), without starting the thread if nothing was handed over
  static constexpr auto kRemovalYield = std::chrono::milliseconds(250);

 private:
  RunDirReaper();
  void loop();
  std::mutex mu_;
  std::condition_variable cv_;
  struct Spent {
    IdLease ids;
    std::unique_ptr<RunDir> dir;
    std::function<void()> remove;  // instead of the two above
    std::chrono::steady_clock::time_point handed{};
  };
  // The first queued removal due now (mu_ held), or queue_.size() and how
  // long to wait before looking again.
  size_t next_due(std::chrono::steady_clock::duration& wait) const;
  std::deque<Spent> queue_;
  bool busy_ = false;
  int flushing_ = 0;  // flush() calls waiting: nothing yields then
};

}  // namespace mai::sandbox
