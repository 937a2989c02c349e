// The proxy server attacked over real loopback sockets: what it allows,
// what it refuses (and says why), budgets, smuggling, slow clients.
#include <gtest/gtest.h>

#include <chrono>
#include <future>

#include "test_util.hpp"

namespace mai::proxy {

using namespace test;

namespace {

config::NetworkConfig config_for(const Upstream& up) {
  config::NetworkConfig c = test_config();
  c.resolve["pkgs.test"] = {"127.0.0.1", up.port()};
  c.resolve["tls.test"] = {"127.0.0.1", up.port()};
  c.resolve["a.mirror.test"] = {"127.0.0.1", up.port()};
  c.resolve["other.test"] = {"127.0.0.1", up.port()};
  return c;
}

std::string get(const std::string& url, const std::string& extra = "") {
  std::string host = url.substr(7, url.find('/', 7) - 7);
  return "GET " + url + " HTTP/1.1\r\nHost: " + host + "\r\n" + extra + "\r\n";
}

bool starts(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

const NetworkEvent* find_event(const std::vector<NetworkEvent>& events, const std::string& word) {
  for (const auto& e : events)
    if (e.reason.find(word) != std::string::npos) return &e;
  return nullptr;
}

}  // namespace

TEST(ProxyServer, GetToAnAllowlistedHostIsRelayed) {
  Upstream up("package index\n");
  Proxy proxy(config_for(up));
  std::string resp = proxy.exchange(get("http://pkgs.test/simple/x/", "Proxy-Connection: keep-alive\r\n"));
  EXPECT_TRUE(starts(resp, "HTTP/1.1 200 OK")) << resp;
  EXPECT_NE(resp.find("Connection: close\r\n"), std::string::npos) << resp;
  EXPECT_EQ(resp.find("keep-alive"), std::string::npos) << resp;
  EXPECT_NE(resp.find("\r\n\r\npackage index\n"), std::string::npos) << resp;
  // Upstream saw an origin-form request, without the proxy's hop-by-hop fields.
  std::string seen = up.received();
  EXPECT_TRUE(starts(seen, "GET /simple/x/ HTTP/1.1\r\nHost: pkgs.test\r\n")) << seen;
  EXPECT_EQ(seen.find("roxy-"), std::string::npos) << seen;
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].decision, "allow");
  EXPECT_EQ(events[0].method, "GET");
  EXPECT_EQ(events[0].host, "pkgs.test");
  EXPECT_EQ(events[0].port, 80);
  EXPECT_EQ(events[0].bytes_down, resp.size());
  EXPECT_GT(events[0].bytes_up, 0u);
}

