// The tunnel's BASP gate (src/transport/basp_gate.*): any bytes in either
// direction, split anywhere, must neither crash nor hang it, and its verdict
// must not depend on how the bytes were split (the same frames are refused
// whatever the reads look like).
//
// Input: byte 0 chooses the set-up; the rest is the stream.
//   bit 0: the service's handshake and the peer's handshakes go first (so
//          the fuzzer starts inside a session); else the stream is all there is
//   bit 1: bytes 1-2 (big endian) are a length: that many bytes go down
//          (service -> peer) first, the rest up; else all go up
//   bits 2-7: chunk size - 1 for the split run
#include <cstddef>
#include <cstdint>
#include <string>

#include "transport/basp.hpp"
#include "transport/basp_gate.hpp"

namespace {

using namespace mai::transport;

std::string frame(uint8_t op, uint8_t flags, uint64_t mid, const std::string& payload) {
  basp::Header h;
  h.operation = op;
  h.flags = flags;
  h.operation_data = mid;
  return basp::encode_frame(h, payload);
}

const std::string& service_handshake() {
  static const std::string s =
      frame(0, 0, 3,
            basp::encode_node_id(4242, std::string(20, 'S')) + basp::encode_length(1) +
                basp::encode_string("generic-caf-app") + basp::encode_u64(13) +
                basp::encode_length(0));
  return s;
}

const std::string& peer_handshakes() {
  static const std::string node = basp::encode_node_id(777, std::string(20, 'P'));
  static const std::string s = frame(1, 0, 0, node) + frame(1, 2, 0, node);
  return s;
}

struct Verdict {
  bool down_ok = true, up_ok = true;
  std::string error;
  bool operator==(const Verdict& o) const {
    return down_ok == o.down_ok && up_ok == o.up_ok && error == o.error;
  }
};

Verdict run(const std::string& down, const std::string& up, size_t chunk) {
  BaspGateSettings s;
  s.max_payload = 1 << 16;
  s.forwardable = {"@<>+@atom+@str+mai::ResourceSample"};
  s.claim_node = [](const std::string& node) { return node.size() == basp::kNodeIdSize && node[31] != 'X'; };
  BaspGate gate(s);
  Verdict v;
  for (size_t i = 0; i < down.size() && v.down_ok; i += chunk)
    v.down_ok = gate.feed_down(down.data() + i, std::min(chunk, down.size() - i));
  for (size_t i = 0; i < up.size() && v.up_ok && v.down_ok; i += chunk)
    v.up_ok = gate.feed_up(up.data() + i, std::min(chunk, up.size() - i));
  v.error = gate.error();
  if (!v.error.empty() && gate.feed_up("", 0)) __builtin_trap();  // refused stays refused
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
  std::string down, up;
  if (mode & 1) {
    down = service_handshake();
    up = peer_handshakes();
  }
  if ((mode & 2) && rest.size() >= 2) {
    size_t n = std::min<size_t>(size_t{uint8_t(rest[0])} << 8 | uint8_t(rest[1]), rest.size() - 2);
    down += rest.substr(2, n);
    up += rest.substr(2 + n);
  } else {
    up += rest;
  }
  Verdict whole = run(down, up, SIZE_MAX / 2);
  Verdict split = run(down, up, (mode >> 2) + 1u);
  if (!(whole == split)) __builtin_trap();
  return 0;
}
