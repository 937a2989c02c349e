// The ClientHello reader: the name it finds, and the shapes it refuses.
#include <gtest/gtest.h>

#include "proxy/tls_hello.hpp"
#include "test_util.hpp"

namespace mai::proxy {

using test::client_hello;

TEST(ProxyTlsHello, FindsTheServerName) {
  std::string h = client_hello("Pypi.ORG");
  HelloResult r = parse_client_hello(h + "after", 65536);
  ASSERT_EQ(r.status, HelloStatus::complete) << r.reason;
  EXPECT_EQ(r.server_name, "pypi.org");
  EXPECT_EQ(r.consumed, h.size());
}

TEST(ProxyTlsHello, AcrossRecordsAndPartialReads) {
  std::string h = client_hello("files.pythonhosted.org", 7);
  for (size_t cut = 0; cut < h.size(); ++cut)
    ASSERT_EQ(parse_client_hello(h.substr(0, cut), 65536).status, HelloStatus::incomplete) << cut;
  HelloResult r = parse_client_hello(h, 65536);
  ASSERT_EQ(r.status, HelloStatus::complete) << r.reason;
  EXPECT_EQ(r.server_name, "files.pythonhosted.org");
}

TEST(ProxyTlsHello, NoServerName) {
  HelloResult r = parse_client_hello(client_hello(""), 65536);
  ASSERT_EQ(r.status, HelloStatus::complete);
  EXPECT_TRUE(r.server_name.empty());
}

TEST(ProxyTlsHello, RefusesHostileShapes) {
  auto refused = [](const std::string& data) {
    return parse_client_hello(data, 65536).status == HelloStatus::refused;
  };
  EXPECT_TRUE(refused("GET / HTTP/1.1\r\n\r\n"));
  EXPECT_TRUE(refused(std::string("\x17\x03\x03\x00\x05hello", 10)));
  std::string ech = std::string("\xfe\x0d\x00\x01\x00", 5);
  EXPECT_TRUE(refused(client_hello("pypi.org", 16384, ech)));
  std::string dup = std::string("\x00\x2b\x00\x03\x02\x03\x04", 7);
  EXPECT_TRUE(refused(client_hello("pypi.org", 16384, dup)));
  // A second server_name extension carrying another host.
  std::string second = std::string("\x00\x00\x00\x0a\x00\x08\x00\x00\x05", 9) + "e.com";
  EXPECT_TRUE(refused(client_hello("pypi.org", 16384, second)));
  std::string h = client_hello("pypi.org");
  h[5] = 2;  // ServerHello instead
  EXPECT_TRUE(refused(h));
  std::string lying = client_hello("pypi.org");
  lying[lying.size() - 1] = 'x';  // still parses: bytes inside an unknown extension
  EXPECT_FALSE(refused(lying));
  std::string huge = std::string("\x16\x03\x01\x40\x01", 5);  // record > 16384
  EXPECT_TRUE(refused(huge));
  EXPECT_TRUE(refused(std::string("\x16\x03\x01\x00\x04\x01\x10\x00\x00", 9)));  // 1 MiB hello
}

TEST(ProxyTlsHelloFuzz, MutatedHellosNeverCrash) {
  std::string base = client_hello("files.pythonhosted.org", 40);
  uint32_t seed = 7;
  auto rnd = [&] { return seed = seed * 1103515245 + 12345, (seed >> 16) & 0x7fff; };
  for (int i = 0; i < 20000; ++i) {
    std::string h = base;
    int edits = 1 + rnd() % 4;
    for (int k = 0; k < edits; ++k) h[rnd() % h.size()] = static_cast<char>(rnd());
    if (rnd() % 4 == 0) h.resize(rnd() % h.size());
    HelloResult r = parse_client_hello(h, 65536);
    if (r.status == HelloStatus::complete) {
      EXPECT_LE(r.consumed, h.size());
    }
  }
}

}  // namespace mai::proxy
