// The tunnel server's gate on CAF's BASP (internal; see docs/remote.md,
// "The BASP gate"). An authenticated peer is still untrusted: CAF 0.17
// delivers whatever a peer sends — an exit or error message ends the
// service's front door, a forged response answers another client's pending
// request, a routed message reaches a worker's actors past the front door, a
// handshake can claim a worker's node id. So the relay reads both directions
// of every tunnel and cuts the tunnel (and only it) at the first frame
// outside the protocol our own nodes speak, before CAF has the whole frame.
//
// Peer -> service, every frame must be:
//   - a known operation with CAF's header invariants (padding, flags, zero
//     fields, payload sizes), within max_payload;
//   - in order: one client handshake with the peer's node id first (then at
//     most one repeat of it, as CAF sends), never one later; the node id must
//     not be the service's own nor one a peer of another identity holds;
//   - monitor, down and routed messages only in the peer's own name (their
//     source node is the peer's node);
//   - a message (direct, or routed to the service) whose forwarding stack is
//     empty and whose types are allowed (basp::signature_allowed), addressed
//     to the published actor; or CAF's own node-info exchange (the query to
//     the named SpawnServ, the reply to a service actor that asked this peer);
//     or a response to a request the service sent this peer (each answered
//     once);
//   - a message routed on to another node: the info exchange, a response to
//     that node's request, or one of `forwardable`.
// Service -> peer is our own CAF: the gate learns from it (the service's
// node id and published actor from its handshake, the requests it sends and
// the actors that ask for node info) and only fails if the handshake cannot
// be read.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "transport/basp.hpp"

namespace mai::transport {

struct BaspGateSettings {
  uint32_t max_payload = 8u << 20;  // largest peer->service payload
  // false: only the framing and max_payload are checked (the benchmark's
  // baseline; never in production).
  bool enforce = true;
  // Message signatures ("@<>+@atom+...") a peer may have forwarded to another
  // node besides CAF's own info exchange.
  std::vector<std::string> forwardable;
  size_t max_tracked_requests = 65536;  // oldest forgotten beyond this
  // Called once with the node id of the peer's handshake (32 bytes); false
  // refuses it (another identity holds that node id).
  std::function<bool(const std::string& node)> claim_node;
};

class BaspGate {
 public:
  explicit BaspGate(BaspGateSettings settings);
  // Peer -> service bytes, in order, split anywhere. false: cut the tunnel
  // now (error() says why); nothing of this call may be passed on.
  bool feed_up(const char* p, size_t n);
  // Service -> peer bytes. false: the service's handshake is unreadable.
  bool feed_down(const char* p, size_t n);
  const std::string& error() const { return error_; }
  uint64_t frames_up() const { return up_.frames; }
  const std::string& peer_node() const { return peer_node_; }

 private:
  // One direction's framing: the header, then up to `want` bytes of the
  // payload kept for the decision, then the rest skipped.
  struct Stream {
    unsigned char hdr[basp::kHeaderSize];
    size_t have = 0;  // header bytes collected
    bool in_payload = false;
    bool decided = false;  // the frame passed its check
    basp::Header h;
    std::string prefix;
    size_t want = 0;     // prefix bytes to collect
    uint64_t skip = 0;   // payload bytes after the prefix
    uint64_t frames = 0;
  };
  using OnHeader = bool (BaspGate::*)(const basp::Header&, size_t& want);
  using OnFrame = bool (BaspGate::*)(const basp::Header&, const std::string& prefix);
  bool feed(Stream& s, const char* p, size_t n, OnHeader on_header, OnFrame on_frame);

  bool up_header(const basp::Header& h, size_t& want);
  bool up_frame(const basp::Header& h, const std::string& prefix);
  bool down_header(const basp::Header& h, size_t& want);
  bool down_frame(const basp::Header& h, const std::string& prefix);
  bool check_message(const basp::Header& h, basp::Reader& r, bool local);
  bool refuse(const basp::Header& h, const std::string& why);
  bool fail(std::string why);

  struct Request {
    uint64_t actor, id;
    bool operator==(const Request& o) const { return actor == o.actor && id == o.id; }
  };
  struct RequestHash {
    size_t operator()(const Request& r) const { return r.actor * 0x9e3779b97f4a7c15ull ^ r.id; }
  };

  BaspGateSettings cfg_;
  Stream up_, down_;
  std::string error_;
  int handshakes_ = 0;        // client handshakes seen
  bool past_handshake_ = false;  // a frame other than a handshake came
  std::string peer_node_;
  std::string service_node_;
  bool service_known_ = false;
  uint64_t published_actor_ = 0;
  std::unordered_set<Request, RequestHash> requests_;  // the service's unanswered requests
  std::deque<Request> request_order_;
  std::set<uint64_t> info_askers_;  // service actors that asked this peer for node info
};

}  // namespace mai::transport
