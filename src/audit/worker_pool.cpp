#include "audit/worker_pool.hpp"

#include <algorithm>
#include <atomic>
#include <exception>

namespace mai::audit {

struct WorkerPool::Job {
  const std::function<void(size_t)>* fn;
  size_t n, grain;
  std::atomic<size_t> next{0};
  unsigned active = 0;  // threads inside run(); under the pool's mutex
  std::exception_ptr error;

  // Takes chunks until none is left; only then may fn be gone.
  void run(std::mutex& mu) {
    for (;;) {
      size_t start = next.fetch_add(grain);
      if (start >= n) return;
      size_t end = std::min(n, start + grain);
      for (size_t i = start; i < end; ++i) {
        try {
          (*fn)(i);
        } catch (...) {
          std::lock_guard<std::mutex> lk(mu);
          if (!error) error = std::current_exception();
        }
      }
    }
  }
};

WorkerPool::WorkerPool(unsigned threads)
    : threads_(threads ? threads : std::max(1u, std::thread::hardware_concurrency())) {}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : pool_) t.join();
}

void WorkerPool::work() {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    wake_.wait(lk, [&] { return stopping_ || generation_ != seen; });
    if (stopping_) return;
    seen = generation_;
    std::shared_ptr<Job> job = job_;
    ++job->active;
    lk.unlock();
    job->run(mu_);
    lk.lock();
    if (--job->active == 0) done_.notify_all();
  }
}

void WorkerPool::for_each(size_t n, size_t grain, const std::function<void(size_t)>& fn) {
  if (n == 0) return;
  grain = std::max<size_t>(1, grain);
  if (threads_ <= 1 || n <= grain) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  auto job = std::make_shared<Job>();
  job->fn = &fn;
  job->n = n;
  job->grain = grain;
  {
    std::lock_guard<std::mutex> lk(mu_);
    while (pool_.size() + 1 < threads_) pool_.emplace_back([this] { work(); });
    job_ = job;
    ++generation_;
    ++job->active;  // the caller
  }
  wake_.notify_all();
  job->run(mu_);
  std::unique_lock<std::mutex> lk(mu_);
  --job->active;
  // Every chunk was taken; wait for those still running theirs.
  done_.wait(lk, [&] { return job->active == 0; });
  if (job->error) std::rethrow_exception(job->error);
}

}  // namespace mai::audit
