// The coordinator's placement of jobs on workers (cluster/placement.hpp).
// Time is passed in: no sleeps.
#include "cluster/placement.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <set>

namespace mai::cluster {

using namespace std::chrono_literals;

namespace {

WorkerInfo worker(const std::string& id, uint32_t slots, std::vector<Backend> b = {Backend::native}) {
  return WorkerInfo{id, "host-" + id, slots, slots, uint64_t(slots) << 30, std::move(b)};
}

JobRef job(int i, Backend b = Backend::native) { return JobRef{"req-" + std::to_string(i), b}; }

std::map<std::string, Placement::WorkerStatus> by_id(const Placement& p, time_point now) {
  std::map<std::string, Placement::WorkerStatus> out;
  for (auto& w : p.workers(now)) out[w.info.id] = w;
  return out;
}

}  // namespace

TEST(Placement, FillsByLoadNotBySlots) {
  Placement p(10, 3s);
  auto t = Clock::now();
  p.join(worker("a", 2), t);
  p.join(worker("b", 4), t);
  p.join(worker("c", 8), t);
  // Half the capacity (7 of 14): every worker is half full.
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(p.place(job(i), t));
  auto w = by_id(p, t);
  EXPECT_EQ(w["a"].running, 1u);
  EXPECT_EQ(w["b"].running, 2u);
  EXPECT_EQ(w["c"].running, 4u);
  for (int i = 7; i < 14; ++i) ASSERT_TRUE(p.place(job(i), t));
  EXPECT_FALSE(p.place(job(14), t)) << "every slot is taken";
  w = by_id(p, t);
  EXPECT_EQ(w["a"].running, 2u);
  EXPECT_EQ(w["b"].running, 4u);
  EXPECT_EQ(w["c"].running, 8u);
  // Placing the same job again is not a second placement.
  EXPECT_EQ(*p.place(job(3), t), *p.worker_of("req-3"));
}

TEST(Placement, TiesGoToFewerPlacedThenId) {
  Placement p(10, 3s);
  auto t = Clock::now();
  p.join(worker("b", 1), t);
  p.join(worker("a", 1), t);
  EXPECT_EQ(p.place(job(1), t), std::optional<std::string>("a"));  // all equal: by id
  p.finished("a", "req-1");
  EXPECT_EQ(p.place(job(2), t), std::optional<std::string>("b"));  // equal load, b has placed fewer
  EXPECT_EQ(p.place(job(3), t), std::optional<std::string>("a"));
}

// 300 jobs through 3 workers of different sizes: all admitted at once (the
// queue takes what the slots cannot), then the oldest running job finishes
// and the queue drains, until all are done. Each worker is kept full, and
// takes work in proportion to its slots.
TEST(Placement, Spreads300JobsEvenlyByLoad) {
  Placement p(300, 3s);
  auto t = Clock::now();
  p.join(worker("small", 2), t);
  p.join(worker("medium", 4), t);
  p.join(worker("large", 8), t);
  std::deque<std::pair<std::string, std::string>> running;  // (worker, request), oldest first
  int placed = 0, queued = 0;
  for (int i = 0; i < 300; ++i) {
    std::string w;
    auto a = p.admit(job(i), t, &w);
    if (a == Placement::Admit::placed) {
      ++placed;
      running.emplace_back(w, job(i).request_id);
    } else {
      ASSERT_EQ(a, Placement::Admit::queued) << to_string(a);
      ++queued;
    }
  }
  EXPECT_EQ(placed, 14);
  EXPECT_EQ(queued, 286);
  EXPECT_EQ(p.queued(), 286u);
  std::set<std::string> done;
  while (!running.empty()) {
    auto [w, r] = running.front();
    running.pop_front();
    p.finished(w, r);
    done.insert(r);
    for (auto& [j, to] : p.drain_queue(t)) running.emplace_back(to, j.request_id);
    if (p.queued() > 0) {  // while work waits, every worker is full: the same load everywhere
      auto s = by_id(p, t);
      ASSERT_EQ(s["small"].running + s["medium"].running + s["large"].running, 14u);
      ASSERT_EQ(s["small"].running * 4, s["large"].running);
    }
    t += 10ms;
    for (const char* id : {"small", "medium", "large"}) p.heartbeat(id, t);
  }
  EXPECT_EQ(done.size(), 300u);
  auto s = by_id(p, t);
  uint64_t total = s["small"].placed_total + s["medium"].placed_total + s["large"].placed_total;
  EXPECT_EQ(total, 300u);
  // In proportion to the slots (2:4:8 of 300 = 43:86:171), within a few jobs.
  EXPECT_NEAR(double(s["small"].placed_total), 300.0 * 2 / 14, 3.0);
  EXPECT_NEAR(double(s["medium"].placed_total), 300.0 * 4 / 14, 3.0);
  EXPECT_NEAR(double(s["large"].placed_total), 300.0 * 8 / 14, 3.0);
  for (auto& [id, st] : s) EXPECT_EQ(st.running, 0u) << id;
}

TEST(Placement, BoundedQueueThenOverloaded) {
  Placement p(3, 3s);
  auto t = Clock::now();
  p.join(worker("a", 1), t);
  std::string w;
  EXPECT_EQ(p.admit(job(0), t, &w), Placement::Admit::placed);
  EXPECT_EQ(w, "a");
  for (int i = 1; i <= 3; ++i) EXPECT_EQ(p.admit(job(i), t, nullptr), Placement::Admit::queued);
  EXPECT_EQ(p.admit(job(4), t, nullptr), Placement::Admit::overloaded);
  EXPECT_EQ(p.queued(), 3u);
  EXPECT_TRUE(p.cancel_queued("req-2"));
  EXPECT_FALSE(p.cancel_queued("req-2"));
  EXPECT_EQ(p.admit(job(5), t, nullptr), Placement::Admit::queued);
  EXPECT_EQ(p.admit(job(6), t, nullptr), Placement::Admit::overloaded);
  Placement none(0, 3s);  // no queue at all
  none.join(worker("a", 1), t);
  EXPECT_EQ(none.admit(job(0), t, nullptr), Placement::Admit::placed);
  EXPECT_EQ(none.admit(job(1), t, nullptr), Placement::Admit::overloaded);
}

TEST(Placement, BackendFilter) {
  Placement p(10, 3s);
  auto t = Clock::now();
  EXPECT_EQ(p.admit(job(0), t, nullptr), Placement::Admit::queued) << "no workers at all: wait";
  ASSERT_TRUE(p.cancel_queued(job(0).request_id));
  p.join(worker("n", 2, {Backend::native}), t);
  p.join(worker("d", 1, {Backend::native, Backend::docker}), t);
  std::string w;
  EXPECT_EQ(p.admit(job(1, Backend::docker), t, &w), Placement::Admit::placed);
  EXPECT_EQ(w, "d");
  EXPECT_EQ(p.admit(job(2, Backend::docker), t, &w), Placement::Admit::queued) << "d is full; n cannot";
  EXPECT_EQ(p.place(job(3), t), std::optional<std::string>("n"));
  EXPECT_EQ(p.place(job(4), t), std::optional<std::string>("n"));
  EXPECT_FALSE(p.place(job(5), t));
  p.leave("d");
  EXPECT_EQ(p.admit(job(6, Backend::docker), t, nullptr), Placement::Admit::no_capable_worker);
}

TEST(Placement, HeartbeatExpiryReturnsRunningJobs) {
  Placement p(10, 3s);
  auto t0 = Clock::now();
  p.join(worker("a", 3), t0);
  p.join(worker("b", 2), t0);
  ASSERT_EQ(p.place(job(1), t0), std::optional<std::string>("a"));
  ASSERT_EQ(p.place(job(2), t0), std::optional<std::string>("b"));
  ASSERT_EQ(p.place(job(3), t0), std::optional<std::string>("a"));
  p.heartbeat("a", t0 + 2s);
  EXPECT_TRUE(p.expire(t0 + 3s).empty()) << "exactly at the timeout: still alive";
  // b is silent for more than 3 s; a said something 2 s in.
  auto lost = p.expire(t0 + 3s + 1ms);
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].worker_id, "b");
  EXPECT_EQ(lost[0].running, (std::vector<std::string>{"req-2"}));
  EXPECT_FALSE(p.worker_of("req-2"));
  EXPECT_TRUE(p.expire(t0 + 4s).empty()) << "lost once, reported once";
  auto s = by_id(p, t0 + 4s);
  EXPECT_FALSE(s["b"].active);
  EXPECT_EQ(s["b"].running, 0u);
  EXPECT_EQ(s["b"].since_heartbeat, 4000ms);
  EXPECT_TRUE(s["a"].active);
  EXPECT_EQ(s["a"].since_heartbeat, 2000ms);
  // A late heartbeat or result from the lost worker changes nothing.
  p.heartbeat("b", t0 + 4s);
  p.finished("b", "req-2");
  EXPECT_FALSE(by_id(p, t0 + 4s)["b"].active);
  auto f = p.recent_failures();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NE(f[0].find("worker b (host-b) lost: no heartbeat for 3001 ms; 1 running job"), std::string::npos) << f[0];
  EXPECT_EQ(f[0].size() > 20 && f[0][4] == '-' && f[0][19] == 'Z', true) << f[0];
  // A silent worker is not chosen even before expire() notices it.
  p.join(worker("c", 4), t0 + 4s);
  p.heartbeat("a", t0 + 7s);
  EXPECT_EQ(p.place(job(4), t0 + 8s), std::optional<std::string>("a")) << "not c: it has been silent for 4 s";
  p.heartbeat("a", t0 + 9s);
  p.heartbeat("c", t0 + 9s);
  EXPECT_EQ(p.place(job(5), t0 + 9s), std::optional<std::string>("c"));
  auto lost2 = p.leave("a");
  EXPECT_EQ(lost2.running, (std::vector<std::string>{"req-1", "req-3", "req-4"}));
  EXPECT_TRUE(p.leave("a").running.empty());
  EXPECT_TRUE(p.leave("nobody").running.empty());
  EXPECT_NE(p.recent_failures().back().find("worker a (host-a) lost: connection closed; 3 running jobs"),
            std::string::npos);
}

