// A sandbox that opens connections to the proxy and never closes them. Each
// one refused at the connection cap kept a socket of the proxy's process for
// its grace period, so a few thousand of them (eight processes of 1,000
// descriptors each) took every descriptor of the `run` process, which also
// writes the audit log: the run ended as audit_failed, its result lost.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "test_util.hpp"

namespace mai::proxy {

using namespace test;

TEST(ProxyServerFlood, ConnectionsHeldOpenNeverTakeMoreThanTwiceTheCap) {
  config::NetworkConfig cfg = test_config();
  cfg.limits.max_connections = 4;
  Proxy proxy(cfg);
  std::vector<int> held;
  for (int i = 0; i < 60; ++i) {
    int fd = proxy.connect();
    ASSERT_GE(fd, 0);
    held.push_back(fd);
  }
  // Taking more than it may hold at once means it has let go of some first
  // (their header timeout and grace period pass meanwhile).
  const size_t most = 2 * cfg.limits.max_connections;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (proxy.server().accepted() <= most && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_GT(proxy.server().accepted(), most);
  EXPECT_LE(proxy.server().peak_held(), most);
  // Those it took were told why.
  std::string resp = read_until(held[cfg.limits.max_connections], "\r\n\r\n");
  EXPECT_EQ(resp.rfind("HTTP/1.1 503", 0), 0u) << resp;
  for (int fd : held) ::close(fd);
  // And it goes on serving, once it has seen those leave (503 until then).
  deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  do {
    resp = proxy.exchange("GET http://evil.example/x HTTP/1.1\r\n\r\n");
    if (resp.rfind("HTTP/1.1 503", 0) != 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < deadline);
  EXPECT_EQ(resp.rfind("HTTP/1.1 403", 0), 0u) << resp;
}

}  // namespace mai::proxy
