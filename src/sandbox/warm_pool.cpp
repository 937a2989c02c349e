#include "sandbox/warm_pool.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "sandbox/run_activity.hpp"

namespace mai::sandbox {

namespace {

// How long a shape whose build failed waits before the next attempt.
constexpr auto kBuildBackoff = std::chrono::seconds(2);

}  // namespace

uint64_t host_memory_available() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  uint64_t kib = 0;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024;
  }
  return 0;
}

WarmPool::WarmPool(Factory factory, const config::WarmPoolSettings& settings,
                   std::vector<WarmShape> initial)
    : factory_(std::move(factory)), settings_(settings) {
  for (const auto& s : initial) {
    if (shapes_.size() >= kMaxShapes) break;
    bool known = std::any_of(shapes_.begin(), shapes_.end(), [&](const auto& k) { return k->shape == s; });
    if (known) continue;
    auto shape = std::make_unique<Shape>();
    shape->shape = s;
    shape->min = settings_.min_per_shape;
    shapes_.push_back(std::move(shape));
  }
  thread_ = std::thread([this] { refill(); });
}

WarmPool::~WarmPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  changed_.notify_all();
  thread_.join();
  // The entries (and their sandboxes) go with shapes_, before anything else.
  shapes_.clear();
}

size_t WarmPool::target(const Shape& s, Clock::time_point now) const {
  size_t want = s.min;
  if (now - s.last_asked < std::chrono::milliseconds(settings_.max_idle_ms)) want = std::max<size_t>(want, 1);
  want += static_cast<size_t>(std::count_if(s.served.begin(), s.served.end(), [&](Clock::time_point t) {
    return now - t < std::chrono::seconds(1);
  }));
  return std::min<size_t>(want, settings_.max_per_shape);
}

size_t WarmPool::total_ready() const {
  size_t n = 0;
  for (const auto& s : shapes_) n += s->ready.size();
  return n;
}

WarmPool::Shape* WarmPool::below_target(Clock::time_point now) {
  if (total_ready() >= settings_.max_total) return nullptr;
  Shape* pick = nullptr;
  for (auto& s : shapes_) {
    if (now - s->failed_at < kBuildBackoff) continue;
    if (s->ready.size() >= target(*s, now)) continue;
    // The emptiest first, so one busy shape does not starve the others.
    if (!pick || s->ready.size() < pick->ready.size()) pick = s.get();
  }
  return pick;
}

WarmPool::Clock::duration WarmPool::yield_for(const Shape& s, Clock::time_point now) {
  // None waiting for it: the next run of this shape would start cold.
  if (s.ready.empty() || settings_.refill_yield_ms == 0) return Clock::duration::zero();
  auto wait = RunActivity::instance().until_quiet(kQuietSettle);
  if (wait == Clock::duration::zero()) {
    steady_ = false;
    return wait;
  }
  // Runs have not paused since a wait ran out: waiting again would only slow
  // the refills down while the load lasts.
  if (steady_) return Clock::duration::zero();
  if (yielding_since_ == Clock::time_point{}) {
    yielding_since_ = now;
    ++counters_.yielded;
  }
  if (now - yielding_since_ < std::chrono::milliseconds(settings_.refill_yield_ms)) return wait;
  ++counters_.yield_expired;  // steady load: build anyway, or the pool would drain
  steady_ = true;
  return Clock::duration::zero();
}

std::unique_ptr<WarmEntry> WarmPool::take(const RunSpec& spec) {
  std::unique_ptr<WarmEntry> found;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_) return nullptr;
    // Never warm (inputs are copied in while the root is built); teaches nothing.
    if (spec.network != NetworkMode::none || !spec.inputs.empty()) {
      ++counters_.misses;
      return nullptr;
    }
    auto now = Clock::now();
    WarmShape asked = warm_shape_of(spec);
    // The exact shape first; else any that fits (a finer request).
    Shape* from = nullptr;
    for (auto& s : shapes_)
      if (s->shape == asked && !s->ready.empty() && warm_fits(s->shape, spec)) from = s.get();
    for (auto& s : shapes_)
      if (!from && !s->ready.empty() && warm_fits(s->shape, spec)) from = s.get();
    if (from) {
      found = std::move(from->ready.front().entry);
      from->ready.pop_front();
      from->served.push_back(now);
      from->last_asked = now;
      ++counters_.hits;
    } else {
      ++counters_.misses;
    }
    // Note the demand for the exact shape, learning it if new.
    {
      Shape* exact = nullptr;
      for (auto& s : shapes_)
        if (s->shape == asked) exact = s.get();
      if (!exact && shapes_.size() >= kMaxShapes) {
        // Forget the learned shape asked for least recently, with nothing waiting.
        auto victim = shapes_.end();
        for (auto it = shapes_.begin(); it != shapes_.end(); ++it)
          if ((*it)->min == 0 && (*it)->ready.empty() &&
              (victim == shapes_.end() || (*it)->last_asked < (*victim)->last_asked))
            victim = it;
        if (victim != shapes_.end()) shapes_.erase(victim);
      }
      if (!exact && shapes_.size() < kMaxShapes) {
        shapes_.push_back(std::make_unique<Shape>());
        exact = shapes_.back().get();
        exact->shape = asked;
      }
      if (exact && exact != from) {
        exact->last_asked = now;
        if (!from) exact->served.push_back(now);
      }
    }
  }
  wake_.notify_all();
  return found;
}

