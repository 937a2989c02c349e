#include "proxy/tls_hello.hpp"

#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace mai::proxy {

namespace {

HelloResult refuse(std::string why) {
  HelloResult r;
  r.status = HelloStatus::refused;
  r.reason = std::move(why);
  return r;
}

// Bounds-checked big-endian reader; any overrun sets `bad`.
struct Reader {
  std::string_view d;
  size_t pos = 0;
  bool bad = false;
  uint32_t num(size_t n) {
    if (d.size() - pos < n) {
      bad = true;
      pos = d.size();
      return 0;
    }
    uint32_t v = 0;
    for (size_t i = 0; i < n; ++i) v = v << 8 | static_cast<uint8_t>(d[pos++]);
    return v;
  }
  std::string_view bytes(size_t n) {
    if (d.size() - pos < n) {
      bad = true;
      pos = d.size();
      return {};
    }
    auto s = d.substr(pos, n);
    pos += n;
    return s;
  }
  bool at_end() const { return pos == d.size(); }
};

constexpr uint16_t kServerName = 0;
constexpr uint16_t kEncryptedClientHello = 0xfe0d;

// The body of a ClientHello handshake message (after type and length).
HelloResult parse_body(std::string_view body) {
  Reader r{body};
  r.num(2);       // legacy_version
  r.bytes(32);    // random
  size_t sid = r.num(1);
  if (sid > 32) return refuse("malformed ClientHello (session id)");
  r.bytes(sid);
  size_t suites = r.num(2);
  if (suites < 2 || suites % 2) return refuse("malformed ClientHello (cipher suites)");
  r.bytes(suites);
  size_t comp = r.num(1);
  if (comp < 1) return refuse("malformed ClientHello (compression)");
  r.bytes(comp);
  if (r.bad) return refuse("truncated ClientHello");
  HelloResult out;
  out.status = HelloStatus::complete;
  if (r.at_end()) return out;  // no extensions at all
  size_t ext_len = r.num(2);
  Reader ext{r.bytes(ext_len)};
  if (r.bad || !r.at_end()) return refuse("malformed ClientHello (extensions length)");
  std::set<uint16_t> seen;
  while (!ext.at_end()) {
    uint16_t type = static_cast<uint16_t>(ext.num(2));
    Reader data{ext.bytes(ext.num(2))};
    if (ext.bad) return refuse("malformed ClientHello (extension)");
    if (!seen.insert(type).second) return refuse("ClientHello repeats an extension");
    // The real server name would be hidden inside; the outer one proves nothing.
    if (type == kEncryptedClientHello) return refuse("Encrypted ClientHello is not allowed");
    if (type != kServerName) continue;
    Reader list{data.bytes(data.num(2))};
    if (data.bad || !data.at_end()) return refuse("malformed server_name extension");
    bool have = false;
    while (!list.at_end()) {
      uint8_t name_type = static_cast<uint8_t>(list.num(1));
      std::string_view name = list.bytes(list.num(2));
      if (list.bad) return refuse("malformed server_name extension");
      if (name_type != 0) continue;
      if (have) return refuse("ClientHello names more than one server");
      have = true;
      if (name.empty()) return refuse("empty server name in the ClientHello");
      std::string host;
      for (char c : name) {
        unsigned char u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f) return refuse("invalid character in the TLS server name");
        host += static_cast<char>(std::tolower(u));
      }
      out.server_name = host;
    }
  }
  return out;
}

}  // namespace

HelloResult parse_client_hello(std::string_view data, size_t max_bytes) {
  std::string handshake;  // record payloads, concatenated
  size_t pos = 0;
  // The ClientHello's length once its header is in: refused as soon as it is
  // known to take more than max_bytes on the wire (records so far plus what
  // the message still needs), so an oversized one is never buffered whole.
  auto too_large = [&](std::string_view seen, size_t wire_so_far) -> std::optional<HelloResult> {
    if (seen.size() < 4 || static_cast<uint8_t>(seen[0]) != 1) return std::nullopt;
    size_t msg = size_t{static_cast<uint8_t>(seen[1])} << 16 |
                 size_t{static_cast<uint8_t>(seen[2])} << 8 | static_cast<uint8_t>(seen[3]);
    size_t at_least = wire_so_far + (msg + 4 > seen.size() ? msg + 4 - seen.size() : 0);
    if (at_least <= max_bytes) return std::nullopt;
    return refuse("a ClientHello of at least " + std::to_string(at_least) +
                  " bytes exceeds the limit of " + std::to_string(max_bytes) + " bytes");
  };
  while (true) {
    if (data.size() - pos < 5) break;
    auto b = [&](size_t i) { return static_cast<uint8_t>(data[pos + i]); };
    if (b(0) != 22) return refuse("the tunnel did not start with a TLS handshake");
    if (b(1) != 3 || b(2) > 4) return refuse("not a TLS record");
    size_t len = size_t{b(3)} << 8 | b(4);
    if (len == 0 || len > 16384) return refuse("malformed TLS record length");
    if (data.size() - pos - 5 < len) {
      std::string seen = handshake + std::string(data.substr(pos + 5));
      if (auto r = too_large(seen, data.size())) return *r;
      break;
    }
    handshake.append(data.substr(pos + 5, len));
    pos += 5 + len;
    if (handshake.size() >= 4) {
      if (static_cast<uint8_t>(handshake[0]) != 1)
        return refuse("the first TLS handshake message is not a ClientHello");
      if (auto r = too_large(handshake, pos)) return *r;
      size_t msg = size_t{static_cast<uint8_t>(handshake[1])} << 16 |
                   size_t{static_cast<uint8_t>(handshake[2])} << 8 |
                   static_cast<uint8_t>(handshake[3]);
      if (handshake.size() >= msg + 4) {
        if (handshake.size() != msg + 4)
          return refuse("unexpected data after the ClientHello in its record");
        HelloResult r = parse_body(std::string_view(handshake).substr(4));
        r.consumed = pos;
        return r;
      }
    }
  }
  if (data.size() > max_bytes)
    return refuse("a ClientHello larger than the limit of " + std::to_string(max_bytes) +
                  " bytes");
  // Reject obvious non-TLS early, instead of waiting for the timeout.
  if (!data.empty() && static_cast<uint8_t>(data[0]) != 22)
    return refuse("the tunnel did not start with a TLS handshake");
  return HelloResult{};
}

}  // namespace mai::proxy
