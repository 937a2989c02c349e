// Who may act as a worker: only a certificate issued for one. Assessment-only
// requests: only for a live session, with fields in range, within the
// client's limit, answered by the real assessor.
#include <gtest/gtest.h>

#include "actors/assessor.hpp"
#include "actors/front_door.hpp"
#include "assess/assessor.hpp"
#include "config/config_source.hpp"
#include "protocol/actor_system.hpp"
#include "protocol/await_answer.hpp"

namespace mai::actors {

TEST(FrontDoor, OnlyWorkerCertificatesMayJoin) {
  transport::PeerIdentity id;
  id.tls = true;
  id.subject = "CN=w1,OU=workers";
  EXPECT_TRUE(may_act_as_worker(id));
  id.subject = "OU=workers,CN=w1,O=Example";
  EXPECT_TRUE(may_act_as_worker(id));
  for (const char* s : {"CN=mai", "CN=OU=workers", "CN=x,OU=workers-not", "CN=x,OU=Workers",
                        "CN=x\\,OU=workers", ""}) {
    id.subject = s;
    EXPECT_FALSE(may_act_as_worker(id)) << s;
  }
  transport::PeerIdentity plain;  // plain TCP exists only on loopback
  EXPECT_TRUE(may_act_as_worker(plain));
}

namespace {

struct Door {
  caf::actor_system_config cfg;
  std::unique_ptr<caf::actor_system> sys;
  front_door_actor door;
  explicit Door(uint32_t max_concurrent) {
    configure_actor_system(cfg);
    sys = std::make_unique<caf::actor_system>(cfg);
    FrontDoorSettings s;
    s.sessions = std::make_shared<transport::SessionRegistry>();
    transport::PeerIdentity mai;
    mai.tls = true;
    mai.subject = "CN=mai";
    mai.fingerprint = "00";
    s.sessions->add("token-of-mai", mai);
    s.max_concurrent_per_client = max_concurrent;
    s.assessor = sys->spawn(assessor, std::make_shared<const assess::Assessor>(
                                          assess::Assessor::from_config(config::Source(std::nullopt))));
    door = sys->spawn(front_door, s);
  }
  ~Door() { caf::anon_send_exit(door, caf::exit_reason::user_shutdown); }
  caf::expected<Assessment> assess(const std::string& session, const std::string& code,
                                   Language language = Language::python) {
    return await_answer<Assessment>(*sys, door, std::chrono::seconds(60), assess_atom::value,
                                    session, code, language, Origin::mai);
  }
};

}  // namespace

TEST(FrontDoor, AssessesForALiveSessionOnly) {
  Door d(16);
  auto blocked = d.assess("token-of-mai", "import os\nos.system('rm -rf / --no-preserve-root')\n");
  ASSERT_TRUE(blocked) << caf::to_string(blocked.error());
  EXPECT_EQ(blocked->level, RiskLevel::blocked);
  EXPECT_FALSE(blocked->findings.empty());
  auto fine = d.assess("token-of-mai", "print('hi')\n");
  ASSERT_TRUE(fine);
  EXPECT_EQ(fine->level, RiskLevel::low);
  auto stranger = d.assess("a-token-nobody-was-given", "print('hi')\n");
  ASSERT_FALSE(stranger);
  EXPECT_EQ(result_code(stranger.error()), "unauthenticated");
}

TEST(FrontDoor, AssessRefusesALanguageOutOfRange) {
  Door d(16);
  // What a hostile peer can put on the wire: a byte no Language has.
  auto bad = d.assess("token-of-mai", "print('hi')\n", static_cast<Language>(9));
  ASSERT_FALSE(bad);
  EXPECT_EQ(result_code(bad.error()), "invalid_request");
  EXPECT_TRUE(d.assess("token-of-mai", "print('hi')\n"));  // the door still serves
}

TEST(FrontDoor, AssessCountsAgainstTheClientsLimit) {
  Door d(0);  // no request may be in flight
  auto busy = d.assess("token-of-mai", "print('hi')\n");
  ASSERT_FALSE(busy);
  EXPECT_EQ(result_code(busy.error()), "overloaded");
}

}  // namespace mai::actors
