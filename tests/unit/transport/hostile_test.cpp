// Attacks on the tunnel server, and every ConnectError of the client: the
// server must refuse cleanly, never crash or stall, cost nothing while peers
// idle, and keep serving everyone else.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include "test_util.hpp"

namespace mai::transport::test {
namespace {

std::string connect_error(const TunnelClientSettings& s) {
  try {
    TunnelClient::connect(s);
  } catch (const ConnectError& e) {
    return e.what();
  }
  return "";
}

// Proves the server still serves a legitimate client.
void still_serving(Rig& rig, bool tls = true) {
  auto client = TunnelClient::connect(rig.client(tls ? "alice" : ""));
  EXPECT_TRUE(rig.sessions->find(client->token()).has_value());
}

std::string where(const Rig& rig) { return "127.0.0.1:" + std::to_string(rig.server->port()); }

double cpu_seconds() {
  rusage ru{};
  ::getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

TEST(TransportHostile, ClientWithoutCertificateIsRefused) {
  Rig rig(true);
  RawTls raw(rig.server->port(), "", "", Pki::get().dir + "/ca.pem");
  raw.handshake();  // TLS 1.3: the client may finish before the server says no
  raw.write("MAI-SANDBOX/1\n");
  std::string err;
  std::string got = raw.read_all(&err);
  EXPECT_EQ(got.find("OK"), std::string::npos) << got;
  EXPECT_NE(err.find("certificate required"), std::string::npos) << err;
  EXPECT_TRUE(eventually([&] { return rig.server->stats().refused == 1; }));
  EXPECT_EQ(rig.sessions->size(), 0u);
  EXPECT_EQ(rig.server->stats().authenticated, 0u);
  still_serving(rig);
}

TEST(TransportHostile, CertificateFromAnotherCaIsRefused) {
  Rig rig(true);
  auto s = rig.client("");
  s.tls = TlsContext::client(Pki::get().rogue_client());
  std::string msg = connect_error(s);
  EXPECT_EQ(msg.rfind("TLS handshake with " + where(rig) + " failed: ", 0), 0u) << msg;
  EXPECT_NE(msg.find("unknown ca"), std::string::npos) << msg;
  EXPECT_TRUE(eventually([&] { return rig.server->stats().refused == 1; }));
  EXPECT_EQ(rig.sessions->size(), 0u);
  still_serving(rig);
}

TEST(TransportHostile, ExpiredClientCertificateIsRefusedByTheServer) {
  // TlsContext refuses to load it, so present it with a raw client.
  Rig rig(true);
  const auto& pki = Pki::get();
  RawTls raw(rig.server->port(), pki.dir + "/expired.pem", pki.dir + "/expired.key",
             pki.dir + "/ca.pem");
  raw.handshake();
  raw.write("MAI-SANDBOX/1\n");
  std::string err;
  std::string got = raw.read_all(&err);
  EXPECT_EQ(got.find("OK"), std::string::npos);
  EXPECT_NE(err.find("certificate expired"), std::string::npos) << err;
  EXPECT_EQ(rig.sessions->size(), 0u);
  still_serving(rig);
}

TEST(TransportHostile, PlainClientToTlsServer) {
  Rig rig(true);
  std::string msg = connect_error(rig.client(""));
  EXPECT_EQ(msg.rfind(where(rig) + " is not a mai-sandbox service (", 0), 0u) << msg;
  EXPECT_TRUE(eventually([&] { return rig.server->stats().refused == 1; }));
  still_serving(rig);
}

TEST(TransportHostile, TlsClientToPlainServer) {
  Rig rig(false);
  std::string msg = connect_error(rig.client("alice"));
  EXPECT_EQ(msg.rfind("TLS handshake with " + where(rig) + " failed: ", 0), 0u) << msg;
  still_serving(rig, false);
}

TEST(TransportHostile, RandomBytes) {
  for (bool tls : {true, false}) {
    Rig rig(tls);
    for (unsigned seed = 0; seed < 8; ++seed) {
      int fd = connect_loopback(rig.server->port());
      std::string junk = random_bytes(4096, seed);
      send_all(fd, junk.data(), junk.size());
      bool closed = false;
      std::string got = read_until_close(fd, 5s, &closed);
      EXPECT_TRUE(closed) << "tls=" << tls << " seed=" << seed;
      EXPECT_EQ(got.find(" OK "), std::string::npos);
      ::close(fd);
    }
    EXPECT_TRUE(eventually([&] { return rig.server->stats().refused == 8; }));
    EXPECT_EQ(rig.sessions->size(), 0u);
    still_serving(rig, tls);
  }
}

TEST(TransportHostile, TruncatedClientHelloTimesOut) {
  Rig rig(true, [](TunnelServerSettings& s) { s.handshake_timeout = 300ms; });
  int fd = connect_loopback(rig.server->port());
  // A TLS record header announcing 512 bytes of ClientHello, then a fragment.
  std::string partial("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11);
  partial += random_bytes(40, 9);
  send_all(fd, partial.data(), partial.size());
  bool closed = false;
  read_until_close(fd, 10s, &closed);
  EXPECT_TRUE(closed);
  ::close(fd);
  EXPECT_TRUE(eventually([&] {
    return rig.all_events().find("handshake timed out after 300ms") != std::string::npos;
  })) << rig.all_events();
  still_serving(rig);
}

TEST(TransportHostile, IdleConnectionsCostNothingAndTheOldestMakeRoom) {
  Rig rig(true, [](TunnelServerSettings& s) {
    s.handshake_timeout = 60s;
    s.max_handshakes = 64;
    s.max_handshakes_per_address = 1000;  // the total cap decides here
  });
  std::vector<int> fds;
  for (int i = 0; i < 200; ++i) {
    int fd = connect_loopback(rig.server->port());
    ASSERT_GE(fd, 0);
    fds.push_back(fd);
  }
  // Every connection was taken in; each beyond 64 evicted the oldest.
  ASSERT_TRUE(eventually([&] {
    auto st = rig.server->stats();
    return st.accepted == 200 && st.evicted == 136 && st.pending == 64;
  })) << rig.server->stats().evicted;
  auto closed = [&](int fd) {
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, 0) == 1;
  };
  ASSERT_TRUE(eventually([&] { return closed(fds[135]); }));
  for (size_t i = 0; i < fds.size(); ++i)
    EXPECT_EQ(closed(fds[i]), i < 136) << "connection " << i;

  double before = cpu_seconds();
  std::this_thread::sleep_for(2s);
  double used = cpu_seconds() - before;
  EXPECT_LT(used, 0.1) << "the server burned CPU on idle connections";

  // A newcomer is never turned away: it evicts the oldest waiting connection.
  still_serving(rig);
  EXPECT_TRUE(closed(fds[136]));
  for (int fd : fds) ::close(fd);
  EXPECT_TRUE(eventually([&] { return rig.server->stats().pending == 0; }));
  EXPECT_EQ(rig.server->stats().refused, 200u);  // 136 + 1 evicted, 63 closed by us
}

TEST(TransportHostile, SilentPeerIsDroppedAtHandshakeTimeout) {
  for (bool tls : {true, false}) {
    Rig rig(tls, [](TunnelServerSettings& s) { s.handshake_timeout = 200ms; });
    int fd = connect_loopback(rig.server->port());
    bool closed = false;
    read_until_close(fd, 10s, &closed);
    EXPECT_TRUE(closed);
    ::close(fd);
    EXPECT_TRUE(eventually([&] { return rig.server->stats().refused == 1; }));
  }
}

TEST(TransportHostile, HelloLines) {
  struct Case {
    std::string send, reply;
  };
  std::vector<Case> cases = {
      {"MAI-SANDBOX/2\n",
       "MAI-SANDBOX/1 ERR unsupported protocol version '2'; this server speaks 1\n"},
      {"MAI-SANDBOX/1.1\n",
       "MAI-SANDBOX/1 ERR unsupported protocol version '1.1'; this server speaks 1\n"},
      {"HELLO\n", "MAI-SANDBOX/1 ERR expected MAI-SANDBOX/1 hello\n"},
      {"\n", "MAI-SANDBOX/1 ERR expected MAI-SANDBOX/1 hello\n"},
      {std::string(100, 'A'),
       "MAI-SANDBOX/1 ERR expected MAI-SANDBOX/1 hello (line longer than 64 bytes)\n"},
  };
  Rig rig(false);
  for (auto& c : cases) {
    int fd = connect_loopback(rig.server->port());
    send_all(fd, c.send.data(), c.send.size());
    bool closed = false;
    EXPECT_EQ(read_until_close(fd, 5s, &closed), c.reply);
    EXPECT_TRUE(closed);
    ::close(fd);
  }
  // The same over TLS.
  Rig tls_rig(true);
  const auto& pki = Pki::get();
  RawTls raw(tls_rig.server->port(), pki.dir + "/alice.pem", pki.dir + "/alice.key",
             pki.dir + "/ca.pem");
  ASSERT_TRUE(raw.handshake());
  raw.write("MAI-SANDBOX/7\n");
  EXPECT_EQ(raw.read_all(),
            "MAI-SANDBOX/1 ERR unsupported protocol version '7'; this server speaks 1\n");
  EXPECT_EQ(tls_rig.sessions->size(), 0u);
  EXPECT_EQ(rig.sessions->size(), 0u);
  still_serving(rig, false);
}

TEST(TransportHostile, OversizedFrameCutsTheTunnel) {
  Rig rig(true);
  auto client = TunnelClient::connect(rig.client());
  int fd = client->take_local_fd();
  set_timeouts(fd, 5s);
  ASSERT_TRUE(start_session(fd));
  // A frame split across writes first (parser state across chunks), then a bad header.
  std::string ok = door_message(100, 1);
  for (char c : ok) send_all(fd, &c, 1);
  std::string echoed(ok.size(), '\0');
  ASSERT_TRUE(recv_all(fd, &echoed[0], echoed.size()));
  EXPECT_EQ(echoed, ok);
  std::string bad = door_header((8u << 20) + 1);
  send_all(fd, bad.data(), bad.size());
  bool closed = false;
  read_until_close(fd, 5s, &closed);
  EXPECT_TRUE(closed);
  ::close(fd);
  EXPECT_TRUE(
      eventually([&] { return rig.sessions->size() == 0 && rig.server->stats().open == 0; }));
  EXPECT_TRUE(rig.saw_event("exceeds the limit of 8388608 bytes"))
      << rig.all_events();
  EXPECT_TRUE(eventually([&] { return !client->open(); }));
  still_serving(rig);
}

TEST(TransportHostile, FrameLimitIsExact) {
  Rig rig(true, [](TunnelServerSettings& s) { s.max_frame_bytes = 1000; });
  auto client = TunnelClient::connect(rig.client());
  int fd = client->take_local_fd();
  set_timeouts(fd, 5s);
  ASSERT_TRUE(start_session(fd));
  std::string heartbeat = frame(6, 0, 0, 0, 0, "");
  std::string ok = door_message(1000, 5) + heartbeat;
  ASSERT_TRUE(send_all(fd, ok.data(), ok.size()));
  std::string echoed(ok.size(), '\0');
  ASSERT_TRUE(recv_all(fd, &echoed[0], echoed.size()));
  EXPECT_EQ(echoed, ok);
  std::string bad = door_header(1001);
  send_all(fd, bad.data(), bad.size());
  bool closed = false;
  EXPECT_EQ(read_until_close(fd, 5s, &closed), "");  // the bad header never reached the backend
  EXPECT_TRUE(closed);
  ::close(fd);
}

TEST(TransportHostile, ClientVanishesMidStream) {
  Rig rig(true);
  const auto& pki = Pki::get();
  {
    RawTls raw(rig.server->port(), pki.dir + "/alice.pem", pki.dir + "/alice.key",
               pki.dir + "/ca.pem");
    ASSERT_TRUE(raw.handshake());
    raw.write("MAI-SANDBOX/1\n");
    std::string line = raw.read_line();
    ASSERT_EQ(line.rfind("MAI-SANDBOX/1 OK ", 0), 0u) << line;
    EXPECT_EQ(rig.sessions->size(), 1u);
    ASSERT_TRUE(eventually([&] { return rig.backend.tokens().size() == 1; }));  // backend connected
    raw.write(client_handshakes() + door_header(100000) + random_bytes(5000, 3));  // half a frame
    ::shutdown(raw.fd, SHUT_RDWR);  // gone without close_notify
  }
  EXPECT_TRUE(
      eventually([&] { return rig.sessions->size() == 0 && rig.server->stats().open == 0; }));
  EXPECT_TRUE(eventually([&] { return rig.backend.finished() == 1; }));

  // A TunnelClient destroyed mid-stream.
  auto client = TunnelClient::connect(rig.client());
  int fd = client->take_local_fd();
  std::string half = client_handshakes() + door_header(1 << 20) + random_bytes(300000, 4);
  std::thread writer([&] { send_all(fd, half.data(), half.size()); });
  std::this_thread::sleep_for(50ms);
  client.reset();
  writer.join();
  ::close(fd);
  EXPECT_TRUE(
      eventually([&] { return rig.sessions->size() == 0 && rig.server->stats().open == 0; }));
  EXPECT_EQ(rig.gate->size(), 0u);
  still_serving(rig);
}

TEST(TransportConnectErrors, Refused) {
  uint16_t port = 0;
  ::close(listen_loopback(port));
  TunnelClientSettings s;
  s.host = "127.0.0.1";
  s.port = port;
  EXPECT_EQ(connect_error(s), "connection refused by 127.0.0.1:" + std::to_string(port));
}

TEST(TransportConnectErrors, TimeoutOnASilentListener) {
  uint16_t port = 0;
  int fd = listen_loopback(port);  // accepts in the kernel, never answers
  for (bool tls : {true, false}) {
    TunnelClientSettings s;
    s.host = "127.0.0.1";
    s.port = port;
    s.timeout = 500ms;
    if (tls) s.tls = TlsContext::client(Pki::get().client());
    EXPECT_EQ(connect_error(s),
              "timed out after 500ms connecting to 127.0.0.1:" + std::to_string(port));
  }
  ::close(fd);
}

TEST(TransportConnectErrors, ServerFromAnotherCa) {
  Rig rig(true,
          [](TunnelServerSettings& s) { s.tls = TlsContext::server(Pki::get().rogue_server()); });
  std::string msg = connect_error(rig.client());
  EXPECT_EQ(msg.rfind("TLS handshake with " + where(rig) + " failed: ", 0), 0u) << msg;
  EXPECT_NE(msg.find("certificate verify failed"), std::string::npos) << msg;
}

TEST(TransportConnectErrors, ServerCertificateDoesNotNameTheHost) {
  Rig rig(true, [](TunnelServerSettings& s) { s.host = "0.0.0.0"; });
  auto s = rig.client();
  s.host = "127.0.0.2";  // reaches the server, but is not in its SAN
  std::string msg = connect_error(s);
  EXPECT_NE(msg.find("certificate verify failed"), std::string::npos) << msg;
  EXPECT_NE(msg.find("IP address mismatch"), std::string::npos) << msg;
}

// A fake server that answers the hello with `reply`.
std::string against_fake(const std::string& reply) {
  uint16_t port = 0;
  int lfd = listen_loopback(port);
  std::thread t([&] {
    int c = ::accept(lfd, nullptr, nullptr);
    char buf[64];
    ::recv(c, buf, sizeof buf, 0);
    send_all(c, reply.data(), reply.size());
    ::shutdown(c, SHUT_WR);
    char drain[64];
    set_timeouts(c, 2s);
    while (::recv(c, drain, sizeof drain, 0) > 0) {
    }
    ::close(c);
  });
  TunnelClientSettings s;
  s.host = "127.0.0.1";
  s.port = port;
  std::string msg = connect_error(s);
  t.join();
  ::close(lfd);
  return msg;
}

TEST(TransportConnectErrors, ProtocolReplies) {
  EXPECT_EQ(against_fake("MAI-SANDBOX/2 OK abc\n"),
            "server speaks protocol 2, this client speaks 1");
  std::string msg = against_fake("HTTP/1.1 400 Bad Request\r\n\r\n");
  EXPECT_NE(msg.find("is not a mai-sandbox service (it answered 'HTTP/1.1 400 Bad Request?')"),
            std::string::npos)
      << msg;
  msg = against_fake("");
  EXPECT_NE(
      msg.find(
          "is not a mai-sandbox service (it closed the connection without answering the hello)"),
      std::string::npos)
      << msg;
  msg = against_fake("MAI-SANDBOX/1 ERR busy\n");
  EXPECT_NE(msg.find("refused the tunnel: busy"), std::string::npos) << msg;
  msg = against_fake("MAI-SANDBOX/1 OK not-a-token\n");
  EXPECT_NE(msg.find("is not a mai-sandbox service"), std::string::npos) << msg;
}

}  // namespace
}  // namespace mai::transport::test
