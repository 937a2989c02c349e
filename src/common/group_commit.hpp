// Group commit: concurrent callers hand in their items; one of them (the
// leader) writes everything queued so far in one go while the others wait,
// so N concurrent writers share one sync. Used by the audit log and a
// worker's audit spool.
//
// Two-stage form (the audit log): commit(batch) runs for one batch at a time,
// in queue order; then the leader hands leadership on and runs
// finish(batch) (the sync), so the next batch is committed (chained, signed,
// written) while this one is being synced. The items are done only after
// finish returned. A batch is committed only while at most one other is
// finishing: the items that arrive meanwhile gather into one batch instead
// of many small ones, each waiting for the disk behind the other.
//
// Each waiter sleeps on its own condition variable and is woken only when
// its item is done or when it is to lead the next batch: with many
// appenders, a notify_all per batch woke every one of them to take the lock
// and go back to sleep, on the cores the signers need. They are notified
// after the lock is released: a waiter woken while the notifier still held
// it went straight back to sleep on the mutex, a second context switch per
// append (perf: __lll_lock_wait under pthread_cond_signal). The condition
// variable is shared with the notifier, so it outlives a waiter that wakes
// early, sees its item done and returns.
#pragma once
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
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
    submit(item, std::forward<Commit>(commit), [](std::vector<Item*>&) {});
  }

  // Returns once `item` went through commit(batch) and then finish(batch);
  // rethrows the item's error, or what either call threw for its batch.
  template <class Commit, class Finish>
  void submit(Item& item, Commit&& commit, Finish&& finish) {
    Waiter self{&item, false, std::make_shared<std::condition_variable>()};
    std::unique_lock<std::mutex> lk(mu_);
    queue_.push_back(&self);
    // A waiter that another leader took only waits for its item to be done.
    while (!item.done && (self.taken || leader_ || finishing_ > 1)) self.cv->wait(lk);
    if (!item.done) lead(lk, commit, finish);
    if (item.error) std::rethrow_exception(item.error);
  }

 private:
  using Cv = std::shared_ptr<std::condition_variable>;
  struct Waiter {
    Item* item;
    bool taken;  // in a batch
    Cv cv;
  };

  template <class Commit, class Finish>
  void lead(std::unique_lock<std::mutex>& lk, Commit& commit, Finish& finish) {
    leader_ = true;
    std::vector<Waiter*> waiters(queue_.begin(), queue_.end());
    queue_.clear();
    std::vector<Item*> batch;
    batch.reserve(waiters.size());
    for (auto* w : waiters) {
      w->taken = true;
      batch.push_back(w->item);
    }
    lk.unlock();
    bool committed = run(batch, commit);
    lk.lock();
    // The next batch may be committed while this one finishes.
    leader_ = false;
    ++finishing_;
    Cv next = next_leader();
    lk.unlock();
    if (next) next->notify_one();
    if (committed) run(batch, finish);
    std::vector<Cv> wake;
    wake.reserve(waiters.size() + 1);
    lk.lock();
    --finishing_;
    if (Cv n = next_leader()) wake.push_back(std::move(n));
    for (auto* w : waiters) {
      w->item->done = true;
      wake.push_back(w->cv);  // the waiter may return as soon as the lock is free
    }
    lk.unlock();
    for (auto& cv : wake) cv->notify_one();  // the lock stays released: the leader returns
  }

  // The first waiter in the queue, to lead the next batch.
  Cv next_leader() { return queue_.empty() ? nullptr : queue_.front()->cv; }

  // Calls stage(batch); what it throws fails every item without an error of its own.
  template <class Stage>
  static bool run(std::vector<Item*>& batch, Stage& stage) {
    try {
      stage(batch);
      return true;
    } catch (...) {
      for (auto* q : batch)
        if (!q->error) q->error = std::current_exception();
      return false;
    }
  }

  std::mutex mu_;
  std::deque<Waiter*> queue_;
  bool leader_ = false;
  int finishing_ = 0;  // batches between commit and done
};

}  // namespace mai
