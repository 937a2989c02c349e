#include "sandbox/run_activity.hpp"

#include <algorithm>

namespace mai::sandbox {

namespace {
// How often a waiter looks again while runs are in flight: short next to a
// container's build, long next to the few atomic reads it costs.
constexpr auto kPoll = std::chrono::milliseconds(2);

int64_t ticks(RunActivity::Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}
}  // namespace

RunActivity& RunActivity::instance() {
  static RunActivity activity;
  return activity;
}

RunActivity::Scope::Scope() { ++instance().in_flight_; }

RunActivity::Scope::~Scope() {
  RunActivity& a = instance();
  a.last_end_.store(ticks(Clock::now()));
  --a.in_flight_;
}

RunActivity::Clock::duration RunActivity::until_quiet(Clock::duration settle) const {
  if (in_flight_.load() > 0) return kPoll;
  auto since_end = std::chrono::nanoseconds(ticks(Clock::now()) - last_end_.load());
  if (since_end >= settle) return Clock::duration::zero();
  return std::max<Clock::duration>(settle - since_end, std::chrono::microseconds(100));
}

}  // namespace mai::sandbox