TEST(ProxyServer, GetEndsWhenTheClientLeavesEvenIfTheUpstreamLingers) {
  Upstream up("0123456789");
  up.ignore_close();
  Proxy proxy(config_for(up));  // idle timeout 3s
  int fd = proxy.connect();
  send_all(fd, get("http://pkgs.test/x"));
  std::string resp = read_until(fd, "0123456789");
  EXPECT_TRUE(starts(resp, "HTTP/1.1 200 OK")) << resp;
  ::close(fd);  // done, by Content-Length
  for (int i = 0; i < 50 && proxy.events().empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto events = proxy.events();
  ASSERT_EQ(events.size(), 1u) << "the connection lingered after the client left";
  EXPECT_EQ(events[0].decision, "allow");
}

TEST(ProxyServer, HeadAndWildcardAreAllowed) {
  Upstream up("body\n");
  Proxy proxy(config_for(up));
  std::string resp = proxy.exchange("HEAD http://A.Mirror.Test/x HTTP/1.1\r\n\r\n");
  EXPECT_TRUE(starts(resp, "HTTP/1.1 200 OK")) << resp;
  EXPECT_EQ(resp.find("body"), std::string::npos) << resp;
}

TEST(ProxyServer, RefusalsSayWhy) {
  Upstream up;
  Proxy proxy(config_for(up));
  struct Case {
    std::string request;
    int status;
    std::string why;
  };
  std::vector<Case> cases = {
      {"POST http://pkgs.test/upload HTTP/1.1\r\nHost: pkgs.test\r\nContent-Length: 0\r\n\r\n", 403,
       "method POST is not allowed"},
      {"PUT http://pkgs.test/x HTTP/1.1\r\nHost: pkgs.test\r\n\r\n", 403, "method PUT"},
      {"DELETE http://pkgs.test/x HTTP/1.1\r\n\r\n", 403, "method DELETE"},
      {"get http://pkgs.test/x HTTP/1.1\r\n\r\n", 403, "method get"},
      {"CONNECT tls.test:8443 HTTP/1.1\r\nHost: tls.test:8443\r\n\r\n", 403, "port 443 only"},
      {"CONNECT tls.test:22 HTTP/1.1\r\n\r\n", 403, "port 443 only"},
      {get("http://pkgs.test:8080/x"), 403, "port 80 only"},
      {get("http://evil.example/x"), 403, "not on the allowlist"},
      {get("http://mirror.test/x"), 403, "not on the allowlist"},  // *.mirror.test is subdomains only
      {get("http://pkgs.test.evil.example/x"), 403, "not on the allowlist"},
      {get("http://127.0.0.1/x"), 403, "IP addresses are not allowed"},
      {get("http://2130706433/x"), 403, "IP addresses are not allowed"},
      {"GET http://[::1]/x HTTP/1.1\r\n\r\n", 403, "IP addresses are not allowed"},
      {"CONNECT 127.0.0.1:443 HTTP/1.1\r\n\r\n", 403, "IP addresses are not allowed"},
      {get("http://localhost/x"), 403, "loopback"},  // resolves through /etc/hosts
      {"GET https://pkgs.test/x HTTP/1.1\r\n\r\n", 403, "use CONNECT"},
      {"GET /x HTTP/1.1\r\nHost: pkgs.test\r\n\r\n", 403, "absolute http:// URL"},
      {"GET http://user:pw@pkgs.test/x HTTP/1.1\r\n\r\n", 403, "credentials"},
      {"GET http://pkgs.test/x HTTP/1.1\r\nHost: evil.example\r\n\r\n", 400, "Host header"},
      {"GET http://pkgs.test/x HTTP/1.1\r\nContent-Length: 4\r\n\r\nabcd", 403, "bodies"},
      {"GET http://pkgs.test/x HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n",
       400, "smuggling"},
      {"GET http://pkgs.test/x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nbad\r\n0\r\n\r\n",
       403, "Transfer-Encoding"},
      {"GET http://pkgs.test/x HTTP/1.1\r\nHost: pkgs.test\r\nHost: evil.example\r\n\r\n", 400,
       "more than one Host"},
      {"GET http://pkgs.test/x HTTP/1.1\r\nX: a\r\n b\r\n\r\n", 400, "folding"},
      {"GET http://pkgs.test/x HTTP/1.1\nHost: pkgs.test\n\n", 400, "bare LF"},
      {"GET http://pkgs.test/x HTTP/1.1\r\nX: " + std::string(20000, 'a') + "\r\n\r\n", 431,
       "larger than"},
  };
  for (const auto& c : cases) {
    std::string resp = proxy.exchange(c.request);
    EXPECT_TRUE(starts(resp, "HTTP/1.1 " + std::to_string(c.status))) << c.request << "\n" << resp;
    EXPECT_NE(resp.find(c.why), std::string::npos) << c.request << "\n" << resp;
  }
  EXPECT_EQ(up.connections(), 0) << "a refused request reached the upstream";
  auto events = proxy.finish();
  EXPECT_EQ(events.size(), cases.size());
  for (const auto& e : events) EXPECT_EQ(e.decision, "deny") << e.reason;
  const NetworkEvent* put = find_event(events, "method PUT");
  ASSERT_TRUE(put);
  EXPECT_EQ(put->method, "PUT");
  const NetworkEvent* port = find_event(events, "not 8443");
  ASSERT_TRUE(port);
  EXPECT_EQ(port->host, "tls.test");
  EXPECT_EQ(port->port, 8443);
}

TEST(ProxyServer, TunnelWithMatchingServerNameIsRelayed) {
  Upstream up;
  up.make_sink();
  Proxy proxy(config_for(up));
  int fd = proxy.connect();
  send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\nHost: tls.test:443\r\n\r\n");
  std::string resp = read_until(fd, "\r\n\r\n");
  EXPECT_EQ(resp, "HTTP/1.1 200 Connection established\r\n\r\n");
  std::string hello = client_hello("tls.test");
  send_all(fd, hello + "encrypted-request");
  ::shutdown(fd, SHUT_WR);
  read_until_closed(fd, 5000);
  ::close(fd);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].decision, "allow") << events[0].reason;
  EXPECT_EQ(events[0].method, "CONNECT");
  EXPECT_EQ(events[0].port, 443);
  EXPECT_EQ(events[0].bytes_up, hello.size() + 17);
  for (int i = 0; i < 50 && up.received().size() < hello.size() + 17; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(up.received(), hello + "encrypted-request");
}

