// A small pool of threads for the audit engine's parallel work: signing the
// records of a group commit, checking signatures while verifying. The caller
// works too; threads are started on first use, one per core but the caller's.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace mai::audit {

class WorkerPool {
 public:
  // threads: 0 for one per core (the caller counts as one).
  explicit WorkerPool(unsigned threads = 0);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  unsigned size() const { return threads_; }
  // Calls fn(i) for every i in [0, n), spread over the pool in chunks of
  // `grain`; returns when all are done. The first exception fn throws is
  // rethrown here (the other calls still run).
  void for_each(size_t n, size_t grain, const std::function<void(size_t)>& fn);

  // The same in two steps, so that the caller can do other work meanwhile:
  // launch() hands the job to the pool's threads (fn must live until
  // join()); join() takes part in what is left, waits for the rest and
  // rethrows. One job at a time.
  struct Job;
  std::shared_ptr<Job> launch(size_t n, size_t grain, const std::function<void(size_t)>& fn);
  void join(const std::shared_ptr<Job>& job);

 private:
  void work();

  const unsigned threads_;
  std::vector<std::thread> pool_;
  std::mutex mu_;
  std::condition_variable wake_, done_;
  std::shared_ptr<Job> job_;  // the newest job; a worker that wakes late finds it finished
  uint64_t generation_ = 0;
  bool stopping_ = false;
};

}  // namespace mai::audit
