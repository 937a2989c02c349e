// The audit spool actor on the deterministic scheduler, over a real spool on
// disk and a coordinator's front door that the test scripts: appends are
// acknowledged once durable whether or not a coordinator is there; delivery
// is in order, resumes where the coordinator's log stands, survives refused
// batches (retried on the spool's timer) and never sends an event twice
// once acknowledged; drain says whether everything reached the coordinator.
#include <gtest/gtest.h>

#include "actors/audit_client.hpp"
#include "actors/audit_spool.hpp"
#include "audit/event_types.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"
#include "deterministic.hpp"
#include "fakes.hpp"

namespace mai::actors::testing {

namespace {

// The coordinator's side of delivery: what reached its log, by spool seq.
struct CoordinatorLog {
  std::map<uint64_t, AuditEvent> events;
  std::vector<uint64_t> batch_starts;
  uint64_t mark = 0;  // delivered high-water mark
  bool refuse = false;
  std::string session_seen;
};

front_door_actor::behavior_type scripted_door(front_door_actor::pointer,
                                              std::shared_ptr<CoordinatorLog> log) {
  auto not_here = [] { return make_error(errc::invalid_request, "not in this test"); };
  return {
      [=](submit_atom, const std::string&, const Submission&,
          const caf::actor&) -> caf::result<RunResult> { return not_here(); },
      [=](join_atom, const std::string&, const WorkerInfo&,
          const executor_actor&) -> caf::result<std::string> { return not_here(); },
      [=](heartbeat_atom, const std::string&, const std::string&) -> caf::result<bool> {
        return not_here();
      },
      [=](deliver_atom, const std::string& session, const std::string&, uint64_t first,
          const std::vector<AuditEvent>& events) -> caf::result<uint64_t> {
        if (log->refuse) return make_error(errc::audit_failed, "the coordinator's disk is full");
        log->session_seen = session;
        log->batch_starts.push_back(first);
        for (size_t i = 0; i < events.size(); ++i) {
          uint64_t seq = first + i;
          // Appended exactly once, like the real log does.
          if (seq > log->mark) log->events.emplace(seq, events[i]);
          log->mark = std::max(log->mark, seq);
        }
        return log->mark;
      },
      [=](delivered_atom, const std::string&, const std::string&) -> caf::result<uint64_t> {
        return log->mark;
      },
      [=](abandon_atom, const std::string&, const std::vector<std::string>&,
          const std::string&) -> caf::result<std::vector<std::string>> { return not_here(); },
      [=](status_atom, const std::string&) -> caf::result<ClusterStatus> { return not_here(); },
      [=](assess_atom, const std::string&, const std::string&, Language,
          Origin) -> caf::result<Assessment> { return not_here(); },
  };
}

struct TempDir {
  std::string path = "/tmp/mai-spool-actor-test-" + random_hex(6);
  TempDir() { make_dirs(path, 0700); }
  ~TempDir() { remove_tree(path); }
};

class AuditSpoolTest : public ::testing::Test {
 protected:
  AuditSpoolTest() {
    spool = t.spawn(audit_spool, audit::Spool::open(tmp.path + "/spool"));
    door = t.spawn(scripted_door, coordinator);
  }

  std::vector<uint64_t> append(const std::string& request_id) {
    caf::error error;
    auto ack = t.ask<AuditAck>(
        spool, &error, append_atom::value,
        std::vector<AuditEvent>{make_event(audit::events::execution_start, request_id, {{"n", 1}})});
    EXPECT_TRUE(ack) << t.sys().render(error);
    return ack ? ack->seqs : std::vector<uint64_t>{};
  }

  std::optional<bool> drain() { return t.ask<bool>(spool, nullptr, drain_atom::value); }

  void attach() { t.send(spool, attach_atom::value, door, std::string("session-1")); }

  std::vector<std::string> delivered_ids() {
    std::vector<std::string> ids;
    for (const auto& [seq, e] : coordinator->events) ids.push_back(e.request_id);
    return ids;
  }

  TempDir tmp;  // outlives the actors
  Deterministic t;
  std::shared_ptr<CoordinatorLog> coordinator = std::make_shared<CoordinatorLog>();
  audit_spool_actor spool;
  front_door_actor door;
};

}  // namespace

TEST_F(AuditSpoolTest, AppendsAreAcknowledgedWhileNoCoordinatorIsThere) {
  EXPECT_EQ(append("a"), (std::vector<uint64_t>{1}));
  EXPECT_EQ(append("b"), (std::vector<uint64_t>{2}));
  EXPECT_EQ(drain(), std::optional<bool>(false));  // held, not delivered
  t.advance(std::chrono::seconds(5));
  EXPECT_TRUE(coordinator->events.empty());
}

TEST_F(AuditSpoolTest, AttachingDeliversEverythingInOrderAndDrainConfirmsIt) {
  append("a");
  append("b");
  attach();
  append("c");
  EXPECT_EQ(drain(), std::optional<bool>(true));
  EXPECT_EQ(delivered_ids(), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(coordinator->session_seen, "session-1");
  EXPECT_EQ(coordinator->events.at(1).type, audit::events::execution_start);
}

TEST_F(AuditSpoolTest, ARefusedBatchIsKeptAndRetriedOnTheTimer) {
  append("a");
  coordinator->refuse = true;
  attach();
  EXPECT_EQ(drain(), std::optional<bool>(false));
  EXPECT_TRUE(coordinator->events.empty());
  coordinator->refuse = false;
  t.advance(std::chrono::seconds(1));  // the retry timer
  EXPECT_EQ(delivered_ids(), (std::vector<std::string>{"a"}));
  EXPECT_EQ(drain(), std::optional<bool>(true));
}

TEST_F(AuditSpoolTest, DeliveryResumesWhereTheCoordinatorsLogStands) {
  append("a");
  append("b");
  append("c");
  // The coordinator appended 1 and 2, but its acknowledgement was lost.
  coordinator->mark = 2;
  attach();
  EXPECT_EQ(drain(), std::optional<bool>(true));
  EXPECT_EQ(coordinator->batch_starts, (std::vector<uint64_t>{3}));
  EXPECT_EQ(delivered_ids(), (std::vector<std::string>{"c"}));
}

TEST_F(AuditSpoolTest, AcknowledgedEventsAreNotSentAgainOnANewConnection) {
  append("a");
  attach();
  EXPECT_EQ(drain(), std::optional<bool>(true));
  coordinator->mark = 0;  // even if the coordinator claimed to have nothing
  attach();
  append("b");
  EXPECT_EQ(drain(), std::optional<bool>(true));
  EXPECT_EQ(coordinator->batch_starts, (std::vector<uint64_t>{1, 2}));
}

TEST_F(AuditSpoolTest, AReceiptIsTheCoordinatorsToGive) {
  caf::error error;
  EXPECT_FALSE(t.ask<AuditReceipt>(spool, &error, receipt_atom::value, uint64_t{1}, uint64_t{1}));
  EXPECT_EQ(errc_of(error), errc::invalid_request);
}

TEST_F(AuditSpoolTest, WhenTheCoordinatorGoesAwayWaitingDrainsAreAnsweredFalse) {
  append("a");
  coordinator->refuse = true;
  attach();
  caf::anon_send_exit(door, caf::exit_reason::kill);
  t.run();
  append("b");
  EXPECT_EQ(drain(), std::optional<bool>(false));
  t.advance(std::chrono::seconds(3));
  EXPECT_TRUE(coordinator->events.empty());
}

}  // namespace mai::actors::testing
