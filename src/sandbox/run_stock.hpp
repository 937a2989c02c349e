// A cold start's resources that carry none of its run's data, made ahead on
// a thread of their own: the run's host ids, an empty scratch directory and
// a cgroup with its limits set (about 1 ms of a cold start's build). A cold
// start takes one (run_stock's use is native_backend.cpp's launch()), and
// writes its run into them: code, inputs, the run id (RunDir::assign).
//
// Each item serves exactly one run and is destroyed with it, as a run's own
// would be. Items are named like runs (a random run id for the directory and
// the cgroup), each directory locked while its holder lives, so a holder
// that dies leaves them to the stale-run sweep at the next start
// (cleanup_stale_runs: directory, cgroups of the same id, abandoned ids).
// Only long-lived callers keep a stock (node.cpp: services and workers); a
// one-off `run` builds its one sandbox ahead anyway (prepared_backend.hpp).
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "model/limits.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/run_dir.hpp"

namespace mai::sandbox {

struct StockedRun {
  StockedRun() = default;
  StockedRun(StockedRun&&) = default;
  StockedRun& operator=(StockedRun&& o) noexcept;
  ~StockedRun() { destroy(); }  // whatever was not moved on to a run
  IdLease ids;
  std::unique_ptr<RunDir> dir;
  std::unique_ptr<Cgroup> cgroup;  // created, limits set
  std::string scratch_root;
  Limits limits;  // what the cgroup's limits were set to
  // Unused: the cgroup removed, then the ids released, then the directory.
  // Idempotent; nothing to do once the parts were moved on.
  void destroy() noexcept;
};

// Whether an item made with `have` serves a run with `want`: the cgroup's
// limits are only ever lowered (a v1 memory limit cannot be raised past its
// memory+swap limit without reordering), as a warm sandbox's are.
bool stock_fits(const Limits& have, const Limits& want);

class RunStock {
 public:
  // `make` builds one item (throws on failure: the refill then waits for the
  // next take); `size` items are kept.
  using Make = std::function<StockedRun(const std::string& scratch_root, const Limits&)>;
  RunStock(size_t size, Make make);
  ~RunStock();  // stops the thread, destroys what is left
  RunStock(const RunStock&) = delete;
  RunStock& operator=(const RunStock&) = delete;

  // An item for a run under `scratch_root` with `limits`, if one is ready.
  // Either way the stock is made for these from now on; items made for
  // others are destroyed (off the caller's path) once restock() is called.
  std::optional<StockedRun> take(const std::string& scratch_root, const Limits& limits);
  // Called once the taker's sandbox is built: the refill (mkdir in every
  // cgroup hierarchy, a lease) would otherwise run beside the taker's clone
  // and exec, on the other core, and contend with them (the clone's move
  // into its cgroup takes the same cgroup lock as a mkdir).
  void restock();
  size_t ready() const;  // items held now (tests)

 private:
  void loop();

  const size_t size_;
  Make make_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<StockedRun> items_;
  std::deque<StockedRun> discarded_;  // destroyed by the thread
  std::optional<std::pair<std::string, Limits>> target_;  // none before the first take
  bool failed_ = false;  // the last make failed: wait for the next restock()
  bool wanted_ = false;  // restock() since the last take(): work until full
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace mai::sandbox