TEST(Placement, RecentFailuresKeepsTheLast20) {
  Placement p(10, 1s);
  auto t = Clock::now();
  for (int i = 0; i < 25; ++i) {
    p.join(worker("w" + std::to_string(i), 1), t);
    p.leave("w" + std::to_string(i));
  }
  auto f = p.recent_failures();
  ASSERT_EQ(f.size(), 20u);
  EXPECT_NE(f.front().find("worker w5 "), std::string::npos) << f.front();
  EXPECT_NE(f.back().find("worker w24 "), std::string::npos) << f.back();
}

TEST(Placement, RejoinIsActiveAndTakesWork) {
  Placement p(10, 3s);
  auto t0 = Clock::now();
  p.join(worker("a", 1), t0);
  ASSERT_EQ(p.place(job(1), t0), std::optional<std::string>("a"));
  ASSERT_EQ(p.expire(t0 + 5s).size(), 1u);
  EXPECT_EQ(p.admit(job(2), t0 + 5s, nullptr), Placement::Admit::queued) << "every worker lost: wait";
  ASSERT_TRUE(p.cancel_queued(job(2).request_id));
  // Back, with more slots: active, nothing running, its count of placed jobs kept.
  auto prev = p.join(worker("a", 2), t0 + 6s);
  EXPECT_TRUE(prev.running.empty());
  auto s = by_id(p, t0 + 6s);
  EXPECT_TRUE(s["a"].active);
  EXPECT_EQ(s["a"].running, 0u);
  EXPECT_EQ(s["a"].placed_total, 1u);
  EXPECT_EQ(s["a"].info.slots, 2u);
  EXPECT_EQ(p.place(job(2), t0 + 6s), std::optional<std::string>("a"));
  EXPECT_EQ(p.place(job(3), t0 + 6s), std::optional<std::string>("a"));
  // A restart noticed only by the rejoin (before any timeout): the jobs of the
  // previous incarnation are returned, so they can end as worker_lost.
  prev = p.join(worker("a", 2), t0 + 7s);
  EXPECT_EQ(prev.running, (std::vector<std::string>{"req-2", "req-3"}));
  EXPECT_EQ(by_id(p, t0 + 7s)["a"].running, 0u);
  EXPECT_NE(p.recent_failures().back().find("rejoined while it had jobs running; 2 running jobs"),
            std::string::npos);
}

