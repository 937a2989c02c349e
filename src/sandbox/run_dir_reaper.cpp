#include "sandbox/run_dir_reaper.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

#include "sandbox/run_activity.hpp"

namespace mai::sandbox {

namespace {
std::atomic<RunDirReaper*> started{nullptr};
}

RunDirReaper& RunDirReaper::instance() {
  // Never destroyed: its detached thread may still run during exit.
  static RunDirReaper* reaper = new RunDirReaper();
  started.store(reaper);
  return *reaper;
}

void RunDirReaper::flush_if_used() {
  if (RunDirReaper* reaper = started.load()) reaper->flush();
}

RunDirReaper::RunDirReaper() { std::thread([this] { loop(); }).detach(); }

void RunDirReaper::remove_later(IdLease ids, std::unique_ptr<RunDir> dir) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(Spent{std::move(ids), std::move(dir), nullptr});
  }
  cv_.notify_all();
}

void RunDirReaper::later(std::function<void()> remove) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(Spent{IdLease{}, nullptr, std::move(remove), std::chrono::steady_clock::now()});
  }
  cv_.notify_all();
}

void RunDirReaper::flush() {
  std::unique_lock<std::mutex> lock(mu_);
  ++flushing_;
  cv_.notify_all();
  cv_.wait(lock, [&] { return queue_.empty() && !busy_; });
  --flushing_;
}

size_t RunDirReaper::next_due(std::chrono::steady_clock::duration& wait) const {
  auto now = std::chrono::steady_clock::now();
  auto quiet = RunActivity::instance().until_quiet(kQuietSettle);
  wait = std::chrono::steady_clock::duration::max();
  for (size_t i = 0; i < queue_.size(); ++i) {
    const Spent& s = queue_[i];
    // A directory and ids are cheap, and the ids are wanted back.
    if (!s.remove || flushing_ > 0 || quiet == std::chrono::steady_clock::duration::zero()) return i;
    auto left = s.handed + kRemovalYield - now;
    if (left <= std::chrono::steady_clock::duration::zero()) return i;
    wait = std::min({wait, quiet, left});
  }
  return queue_.size();
}

void RunDirReaper::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return !queue_.empty(); });
    std::chrono::steady_clock::duration wait;
    size_t i = next_due(wait);
    if (i == queue_.size()) {
      cv_.wait_for(lock, wait);  // a flush() or a new directory wakes it sooner
      continue;
    }
    Spent spent = std::move(queue_[i]);
    queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(i));
    busy_ = true;
    lock.unlock();
    if (spent.remove) spent.remove();
    spent.ids.release();
    spent.dir.reset();  // RunDir's destructor removes it, then lets go of its lock
    lock.lock();
    busy_ = false;
    cv_.notify_all();
  }
}

}  // namespace mai::sandbox
