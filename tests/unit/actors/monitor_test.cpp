// The monitor on the deterministic scheduler, with a probe the test scripts:
// it samples on its interval (the actor clock is moved, no sleeping), streams
// samples to the subscriber, and on the first broken limit kills the run
// once, records why, and reports it in the verdict.
#include <gtest/gtest.h>

#include "actors/monitor.hpp"
#include "audit/event_types.hpp"
#include "deterministic.hpp"
#include "fakes.hpp"

namespace mai::actors::testing {

namespace {

namespace ev = audit::events;
constexpr std::chrono::milliseconds interval{100};
constexpr uint64_t MiB = 1024 * 1024;

// What the scripted probe reads, and what the monitor did to the run.
struct RunScript {
  ResourceSample next;
  bool oom = false;
  bool pids_hit = false;
  int kills = 0;
  int samples = 0;
};

class ScriptedProbe : public sandbox::Probe {
 public:
  explicit ScriptedProbe(std::shared_ptr<RunScript> run) : run_(std::move(run)) {}
  sandbox::ProbeReading read() override {
    ++run_->samples;
    return {run_->next, run_->oom, run_->pids_hit};
  }
  void kill_all() override { ++run_->kills; }

 private:
  std::shared_ptr<RunScript> run_;
};

class MonitorTest : public ::testing::Test {
 protected:
  MonitorTest() {
    limits.memory_bytes = 256 * MiB;
    limits.pids = 64;
    limits.cpus = 1;
    limits.timeout_ms = 10000;
    limits.tmpfs_bytes = 64 * MiB;
    run->next.memory_bytes = 10 * MiB;
    run->next.pids = 1;
    monitor = t.spawn(actors::monitor, interval, t.spawn(recording_auditor, book),
                      ProbeFactory([run = run](const ProbeTarget&) {
                        return std::make_unique<ScriptedProbe>(run);
                      }));
  }

  void watch(const caf::actor& subscriber = caf::actor{}) {
    t.send(monitor, watch_atom::value, std::string("req-1"), ProbeTarget{}, limits, subscriber);
  }

  MonitorVerdict unwatch() {
    auto v = t.ask<MonitorVerdict>(monitor, nullptr, unwatch_atom::value, std::string("req-1"));
    EXPECT_TRUE(v);
    return v.value_or(MonitorVerdict{});
  }

