// What a worker certificate may do at the front door, on the deterministic
// scheduler with the real dispatcher behind it: join and report in under its
// own worker id only (not under another worker's, which `status` shows to
// every client), and deliver only the records a worker writes.
#include <gtest/gtest.h>

#include "actors/dispatcher.hpp"
#include "actors/front_door.hpp"
#include "audit/event_types.hpp"
#include "deterministic.hpp"
#include "fakes.hpp"

namespace mai::actors::testing {

namespace {

namespace ev = audit::events;

transport::PeerIdentity worker_cert(const std::string& name, const std::string& fingerprint) {
  transport::PeerIdentity id;
  id.tls = true;
  id.subject = "CN=" + name + ",OU=workers";
  id.fingerprint = fingerprint;
  id.address = "127.0.0.1:1";
  return id;
}

class FrontDoorWorkers : public ::testing::Test {
 protected:
  FrontDoorWorkers() {
    DispatcherSettings d;
    d.queue_limit = 4;
    d.heartbeat_timeout = std::chrono::milliseconds(1000);
    auto auditor = t.spawn(recording_auditor, book);
    d.auditor = auditor;
    dispatcher = t.spawn(actors::dispatcher, std::move(d));
    FrontDoorSettings s;
    s.sessions = std::make_shared<transport::SessionRegistry>();
    s.sessions->add("w1", worker_cert("w1", "aa"));
    s.sessions->add("w2", worker_cert("w2", "bb"));
    s.dispatcher = dispatcher;
    s.auditor = auditor;
    door = t.spawn(front_door, std::move(s));
  }

  // Joins through the door as the session's certificate, with its own executor.
  caf::expected<std::string> join(const std::string& session, const std::string& worker_id) {
    auto exec = t.spawn(scripted_executor, scripts[session]);
    WorkerInfo info;
    info.id = worker_id;
    info.name = worker_id;
    info.slots = 1;
    info.backends = {Backend::native};
    caf::error error;
    auto joined = t.ask<std::string>(door, &error, join_atom::value, session, info,
                                     caf::actor_cast<executor_actor>(exec));
    if (!joined) return error;
    return *joined;
  }

  caf::expected<bool> heartbeat(const std::string& session, const std::string& worker_id) {
    caf::error error;
    auto alive = t.ask<bool>(door, &error, heartbeat_atom::value, session, worker_id);
    if (!alive) return error;
    return *alive;
  }

  caf::expected<uint64_t> deliver(const std::string& session, const std::string& type) {
    caf::error error;
    std::vector<AuditEvent> events{AuditEvent{type, "req-1", "{}", false}};
    auto mark = t.ask<uint64_t>(door, &error, deliver_atom::value, session, std::string("spool-1"),
                                uint64_t{1}, events);
    if (!mark) return error;
    return *mark;
  }

  Deterministic t;
  std::shared_ptr<AuditBook> book = std::make_shared<AuditBook>();
  std::map<std::string, std::shared_ptr<ExecutorScript>> scripts{
      {"w1", std::make_shared<ExecutorScript>()}, {"w2", std::make_shared<ExecutorScript>()}};
  dispatcher_actor dispatcher;
  front_door_actor door;
};

}  // namespace

TEST_F(FrontDoorWorkers, AnotherWorkersIdCannotBeTakenOver) {
  auto joined = join("w1", "w1-4f2a");
  ASSERT_TRUE(joined && *joined == "w1-4f2a");
  ExecutionRequest req;
  req.request_id = "a";
  req.limits.timeout_ms = 1000;
  t.send(dispatcher, execute_atom::value, req);
  ASSERT_EQ(scripts["w1"]->running.count("a"), 1u);

  // w2's certificate joins with w1's id: refused, and w1's run goes on.
  auto taken = join("w2", "w1-4f2a");
  ASSERT_FALSE(taken);
  EXPECT_EQ(result_code(taken.error()), "unauthenticated");
  EXPECT_EQ(book->count(ev::worker_lost), 0u);
  EXPECT_FALSE(t.take<ExecutionReport>());
  // Nor may it report in for w1.
  auto spoofed = heartbeat("w2", "w1-4f2a");
  ASSERT_FALSE(spoofed);
  EXPECT_EQ(result_code(spoofed.error()), "unauthenticated");

  // w1 itself reports in, and rejoins (a reconnect) under its id.
  auto alive = heartbeat("w1", "w1-4f2a");
  EXPECT_TRUE(alive && *alive);
  joined = join("w1", "w1-4f2a");
  EXPECT_TRUE(joined && *joined == "w1-4f2a");
  // The next job goes to w1's executor, never to w2's.
  req.request_id = "b";
  t.send(dispatcher, execute_atom::value, req);
  EXPECT_EQ(scripts["w1"]->running.count("b"), 1u);
  EXPECT_TRUE(scripts["w2"]->seen.empty());
}

// One certificate joining under ever new ids would grow the door's id map
// without end: past the limit a new id is refused, its own ids still rejoin,
// and other certificates are not affected.
TEST_F(FrontDoorWorkers, ACertificateJoinsUnderABoundedNumberOfIds) {
  for (size_t i = 0; i < kMaxWorkerIdsPerCertificate; ++i) {
    auto joined = join("w1", "w1-" + std::to_string(i));
    ASSERT_TRUE(joined) << i;
  }
  auto more = join("w1", "w1-new");
  ASSERT_FALSE(more);
  EXPECT_EQ(result_code(more.error()), "invalid_request");
  EXPECT_NE(protocol::error_message(more.error()).find("16 worker ids"), std::string::npos)
      << protocol::error_message(more.error());
  auto again = join("w1", "w1-0");
  EXPECT_TRUE(again && *again == "w1-0");
  auto other = join("w2", "w2-0");
  EXPECT_TRUE(other && *other == "w2-0");
}

TEST_F(FrontDoorWorkers, AWorkerDeliversOnlyTheRecordsWorkersWrite) {
  for (const char* type : {ev::execution_start, ev::network, ev::violation, ev::execution_end,
                           ev::execution_abandoned})
    EXPECT_TRUE(deliver("w1", type)) << type;
  for (const char* type : {ev::submission, ev::assessment, ev::override_granted, ev::blocked,
                           ev::result, ev::rejected, ev::failed, ev::service_start, ev::service_stop,
                           ev::service_fault, ev::worker_joined, ev::worker_lost}) {
    auto forged = deliver("w1", type);
    ASSERT_FALSE(forged) << type;
    EXPECT_EQ(result_code(forged.error()), "invalid_request") << type;
  }
  EXPECT_EQ(book->delivered.size(), 5u);
}

}  // namespace mai::actors::testing
