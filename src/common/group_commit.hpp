// Group commit: concurrent callers hand in their items; one of them (the
// leader) writes everything queued so far in one go while the others wait,
// so N concurrent writers share one sync. Used by the audit log and a
// worker's audit spool.
#pragma once
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <vector>

namespace mai {

// Item needs `bool done` and `std::exception_ptr error`.
template <class Item>
class GroupCommit {
 public:
  // Returns once `item` was written by `commit(std::vector<Item*>&)`, called
  // by this thread or another; rethrows what that call threw.
  template <class Commit>
  void submit(Item& item, Commit&& commit) {
    std::unique_lock<std::mutex> lk(mu_);
    queue_.push_back(&item);
    while (!item.done) {
      if (leader_) {
        cv_.wait(lk);
        continue;
      }
      leader_ = true;
      std::vector<Item*> batch(queue_.begin(), queue_.end());
      queue_.clear();
      lk.unlock();
      try {
        commit(batch);
      } catch (...) {
        for (auto* q : batch)
          if (!q->error) q->error = std::current_exception();
      }
      lk.lock();
      for (auto* q : batch) q->done = true;
      leader_ = false;
      cv_.notify_all();
    }
    if (item.error) std::rethrow_exception(item.error);
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Item*> queue_;
  bool leader_ = false;
};

}  // namespace mai
