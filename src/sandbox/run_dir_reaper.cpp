#include "sandbox/run_dir_reaper.hpp"

#include <atomic>
#include <thread>

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
    queue_.push_back(Spent{IdLease{}, nullptr, std::move(remove)});
  }
  cv_.notify_all();
}

void RunDirReaper::flush() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [&] { return queue_.empty() && !busy_; });
}

void RunDirReaper::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return !queue_.empty(); });
    Spent spent = std::move(queue_.front());
    queue_.pop_front();
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
