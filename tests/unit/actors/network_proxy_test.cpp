// The network proxy actor's rulings on the deterministic scheduler: every
// connection a sandbox attempts outside the proxy is refused, with the reason
// for the run's network mode, and the ruling is given only once it is on
// record; if the log refuses it, there is no ruling at all.
#include <gtest/gtest.h>

#include "actors/network_proxy.hpp"
#include "audit/event_types.hpp"
#include "config/config_source.hpp"
#include "deterministic.hpp"
#include "fakes.hpp"

namespace mai::actors::testing {

namespace {

class NetworkProxyTest : public ::testing::Test {
 protected:
  NetworkProxyTest() {
    auto cfg = config::parse_network_config(config::Source(std::nullopt).load("network.yaml"));
    proxy = t.spawn(network_proxy, t.spawn(recording_auditor, book), cfg);
  }

  std::optional<NetworkEvent> decide(NetworkMode mode, const std::string& host, uint16_t port,
                                     caf::error* error = nullptr) {
    return t.ask<NetworkEvent>(proxy, error, decide_atom::value, std::string("req-1"), mode,
                               std::string("CONNECT"), host, port);
  }

  Deterministic t;
  std::shared_ptr<AuditBook> book = std::make_shared<AuditBook>();
  network_proxy_actor proxy;
};

}  // namespace

TEST_F(NetworkProxyTest, WithNetworkOffEveryConnectionIsDeniedOnRecord) {
  auto e = decide(NetworkMode::none, "pypi.org", 443);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->decision, "deny");
  EXPECT_NE(e->reason.find("network is off"), std::string::npos) << e->reason;
  ASSERT_EQ(book->count(audit::events::network), 1u);
  EXPECT_EQ(book->events[0].request_id, "req-1");
  json d = book->data_of(audit::events::network);
  EXPECT_EQ(d["decision"], "deny");
  EXPECT_EQ(d["host"], "pypi.org");
  EXPECT_EQ(d["port"], 443);
}

TEST_F(NetworkProxyTest, WithDepsADirectConnectionIsDeniedEvenToAnAllowedHost) {
  auto e = decide(NetworkMode::deps, "pypi.org", 443);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->decision, "deny");
  EXPECT_NE(e->reason.find("only the proxy"), std::string::npos) << e->reason;
  EXPECT_EQ(book->count(audit::events::network), 1u);
}

TEST_F(NetworkProxyTest, NoRulingWithoutARecord) {
  book->refuse = true;
  caf::error error;
  EXPECT_FALSE(decide(NetworkMode::none, "example.com", 80, &error));
  EXPECT_EQ(errc_of(error), errc::audit_failed);
}

TEST_F(NetworkProxyTest, StoppingARunThatWasNeverServedAnswersNoDecisions) {
  auto events = t.ask<std::vector<NetworkEvent>>(proxy, nullptr, unserve_atom::value,
                                                 std::string("req-9"));
  ASSERT_TRUE(events);
  EXPECT_TRUE(events->empty());
}

}  // namespace mai::actors::testing