TEST(ProxyServer, TunnelDeliversEverythingAfterTheUpstreamCloses) {
  Upstream up;
  up.make_blaster(3u << 20);
  Proxy proxy(config_for(up));
  int fd = proxy.connect();
  send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\n\r\n");
  read_until(fd, "\r\n\r\n");
  send_all(fd, client_hello("tls.test"));
  // The upstream has sent everything and closed before the client reads.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(read_until_closed(fd, 5000).size(), 3u << 20);
  ::close(fd);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].decision, "allow");
  EXPECT_EQ(events[0].bytes_down, 3u << 20);
}

TEST(ProxyServer, ServerNameMismatchIsRefusedBeforeAnythingLeaves) {
  Upstream up;
  up.make_sink();
  Proxy proxy(config_for(up));
  for (const std::string& sni : {std::string("other.test"), std::string("")}) {
    int fd = proxy.connect();
    send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\n\r\n");
    EXPECT_EQ(read_until(fd, "\r\n\r\n"), "HTTP/1.1 200 Connection established\r\n\r\n");
    send_all(fd, client_hello(sni) + "secret");
    EXPECT_EQ(read_until_closed(fd, 3000), "");  // closed, nothing answered
    ::close(fd);
  }
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].decision, "deny");
  EXPECT_NE(events[0].reason.find("does not match the CONNECT host"), std::string::npos)
      << events[0].reason;
  EXPECT_NE(events[1].reason.find("SNI is required"), std::string::npos) << events[1].reason;
  EXPECT_EQ(events[0].bytes_up, 0u);
  EXPECT_EQ(up.received(), "");
}

TEST(ProxyServer, TunnelThatUploadsPastItsBudgetIsCut) {
  Upstream up;
  up.make_sink();
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.upload_per_tunnel = 4096;
  Proxy proxy(cfg);
  int fd = proxy.connect();
  send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\n\r\n");
  read_until(fd, "\r\n\r\n");
  std::string hello = client_hello("tls.test");
  send_all(fd, hello);
  // Exfiltration attempt: 1 MiB in 1 KiB pieces.
  size_t sent = 0;
  std::string piece(1024, 'X');
  for (int i = 0; i < 1024; ++i) {
    if (!send_all(fd, piece)) break;
    sent += piece.size();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  read_until_closed(fd, 3000);
  ::close(fd);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].decision, "deny");
  EXPECT_NE(events[0].reason.find("per tunnel exceeded: tunnel cut"), std::string::npos)
      << events[0].reason;
  EXPECT_LE(events[0].bytes_up, 4096u);  // the ClientHello counts
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_LE(up.received().size(), 4096u);
  EXPECT_LT(sent, 1024u * 1024u) << "the client could keep writing: the tunnel was not cut";
}

TEST(ProxyServer, RunUploadBudgetSpansTunnels) {
  Upstream up;
  up.make_sink();
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.upload_per_tunnel = 3000;
  cfg.limits.upload_per_run = 5400;  // two tunnels of a ClientHello and 2500 bytes each
  Proxy proxy(cfg);
  for (int i = 0; i < 3; ++i) {
    int fd = proxy.connect();
    send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\n\r\n");
    read_until(fd, "\r\n\r\n");
    send_all(fd, client_hello("tls.test") + std::string(2500, 'X'));
    ::shutdown(fd, SHUT_WR);
    read_until_closed(fd, 3000);
    ::close(fd);
  }
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].decision, "allow");
  EXPECT_EQ(events[1].decision, "allow");
  EXPECT_EQ(events[2].decision, "deny");
  EXPECT_NE(events[2].reason.find("upload budget"), std::string::npos) << events[2].reason;
}

// A ClientHello padded with an extension of `pad` bytes, in 16 KiB records.
std::string padded_hello(size_t pad) {
  std::string ext = std::string("\x00\x15", 2) +  // padding (RFC 7685)
                    std::string{static_cast<char>(pad >> 8), static_cast<char>(pad)} +
                    std::string(pad, '\0');
  return client_hello("tls.test", 16384, ext);
}

std::string tunnel(const Proxy& proxy, const std::string& first_bytes) {
  int fd = proxy.connect();
  send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\n\r\n");
  read_until(fd, "\r\n\r\n");
  send_all(fd, first_bytes);
  ::shutdown(fd, SHUT_WR);
  std::string got = read_until_closed(fd, 3000);
  ::close(fd);
  return got;
}

