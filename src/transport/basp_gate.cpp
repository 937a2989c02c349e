#include "transport/basp_gate.hpp"

#include <algorithm>
#include <cstring>

namespace mai::transport {

using basp::Header;
using basp::Op;

namespace {

constexpr size_t kMaxSignature = 1024;  // bytes of a message's type names
// A message's prefix: forwarding stack (one byte: empty), the u16 zero of
// begin_object, the signature's length (varbyte) and the signature.
constexpr size_t kMessagePrefix = 1 + 2 + 5 + kMaxSignature;
constexpr size_t kMaxHandshakePrefix = 4096;  // the service's: node, app ids, actor
constexpr size_t kMaxInfoAskers = 1024;

bool op_is(const Header& h, Op op) { return h.operation == static_cast<uint8_t>(op); }

std::string actor_text(const Header& h) {
  if (h.flags & basp::kNamedReceiverFlag) {
    if (h.dest_actor == basp::atom_value("SpawnServ")) return "the named actor SpawnServ";
    if (h.dest_actor == basp::atom_value("ConfigServ")) return "the named actor ConfigServ";
    return "a named actor";
  }
  return "actor " + std::to_string(h.dest_actor);
}

}  // namespace

BaspGate::BaspGate(BaspGateSettings settings) : cfg_(std::move(settings)) {}

bool BaspGate::fail(std::string why) {
  error_ = std::move(why);
  return false;
}

bool BaspGate::refuse(const Header& h, const std::string& why) {
  return fail("refused BASP " + std::string(basp::op_name(h.operation)) + " (frame " +
              std::to_string(up_.frames) + " from the peer): " + why);
}

bool BaspGate::feed(Stream& s, const char* p, size_t n, OnHeader on_header, OnFrame on_frame) {
  if (!error_.empty()) return false;
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  for (;;) {
    if (!s.in_payload) {
      if (n == 0) return true;
      size_t k = std::min(basp::kHeaderSize - s.have, n);
      std::memcpy(s.hdr + s.have, u, k);
      s.have += k;
      u += k;
      n -= k;
      if (s.have < basp::kHeaderSize) return true;
      s.have = 0;
      ++s.frames;
      s.h = basp::decode_header(s.hdr);
      size_t want = 0;
      if (!(this->*on_header)(s.h, want)) return false;
      s.want = std::min<size_t>(want, s.h.payload_len);
      s.skip = s.h.payload_len - s.want;
      s.prefix.clear();
      s.decided = false;
      s.in_payload = true;
    }
    if (!s.decided) {
      size_t k = std::min(s.want - s.prefix.size(), n);
      s.prefix.append(reinterpret_cast<const char*>(u), k);
      u += k;
      n -= k;
      if (s.prefix.size() < s.want) return true;
      // The decision, once per frame, before its last byte is passed on.
      if (!(this->*on_frame)(s.h, s.prefix)) return false;
      s.decided = true;
    }
    size_t k = static_cast<size_t>(std::min<uint64_t>(s.skip, n));
    s.skip -= k;
    u += k;
    n -= k;
    if (s.skip > 0) return true;
    s.in_payload = false;
  }
}

bool BaspGate::feed_up(const char* p, size_t n) {
  return feed(up_, p, n, &BaspGate::up_header, &BaspGate::up_frame);
}

bool BaspGate::feed_down(const char* p, size_t n) {
  return feed(down_, p, n, &BaspGate::down_header, &BaspGate::down_frame);
}

// ------------------------------------------------------------ peer -> service

bool BaspGate::up_header(const Header& h, size_t& want) {
  // Before CAF reads the header: it would allocate the whole payload.
  if (h.payload_len > cfg_.max_payload)
    return fail("BASP frame with a payload of " + std::to_string(h.payload_len) +
                " bytes exceeds the limit of " + std::to_string(cfg_.max_payload) + " bytes");
  if (!cfg_.enforce) return true;
  if (h.operation > static_cast<uint8_t>(Op::heartbeat))
    return refuse(h, "unknown operation " + std::to_string(h.operation));
  if (h.pad1 || h.pad2) return refuse(h, "nonzero padding");
  const Op op = static_cast<Op>(h.operation);
  if (op == Op::client_handshake) {
    if (past_handshake_ || handshakes_ >= 2) return refuse(h, "a handshake after the handshake");
  } else if (handshakes_ == 0) {
    return refuse(h, "before the client handshake");
  }
  switch (op) {
    case Op::server_handshake:
      return refuse(h, "a server handshake from a client");
    case Op::client_handshake: {
      uint8_t allowed = handshakes_ == 0 ? 0 : basp::kSelectConnectionFlag;
      if (h.flags != allowed || h.operation_data || h.source_actor || h.dest_actor)
        return refuse(h, "malformed header");
      if (h.payload_len != basp::kNodeIdSize) return refuse(h, "payload is not a node id");
      want = h.payload_len;
      return true;
    }
    case Op::direct_message:
    case Op::routed_message: {
      past_handshake_ = true;
      if (h.dest_actor == 0 || h.payload_len == 0 || (h.flags & ~basp::kNamedReceiverFlag))
        return refuse(h, "malformed header");
      uint64_t mid = h.operation_data;
      if (mid & basp::kAnsweredFlag) return refuse(h, "malformed message id");
      if (basp::category(mid) > 1) return refuse(h, "a stream message");
      want = kMessagePrefix + (op == Op::routed_message ? 2 * basp::kNodeIdSize : 0);
      return true;
    }
    case Op::monitor_message:
      past_handshake_ = true;
      if (h.flags || h.operation_data || h.source_actor ||
          h.payload_len != 2 * basp::kNodeIdSize)
        return refuse(h, "malformed header");
      want = h.payload_len;
      return true;
    case Op::down_message:
      past_handshake_ = true;
      if (h.flags || h.operation_data || h.source_actor == 0 || h.dest_actor ||
          h.payload_len < 2 * basp::kNodeIdSize)
        return refuse(h, "malformed header");
      want = 2 * basp::kNodeIdSize;
      return true;
    case Op::heartbeat:
      past_handshake_ = true;
      if (h.flags || h.operation_data || h.source_actor || h.dest_actor || h.payload_len)
        return refuse(h, "malformed header");
      return true;
  }
  return refuse(h, "unknown operation");
}

bool BaspGate::up_frame(const Header& h, const std::string& prefix) {
  if (!cfg_.enforce) return true;
  basp::Reader r(reinterpret_cast<const unsigned char*>(prefix.data()), prefix.size());
  switch (static_cast<Op>(h.operation)) {
    case Op::client_handshake: {
      std::string node = r.node_id();
      if (r.bad() || node.empty()) return refuse(h, "payload is not a node id");
      if (handshakes_++ == 1) {
        if (node != peer_node_) return refuse(h, "a second handshake with another node id");
        return true;
      }
      if (service_known_ && node == service_node_)
        return refuse(h, "the peer claims the service's own node id");
      if (cfg_.claim_node && !cfg_.claim_node(node))
        return refuse(h, "the node id is held by a peer with another identity");
      peer_node_ = node;
      return true;
    }
    case Op::direct_message:
      return check_message(h, r, /*local=*/true);
    case Op::routed_message: {
      std::string src = r.node_id();
      std::string dst = r.node_id();
      if (r.bad() || src != peer_node_) return refuse(h, "not in the peer's own name");
      if (dst.empty()) return refuse(h, "no destination node");
      if (!service_known_) return refuse(h, "before the service's handshake");
      return check_message(h, r, /*local=*/dst == service_node_);
    }
    case Op::monitor_message:
    case Op::down_message: {
      std::string src = r.node_id();
      std::string dst = r.node_id();
      if (r.bad() || src != peer_node_) return refuse(h, "not in the peer's own name");
      if (dst.empty()) return refuse(h, "no destination node");
      return true;
    }
    case Op::heartbeat:
      return true;
    default:
      return refuse(h, "unexpected");
  }
}

bool BaspGate::check_message(const Header& h, basp::Reader& r, bool local) {
  // CAF's client waits for the service's handshake before it sends a message.
  if (!service_known_) return refuse(h, "before the service's handshake");
  if (r.u8() != 0) return refuse(h, "a forwarding stack");
  if (r.u16() != 0) return refuse(h, "malformed message");
  std::string_view sig = r.string(kMaxSignature);
  if (r.bad()) return refuse(h, "malformed message (type names)");
  const uint64_t mid = h.operation_data;
  const bool response = basp::is_response(mid);
  std::string why;
  if (!basp::signature_allowed(sig, response, &why)) return refuse(h, why);
  if (response) {
    Request key{h.dest_actor, basp::request_id(mid)};
    if (requests_.erase(key) == 0)
      return refuse(h, "a response to no request of " + actor_text(h));
    return true;
  }
  if (h.flags & basp::kNamedReceiverFlag) {
    if (h.dest_actor != basp::atom_value("SpawnServ") || sig != basp::kInfoQuery)
      return refuse(h, "a message to " + actor_text(h));
    return true;
  }
  if (local) {
    if (h.dest_actor == published_actor_) return true;
    if (sig == basp::kInfoReply && info_askers_.count(h.dest_actor)) return true;
    return refuse(h, "a message to " + actor_text(h) + ", not the published actor");
  }
  if (sig == basp::kInfoReply) return true;
  for (const auto& f : cfg_.forwardable)
    if (sig == f) return true;
  return refuse(h, "a message for another node");
}

// ------------------------------------------------------------ service -> peer

bool BaspGate::down_header(const Header& h, size_t& want) {
  if (!cfg_.enforce) return true;
  if (down_.frames == 1) {
    if (!op_is(h, Op::server_handshake)) return fail("the service did not start with its handshake");
    want = kMaxHandshakePrefix;
    return true;
  }
  if ((op_is(h, Op::direct_message) || op_is(h, Op::routed_message))) {
    if (basp::is_request(h.operation_data)) {
      Request key{h.source_actor, basp::request_id(h.operation_data)};
      if (requests_.insert(key).second) request_order_.push_back(key);
      while (request_order_.size() > cfg_.max_tracked_requests) {
        requests_.erase(request_order_.front());
        request_order_.pop_front();
      }
    }
    if ((h.flags & basp::kNamedReceiverFlag) && h.source_actor != 0) {
      info_askers_.insert(h.source_actor);
      if (info_askers_.size() > kMaxInfoAskers) info_askers_.erase(info_askers_.begin());
    }
  }
  return true;
}

bool BaspGate::down_frame(const Header& h, const std::string& prefix) {
  if (!cfg_.enforce || !op_is(h, Op::server_handshake) || service_known_) return true;
  basp::Reader r(reinterpret_cast<const unsigned char*>(prefix.data()), prefix.size());
  std::string node = r.node_id();
  uint32_t app_ids = r.length();
  for (uint32_t i = 0; i < app_ids && i < 64 && !r.bad(); ++i) r.string(1024);
  uint64_t actor = r.u64();
  if (r.bad() || node.empty() || app_ids > 64)
    return fail("cannot read the service's BASP handshake");
  service_node_ = node;
  published_actor_ = actor;
  service_known_ = true;
  if (!peer_node_.empty() && peer_node_ == service_node_)
    return fail("refused BASP client_handshake: the peer claims the service's own node id");
  return true;
}

}  // namespace mai::transport
