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

std::shared_ptr<WorkerPool::Job> WorkerPool::launch(size_t n, size_t grain, const std::function<void(size_t)>& fn) {
  auto job = std::make_shared<Job>();
  job->fn = &fn;
  job->n = n;
  job->grain = std::max<size_t>(1, grain);
  if (threads_ <= 1 || n <= job->grain) return job;  // join() does it all
  {
    std::lock_guard<std::mutex> lk(mu_);
    while (pool_.size() + 1 < threads_) pool_.emplace_back([this] { work(); });
    job_ = job;
    ++generation_;
  }
  wake_.notify_all();
  return job;
}

void WorkerPool::join(const std::shared_ptr<Job>& job) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    ++job->active;  // the caller
  }
  job->run(mu_);
  std::unique_lock<std::mutex> lk(mu_);
  --job->active;
  // Every chunk was taken; wait for those still running theirs.
  done_.wait(lk, [&] { return job->active == 0; });
  if (job->error) std::rethrow_exception(job->error);
}

void WorkerPool::for_each(size_t n, size_t grain, const std::function<void(size_t)>& fn) {
  if (n == 0) return;
  join(launch(n, grain, fn));
}

}  // namespace mai::audit
