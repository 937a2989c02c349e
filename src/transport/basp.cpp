#include "transport/basp.hpp"

#include <array>

namespace mai::transport::basp {

namespace {

uint64_t be(const unsigned char* p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v = v << 8 | p[i];
  return v;
}

void put_be(std::string& out, uint64_t v, size_t n) {
  for (size_t i = n; i-- > 0;) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

// caf/detail/atom_val.hpp
unsigned char atom_code(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned char>(c - '0' + 1);
  if (c >= 'A' && c <= 'Z') return static_cast<unsigned char>(c - 'A' + 11);
  if (c == '_') return 37;
  if (c >= 'a' && c <= 'z') return static_cast<unsigned char>(c - 'a' + 38);
  return 0;
}

// Types a peer may send (caf/uniform_type_info_map.cpp's builtin names and
// every application type, which has no '@' prefix).
bool type_allowed(std::string_view t, bool response) {
  static constexpr std::array<std::string_view, 25> kAllowed = {
      "@atom",     "@str",       "@strvec", "@strmap", "@strset",           "@charbuf", "@u8",
      "@u16",      "@u32",       "@u64",    "@i8",     "@i16",              "@i32",     "@i64",
      "@ldouble",  "@u16str",    "@u32str", "@duration", "@timespan",       "@timestamp",
      "@unit",     "@actor",     "@strong_actor_ptr", "@addr", "@node"};
  if (t.empty()) return false;
  if (t == "bool" || t == "float" || t == "double") return true;
  if (t[0] != '@') return true;  // an application type (CAF refuses unknown ones itself)
  if (t == "@error") return response;
  for (auto a : kAllowed)
    if (t == a) return true;
  return false;
}

}  // namespace

const char* op_name(uint8_t op) {
  switch (op) {
    case 0: return "server_handshake";
    case 1: return "client_handshake";
    case 2: return "direct_message";
    case 3: return "routed_message";
    case 4: return "monitor_message";
    case 5: return "down_message";
    case 6: return "heartbeat";
    default: return "unknown operation";
  }
}

Header decode_header(const unsigned char* p) {
  Header h;
  h.operation = p[0];
  h.pad1 = p[1];
  h.pad2 = p[2];
  h.flags = p[3];
  h.payload_len = static_cast<uint32_t>(be(p + 4, 4));
  h.operation_data = be(p + 8, 8);
  h.source_actor = be(p + 16, 8);
  h.dest_actor = be(p + 24, 8);
  return h;
}

std::string encode_header(const Header& h) {
  std::string out;
  out.reserve(kHeaderSize);
  out.push_back(static_cast<char>(h.operation));
  out.push_back(static_cast<char>(h.pad1));
  out.push_back(static_cast<char>(h.pad2));
  out.push_back(static_cast<char>(h.flags));
  put_be(out, h.payload_len, 4);
  put_be(out, h.operation_data, 8);
  put_be(out, h.source_actor, 8);
  put_be(out, h.dest_actor, 8);
  return out;
}

std::string encode_frame(Header h, const std::string& payload) {
  h.payload_len = static_cast<uint32_t>(payload.size());
  return encode_header(h) + payload;
}

std::string encode_length(uint32_t n) {
  std::string out;
  do {
    uint8_t b = n & 0x7f;
    n >>= 7;
    out.push_back(static_cast<char>(n ? b | 0x80 : b));
  } while (n);
  return out;
}

std::string encode_string(std::string_view s) {
  return encode_length(static_cast<uint32_t>(s.size())) + std::string(s);
}

std::string encode_u64(uint64_t v) {
  std::string out;
  put_be(out, v, 8);
  return out;
}

std::string encode_node_id(uint32_t process_id, const std::string& host_id) {
  std::string out = encode_u64(atom_value("default"));
  put_be(out, process_id, 4);
  out += host_id.substr(0, 20);
  out.resize(kNodeIdSize, '\0');
  return out;
}

std::string encode_message(std::string_view signature, std::string_view values) {
  return std::string(3, '\0') + encode_string(signature) + std::string(values);
}

uint64_t atom_value(std::string_view name) {
  uint64_t v = 0xF;
  for (char c : name) v = (v << 6) | atom_code(c);
  return v;
}

// ---------------------------------------------------------------- Reader

bool Reader::need(size_t k) {
  if (bad_ || n_ - pos_ < k) {
    bad_ = true;
    pos_ = n_;
    return false;
  }
  return true;
}

uint8_t Reader::u8() { return need(1) ? p_[pos_++] : 0; }

uint16_t Reader::u16() {
  if (!need(2)) return 0;
  pos_ += 2;
  return static_cast<uint16_t>(be(p_ + pos_ - 2, 2));
}

uint32_t Reader::u32() {
  if (!need(4)) return 0;
  pos_ += 4;
  return static_cast<uint32_t>(be(p_ + pos_ - 4, 4));
}

uint64_t Reader::u64() {
  if (!need(8)) return 0;
  pos_ += 8;
  return be(p_ + pos_ - 8, 8);
}

uint32_t Reader::length() {
  uint64_t v = 0;
  for (int i = 0; i < 5; ++i) {
    uint8_t b = u8();
    if (bad_) return 0;
    v |= uint64_t{b & 0x7fu} << (7 * i);
    if (!(b & 0x80)) {
      if (v > 0xffffffffull) break;
      return static_cast<uint32_t>(v);
    }
  }
  bad_ = true;  // longer than CAF ever writes, or over 32 bits
  pos_ = n_;
  return 0;
}

std::string_view Reader::string(size_t max) {
  uint32_t len = length();
  if (bad_ || len > max || !need(len)) {
    bad_ = true;
    pos_ = n_;
    return {};
  }
  std::string_view s(reinterpret_cast<const char*>(p_ + pos_), len);
  pos_ += len;
  return s;
}

std::string Reader::node_id() {
  static const uint64_t kDefault = atom_value("default");
  size_t start = pos_;
  uint64_t kind = u64();
  if (bad_) return {};
  if (kind == 0) return {};
  if (kind != kDefault || !need(kNodeIdSize - 8)) {
    bad_ = true;
    pos_ = n_;
    return {};
  }
  pos_ += kNodeIdSize - 8;
  return std::string(reinterpret_cast<const char*>(p_ + start), kNodeIdSize);
}

void Reader::skip(size_t k) {
  if (need(k)) pos_ += k;
}

// ---------------------------------------------------------------- signatures

bool signature_allowed(std::string_view sig, bool response, std::string* why) {
  auto fail = [&](std::string reason) {
    if (why) *why = std::move(reason);
    return false;
  };
  constexpr std::string_view kEmpty = "@<>";
  if (sig.substr(0, kEmpty.size()) != kEmpty) return fail("not a CAF message");
  if (sig.size() == kEmpty.size()) return true;
  if (sig[kEmpty.size()] != '+') return fail("not a CAF message");
  if (sig == kLinkSignature) return fail("a link request");
  size_t pos = kEmpty.size() + 1;
  for (;;) {
    size_t plus = sig.find('+', pos);
    std::string_view t = sig.substr(pos, plus == std::string_view::npos ? plus : plus - pos);
    if (!type_allowed(t, response)) {
      std::string shown(t.substr(0, 64));
      for (char& c : shown)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
      return fail("message type '" + shown + "'");
    }
    if (plus == std::string_view::npos) return true;
    pos = plus + 1;
  }
}

}  // namespace mai::transport::basp
