#include "proxy/special_address.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstdint>
#include <cstring>

namespace mai::proxy {

namespace {

struct V4Range {
  uint32_t net;
  int bits;
  const char* what;
};

// IANA special-purpose registry, plus multicast and the reserved class E.
const V4Range kV4[] = {
    {0x00000000, 8, "'this network' (0.0.0.0/8)"},
    {0x0a000000, 8, "private (10.0.0.0/8)"},
    {0x64400000, 10, "carrier-grade NAT (100.64.0.0/10)"},
    {0x7f000000, 8, "loopback (127.0.0.0/8)"},
    {0xa9fe0000, 16, "link-local (169.254.0.0/16)"},
    {0xac100000, 12, "private (172.16.0.0/12)"},
    {0xc0000000, 24, "IETF protocol assignments (192.0.0.0/24)"},
    {0xc0000200, 24, "documentation (192.0.2.0/24)"},
    {0xc0586300, 24, "6to4 relay anycast (192.88.99.0/24)"},
    {0xc0a80000, 16, "private (192.168.0.0/16)"},
    {0xc6120000, 15, "benchmarking (198.18.0.0/15)"},
    {0xc6336400, 24, "documentation (198.51.100.0/24)"},
    {0xcb007100, 24, "documentation (203.0.113.0/24)"},
    {0xe0000000, 4, "multicast (224.0.0.0/4)"},
    {0xf0000000, 4, "reserved (240.0.0.0/4, broadcast)"},
};

std::optional<std::string> special_v4(uint32_t a) {
  for (const auto& r : kV4) {
    uint32_t mask = r.bits == 0 ? 0 : ~uint32_t{0} << (32 - r.bits);
    if ((a & mask) == r.net) return std::string(r.what);
  }
  return std::nullopt;
}

bool prefix(const uint8_t* a, const uint8_t* p, int bits) {
  int bytes = bits / 8, rest = bits % 8;
  if (std::memcmp(a, p, bytes) != 0) return false;
  if (rest == 0) return true;
  uint8_t mask = static_cast<uint8_t>(0xff << (8 - rest));
  return (a[bytes] & mask) == (p[bytes] & mask);
}

uint32_t v4_at(const uint8_t* b) {
  return uint32_t{b[0]} << 24 | uint32_t{b[1]} << 16 | uint32_t{b[2]} << 8 | b[3];
}

std::optional<std::string> special_v6(const uint8_t* a) {
  static const uint8_t zero[16] = {};
  static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  static const uint8_t nat64[12] = {0x00, 0x64, 0xff, 0x9b};
  if (std::memcmp(a, zero, 15) == 0 && (a[15] == 0 || a[15] == 1))
    return std::string(a[15] ? "loopback (::1)" : "unspecified (::)");
  // Addresses that carry an IPv4 address are judged by it.
  if (std::memcmp(a, mapped, 12) == 0 || std::memcmp(a, nat64, 12) == 0) {
    if (auto why = special_v4(v4_at(a + 12))) return "IPv4 " + *why + " inside IPv6";
    return std::nullopt;
  }
  if (std::memcmp(a, zero, 12) == 0) return std::string("IPv4-compatible IPv6 (::/96)");
  struct Range {
    uint8_t p[4];
    int bits;
    const char* what;
  };
  static const Range ranges[] = {
      {{0x20, 0x01, 0x0d, 0xb8}, 32, "documentation (2001:db8::/32)"},
      {{0x20, 0x01, 0x00, 0x00}, 23, "IETF protocol assignments (2001::/23)"},
      {{0x20, 0x02, 0, 0}, 16, "6to4 (2002::/16)"},
      {{0xfc, 0, 0, 0}, 7, "unique local (fc00::/7)"},
      {{0xfe, 0x80, 0, 0}, 10, "link-local (fe80::/10)"},
      {{0xfe, 0xc0, 0, 0}, 10, "site-local (fec0::/10)"},
      {{0xff, 0, 0, 0}, 8, "multicast (ff00::/8)"},
  };
  for (const auto& r : ranges)
    if (prefix(a, r.p, r.bits)) return std::string(r.what);
  // Only global unicast (2000::/3) is public.
  if ((a[0] & 0xe0) != 0x20) return std::string("reserved IPv6 (outside 2000::/3)");
  return std::nullopt;
}

}  // namespace

std::optional<std::string> special_address(const sockaddr_storage& addr) {
  if (addr.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&addr);
    return special_v4(ntohl(in->sin_addr.s_addr));
  }
  if (addr.ss_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&addr);
    return special_v6(in6->sin6_addr.s6_addr);
  }
  return std::string("not an internet address");
}

std::string address_text(const sockaddr_storage& addr) {
  char buf[INET6_ADDRSTRLEN] = {};
  if (addr.ss_family == AF_INET)
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&addr)->sin_addr, buf, sizeof buf);
  else if (addr.ss_family == AF_INET6)
    ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&addr)->sin6_addr, buf, sizeof buf);
  return buf;
}

}  // namespace mai::proxy
