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
// Each waiter sleeps on its own futex word and is woken only when its item
// is done or when it is to lead the next batch: with many appenders, a
// notify_all per batch woke every one of them to take the lock and go back
// to sleep, on the cores the signers need. A waiter whose item is done
// learns it from its word and returns without taking the lock (with a
// condition variable, every woken appender took the group's mutex once more,
// and 64 of them contended for it); the word lives on the waiter's stack,
// nothing is allocated per append. The kernel is entered after the lock is
// released: a waiter woken while the notifier still held it went straight
// back to sleep on the mutex.
#pragma once
#include <atomic>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <vector>

#include "common/futex.hpp"

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
    Waiter self{&item};
    std::unique_lock<std::mutex> lk(mu_);
    queue_.push_back(&self);
    for (;;) {
      uint32_t w = self.word.load(std::memory_order_acquire);
      if (w == kDone) break;  // another leader's batch
      if (!self.taken && !leader_ && finishing_ <= 1) {
        lead(lk, self, commit, finish);
        break;
      }
      // To sleep; a leader storing kDone meanwhile (it does so without the
      // lock) must not be overwritten: the loop then sees it.
      if (w != kAsleep && !self.word.compare_exchange_strong(w, kAsleep)) continue;
      lk.unlock();
      while ((w = self.word.load(std::memory_order_acquire)) == kAsleep) futex_wait(self.word, kAsleep);
      if (w == kDone) return finished(item);  // without the lock
      lk.lock();
    }
    if (lk.owns_lock()) lk.unlock();
    finished(item);
  }

 private:
  // A waiter's word: asleep, woken to look (lead, maybe), or done: then its
  // item's batch went through commit and finish, and the waker is gone.
  static constexpr uint32_t kAsleep = 0, kLook = 1, kDone = 2;
  struct Waiter {
    Item* item;
    bool taken = false;  // in a batch
    std::atomic<uint32_t> word{kLook};
  };

  static void finished(Item& item) {
    if (item.error) std::rethrow_exception(item.error);
  }

  template <class Commit, class Finish>
  void lead(std::unique_lock<std::mutex>& lk, Waiter& self, Commit& commit, Finish& finish) {
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
    Waiter* next = next_leader();
    lk.unlock();
    if (next) futex_wake_one(next->word);
    if (committed) run(batch, finish);
    lk.lock();
    --finishing_;
    next = next_leader();
    for (auto* w : waiters) w->item->done = true;
    lk.unlock();
    if (next) futex_wake_one(next->word);
    // kDone is the last this thread touches of a waiter: it may return at once.
    for (auto* w : waiters) {
      if (w == &self) continue;  // the leader returns by itself
      w->word.store(kDone, std::memory_order_release);
      futex_wake_one(w->word);  // harmless if it already returned
    }
  }

  // The first waiter in the queue, told to look whether it may lead (under
  // the lock, so it is still there; the caller wakes it after unlocking).
  Waiter* next_leader() {
    if (queue_.empty()) return nullptr;
    queue_.front()->word.store(kLook, std::memory_order_release);
    return queue_.front();
  }

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