  Deterministic t;
  std::shared_ptr<AuditBook> book = std::make_shared<AuditBook>();
  std::shared_ptr<RunScript> run = std::make_shared<RunScript>();
  Limits limits;
  monitor_actor monitor;
};

}  // namespace

TEST_F(MonitorTest, ARunWithinItsLimitsIsLeftAloneAndItsPeaksReported) {
  watch();
  run->next.memory_bytes = 100 * MiB;
  run->next.pids = 5;
  run->next.disk_bytes = 63 * MiB;
  t.advance(interval);
  run->next.memory_bytes = 20 * MiB;
  run->next.pids = 2;
  t.advance(interval);
  MonitorVerdict v = unwatch();
  EXPECT_FALSE(v.violated);
  EXPECT_EQ(v.peak_memory_bytes, 100 * MiB);
  EXPECT_EQ(v.max_pids, 5u);
  EXPECT_EQ(run->kills, 0);
  EXPECT_TRUE(book->events.empty());
}

TEST_F(MonitorTest, AFullDiskKillsTheRunOnceAndIsRecorded) {
  watch();
  EXPECT_EQ(run->kills, 0);
  run->next.disk_bytes = 64 * MiB;
  t.advance(interval);
  EXPECT_EQ(run->kills, 1);
  ASSERT_EQ(book->count(ev::violation), 1u);
  EXPECT_EQ(book->events[0].request_id, "req-1");
  EXPECT_EQ(book->data_of(ev::violation)["termination"], "disk_limit");
  EXPECT_EQ(book->data_of(ev::violation)["last_sample"]["disk_bytes"], 64 * MiB);
  // Later samples see the same excess: acted on once.
  t.advance(interval);
  t.advance(interval);
  EXPECT_EQ(run->kills, 1);
  EXPECT_EQ(book->count(ev::violation), 1u);
  MonitorVerdict v = unwatch();
  EXPECT_TRUE(v.violated);
  EXPECT_EQ(v.termination, Termination::disk_limit);
  EXPECT_FALSE(v.reason.empty());
  ASSERT_TRUE(v.last_sample);
  EXPECT_EQ(v.last_sample->disk_bytes, 64 * MiB);
}

TEST_F(MonitorTest, TheKernelsOomKillIsAMemoryViolationToo) {
  watch();
  run->oom = true;
  t.advance(interval);
  EXPECT_EQ(run->kills, 1);
  MonitorVerdict v = unwatch();
  EXPECT_TRUE(v.violated);
  EXPECT_EQ(v.termination, Termination::memory_limit);
}

TEST_F(MonitorTest, ARefusedForkIsAPidsViolation) {
  watch();
  run->pids_hit = true;
  t.advance(interval);
  MonitorVerdict v = unwatch();
  EXPECT_TRUE(v.violated);
  EXPECT_EQ(v.termination, Termination::pids_limit);
}

// `run` interrupted: the monitor kills what it watches, and what it is asked
// to watch afterwards (a run that was still being launched), each once.
TEST_F(MonitorTest, DrainKillsTheWatchedRunAndEveryLaterOne) {
  watch();
  t.send(monitor, drain_atom::value, std::string("interrupted by SIGTERM (Terminated)"));
  EXPECT_EQ(run->kills, 1);
  ASSERT_EQ(book->count(ev::violation), 1u);
  EXPECT_EQ(book->data_of(ev::violation)["termination"], "killed");
  t.advance(interval);
  EXPECT_EQ(run->kills, 1);
  MonitorVerdict v = unwatch();
  EXPECT_TRUE(v.violated);
  EXPECT_EQ(v.termination, Termination::killed);
  EXPECT_EQ(v.reason, "interrupted by SIGTERM (Terminated)");
  watch();
  EXPECT_EQ(run->kills, 2);
  EXPECT_EQ(unwatch().termination, Termination::killed);
}

TEST_F(MonitorTest, SamplesStreamToTheSubscriberUntilUnwatched) {
  watch(t.self_handle());
  t.advance(interval);
  t.advance(interval);
  int streamed = 0;
  while (true) {
    bool got = false;
    t.self()->receive(
        [&](stats_atom, const std::string& id, const ResourceSample& s) {
          EXPECT_EQ(id, "req-1");
          EXPECT_EQ(s.memory_bytes, 10 * MiB);
          got = true;
        },
        caf::after(std::chrono::milliseconds(1)) >> [] {});
    if (!got) break;
    ++streamed;
  }
  EXPECT_EQ(streamed, 3);  // at watch, then one per interval
  unwatch();
  t.advance(interval);
  EXPECT_TRUE(t.mailbox_empty());
  int before = run->samples;
  t.advance(interval);
  EXPECT_EQ(run->samples, before);  // nothing watched: no ticking
}

// A tick that lands after the program's exit, before the unwatch, reads an
// empty cgroup: that is no live sample, so nothing is streamed.
TEST_F(MonitorTest, AReadingWithNoProcessLeftIsNotStreamed) {
  watch(t.self_handle());
  run->next.pids = 0;
  t.advance(interval);
  int streamed = 0;
  while (true) {
    bool got = false;
    t.self()->receive([&](stats_atom, const std::string&, const ResourceSample& s) {
                        EXPECT_GE(s.pids, 1u);
                        got = true;
                      },
                      caf::after(std::chrono::milliseconds(1)) >> [] {});
    if (!got) break;
    ++streamed;
  }
  EXPECT_EQ(streamed, 1);  // the reading at watch only
  EXPECT_GE(run->samples, 2);  // the empty one was read (peaks) but not sent
  unwatch();
}

TEST_F(MonitorTest, UnwatchingAnUnknownRunAnswersAnEmptyVerdict) {
  auto v = t.ask<MonitorVerdict>(monitor, nullptr, unwatch_atom::value, std::string("nope"));
  ASSERT_TRUE(v);
  EXPECT_FALSE(v->violated);
  EXPECT_FALSE(v->last_sample);
}

}  // namespace mai::actors::testing
