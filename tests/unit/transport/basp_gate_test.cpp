// The BASP gate on its own: real CAF 0.17.6 traffic of a client (submit
// --stats, run on a worker) and of a worker passes, split anywhere; every
// message outside our protocol is refused with its reason, and nothing passes
// after a refusal. Then through a tunnel: a hostile frame costs only its own
// tunnel, and the backend never sees it whole.
#include <gtest/gtest.h>

#include <random>

#include "test_util.hpp"
#include "transport/basp_gate.hpp"

namespace mai::transport::test {
namespace {

std::string data_file(const std::string& name) {
  return read_whole(source_dir() + "/tests/unit/transport/data/" + name);
}

// A gate in session: the service's handshake went down, the peer's up.
struct Session {
  BaspGateSettings settings;
  std::unique_ptr<BaspGate> gate;
  explicit Session(std::function<void(BaspGateSettings&)> tweak = {}) {
    if (tweak) tweak(settings);
    gate = std::make_unique<BaspGate>(settings);
    std::string down = server_handshake();
    std::string up = client_handshakes();
    EXPECT_TRUE(gate->feed_down(down.data(), down.size())) << gate->error();
    EXPECT_TRUE(gate->feed_up(up.data(), up.size())) << gate->error();
  }
  bool up(const std::string& bytes) { return gate->feed_up(bytes.data(), bytes.size()); }
  bool down(const std::string& bytes) { return gate->feed_down(bytes.data(), bytes.size()); }
  // Expects `bytes` refused with a reason containing `why`.
  void refused(const std::string& bytes, const std::string& why) {
    EXPECT_FALSE(up(bytes)) << "passed; expected: " << why;
    EXPECT_NE(gate->error().find(why), std::string::npos) << gate->error();
    std::string heartbeat = frame(6, 0, 0, 0, 0, "");
    EXPECT_FALSE(up(heartbeat)) << "something passed after a refusal";
  }
};

std::string message(const std::string& sig, uint64_t dest = kDoorActor, uint64_t mid = kAsync,
                    uint8_t flags = 0, const std::string& values = "values") {
  return frame(2, flags, mid, 7, dest, basp::encode_message(sig, values));
}

std::string routed(const std::string& src_node, const std::string& dst_node,
                   const std::string& sig, uint64_t dest, uint64_t mid = kAsync,
                   uint8_t flags = 0) {
  return frame(3, flags, mid, 7, dest, src_node + dst_node + basp::encode_message(sig, "v"));
}

const std::string& worker_node() {
  static const std::string n = basp::encode_node_id(99, std::string(20, 'W'));
  return n;
}

constexpr uint64_t kRequest = 0x1000000000000005ull;   // request id 5
constexpr uint64_t kResponse = 0x9000000000000005ull;  // its response

TEST(TransportBaspGate, AtomEncodingMatchesCaf) {
  // Seen on the wire as the named receiver of CAF's node-info query.
  EXPECT_EQ(basp::atom_value("SpawnServ"), 278614525059968507ull);
}

TEST(TransportBaspGate, RealTrafficPassesSplitAnywhere) {
  for (std::string who : {"client", "worker"}) {
    std::string down = data_file(who + ".down.bin");
    std::string up = data_file(who + ".up.bin");
    ASSERT_GT(up.size(), 1000u) << who;
    for (unsigned seed = 0; seed < 20; ++seed) {
      BaspGateSettings settings;
      settings.forwardable = {"@<>+@atom+@str+mai::ResourceSample"};  // as `serve` sets it
      BaspGate gate(settings);
      std::mt19937 rng(seed);
      // The service's side first: everything the peer answers was asked before.
      ASSERT_TRUE(gate.feed_down(down.data(), down.size())) << gate.error();
      size_t pos = 0;
      while (pos < up.size()) {
        size_t k = seed == 0 ? 1 : std::min<size_t>(up.size() - pos, rng() % 300 + 1);
        ASSERT_TRUE(gate.feed_up(up.data() + pos, k)) << who << " seed " << seed << ": "
                                                      << gate.error();
        pos += k;
      }
      EXPECT_GT(gate.frames_up(), 10u);
    }
  }
}

TEST(TransportBaspGate, MessagesThatActOnTheReceiverAreRefused) {
  Session().refused(message("@<>+@exit"), "message type '@exit'");
  Session().refused(message("@<>+@error"), "message type '@error'");
  Session().refused(message("@<>+@down"), "message type '@down'");
  Session().refused(message("@<>+@timeout"), "message type '@timeout'");
  Session().refused(message("@<>+@atom+@open_stream_msg"), "'@open_stream_msg'");
  Session().refused(message("@<>+@upstream_msg"), "'@upstream_msg'");
  Session().refused(message("@<>+@group"), "'@group'");
  Session().refused(message("@<>+@str+@message"), "'@message'");
  Session().refused(message(std::string(basp::kLinkSignature)), "a link request");
  Session().refused(message("not a message"), "not a CAF message");
  Session().refused(message("@<>+@str++@u8"), "message type ''");
  // What the protocol uses passes.
  Session s;
  EXPECT_TRUE(s.up(message("@<>+@atom+@str+mai::Submission+@actor", kDoorActor, kRequest)))
      << s.gate->error();
  EXPECT_TRUE(s.up(message("@<>"))) << s.gate->error();
}

TEST(TransportBaspGate, ResponsesOnlyToTheServicesRequestsAndOnce) {
  Session s;
  // The front door's own requests go elsewhere; their ids are guessable.
  s.refused(message("@<>+mai::RunResult", kDoorActor, kResponse), "a response to no request");
  Session t;
  ASSERT_TRUE(t.down(frame(2, 0, kRequest, 20, 7, basp::encode_message("@<>+@atom", "x"))));
  EXPECT_FALSE(t.up(message("@<>+mai::ExecutionReport", 21, kResponse)));  // another actor
  Session u;
  ASSERT_TRUE(u.down(frame(2, 0, kRequest, 20, 7, basp::encode_message("@<>+@atom", "x"))));
  EXPECT_TRUE(u.up(message("@<>+mai::ExecutionReport", 20, kResponse))) << u.gate->error();
  u.refused(message("@<>+@error", 20, kResponse), "a response to no request of actor 20");
  // An error is a fine answer to a request.
  Session v;
  ASSERT_TRUE(v.down(frame(2, 0, kRequest, 20, 7, basp::encode_message("@<>+@atom", "x"))));
  EXPECT_TRUE(v.up(message("@<>+@error", 20, kResponse))) << v.gate->error();
}

TEST(TransportBaspGate, OnlyThePublishedActorAndTheInfoExchange) {
  Session().refused(message("@<>+@atom+@str", 14), "a message to actor 14, not the published actor");
  uint64_t config = basp::atom_value("ConfigServ");
  uint64_t spawn = basp::atom_value("SpawnServ");
  Session().refused(message("@<>+@atom+@str+@str", config, kAsync, 1),
                    "a message to the named actor ConfigServ");
  Session().refused(message("@<>+@atom+@str+@strset", spawn, kRequest, 1),
                    "a message to the named actor SpawnServ");
  Session s;
  EXPECT_TRUE(s.up(message(std::string(basp::kInfoQuery), spawn, kAsync, 1))) << s.gate->error();
  // The info reply goes to the service actor that asked, and only to it.
  std::string reply(basp::kInfoReply);
  s.refused(message(reply, 14), "not the published actor");
  Session t;
  ASSERT_TRUE(t.down(frame(2, 1, kAsync, 14, spawn, basp::encode_message(basp::kInfoQuery, "i"))));
  EXPECT_TRUE(t.up(message(reply, 14))) << t.gate->error();
  t.refused(message(reply, 15), "actor 15");
}

TEST(TransportBaspGate, HeaderInvariants) {
  Session().refused(frame(7, 0, 0, 0, 0, ""), "unknown operation 7");
  Session().refused(frame(0, 0, 3, 0, 0, service_node()), "a server handshake from a client");
  std::string padded = message("@<>+@str");
  padded[1] = 1;
  Session().refused(padded, "nonzero padding");
  Session().refused(frame(6, 0, 0, 0, 0, "x"), "heartbeat");
  Session().refused(message("@<>+@str", 0), "malformed header");
  Session().refused(message("@<>+@str", kDoorActor, kAsync, 4), "malformed header");
  Session().refused(message("@<>+@str", kDoorActor, 0x2000000000000000ull), "a stream message");
  Session().refused(message("@<>+@str", kDoorActor, 0x5000000000000001ull), "malformed message id");
  Session().refused(frame(4, 0, 0, 0, 13, peer_node()), "malformed header");  // one node id
  Session().refused(frame(5, 0, 0, 0, 0, peer_node() + service_node()), "malformed header");
  std::string stacked = frame(2, 0, kAsync, 7, kDoorActor, "\x01" + std::string(40, '\0'));
  Session().refused(stacked, "a forwarding stack");
  std::string long_sig = "@<>+" + std::string(2000, 'x');
  Session().refused(message(long_sig), "malformed message (type names)");
  std::string varbyte = frame(2, 0, kAsync, 7, kDoorActor, std::string(3, '\0') + "\xff\xff\xff\xff\xff\x01");
  Session().refused(varbyte, "malformed message (type names)");
}

TEST(TransportBaspGate, PayloadLimitBeforeCafSeesTheHeader) {
  Session s([](BaspGateSettings& g) { g.max_payload = 1000; });
  EXPECT_TRUE(s.up(door_message(1000, 1))) << s.gate->error();
  s.refused(door_header(1001), "payload of 1001 bytes exceeds the limit of 1000 bytes");
}

TEST(TransportBaspGate, HandshakeOrder) {
  {
    BaspGate g({});
    std::string hs = server_handshake();
    ASSERT_TRUE(g.feed_down(hs.data(), hs.size()));
    std::string m = door_message(100, 1);
    EXPECT_FALSE(g.feed_up(m.data(), m.size()));
    EXPECT_NE(g.error().find("before the client handshake"), std::string::npos) << g.error();
  }
  Session().refused(frame(1, 2, 0, 0, 0, peer_node()), "a handshake after the handshake");
  Session s;
  ASSERT_TRUE(s.up(door_message(20, 1)));
  s.refused(frame(1, 0, 0, 0, 0, peer_node()), "a handshake after the handshake");
  {
    BaspGate g({});
    std::string hs = frame(1, 0, 0, 0, 0, peer_node()) + frame(1, 2, 0, 0, 0, worker_node());
    EXPECT_FALSE(g.feed_up(hs.data(), hs.size()));
    EXPECT_NE(g.error().find("another node id"), std::string::npos) << g.error();
  }
  {
    BaspGate g({});  // a message before the service's handshake has gone down
    std::string up = client_handshakes() + door_message(100, 1);
    EXPECT_FALSE(g.feed_up(up.data(), up.size()));
    EXPECT_NE(g.error().find("before the service's handshake"), std::string::npos) << g.error();
  }
  {
    BaspGate g({});
    std::string hs = frame(1, 2, 0, 0, 0, peer_node());  // the repeat first
    EXPECT_FALSE(g.feed_up(hs.data(), hs.size()));
  }
}

TEST(TransportBaspGate, NodeIdsCannotBeBorrowed) {
  // The service's own node, whichever handshake comes first.
  {
    BaspGate g({});
    std::string down = server_handshake(), up = client_handshakes(service_node());
    ASSERT_TRUE(g.feed_down(down.data(), down.size()));
    EXPECT_FALSE(g.feed_up(up.data(), up.size()));
    EXPECT_NE(g.error().find("the service's own node id"), std::string::npos) << g.error();
  }
  {
    BaspGate g({});
    std::string down = server_handshake(), up = client_handshakes(service_node());
    ASSERT_TRUE(g.feed_up(up.data(), up.size()));
    EXPECT_FALSE(g.feed_down(down.data(), down.size()));
    EXPECT_NE(g.error().find("the service's own node id"), std::string::npos) << g.error();
  }
  // A node id another identity holds (the tunnel server decides).
  BaspGateSettings s;
  std::string asked;
  s.claim_node = [&](const std::string& node) {
    asked = node;
    return false;
  };
  BaspGate g(s);
  std::string up = client_handshakes(worker_node());
  EXPECT_FALSE(g.feed_up(up.data(), up.size()));
  EXPECT_EQ(asked, worker_node());
  EXPECT_NE(g.error().find("held by a peer with another identity"), std::string::npos);
  // Not a node id at all.
  BaspGate h({});
  std::string bad = frame(1, 0, 0, 0, 0, std::string(32, 'x'));
  EXPECT_FALSE(h.feed_up(bad.data(), bad.size()));
}

TEST(TransportBaspGate, RoutingOnlyInThePeersOwnName) {
  std::string sample = "@<>+@atom+@str+mai::ResourceSample";
  auto tweak = [&](BaspGateSettings& g) { g.forwardable = {sample}; };
  // To the service: the same rules as a direct message.
  Session a(tweak);
  EXPECT_TRUE(a.up(routed(peer_node(), service_node(), "@<>+@atom+@str", kDoorActor)))
      << a.gate->error();
  Session(tweak).refused(routed(peer_node(), service_node(), "@<>+@exit", kDoorActor), "'@exit'");
  // On to another node: the info exchange and what the service forwards.
  Session b(tweak);
  EXPECT_TRUE(b.up(routed(peer_node(), worker_node(), std::string(basp::kInfoReply), 16)))
      << b.gate->error();
  EXPECT_TRUE(b.up(routed(peer_node(), worker_node(), sample, 8))) << b.gate->error();
  EXPECT_TRUE(b.up(routed(peer_node(), worker_node(), std::string(basp::kInfoQuery),
                          basp::atom_value("SpawnServ"), kAsync, 1)))
      << b.gate->error();
  // A worker's executor is not reachable past the front door.
  Session(tweak).refused(
      routed(peer_node(), worker_node(), "@<>+@atom+mai::ExecutionRequest", 10, kRequest),
      "a message for another node");
  // Another node's name.
  Session(tweak).refused(routed(worker_node(), service_node(), "@<>+@atom+@str", kDoorActor),
                         "not in the peer's own name");
  Session(tweak).refused(frame(4, 0, 0, 0, 13, worker_node() + service_node()),
                         "not in the peer's own name");
  Session(tweak).refused(frame(5, 0, 0, 8, 0, worker_node() + service_node() + "\x00"),
                         "not in the peer's own name");
  Session c(tweak);
  EXPECT_TRUE(c.up(frame(4, 0, 0, 0, 13, peer_node() + service_node()))) << c.gate->error();
  EXPECT_TRUE(c.up(frame(5, 0, 0, 8, 0, peer_node() + service_node() + std::string(1, '\0'))))
      << c.gate->error();
}

TEST(TransportBaspGate, FramingOnlyModeChecksTheSizeAndNothingElse) {
  BaspGateSettings s;
  s.enforce = false;
  s.max_payload = 1000;
  BaspGate g(s);
  std::string down = frame(2, 0, kAsync, 1, 2, "whatever the backend sends");
  EXPECT_TRUE(g.feed_down(down.data(), down.size())) << g.error();
  std::string up = message("@<>+@exit") + frame(0, 0, 0, 0, 0, "") + door_message(1000, 1);
  EXPECT_TRUE(g.feed_up(up.data(), up.size())) << g.error();
  std::string big = door_header(1001);
  EXPECT_FALSE(g.feed_up(big.data(), big.size()));
  EXPECT_NE(g.error().find("exceeds the limit of 1000 bytes"), std::string::npos);
}

TEST(TransportBaspGate, TheServicesHandshakeMustBeReadable) {
  BaspGate g({});
  std::string wrong = frame(2, 0, kAsync, 1, 2, basp::encode_message("@<>", ""));
  EXPECT_FALSE(g.feed_down(wrong.data(), wrong.size()));
  EXPECT_NE(g.error().find("did not start with its handshake"), std::string::npos);
  BaspGate h({});
  std::string garbled = frame(0, 0, 3, 0, 0, std::string(40, '\x7f'));
  EXPECT_FALSE(h.feed_down(garbled.data(), garbled.size()));
  EXPECT_NE(h.error().find("cannot read the service's BASP handshake"), std::string::npos);
}

// Through real tunnels: one peer's hostile frame closes its tunnel only.
TEST(TransportBaspGate, AHostileFrameCostsOnlyItsTunnel) {
  Rig rig(true);
  auto good = TunnelClient::connect(rig.client("alice"));
  int gfd = good->take_local_fd();
  set_timeouts(gfd, 10s);
  ASSERT_TRUE(start_session(gfd));

  struct Attack {
    std::string name, bytes, reason;
  };
  std::string exit_msg = message("@<>+@exit", kDoorActor, kAsync, 0, std::string(200, 'e'));
  std::vector<Attack> attacks = {
      {"exit", exit_msg, "message type '@exit'"},
      {"forged response", message("@<>+mai::RunResult", kDoorActor, kResponse),
       "a response to no request"},
      {"routed past the door",
       routed(basp::encode_node_id(501, "h"), worker_node(), "@<>+@atom+mai::ExecutionRequest", 10),
       "a message for another node"},
  };
  unsigned n = 0;
  for (const auto& a : attacks) {
    auto bad = TunnelClient::connect(rig.client("w1"));
    int fd = bad->take_local_fd();
    set_timeouts(fd, 10s);
    std::string node = basp::encode_node_id(500 + n, "h");
    if (a.name == "routed past the door") node = basp::encode_node_id(501, "h");
    ASSERT_TRUE(start_session(fd, node));
    // Everything but the last byte reaches the backend; the whole frame never does.
    send_all(fd, a.bytes.data(), a.bytes.size());
    bool closed = false;
    std::string echoed = read_until_close(fd, 10s, &closed);
    EXPECT_TRUE(closed) << a.name;
    EXPECT_LT(echoed.size(), a.bytes.size()) << a.name;
    ::close(fd);
    EXPECT_TRUE(eventually([&] { return !bad->open(); })) << a.name;
    EXPECT_TRUE(rig.saw_event(a.reason))
        << rig.all_events();
    ++n;
  }
  // The other tunnel never noticed.
  EXPECT_TRUE(good->open());
  std::string data = door_message(5000, 9);
  ASSERT_TRUE(send_all(gfd, data.data(), data.size()));
  std::string back(data.size(), '\0');
  ASSERT_TRUE(recv_all(gfd, &back[0], back.size()));
  EXPECT_EQ(back, data);
  ::close(gfd);
}

}  // namespace
}  // namespace mai::transport::test