TEST(ProxyServer, AnOversizedClientHelloIsRefusedWithItsSize) {
  Upstream up;
  up.make_sink();
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.upload_per_tunnel = 1 << 20;
  Proxy proxy(cfg);
  std::string hello = padded_hello(60000);  // 60 KB, as in the attack of issue 13
  ASSERT_GT(hello.size(), 60000u);
  tunnel(proxy, hello);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].decision, "deny");
  EXPECT_NE(events[0].reason.find("exceeds the limit of 16384 bytes: tunnel closed"),
            std::string::npos)
      << events[0].reason;
  EXPECT_EQ(events[0].bytes_up, 0u);
  EXPECT_EQ(up.received(), "");
  // Just under the cap passes.
  Proxy ok(cfg);
  std::string fits = padded_hello(16384 - 200);
  ASSERT_LE(fits.size(), 16384u);
  tunnel(ok, fits);
  auto allowed = ok.finish();
  ASSERT_EQ(allowed.size(), 1u);
  EXPECT_EQ(allowed[0].decision, "allow") << allowed[0].reason;
  EXPECT_EQ(allowed[0].bytes_up, fits.size());
}

TEST(ProxyServer, ClientHellosCountAgainstTheTunnelBudget) {
  Upstream up;
  up.make_sink();
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.upload_per_tunnel = 8192;
  Proxy proxy(cfg);
  tunnel(proxy, padded_hello(10000));
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].decision, "deny");
  EXPECT_NE(events[0].reason.find("upload budget of 8192 bytes per tunnel exceeded by the "
                                  "ClientHello"),
            std::string::npos)
      << events[0].reason;
  EXPECT_EQ(up.received(), "");
}

TEST(ProxyServer, ManyTunnelsOfLargeClientHellosStopAtTheRunBudget) {
  // The attack of issue 13: 90 tunnels, each only a large ClientHello, to
  // carry data out. Every upstream byte now counts against the run's budget.
  Upstream up;
  up.make_sink();
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.upload_per_tunnel = 65536;
  cfg.limits.upload_per_run = 256 * 1024;
  cfg.limits.max_connections = 4;
  Proxy proxy(cfg);
  std::string hello = padded_hello(15000);
  for (int i = 0; i < 90; ++i) tunnel(proxy, hello);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 90u);
  uint64_t up_bytes = 0;
  size_t allowed = 0;
  for (const auto& e : events) {
    up_bytes += e.bytes_up;
    if (e.decision == "allow") ++allowed;
  }
  EXPECT_EQ(allowed, (256u * 1024u) / hello.size());
  EXPECT_LE(up_bytes, 256u * 1024u);
  EXPECT_NE(events.back().reason.find("upload budget of 262144 bytes per run exceeded"),
            std::string::npos)
      << events.back().reason;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_LE(up.received().size(), 256u * 1024u);
}

TEST(ProxyServer, DownloadCapCutsTheConnection) {
  Upstream up(std::string(200000, 'd'));
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.download_per_connection = 50000;
  Proxy proxy(cfg);
  std::string resp = proxy.exchange(get("http://pkgs.test/big"));
  EXPECT_LE(resp.size(), 50000u);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NE(events[0].reason.find("download cap"), std::string::npos) << events[0].reason;
}

TEST(ProxyServer, TunnelThatIsNotTlsIsClosed) {
  Upstream up;
  up.make_sink();
  Proxy proxy(config_for(up));
  int fd = proxy.connect();
  send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\n\r\n");
  read_until(fd, "\r\n\r\n");
  send_all(fd, "GET /exfiltrate?data=secret HTTP/1.1\r\n\r\n");
  EXPECT_EQ(read_until_closed(fd, 3000), "");
  ::close(fd);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NE(events[0].reason.find("TLS handshake"), std::string::npos) << events[0].reason;
  EXPECT_EQ(up.received(), "");
}

TEST(ProxyServer, SlowlorisTimesOutWithoutStallingOthers) {
  Upstream up;
  config::NetworkConfig cfg = config_for(up);
  cfg.timeouts.header_ms = 1500;  // a stalled server would make the fast ones wait this long
  Proxy proxy(cfg);
  auto slow = std::async(std::launch::async, [&] {
    int fd = proxy.connect();
    std::string req = get("http://pkgs.test/slow");
    auto start = std::chrono::steady_clock::now();
    for (char c : req) {
      if (!send_all(fd, std::string(1, c))) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 0) > 0) break;  // the proxy answered
    }
    std::string resp = read_until_closed(fd, 3000);
    ::close(fd);
    auto took = std::chrono::steady_clock::now() - start;
    return std::make_pair(resp, took);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  for (int i = 0; i < 5; ++i) {
    auto start = std::chrono::steady_clock::now();
    std::string resp = proxy.exchange(get("http://pkgs.test/fast"));
    EXPECT_TRUE(starts(resp, "HTTP/1.1 200")) << resp;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(750));
  }
  auto [resp, took] = slow.get();
  EXPECT_TRUE(starts(resp, "HTTP/1.1 408")) << resp;
  EXPECT_LT(took, std::chrono::milliseconds(3500));
  auto events = proxy.finish();
  EXPECT_TRUE(find_event(events, "not complete within"));
}

