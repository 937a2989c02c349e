// The auditor actor over a real log: group commit answers every sender, and
// the idle timer signs tree heads while nothing else happens.
#include <gtest/gtest.h>

#include <thread>

#include "actors/auditor.hpp"
#include "actors/audit_client.hpp"
#include "protocol/actor_system.hpp"
#include "audit/event_types.hpp"
#include "audit/verifier.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"
#include "config/config_source.hpp"

namespace mai::actors {

namespace {
struct TempState {
  std::string path = "/tmp/mai-actors-test-" + random_hex(6);
  TempState() { make_dirs(path, 0700); }
  ~TempState() { remove_tree(path); }
};

config::AuditConfig audit_config() {
  return config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));
}
}  // namespace

TEST(AuditorActor, ConcurrentAppendsAreAllAcknowledgedAndVerify) {
  TempState state;
  auto cfg = audit_config();
  std::shared_ptr<audit::Log> log = audit::Log::open(state.path, cfg, true);
  {
    caf::actor_system_config sys_cfg;
    configure_actor_system(sys_cfg);
    caf::actor_system sys{sys_cfg};
    auto a = sys.spawn<caf::detached>(auditor, log, std::chrono::milliseconds(0));
    caf::scoped_actor self{sys};
    const int requests = 50;
    for (int i = 0; i < requests; ++i)
      self->send(a, append_atom::value,
                 std::vector<AuditEvent>{make_event(audit::events::submission,
                                                    "req-" + std::to_string(i), {{"code", "x"}})});
    int acked = 0;
    std::set<uint64_t> seqs;
    for (int i = 0; i < requests; ++i)
      self->receive([&](const AuditAck& ack) {
        ++acked;
        seqs.insert(ack.seqs.begin(), ack.seqs.end());
      });
    EXPECT_EQ(acked, requests);
    EXPECT_EQ(seqs.size(), static_cast<size_t>(requests));
    self->request(a, std::chrono::seconds(10), receipt_atom::value, *seqs.begin(), *seqs.rbegin())
        .receive([&](const AuditReceipt& r) { EXPECT_GT(r.tree_size, *seqs.rbegin()); },
                 [&](caf::error& e) { ADD_FAILURE() << sys.render(e); });
    caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  }
  log.reset();
  auto report = audit::verify_log(state.path, cfg, {});
  EXPECT_TRUE(report.ok) << report.reason;
}

// One sender's refused event (here a type reserved for the engine) fails that
// sender only: the appends committed in the same batch are still recorded.
TEST(AuditorActor, ARefusedEventFailsOnlyItsOwnSender) {
  TempState state;
  auto cfg = audit_config();
  std::shared_ptr<audit::Log> log = audit::Log::open(state.path, cfg, true);
  const int requests = 40, bad = 20;
  int acked = 0, refused = 0;
  {
    caf::actor_system_config sys_cfg;
    configure_actor_system(sys_cfg);
    caf::actor_system sys{sys_cfg};
    auto a = sys.spawn<caf::detached>(auditor, log, std::chrono::milliseconds(0));
    caf::scoped_actor self{sys};
    for (int i = 0; i < requests; ++i)
      self->send(a, append_atom::value,
                 std::vector<AuditEvent>{make_event(i == bad ? "audit.forged" : audit::events::submission,
                                                    "req-" + std::to_string(i), {{"code", "x"}})});
    for (int i = 0; i < requests; ++i)
      self->receive([&](const AuditAck& ack) { acked += static_cast<int>(ack.seqs.size()); },
                    [&](caf::error&) { ++refused; });
    caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  }
  EXPECT_EQ(acked, requests - 1);
  EXPECT_EQ(refused, 1);
  log.reset();
  auto report = audit::verify_log(state.path, cfg, {});
  EXPECT_TRUE(report.ok) << report.reason;
}

TEST(AuditorActor, IdleTimerSignsTreeHeads) {
  TempState state;
  auto cfg = audit_config();
  cfg.tree_head_interval_ms = 20;
  std::shared_ptr<audit::Log> log = audit::Log::open(state.path, cfg, true);
  {
    caf::actor_system_config sys_cfg;
    configure_actor_system(sys_cfg);
    caf::actor_system sys{sys_cfg};
    auto a = sys.spawn<caf::detached>(auditor, log, std::chrono::milliseconds(20));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  }
  log.reset();
  auto report = audit::verify_log(state.path, cfg, {});
  EXPECT_TRUE(report.ok) << report.reason;
  EXPECT_GE(report.tree_heads, 2u);
}

}  // namespace mai::actors
