// Success paths: tunnels through TunnelServer + TunnelClient to a plain echo
// backend gated by a PortGate, plain and TLS, identity, bulk and concurrency.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <cctype>

#include "common/error.hpp"
#include "test_util.hpp"
#include "transport/identity.hpp"
#include "transport/net.hpp"

namespace mai::transport::test {
namespace {

// `openssl x509 -fingerprint -sha256` of a PEM file, as lowercase hex without colons.
std::string cli_fingerprint(const std::string& pem) {
  std::string cmd = "openssl x509 -in " + pem + " -noout -fingerprint -sha256";
  FILE* p = ::popen(cmd.c_str(), "r");
  char buf[256] = {0};
  std::string out;
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  ::pclose(p);
  auto eq = out.find('=');
  std::string hex;
  for (char c : out.substr(eq + 1))
    if (std::isxdigit(static_cast<unsigned char>(c)))
      hex.push_back(static_cast<char>(std::tolower(c)));
  return hex;
}

// `count` BASP messages to the door with payloads of `payload` bytes.
std::string framed_stream(size_t count, uint32_t payload, unsigned seed) {
  std::string s;
  s.reserve(count * (payload + 32));
  for (size_t i = 0; i < count; ++i) s += door_message(payload, seed + static_cast<unsigned>(i));
  return s;
}

// Writes `data` into fd from one thread and reads the echo back in this one.
bool echo_through(int fd, const std::string& data) {
  std::thread writer([&] { send_all(fd, data.data(), data.size()); });
  std::string back(data.size(), '\0');
  bool ok = recv_all(fd, &back[0], back.size());
  writer.join();
  return ok && back == data;
}

TEST(TransportTunnel, PlainTunnelEchoesAndRecordsTheAddress) {
  Rig rig(false);
  auto client = TunnelClient::connect(rig.client(""));
  ASSERT_EQ(client->token().size(), 64u);
  EXPECT_TRUE(client->open());
  auto id = rig.sessions->find(client->token());
  ASSERT_TRUE(id.has_value());
  EXPECT_FALSE(id->tls);
  EXPECT_TRUE(id->subject.empty());
  EXPECT_EQ(id->address.rfind("127.0.0.1:", 0), 0u) << id->address;
  EXPECT_EQ(id->display(), "plain-tcp " + id->address);

  int fd = client->take_local_fd();
  ASSERT_GE(fd, 0);
  EXPECT_EQ(client->take_local_fd(), -1);
  set_timeouts(fd, 10s);
  ASSERT_TRUE(start_session(fd));
  std::string data = framed_stream(3, 1000, 1);
  EXPECT_TRUE(echo_through(fd, data));
  // The backend saw the client's token through the PortGate.
  ASSERT_TRUE(eventually([&] { return rig.backend.tokens().size() == 1; }));
  EXPECT_EQ(rig.backend.tokens()[0], client->token());

  // Half-close: our EOF reaches the backend, whose close comes back as EOF.
  std::string tail = framed_stream(1, 10, 7);
  ASSERT_TRUE(send_all(fd, tail.data(), tail.size()));
  ::shutdown(fd, SHUT_WR);
  bool closed = false;
  EXPECT_EQ(read_until_close(fd, 5s, &closed), tail);
  EXPECT_TRUE(closed);
  ::close(fd);
  EXPECT_TRUE(eventually([&] { return !client->open(); }));
  EXPECT_TRUE(
      eventually([&] { return rig.sessions->size() == 0 && rig.server->stats().open == 0; }));
  EXPECT_EQ(rig.gate->size(), 0u);
  auto st = rig.server->stats();
  EXPECT_EQ(st.accepted, 1u);
  EXPECT_EQ(st.authenticated, 1u);
  EXPECT_EQ(st.refused, 0u);
}

TEST(TransportTunnel, TlsIdentityComesFromTheVerifiedCertificate) {
  Rig rig(true);
  auto client = TunnelClient::connect(rig.client("w1"));
  auto id = rig.sessions->find(client->token());
  ASSERT_TRUE(id.has_value());
  EXPECT_TRUE(id->tls);
  EXPECT_EQ(id->subject, "CN=w1,OU=workers");
  EXPECT_EQ(id->display(), "CN=w1,OU=workers");
  EXPECT_EQ(id->fingerprint, cli_fingerprint(Pki::get().dir + "/w1.pem"));
  EXPECT_EQ(id->fingerprint.size(), 64u);
  EXPECT_EQ(id->address.rfind("127.0.0.1:", 0), 0u);

  int fd = client->take_local_fd();
  set_timeouts(fd, 10s);
  ASSERT_TRUE(start_session(fd));
  EXPECT_TRUE(echo_through(fd, framed_stream(5, 5000, 2)));
  ::close(fd);
  client.reset();
  EXPECT_TRUE(
      eventually([&] { return rig.sessions->size() == 0 && rig.server->stats().open == 0; }));
  EXPECT_TRUE(eventually([&] { return rig.backend.finished() == 1; }));
}

TEST(TransportTunnel, ConnectsByHostName) {
  Rig rig(true);
  auto settings = rig.client("alice");
  settings.host = "localhost";  // in the server certificate's SAN
  auto client = TunnelClient::connect(settings);
  EXPECT_EQ(rig.sessions->find(client->token())->subject, "CN=alice");
}

TEST(TransportTunnel, FiftyMebibytesBothWaysIntact) {
  Rig rig(true);
  auto client = TunnelClient::connect(rig.client("alice"));
  int fd = client->take_local_fd();
  set_timeouts(fd, 60s);
  ASSERT_TRUE(start_session(fd));
  std::string data = framed_stream(800, 65536, 3);  // 800 frames of 64 KiB: 50 MiB + headers
  ASSERT_GE(data.size(), 50u << 20);
  EXPECT_TRUE(echo_through(fd, data));
  ::close(fd);
}

TEST(TransportTunnel, ManyConcurrentTunnels) {
  Rig rig(true);
  constexpr int kClients = 16;
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kClients; ++i) {
    threads.emplace_back([&, i] {
      try {
        auto client = TunnelClient::connect(rig.client(i % 2 ? "alice" : "w1"));
        int fd = client->take_local_fd();
        set_timeouts(fd, 30s);
        // A node id is one client's: each of these is a node of its own.
        std::string node = basp::encode_node_id(1000u + static_cast<unsigned>(i), "host");
        if (start_session(fd, node) &&
            echo_through(fd, framed_stream(16, 65536, 100u + static_cast<unsigned>(i))))
          ++good;
        ::close(fd);
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(good.load(), kClients);
  EXPECT_EQ(rig.server->stats().authenticated, static_cast<uint64_t>(kClients));
  EXPECT_TRUE(
      eventually([&] { return rig.sessions->size() == 0 && rig.server->stats().open == 0; }));
  EXPECT_EQ(rig.gate->size(), 0u);
}

double cpu_seconds() {
  rusage ru{};
  ::getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

TEST(TransportTunnel, IdleEstablishedTunnelsCostNothing) {
  Rig rig(true);
  std::vector<std::unique_ptr<TunnelClient>> clients;
  std::vector<int> fds;
  for (int i = 0; i < 20; ++i) {
    clients.push_back(TunnelClient::connect(rig.client()));
    fds.push_back(clients.back()->take_local_fd());
    set_timeouts(fds.back(), 10s);
    ASSERT_TRUE(start_session(fds.back()));
    ASSERT_TRUE(echo_through(fds.back(), framed_stream(1, 100, 5)));
  }
  double before = cpu_seconds();
  std::this_thread::sleep_for(2s);
  EXPECT_LT(cpu_seconds() - before, 0.1)
      << "idle tunnels (server thread + 20 client relays) burned CPU";
  for (auto& c : clients) EXPECT_TRUE(c->open());
  for (int fd : fds) ::close(fd);
}

// Byte `i` of an endless stream of door messages (64 KiB payloads), for
// transfers too large to keep in memory.
char stream_byte(uint64_t i) {
  static const std::string head = door_header(65536) + basp::encode_message("@<>+@str", "");
  constexpr uint64_t kFrame = 32 + 65536;
  uint64_t in_frame = i % kFrame;
  if (in_frame < head.size()) return head[in_frame];
  return static_cast<char>((i * 2654435761u) >> 13);
}

// The local end handed to the client has fixed buffers (net::kLoopbackBuffer,
// doubled by the kernel), not autotuned ones that grow to tcp_rmem's maximum.
TEST(TransportTunnel, TheLocalEndHasBoundedBuffers) {
  Rig rig(true);
  auto client = TunnelClient::connect(rig.client());
  int fd = client->take_local_fd();
  ASSERT_GE(fd, 0);
  for (int opt : {SO_RCVBUF, SO_SNDBUF}) {
    int size = 0;
    socklen_t len = sizeof size;
    ASSERT_EQ(::getsockopt(fd, SOL_SOCKET, opt, &size, &len), 0);
    EXPECT_EQ(size, 2 * net::kLoopbackBuffer) << (opt == SO_RCVBUF ? "SO_RCVBUF" : "SO_SNDBUF");
  }
  ::close(fd);
}

TEST(TransportTunnel, BackpressureStallsWithoutSpinningAndLosesNothing) {
  // The stall is on purpose and, on a busy machine, can outlast the default
  // 20 s after which a peer that reads nothing is dropped (next test).
  Rig rig(true, [](TunnelServerSettings& s) { s.peer_timeout = 10min; });
  auto settings = rig.client();
  settings.peer_timeout = 10min;
  auto client = TunnelClient::connect(settings);
  int fd = client->take_local_fd();
  set_timeouts(fd, 60s);
  ASSERT_TRUE(start_session(fd));
  // We do not read the echo at first: the backend blocks on its send, stops
  // reading, and every buffer in between fills up and stays full.
  constexpr uint64_t kCap = 1ull << 30;
  std::atomic<uint64_t> sent{0};
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    std::vector<char> chunk(65536);
    uint64_t off = 0;
    while (off < kCap && !stop) {
      for (size_t k = 0; k < chunk.size(); ++k) chunk[k] = stream_byte(off + k);
      size_t done = 0;
      while (done < chunk.size()) {
        ssize_t r = ::send(fd, chunk.data() + done, chunk.size() - done, MSG_NOSIGNAL);
        if (r <= 0) return;
        done += static_cast<size_t>(r);
        sent = off + done;
      }
      off += chunk.size();
    }
  });
  // Wait for the stall: nothing more goes out for 300 ms.
  uint64_t last = 0;
  int still = 0;
  while (still < 6 && sent.load() < kCap) {
    std::this_thread::sleep_for(50ms);
    still = sent.load() == last ? still + 1 : 0;
    last = sent.load();
  }
  ASSERT_LT(sent.load(), kCap) << "nothing stalled; are the buffers unbounded?";
  std::fprintf(stderr, "stalled after %llu MiB in flight\n",
               static_cast<unsigned long long>(sent.load() >> 20));
  double before = cpu_seconds();
  std::this_thread::sleep_for(1s);
  EXPECT_LT(cpu_seconds() - before, 0.1) << "a stalled tunnel burned CPU";
  stop = true;
  // Read everything back (the writer finishes its chunk), checking every byte.
  std::vector<char> buf(1 << 16);
  uint64_t got = 0;
  bool intact = true;
  for (;;) {
    uint64_t want = sent.load();
    if (got >= want) {
      std::this_thread::sleep_for(20ms);
      if (got >= sent.load()) break;
      continue;
    }
    ssize_t r = ::recv(fd, buf.data(), std::min<uint64_t>(buf.size(), want - got), 0);
    ASSERT_GT(r, 0);
    for (ssize_t k = 0; k < r && intact; ++k)
      if (buf[static_cast<size_t>(k)] != stream_byte(got + static_cast<uint64_t>(k)))
        intact = false;
    got += static_cast<uint64_t>(r);
  }
  writer.join();
  EXPECT_TRUE(intact);
  EXPECT_EQ(got, sent.load());
  ::close(fd);
}

// A client that sends and never reads: once every buffer between it and the
// backend is full, its window stays zero, and after peer_timeout the server
// drops it rather than hold those buffers for ever.
TEST(TransportTunnel, AClientThatNeverReadsIsDroppedAfterThePeerTimeout) {
  Rig rig(true, [](TunnelServerSettings& s) { s.peer_timeout = 1500ms; });
  auto settings = rig.client();
  settings.peer_timeout = 10min;  // the server's side, not the client's, is what ends it
  auto client = TunnelClient::connect(settings);
  int fd = client->take_local_fd();
  set_timeouts(fd, 60s);
  ASSERT_TRUE(start_session(fd));
  std::thread writer([&] {
    std::vector<char> chunk(65536);
    for (uint64_t off = 0;; off += chunk.size()) {
      for (size_t k = 0; k < chunk.size(); ++k) chunk[k] = stream_byte(off + k);
      if (!send_all(fd, chunk.data(), chunk.size())) return;  // the tunnel is gone
    }
  });
  EXPECT_TRUE(eventually([&] { return rig.all_events().find(") closed") != std::string::npos; }, 120s))
      << rig.all_events();
  ::shutdown(fd, SHUT_RDWR);  // ends a writer still blocked on the client's side
  writer.join();
  ::close(fd);
  EXPECT_TRUE(eventually([&] { return rig.server->stats().open == 0; }));
}

TEST(TransportTunnel, MaxConnectionsIsEnforced) {
  Rig rig(true, [](TunnelServerSettings& s) { s.max_connections = 1; });
  auto first = TunnelClient::connect(rig.client());
  try {
    TunnelClient::connect(rig.client());
    FAIL() << "second tunnel accepted";
  } catch (const ConnectError& e) {
    EXPECT_NE(
        std::string(e.what()).find("refused the tunnel: server is at its limit of 1 connections"),
        std::string::npos)
        << e.what();
  }
  first.reset();
  EXPECT_TRUE(eventually([&] { return rig.server->stats().open == 0; }));
  EXPECT_NO_THROW(TunnelClient::connect(rig.client()));
}

TEST(TransportTunnel, BackendRefusesStrangers) {
  Rig rig(true);
  int fd = connect_loopback(rig.backend.port());  // a local process, not the tunnel server
  ASSERT_GE(fd, 0);
  bool closed = false;
  read_until_close(fd, 5s, &closed);
  EXPECT_TRUE(closed);
  ::close(fd);
  EXPECT_EQ(rig.backend.strangers(), 1);
}

TEST(TransportTunnel, ListenErrorIsAUsageError) {
  uint16_t port = 0;
  int fd = listen_loopback(port);
  TunnelServerSettings s;
  s.port = port;
  try {
    TunnelServer server(s, std::make_shared<SessionRegistry>(), std::make_shared<PortGate>());
    FAIL() << "listened twice on one port";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot listen on 127.0.0.1:" + std::to_string(port) + ": Address already in use");
  }
  ::close(fd);
}

}  // namespace
}  // namespace mai::transport::test
