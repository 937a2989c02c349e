#include <gtest/gtest.h>

#include "proxy/egress_policy.hpp"

namespace mai::proxy {

TEST(EgressPolicy, NetworkNoneRefusesEverything) {
  for (const auto& [method, host, port] :
       std::vector<std::tuple<std::string, std::string, uint16_t>>{
           {"GET", "pypi.org", 80}, {"CONNECT", "pypi.org", 443}, {"*", "*", 0},
           {"GET", "127.0.0.1", 8080}}) {
    auto e = decide_egress(NetworkMode::none, method, host, port);
    EXPECT_EQ(e.decision, "deny");
    EXPECT_EQ(e.host, host);
    EXPECT_EQ(e.port, port);
    EXPECT_NE(e.reason.find("--network none"), std::string::npos);
  }
}

}  // namespace mai::proxy
