// Limits before and after authentication. The pool on its own, then attacks
// over real sockets from several loopback source addresses (127.0.0.x):
// idle connections by the hundred, TLS handshakes left half-open, ClientHellos
// trickled byte by byte, all reopened as they are evicted, while a legitimate
// mutual-TLS client keeps connecting and using its tunnel.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <sstream>

#include "test_util.hpp"
#include "transport/admission.hpp"

namespace mai::transport::test {
namespace {

sockaddr_storage addr(const char* ip) {
  sockaddr_storage s{};
  if (std::string(ip).find(':') == std::string::npos) {
    auto* a = reinterpret_cast<sockaddr_in*>(&s);
    a->sin_family = AF_INET;
    ::inet_pton(AF_INET, ip, &a->sin_addr);
  } else {
    auto* a = reinterpret_cast<sockaddr_in6*>(&s);
    a->sin6_family = AF_INET6;
    ::inet_pton(AF_INET6, ip, &a->sin6_addr);
  }
  return s;
}

TEST(TransportAdmission, SourceIsTheAddressOrTheIpv6Prefix) {
  EXPECT_EQ(source_of(addr("127.0.0.5")), "127.0.0.5");
  EXPECT_EQ(source_of(addr("::ffff:10.1.2.3")), "10.1.2.3");
  EXPECT_EQ(source_of(addr("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), "2001:db8:1:2::/64");
  EXPECT_EQ(source_of(addr("2001:db8:1:2::9")), source_of(addr("2001:db8:1:2:ffff::1")));
  EXPECT_NE(source_of(addr("2001:db8:1:2::9")), source_of(addr("2001:db8:1:3::9")));
}

TEST(TransportAdmission, ASourceAtItsCapLosesItsOwnOldest) {
  PreAuthPool pool(100, 3);
  for (uint64_t id = 1; id <= 3; ++id) EXPECT_FALSE(pool.admit(id, "a"));
  EXPECT_FALSE(pool.admit(10, "b"));
  EXPECT_EQ(pool.admit(4, "a"), std::optional<uint64_t>(1));
  EXPECT_EQ(pool.last_reason(), "3 from a");
  EXPECT_EQ(pool.admit(5, "a"), std::optional<uint64_t>(2));
  EXPECT_EQ(pool.count("a"), 3u);
  EXPECT_EQ(pool.count("b"), 1u);
}

TEST(TransportAdmission, AtTheTotalCapTheBiggestSourceMakesRoom) {
  PreAuthPool pool(6, 10);
  // a: 1 (oldest of all), b: 3, c: 2.
  pool.admit(1, "a");
  for (uint64_t id : {2, 3, 4}) pool.admit(id, "b");
  for (uint64_t id : {5, 6}) pool.admit(id, "c");
  EXPECT_EQ(pool.admit(7, "d"), std::optional<uint64_t>(2));  // b's oldest, not a's
  EXPECT_EQ(pool.last_reason(), "6 in total");
  // b and c hold two each: the one with the older connection.
  EXPECT_EQ(pool.admit(8, "d"), std::optional<uint64_t>(3));
  EXPECT_EQ(pool.size(), 6u);
  // Every source down to one connection: plain oldest-first.
  PreAuthPool flat(3, 10);
  flat.admit(1, "x");
  flat.admit(2, "y");
  flat.admit(3, "z");
  EXPECT_EQ(flat.admit(4, "w"), std::optional<uint64_t>(1));
}

TEST(TransportAdmission, SilentConnectionsGoBeforeTalkingOnes) {
  // Per source: the client's own connection is the oldest of its address,
  // but it is talking (its ClientHello came); the silent ones go first.
  PreAuthPool pool(100, 3);
  pool.admit(1, "a");
  pool.talking(1);
  pool.admit(2, "a");
  pool.admit(3, "a");
  EXPECT_EQ(pool.admit(4, "a"), std::optional<uint64_t>(2));
  EXPECT_EQ(pool.admit(5, "a"), std::optional<uint64_t>(3));
  EXPECT_EQ(pool.admit(6, "a"), std::optional<uint64_t>(4));
  // In total: any silent connection goes before any talking one, even from a
  // smaller source.
  PreAuthPool total(4, 10);
  total.admit(1, "big");
  total.admit(2, "big");
  total.admit(3, "big");
  for (uint64_t id : {1, 2, 3}) total.talking(id);
  total.admit(4, "small");
  EXPECT_EQ(total.admit(5, "new"), std::optional<uint64_t>(4));
  // Only talking connections left (5 is silent, from a source of one): the
  // silent newcomer 5 goes first, then the biggest talking source.
  EXPECT_EQ(total.admit(6, "new"), std::optional<uint64_t>(5));
  total.talking(6);
  EXPECT_EQ(total.admit(7, "other"), std::optional<uint64_t>(1));
  // Out of descriptors: silent first too.
  EXPECT_EQ(total.evict_oldest(), std::optional<uint64_t>(7));
  EXPECT_EQ(total.evict_oldest(), std::optional<uint64_t>(2));
}

TEST(TransportAdmission, BytesWaitingInTheSocketMakeAConnectionTalking) {
  // 2's ClientHello is in its socket, but the server has not read it yet.
  std::set<uint64_t> waiting = {2};
  std::vector<uint64_t> asked;
  PreAuthPool pool(3, 10, [&](uint64_t id) {
    asked.push_back(id);
    return waiting.count(id) > 0;
  });
  pool.admit(2, "a");
  pool.admit(3, "a");
  pool.admit(4, "b");
  EXPECT_EQ(pool.admit(5, "c"), std::optional<uint64_t>(3));  // a's oldest silent one is 3, not 2
  EXPECT_EQ(asked, (std::vector<uint64_t>{2, 3}));
  asked.clear();
  EXPECT_EQ(pool.admit(6, "d"), std::optional<uint64_t>(4));  // 2 is talking now: never asked again
  EXPECT_EQ(asked, (std::vector<uint64_t>{4}));
}

TEST(TransportAdmission, RemoveAndEvictOldest) {
  PreAuthPool pool(10, 10);
  pool.admit(5, "a");
  pool.admit(6, "b");
  pool.admit(7, "a");
  pool.remove(5);
  pool.remove(5);  // twice is harmless
  EXPECT_EQ(pool.size(), 2u);
  EXPECT_EQ(pool.evict_oldest(), std::optional<uint64_t>(6));
  EXPECT_EQ(pool.evict_oldest(), std::optional<uint64_t>(7));
  EXPECT_FALSE(pool.evict_oldest());
  EXPECT_EQ(pool.size(), 0u);
}

// ------------------------------------------------------------ over sockets

int connect_from(const std::string& ip, uint16_t port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in src{};
  src.sin_family = AF_INET;
  ::inet_pton(AF_INET, ip.c_str(), &src.sin_addr);
  sockaddr_in dst{};
  dst.sin_family = AF_INET;
  dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  dst.sin_port = htons(port);
  if (::bind(s, reinterpret_cast<sockaddr*>(&src), sizeof src) != 0 ||
      ::connect(s, reinterpret_cast<sockaddr*>(&dst), sizeof dst) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

bool closed_by_peer(int fd) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 0) != 1) return false;
  char c;
  return ::recv(fd, &c, 1, MSG_DONTWAIT | MSG_PEEK) <= 0;
}

// A real TLS 1.3 ClientHello (OpenSSL, memory BIOs), to send and then stall.
std::string client_hello() {
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  SSL* ssl = SSL_new(ctx);
  BIO* in = BIO_new(BIO_s_mem());
  BIO* out = BIO_new(BIO_s_mem());
  SSL_set_bio(ssl, in, out);
  SSL_connect(ssl);  // wants to read the ServerHello
  char* p = nullptr;
  long n = BIO_get_mem_data(out, &p);
  std::string hello(p, static_cast<size_t>(n));
  SSL_free(ssl);
  SSL_CTX_free(ctx);
  return hello;
}

void raise_fd_limit() {
  rlimit rl{};
  ::getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &rl);
}

// The attackers: `per_source` connections from each source, each either idle,
// a stalled TLS handshake or a ClientHello trickled a byte at a time; whatever
// the server closes is reopened on the next round (every 250 ms).
class Flood {
 public:
  enum class Kind { idle, half_open, slowloris };
  Flood(uint16_t port, std::vector<std::pair<std::string, Kind>> sources, int per_source)
      : port_(port), hello_(client_hello()) {
    for (auto& [ip, kind] : sources)
      for (int i = 0; i < per_source; ++i) conns_.push_back({ip, kind, -1, 0});
    thread_ = std::thread([this] { run(); });
  }
  ~Flood() {
    stop_ = true;
    thread_.join();
    for (auto& c : conns_)
      if (c.fd >= 0) ::close(c.fd);
  }
  uint64_t opened() const { return opened_; }

 private:
  struct Conn {
    std::string ip;
    Kind kind;
    int fd;
    size_t sent;
  };
  void run() {
    while (!stop_) {
      for (auto& c : conns_) {
        if (stop_) return;
        if (c.fd >= 0 && closed_by_peer(c.fd)) {
          ::close(c.fd);
          c.fd = -1;
        }
        if (c.fd < 0) {
          c.fd = connect_from(c.ip, port_);
          c.sent = 0;
          if (c.fd < 0) continue;
          ++opened_;
          if (c.kind == Kind::half_open) {
            send_all(c.fd, hello_.data(), hello_.size());
            c.sent = hello_.size();
          }
        } else if (c.kind == Kind::slowloris && c.sent < hello_.size() - 1) {
          send_all(c.fd, hello_.data() + c.sent, 1);
          ++c.sent;
        }
      }
      std::this_thread::sleep_for(250ms);
    }
  }
  uint16_t port_;
  std::string hello_;
  std::vector<Conn> conns_;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> opened_{0};
  std::thread thread_;
};

TEST(TransportAdmission, FloodsFromManySourcesNeverStarveAClient) {
  raise_fd_limit();
  // The defaults of service.yaml (1024 in total, 16 per address), and a
  // handshake timeout long enough that only the caps act.
  Rig rig(true, [](TunnelServerSettings& s) { s.handshake_timeout = 120s; });
  std::vector<std::pair<std::string, Flood::Kind>> sources;
  for (int i = 2; i <= 71; ++i)  // 70 sources x 20 idle connections: both caps act
    sources.emplace_back("127.0.0." + std::to_string(i), Flood::Kind::idle);
  sources.emplace_back("127.0.0.1", Flood::Kind::idle);  // the client's own address
  sources.emplace_back("127.0.0.80", Flood::Kind::half_open);
  sources.emplace_back("127.0.0.81", Flood::Kind::slowloris);
  Flood flood(rig.server->port(), sources, 20);
  ASSERT_TRUE(eventually([&] { return rig.server->stats().evicted > 1000; }, 60s))
      << rig.server->stats().evicted;
  EXPECT_EQ(rig.server->stats().pending, 1024u);

  for (int round = 0; round < 10; ++round) {
    auto settings = rig.client("alice");
    settings.timeout = 60s;  // a loaded machine may be slow; the flood must not make it fail
    std::unique_ptr<TunnelClient> client;
    try {
      client = TunnelClient::connect(settings);
    } catch (const ConnectError& e) {
      std::string mine;  // what the server said about connections from the client's address
      std::istringstream events(rig.all_events());
      for (std::string line; std::getline(events, line);)
        if (line.find(" 127.0.0.1:") != std::string::npos) mine += line + "\n";
      FAIL() << "round " << round << ": " << e.what() << "\n" << mine.substr(mine.size() > 3000 ? mine.size() - 3000 : 0);
    }
    int fd = client->take_local_fd();
    set_timeouts(fd, 30s);
    std::string node = basp::encode_node_id(100u + static_cast<unsigned>(round), "legit");
    ASSERT_TRUE(start_session(fd, node));
    std::string data = door_message(20000, static_cast<unsigned>(round));
    ASSERT_TRUE(send_all(fd, data.data(), data.size()));
    std::string back(data.size(), '\0');
    ASSERT_TRUE(recv_all(fd, &back[0], back.size()));
    EXPECT_EQ(back, data);
    ::close(fd);
  }
  EXPECT_EQ(rig.server->stats().authenticated, 10u);
}

TEST(TransportAdmission, EstablishedTunnelsAreNeverEvicted) {
  raise_fd_limit();
  Rig rig(true, [](TunnelServerSettings& s) {
    s.max_handshakes = 32;
    s.max_handshakes_per_address = 4;
  });
  std::vector<std::unique_ptr<TunnelClient>> clients;
  std::vector<int> fds;
  for (int i = 0; i < 8; ++i) {
    clients.push_back(TunnelClient::connect(rig.client("alice")));
    fds.push_back(clients.back()->take_local_fd());
    set_timeouts(fds.back(), 10s);
    ASSERT_TRUE(start_session(fds.back(), basp::encode_node_id(300u + static_cast<unsigned>(i), "n")));
  }
  std::vector<int> idle;
  for (int i = 0; i < 400; ++i) {
    int fd = connect_from("127.0.0." + std::to_string(2 + i % 50), rig.server->port());
    if (fd >= 0) idle.push_back(fd);
  }
  ASSERT_TRUE(eventually([&] { return rig.server->stats().evicted >= 400u - 32u; }))
      << rig.server->stats().evicted;
  for (size_t i = 0; i < fds.size(); ++i) {
    EXPECT_TRUE(clients[i]->open());
    std::string data = door_message(3000, static_cast<unsigned>(i));
    ASSERT_TRUE(send_all(fds[i], data.data(), data.size()));
    std::string back(data.size(), '\0');
    ASSERT_TRUE(recv_all(fds[i], &back[0], back.size()));
    EXPECT_EQ(back, data);
  }
  for (int fd : idle) ::close(fd);
  for (int fd : fds) ::close(fd);
}

TEST(TransportAdmission, ASourceFloodingPushesOutOnlyItsOwn) {
  Rig rig(false, [](TunnelServerSettings& s) {
    s.max_handshakes_per_address = 4;
    s.handshake_timeout = 60s;
  });
  int calm1 = connect_from("127.0.0.3", rig.server->port());
  int calm2 = connect_from("127.0.0.3", rig.server->port());
  std::vector<int> flood;
  for (int i = 0; i < 10; ++i) flood.push_back(connect_from("127.0.0.2", rig.server->port()));
  ASSERT_TRUE(eventually([&] { return rig.server->stats().evicted == 6; }));
  ASSERT_TRUE(eventually([&] { return closed_by_peer(flood[5]); }));
  for (size_t i = 0; i < flood.size(); ++i) EXPECT_EQ(closed_by_peer(flood[i]), i < 6) << i;
  EXPECT_FALSE(closed_by_peer(calm1));
  EXPECT_FALSE(closed_by_peer(calm2));
  EXPECT_NE(rig.all_events().find("evicted 127.0.0.2:"), std::string::npos);
  EXPECT_NE(rig.all_events().find("the limit of 4 from 127.0.0.2 unauthenticated connections"),
            std::string::npos)
      << rig.all_events();
  // The calm source still gets its hello answered.
  const char hello[] = "MAI-SANDBOX/1\n";
  send_all(calm1, hello, sizeof hello - 1);
  std::string line(17, '\0');
  set_timeouts(calm1, 10s);
  ASSERT_TRUE(recv_all(calm1, &line[0], line.size()));
  EXPECT_EQ(line, "MAI-SANDBOX/1 OK ");
  for (int fd : flood) ::close(fd);
  ::close(calm1);
  ::close(calm2);
}

TEST(TransportAdmission, PerClientLimitRefusesWithAReason) {
  Rig rig(true, [](TunnelServerSettings& s) { s.max_connections_per_client = 2; });
  auto a1 = TunnelClient::connect(rig.client("alice"));
  auto a2 = TunnelClient::connect(rig.client("alice"));
  try {
    TunnelClient::connect(rig.client("alice"));
    FAIL() << "a third tunnel for alice";
  } catch (const ConnectError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "refused the tunnel: client CN=alice is at its limit of 2 connections"),
              std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(TunnelClient::connect(rig.client("w1")));  // another certificate
  a1.reset();
  EXPECT_TRUE(eventually([&] { return rig.server->stats().open == 1; }));
  EXPECT_NO_THROW(TunnelClient::connect(rig.client("alice")));
}

TEST(TransportAdmission, ANodeIdIsOneClients) {
  Rig rig(true);
  std::string node = basp::encode_node_id(5, "shared");
  auto a = TunnelClient::connect(rig.client("alice"));
  int afd = a->take_local_fd();
  set_timeouts(afd, 10s);
  ASSERT_TRUE(start_session(afd, node));
  // The same client may open a second tunnel as the same node (CAF reconnects).
  auto a2 = TunnelClient::connect(rig.client("alice"));
  int a2fd = a2->take_local_fd();
  set_timeouts(a2fd, 10s);
  EXPECT_TRUE(start_session(a2fd, node));
  // Another certificate may not.
  auto m = TunnelClient::connect(rig.client("w1"));
  int mfd = m->take_local_fd();
  set_timeouts(mfd, 10s);
  EXPECT_FALSE(start_session(mfd, node));
  EXPECT_TRUE(eventually([&] { return !m->open(); }));
  EXPECT_TRUE(rig.saw_event("held by a peer with another identity")) << rig.all_events();
  // Once alice's tunnels are gone, the node id is free again.
  ::close(afd);
  ::close(a2fd);
  a.reset();
  a2.reset();
  EXPECT_TRUE(eventually([&] { return rig.server->stats().open == 0; }));
  auto m2 = TunnelClient::connect(rig.client("w1"));
  int m2fd = m2->take_local_fd();
  set_timeouts(m2fd, 10s);
  EXPECT_TRUE(start_session(m2fd, node));
  ::close(mfd);
  ::close(m2fd);
}

}  // namespace
}  // namespace mai::transport::test
