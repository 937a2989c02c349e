// The dispatcher on the deterministic scheduler: where each job goes, how jobs
// queue and overflow, and what happens to the jobs of a worker that is lost
// (its connection closes, or its heartbeats stop: the actor clock is moved
// past the timeout, no sleeping).
#include <gtest/gtest.h>

#include "actors/dispatcher.hpp"
#include "audit/event_types.hpp"
#include "deterministic.hpp"
#include "fakes.hpp"

namespace mai::actors::testing {

namespace {

namespace ev = audit::events;
constexpr std::chrono::milliseconds heartbeat_timeout{1000};

struct Worker {
  std::shared_ptr<ExecutorScript> script = std::make_shared<ExecutorScript>();
  scripted_executor_actor exec;
};

class DispatcherTest : public ::testing::Test {
 protected:
  void start(size_t queue_limit) {
    DispatcherSettings d;
    d.queue_limit = queue_limit;
    d.heartbeat_timeout = heartbeat_timeout;
    d.auditor = t.spawn(recording_auditor, book);
    dispatcher = t.spawn(actors::dispatcher, std::move(d));
  }

  Worker& join(const std::string& id, uint32_t slots,
               std::vector<Backend> backends = {Backend::native}) {
    Worker& w = workers[id];
    w.exec = t.spawn(scripted_executor, w.script);
    WorkerInfo info;
    info.id = id;
    info.name = id;
    info.slots = slots;
    info.backends = std::move(backends);
    caf::error error;
    auto joined = t.ask<std::string>(dispatcher, &error, join_atom::value, info,
                                     caf::actor_cast<executor_actor>(w.exec),
                                     std::string("CN=" + id + ",OU=workers"));
    EXPECT_EQ(joined.value_or(""), id) << t.sys().render(error);
    return w;
  }

  void execute(const std::string& id, Backend backend = Backend::native) {
    ExecutionRequest req;
    req.request_id = id;
    req.backend = backend;
    req.limits.timeout_ms = 1000;
    t.send(dispatcher, execute_atom::value, req);
  }

  // Where each job runs, by the workers' own records.
  std::vector<std::string> jobs_on(const std::string& worker) {
    std::vector<std::string> ids;
    for (const auto& r : workers[worker].script->seen) ids.push_back(r.request_id);
    return ids;
  }

  // The worker's run of job `id` ends with `exit_code`.
  void finish(const std::string& worker, const std::string& id, int32_t exit_code = 0) {
    t.send(workers[worker].exec, flush_atom::value, id, exit_code);
  }

  ClusterStatus status() {
    auto s = t.ask<ClusterStatus>(dispatcher, nullptr, status_atom::value);
    EXPECT_TRUE(s);
    return s.value_or(ClusterStatus{});
  }

  Deterministic t;
  std::shared_ptr<AuditBook> book = std::make_shared<AuditBook>();
  dispatcher_actor dispatcher;
  std::map<std::string, Worker> workers;
};

}  // namespace

TEST_F(DispatcherTest, EachJobGoesToTheLeastLoadedWorker) {
  start(8);
  join("w1", 2);
  join("w2", 1);
  execute("a");  // both idle: the first by id
  execute("b");  // w1 is half busy, w2 idle
  execute("c");  // w1 half busy, w2 full
  EXPECT_EQ(jobs_on("w1"), (std::vector<std::string>{"a", "c"}));
  EXPECT_EQ(jobs_on("w2"), (std::vector<std::string>{"b"}));
  EXPECT_EQ(book->count(ev::worker_joined), 2u);
  EXPECT_EQ(book->count(ev::worker_lost), 0u);  // joining is no loss
}

TEST_F(DispatcherTest, AFinishedJobIsAnsweredWithItsWorkersReport) {
  start(8);
  join("w1", 1);
  execute("a");
  EXPECT_FALSE(t.take<ExecutionReport>());  // still running
  finish("w1", "a", 7);
  auto report = t.take<ExecutionReport>();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->exit_code, 7);
}

