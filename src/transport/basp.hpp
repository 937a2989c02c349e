// CAF 0.17 BASP on the wire, as much of it as the tunnel's gate reads
// (internal; no CAF dependency). Every layout here was checked against real
// CAF 0.17.6 traffic of `serve`, `submit` and `worker` and against CAF's
// sources (io/basp/header.hpp, instance.cpp, binary_deserializer.cpp,
// message.cpp, node_id.cpp): integers in network byte order, sequence and
// string lengths as varbytes (7 bits a byte, low bits first).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace mai::transport::basp {

inline constexpr size_t kHeaderSize = 32;

// header.operation
enum class Op : uint8_t {
  server_handshake = 0,
  client_handshake = 1,
  direct_message = 2,
  routed_message = 3,
  monitor_message = 4,
  down_message = 5,
  heartbeat = 6,
};
const char* op_name(uint8_t op);

// header.flags
inline constexpr uint8_t kNamedReceiverFlag = 0x01;     // dest_actor is an atom (a registry name)
inline constexpr uint8_t kSelectConnectionFlag = 0x02;  // client_handshake: use this connection

// message_id (header.operation_data of direct and routed messages)
inline constexpr uint64_t kResponseFlag = 0x8000000000000000ull;
inline constexpr uint64_t kAnsweredFlag = 0x4000000000000000ull;
inline constexpr uint64_t kCategoryMask = 0x3000000000000000ull;
inline constexpr int kCategoryShift = 60;
inline constexpr uint64_t kRequestIdMask = 0x0FFFFFFFFFFFFFFFull;

struct Header {
  uint8_t operation = 0, pad1 = 0, pad2 = 0, flags = 0;
  uint32_t payload_len = 0;
  uint64_t operation_data = 0, source_actor = 0, dest_actor = 0;
};
Header decode_header(const unsigned char* p);  // kHeaderSize bytes
std::string encode_header(const Header& h);
// The header (payload_len set to the payload's size) and the payload.
std::string encode_frame(Header h, const std::string& payload);

inline bool is_response(uint64_t mid) { return (mid & kResponseFlag) != 0; }
inline bool is_request(uint64_t mid) {
  return (mid & kRequestIdMask) != 0 && !is_response(mid);
}
inline uint64_t request_id(uint64_t mid) { return mid & kRequestIdMask; }
inline unsigned category(uint64_t mid) {
  return static_cast<unsigned>((mid & kCategoryMask) >> kCategoryShift);
}

// CAF's atom encoding (caf/detail/atom_val.hpp): 6 bits a character after a
// 0xF marker. Named receivers are addressed by it.
uint64_t atom_value(std::string_view name);

// A node id as serialized: atom("default") + process id (u32) + 20-byte host
// id, 32 bytes in all; or 8 zero bytes for "no node". CAF's other kind (a
// URI) never appears between our processes and is not accepted.
inline constexpr size_t kNodeIdSize = 32;

// Reads CAF's binary serialization from a byte range; any overrun or
// malformed value sets bad() and makes every later read return zero/empty.
class Reader {
 public:
  Reader(const unsigned char* p, size_t n) : p_(p), n_(n) {}
  uint8_t u8();
  uint16_t u16();
  uint32_t u32();
  uint64_t u64();
  // A varbyte length; at most 5 bytes and 32 bits, as CAF writes it.
  uint32_t length();
  // A string of at most `max` bytes (longer: bad).
  std::string_view string(size_t max);
  // A node id (default form); returns its 32 bytes, or "" for "no node".
  std::string node_id();
  void skip(size_t k);
  bool bad() const { return bad_; }
  size_t left() const { return bad_ ? 0 : n_ - pos_; }
  size_t pos() const { return pos_; }

 private:
  bool need(size_t k);
  const unsigned char* p_;
  size_t n_;
  size_t pos_ = 0;
  bool bad_ = false;
};

// Writers of the same layouts, for tests, benchmarks and fuzz seeds.
std::string encode_length(uint32_t n);
std::string encode_string(std::string_view s);
std::string encode_u64(uint64_t v);
std::string encode_node_id(uint32_t process_id, const std::string& host_id);  // 20-byte host id
// A direct message's payload: an empty forwarding stack, the type names, then `values`.
std::string encode_message(std::string_view signature, std::string_view values);

// The type names of a serialized caf::message: "@<>" or "@<>+T1+T2...".
// Well-known signatures of CAF's own traffic between nodes:
inline constexpr std::string_view kInfoQuery = "@<>+@atom+@atom+@str";  // (sys, get, "info")
inline constexpr std::string_view kInfoReply = "@<>+@atom+@str+@strong_actor_ptr+@str";
// (link_atom | unlink_atom, actor): CAF's BASP intercepts it and links a
// proxy to the receiver (remote_message_handler.hpp); a peer could use it to
// tie a service actor's life to one of its own.
inline constexpr std::string_view kLinkSignature = "@<>+@atom+@strong_actor_ptr";

// Whether every type in a message signature may come from a peer. System
// messages are refused: exit, down, group_down, timeout and the stream
// messages act on the receiving actor itself (an exit or a bare error ends
// it), and group and nested-message values are never part of our protocol.
// `error` is allowed only in a response, where it is the request's answer.
bool signature_allowed(std::string_view signature, bool response, std::string* why);

}  // namespace mai::transport::basp