TEST(ProxyServer, SilentClientsAndCapsDoNotStallTheServer) {
  Upstream up;
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.max_connections = 3;
  Proxy proxy(cfg);
  std::vector<int> idle;
  for (int i = 0; i < 3; ++i) idle.push_back(proxy.connect());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::string resp = proxy.exchange(get("http://pkgs.test/x"));
  EXPECT_TRUE(starts(resp, "HTTP/1.1 503")) << resp;
  EXPECT_NE(resp.find("connection cap of 3"), std::string::npos) << resp;
  // After the header timeout (and the refusal's grace) the silent ones are
  // gone and service resumes.
  std::this_thread::sleep_for(std::chrono::milliseconds(3000));
  resp = proxy.exchange(get("http://pkgs.test/x"));
  EXPECT_TRUE(starts(resp, "HTTP/1.1 200")) << resp;
  for (int fd : idle) ::close(fd);
}

TEST(ProxyServer, RequestCapOfTheRun) {
  Upstream up;
  config::NetworkConfig cfg = config_for(up);
  cfg.limits.max_requests = 3;
  Proxy proxy(cfg);
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(starts(proxy.exchange(get("http://pkgs.test/x")), "HTTP/1.1 200"));
  for (int i = 0; i < 5; ++i) {
    std::string resp = proxy.exchange(get("http://pkgs.test/x"));
    EXPECT_TRUE(starts(resp, "HTTP/1.1 503")) << resp;
    EXPECT_NE(resp.find("request cap"), std::string::npos) << resp;
  }
  auto events = proxy.finish();
  EXPECT_EQ(events.size(), 4u);  // three requests and one record of the cap
  EXPECT_TRUE(find_event(events, "request cap of 3"));
}

TEST(ProxyServer, DataAfterAGetHeadIsRefused) {
  Upstream up;
  Proxy proxy(config_for(up));
  int fd = proxy.connect();
  // A body smuggled behind a GET without a Content-Length, sent slowly
  // enough to arrive after the head was accepted.
  send_all(fd, get("http://pkgs.test/x"));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  send_all(fd, std::string(100000, 'S'));
  read_until_closed(fd, 3000);
  ::close(fd);
  auto events = proxy.finish();
  ASSERT_EQ(events.size(), 1u);  // allowed if the response was done first, else cut
  EXPECT_EQ(up.received().find('S'), std::string::npos) << "bytes after the head reached the upstream";
}

TEST(ProxyServer, GarbageNeverCrashesIt) {
  Upstream up;
  Proxy proxy(config_for(up));
  uint32_t seed = 12345;
  auto rnd = [&] { return seed = seed * 1103515245 + 12345, (seed >> 16) & 0xff; };
  std::string base = get("http://pkgs.test/x");
  for (int i = 0; i < 200; ++i) {
    std::string req = base;
    for (int k = 0; k < 4; ++k) req[rnd() % req.size()] = static_cast<char>(rnd());
    int fd = proxy.connect();
    send_all(fd, req);
    ::shutdown(fd, SHUT_WR);
    read_until_closed(fd, 2000);
    ::close(fd);
  }
  std::string resp = proxy.exchange(base);
  EXPECT_TRUE(starts(resp, "HTTP/1.1 200")) << resp;
}

TEST(ProxyServer, StopEndsOpenTunnels) {
  Upstream up;
  up.make_sink();
  Proxy proxy(config_for(up));
  int fd = proxy.connect();
  send_all(fd, "CONNECT tls.test:443 HTTP/1.1\r\n\r\n");
  read_until(fd, "\r\n\r\n");
  send_all(fd, client_hello("tls.test"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto start = std::chrono::steady_clock::now();
  auto events = proxy.finish();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NE(events[0].reason.find("the run ended"), std::string::npos) << events[0].reason;
  ::close(fd);
}

}  // namespace mai::proxy