TEST_F(DispatcherTest, JobsQueueWhenEverySlotIsBusyAndRunWhenOneFrees) {
  start(1);
  join("w1", 1);
  execute("a");
  execute("b");  // queued
  EXPECT_EQ(jobs_on("w1"), (std::vector<std::string>{"a"}));
  EXPECT_EQ(status().queued, 1u);
  finish("w1", "a");
  EXPECT_EQ(jobs_on("w1"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(status().queued, 0u);
}

TEST_F(DispatcherTest, PastTheQueueLimitAJobIsRefusedAsOverloaded) {
  start(1);
  join("w1", 1);
  execute("a");
  execute("b");
  execute("c");
  caf::error error;
  EXPECT_FALSE(t.take<ExecutionReport>(&error));
  EXPECT_EQ(errc_of(error), errc::overloaded) << t.sys().render(error);
  EXPECT_EQ(jobs_on("w1").size(), 1u);
}

TEST_F(DispatcherTest, WithoutAnyWorkerJobsWaitUntilOneJoins) {
  start(4);
  execute("a");
  EXPECT_EQ(status().queued, 1u);
  join("w1", 1);
  EXPECT_EQ(jobs_on("w1"), (std::vector<std::string>{"a"}));
}

TEST_F(DispatcherTest, AJobNoWorkerCanRunFailsAsASandboxFailure) {
  start(4);
  join("w1", 1, {Backend::native});
  execute("a", Backend::docker);
  caf::error error;
  EXPECT_FALSE(t.take<ExecutionReport>(&error));
  EXPECT_EQ(errc_of(error), errc::sandbox_failed);
  EXPECT_TRUE(jobs_on("w1").empty());
}

TEST_F(DispatcherTest, ADuplicateRequestIdIsInvalid) {
  start(4);
  join("w1", 2);
  execute("a");
  execute("a");
  caf::error error;
  EXPECT_FALSE(t.take<ExecutionReport>(&error));
  EXPECT_EQ(errc_of(error), errc::invalid_request);
  EXPECT_EQ(jobs_on("w1").size(), 1u);
}

TEST_F(DispatcherTest, AWorkerWhoseConnectionClosesLosesItsJobsAndTheQueueMovesOn) {
  start(4);
  join("w1", 1);
  execute("a");
  execute("b");  // queued behind a
  join("w2", 1);  // takes b
  execute("c");   // queued
  caf::anon_send_exit(workers["w1"].exec, caf::exit_reason::kill);
  t.run();
  auto report = t.take<ExecutionReport>();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->termination, Termination::worker_lost);
  EXPECT_EQ(report->exit_code, 125);
  EXPECT_NE(report->violation.find("w1"), std::string::npos) << report->violation;
  ASSERT_EQ(book->count(ev::worker_lost), 1u);
  json lost = book->data_of(ev::worker_lost);
  EXPECT_EQ(lost["worker_id"], "w1");
  EXPECT_EQ(lost["running"], json::array({"a"}));
  // The queued job waits for w2 rather than for the lost worker.
  finish("w2", "b");
  EXPECT_EQ(jobs_on("w2"), (std::vector<std::string>{"b", "c"}));
}

TEST_F(DispatcherTest, ASilentWorkerIsDeclaredLostAfterTheHeartbeatTimeout) {
  start(4);
  join("w1", 1);
  join("w2", 1);
  execute("a");
  execute("b");
  // w2 keeps reporting in; w1 says nothing.
  for (int i = 0; i < 6; ++i) {
    t.advance(heartbeat_timeout / 4);
    auto known = t.ask<bool>(dispatcher, nullptr, heartbeat_atom::value, std::string("w2"));
    EXPECT_TRUE(known.value_or(false));
  }
  auto report = t.take<ExecutionReport>();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->termination, Termination::worker_lost);
  EXPECT_NE(report->violation.find("no heartbeat"), std::string::npos) << report->violation;
  EXPECT_EQ(book->data_of(ev::worker_lost)["worker_id"], "w1");
  // A lost worker must join again; its late heartbeat says so.
  auto known = t.ask<bool>(dispatcher, nullptr, heartbeat_atom::value, std::string("w1"));
  EXPECT_EQ(known, std::optional<bool>(false));
  // Its late result changes nothing.
  finish("w1", "a");
  EXPECT_FALSE(t.take<ExecutionReport>());
  // w2's job is untouched.
  finish("w2", "b");
  auto b = t.take<ExecutionReport>();
  ASSERT_TRUE(b);
  EXPECT_EQ(b->termination, Termination::exited);
}

TEST_F(DispatcherTest, ARejoiningWorkerLosesTheJobsOfItsEarlierSelf) {
  start(4);
  join("w1", 1);
  execute("a");
  join("w1", 1);  // restarted
  auto report = t.take<ExecutionReport>();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->termination, Termination::worker_lost);
  EXPECT_EQ(book->data_of(ev::worker_lost)["running"], json::array({"a"}));
  execute("b");
  EXPECT_EQ(jobs_on("w1").back(), "b");
}

}  // namespace mai::actors::testing
