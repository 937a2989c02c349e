#include "sandbox/run_stock.hpp"

namespace mai::sandbox {

namespace {

bool same_cgroup_limits(const Limits& a, const Limits& b) {
  return a.cpus == b.cpus && a.memory_bytes == b.memory_bytes && a.pids == b.pids;
}

}  // namespace

void StockedRun::destroy() noexcept {
  try {
    // No process ever ran in it; an empty cgroup's removal frees its ids.
    if (cgroup && cgroup->destroy()) ids.vacated();
  } catch (...) {
  }
  ids.release();
  if (dir) dir->remove();
  cgroup.reset();
  dir.reset();
}

StockedRun& StockedRun::operator=(StockedRun&& o) noexcept {
  if (this != &o) {
    destroy();
    ids = std::move(o.ids);
    dir = std::move(o.dir);
    cgroup = std::move(o.cgroup);
    scratch_root = std::move(o.scratch_root);
    limits = o.limits;
  }
  return *this;
}

bool stock_fits(const Limits& have, const Limits& want) {
  return want.cpus <= have.cpus && want.memory_bytes <= have.memory_bytes && want.pids <= have.pids;
}

RunStock::RunStock(size_t size, Make make) : size_(size), make_(std::move(make)) {
  thread_ = std::thread([this] { loop(); });
}

RunStock::~RunStock() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

std::optional<StockedRun> RunStock::take(const std::string& scratch_root, const Limits& limits) {
  std::optional<StockedRun> out;
  {
    std::lock_guard<std::mutex> lock(mu_);
    bool retarget = !target_ || target_->first != scratch_root || !same_cgroup_limits(target_->second, limits);
    for (auto it = items_.begin(); it != items_.end();) {
      bool fits = it->scratch_root == scratch_root && stock_fits(it->limits, limits);
      if (fits && !out) {
        out = std::move(*it);
      } else if (!fits || retarget) {
        discarded_.push_back(std::move(*it));
      } else {
        ++it;
        continue;
      }
      it = items_.erase(it);
    }
    target_ = std::make_pair(scratch_root, limits);
    wanted_ = false;  // until the taker's sandbox is built
  }
  return out;
}

void RunStock::restock() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    failed_ = false;
    wanted_ = true;
  }
  cv_.notify_all();
}

size_t RunStock::ready() const {
  std::lock_guard<std::mutex> lock(mu_);
  return items_.size();
}

void RunStock::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] {
      return stop_ || (wanted_ && (!discarded_.empty() || (target_ && !failed_ && items_.size() < size_)));
    });
    if (stop_) break;
    if (!discarded_.empty()) {
      StockedRun spent = std::move(discarded_.front());
      discarded_.pop_front();
      lock.unlock();
      spent.destroy();
      lock.lock();
      continue;
    }
    auto [root, limits] = *target_;
    lock.unlock();
    std::optional<StockedRun> made;
    try {
      made = make_(root, limits);
      made->scratch_root = root;
      made->limits = limits;
    } catch (...) {
      // The next cold start builds its own, and says why if it fails too.
    }
    lock.lock();
    if (!made) {
      failed_ = true;
    } else if (target_->first == root && stock_fits(limits, target_->second)) {
      items_.push_back(std::move(*made));
    } else {
      discarded_.push_back(std::move(*made));
    }
  }
  std::deque<StockedRun> left;
  for (auto* q : {&items_, &discarded_})
    for (auto& s : *q) left.push_back(std::move(s));
  items_.clear();
  discarded_.clear();
  lock.unlock();
  for (auto& s : left) s.destroy();
}

}  // namespace mai::sandbox