WarmPool::Counters WarmPool::counters() const {
  std::lock_guard<std::mutex> lock(mu_);
  Counters c = counters_;
  c.waiting = total_ready();
  return c;
}

bool WarmPool::wait_filled(std::chrono::milliseconds timeout) const {
  std::unique_lock<std::mutex> lock(mu_);
  return changed_.wait_for(lock, timeout, [&] {
    if (stop_) return true;
    if (total_ready() >= settings_.max_total) return true;
    auto now = Clock::now();
    for (const auto& s : shapes_)
      if (s->ready.size() < target(*s, now) && now - s->failed_at >= kBuildBackoff) return false;
    return true;
  });
}

void WarmPool::refill() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stop_) {
    auto now = Clock::now();
    std::vector<std::unique_ptr<WarmEntry>> doomed;  // destroyed without the lock
    const auto max_idle = std::chrono::milliseconds(settings_.max_idle_ms);
    for (auto& s : shapes_) {
      while (!s->ready.empty() && now - s->ready.front().built >= max_idle) {
        doomed.push_back(std::move(s->ready.front().entry));
        s->ready.pop_front();
        ++counters_.expired;
      }
      while (!s->served.empty() && now - s->served.front() >= max_idle) s->served.pop_front();
    }
    bool memory_short = host_memory_available() < settings_.min_free_memory_bytes;
    if (memory_short) {
      // The oldest waiting entry goes; the next round looks again.
      Shape* oldest = nullptr;
      for (auto& s : shapes_)
        if (!s->ready.empty() && (!oldest || s->ready.front().built < oldest->ready.front().built))
          oldest = s.get();
      if (oldest) {
        doomed.push_back(std::move(oldest->ready.front().entry));
        oldest->ready.pop_front();
        ++counters_.memory_evictions;
      }
    }
    Shape* build = memory_short ? nullptr : below_target(now);
    if (!doomed.empty()) {
      lock.unlock();
      doomed.clear();
      lock.lock();
      changed_.notify_all();
      continue;
    }
    if (!build) {
      yielding_since_ = {};
      // A quiet moment seen while nothing needed building ends steady load too.
      if (RunActivity::instance().until_quiet(kQuietSettle) == Clock::duration::zero()) steady_ = false;
      changed_.notify_all();
      wake_.wait_for(lock, std::chrono::milliseconds(250));
      continue;
    }
    if (auto wait = yield_for(*build, now); wait != Clock::duration::zero()) {
      wake_.wait_for(lock, wait);  // a take() that empties a shape wakes it at once
      continue;
    }
    yielding_since_ = {};
    WarmShape shape = build->shape;
    lock.unlock();
    std::unique_ptr<WarmEntry> entry;
    try {
      entry = factory_(shape);
    } catch (const std::exception&) {
    }
    lock.lock();
    // The shape may have been forgotten meanwhile: find it again.
    Shape* home = nullptr;
    for (auto& s : shapes_)
      if (s->shape == shape) home = s.get();
    if (!entry) {
      ++counters_.build_failures;
      if (home) home->failed_at = Clock::now();
    } else if (home && !stop_) {
      home->ready.push_back(Waiting{std::move(entry), Clock::now()});
      ++counters_.built;
    } else {
      lock.unlock();
      entry.reset();
      lock.lock();
    }
    changed_.notify_all();
  }
}

}  // namespace mai::sandbox
