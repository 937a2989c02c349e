#include <gtest/gtest.h>

#include "common/endpoint.hpp"
#include "common/error.hpp"

namespace mai {

TEST(Endpoint, ParsesNamesAddressesAndBracketedIpv6) {
  auto a = parse_endpoint("sandbox.example:7443", "--server", false);
  EXPECT_EQ(a.host, "sandbox.example");
  EXPECT_EQ(a.port, 7443);
  auto b = parse_endpoint("[::1]:80", "--server", false);
  EXPECT_EQ(b.host, "::1");
  EXPECT_EQ(b.to_string(), "[::1]:80");
  EXPECT_EQ(parse_endpoint("127.0.0.1:0", "--listen", true).port, 0);
}

TEST(Endpoint, RefusesWhatIsNotHostPort) {
  for (const char* bad : {"nohost", ":80", "host:", "host:x", "host:65536", "::1:80", "[::1]80",
                          "host:123456"}) {
    EXPECT_THROW(parse_endpoint(bad, "--server", false), UsageError) << bad;
  }
  EXPECT_THROW(parse_endpoint("host:0", "--server", false), UsageError);
  try {
    parse_endpoint("nohost", "--join", false);
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--join"), std::string::npos) << e.what();
  }
}

TEST(Endpoint, LoopbackHosts) {
  EXPECT_TRUE(is_loopback_host("127.0.0.1"));
  EXPECT_TRUE(is_loopback_host("127.8.9.10"));
  EXPECT_TRUE(is_loopback_host("::1"));
  EXPECT_TRUE(is_loopback_host("localhost"));
  EXPECT_FALSE(is_loopback_host("0.0.0.0"));
  EXPECT_FALSE(is_loopback_host("10.0.0.1"));
  EXPECT_FALSE(is_loopback_host("localhost.evil.example"));
}

}  // namespace mai