TEST(Placement, DrainIsFifoAndLostWorkersQueuedJobsStayQueued) {
  Placement p(10, 3s);
  auto t = Clock::now();
  p.join(worker("a", 1), t);
  p.join(worker("b", 1), t);
  ASSERT_TRUE(p.place(job(0), t));
  ASSERT_TRUE(p.place(job(1), t));
  for (int i = 2; i < 7; ++i) ASSERT_EQ(p.admit(job(i), t, nullptr), Placement::Admit::queued);
  EXPECT_TRUE(p.drain_queue(t).empty()) << "nothing free";
  // a is lost: its running job comes back, the queue is untouched.
  auto lost = p.leave(*p.worker_of("req-0"));
  EXPECT_EQ(lost.running, (std::vector<std::string>{"req-0"}));
  EXPECT_EQ(p.queued(), 5u);
  p.finished(*p.worker_of("req-1"), "req-1");
  auto d = p.drain_queue(t);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].first.request_id, "req-2") << "oldest first";
  // A new worker with three slots takes the next three, in order.
  p.join(worker("c", 3), t);
  d = p.drain_queue(t);
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].first.request_id, "req-3");
  EXPECT_EQ(d[1].first.request_id, "req-4");
  EXPECT_EQ(d[2].first.request_id, "req-5");
  for (auto& [j, w] : d) EXPECT_EQ(w, "c");
  EXPECT_EQ(p.queued(), 1u);
  // A job of a backend nobody has free does not hold up the others.
  Placement q(10, 3s);
  q.join(worker("n", 1, {Backend::native}), t);
  q.join(worker("d", 1, {Backend::docker}), t);
  ASSERT_TRUE(q.place(job(0, Backend::docker), t));
  ASSERT_TRUE(q.place(job(1), t));
  q.admit(job(2, Backend::docker), t, nullptr);
  q.admit(job(3), t, nullptr);
  q.finished("n", "req-1");
  d = q.drain_queue(t);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].first.request_id, "req-3");
  EXPECT_EQ(q.queued(), 1u);
}

}  // namespace mai::cluster
