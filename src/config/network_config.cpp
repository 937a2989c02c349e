#include "config/network_config.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>

namespace mai::config {

bool valid_host_name(std::string_view name) {
  if (name.empty() || name.size() > 253) return false;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('.', start);
    if (end == std::string_view::npos) end = name.size();
    std::string_view label = name.substr(start, end - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-')
      return false;
    for (char c : label)
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    start = end + 1;
  }
  return true;
}

bool looks_like_ip_literal(std::string_view name) {
  if (name.find(':') != std::string_view::npos) return true;  // IPv6
  size_t dot = name.rfind('.');
  std::string_view last = dot == std::string_view::npos ? name : name.substr(dot + 1);
  if (last.empty()) return false;
  bool digits = true;
  for (char c : last) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (digits) return true;
  if (last.size() > 2 && (last.substr(0, 2) == "0x" || last.substr(0, 2) == "0X")) {
    for (char c : last.substr(2))
      if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
  }
  return false;
}

namespace {

bool numeric_ip(const std::string& s) {
  unsigned char buf[16];
  return ::inet_pton(AF_INET, s.c_str(), buf) == 1 || ::inet_pton(AF_INET6, s.c_str(), buf) == 1;
}

// "ip", "ip:port", "[v6]" or "[v6]:port".
ResolveOverride parse_override(const Node& n) {
  std::string s = n.as_string();
  ResolveOverride o;
  std::string port;
  if (!s.empty() && s.front() == '[') {
    size_t close = s.find(']');
    if (close == std::string::npos) n.fail("unclosed '[' in '" + s + "'");
    o.ip = s.substr(1, close - 1);
    std::string rest = s.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') n.fail("expected [ipv6]:port, got '" + s + "'");
      port = rest.substr(1);
      if (port.empty()) n.fail("empty port in '" + s + "'");
    }
  } else if (std::count(s.begin(), s.end(), ':') == 1) {
    o.ip = s.substr(0, s.find(':'));
    port = s.substr(s.find(':') + 1);
    if (port.empty()) n.fail("empty port in '" + s + "'");
  } else {
    o.ip = s;  // IPv4, or IPv6 without a port
  }
  if (!numeric_ip(o.ip)) n.fail("expected a numeric IP address (optionally :port), got '" + s + "'");
  if (!port.empty()) {
    bool digits = port.find_first_not_of("0123456789") == std::string::npos && port.size() <= 5;
    unsigned long p = digits ? std::stoul(port) : 0;
    if (!digits || p == 0 || p > 65535) n.fail("port must be 1 to 65535, got '" + port + "'");
    o.port = static_cast<uint16_t>(p);
  }
  return o;
}

std::string parse_allow_entry(const Node& n) {
  std::string s = n.as_string();
  std::string name = s.rfind("*.", 0) == 0 ? s.substr(2) : s;
  if (!valid_host_name(name))
    n.fail("expected a lower-case host name or *.suffix, got '" + s + "'");
  if (looks_like_ip_literal(name)) n.fail("IP addresses cannot be allowlisted, got '" + s + "'");
  return s;
}

}  // namespace

NetworkConfig parse_network_config(const Node& root) {
  root.expect_keys({"allow", "resolve", "limits", "timeouts"});
  NetworkConfig c;
  for (const Node& item : root["allow"].items()) c.allow.push_back(parse_allow_entry(item));

  if (root.has("resolve")) {
    for (const auto& [host, value] : root["resolve"].entries()) {
      if (!valid_host_name(host) || looks_like_ip_literal(host))
        value.fail("expected a lower-case host name as the key, got '" + host + "'");
      c.resolve[host] = parse_override(value);
    }
  }

  Node limits = root["limits"];
  limits.expect_keys({"max_connections", "max_requests", "header_bytes", "header_count",
                      "client_hello_bytes", "upload_per_tunnel", "upload_per_run",
                      "download_per_connection", "download_per_run"});
  auto& l = c.limits;
  l.max_connections = static_cast<uint32_t>(limits["max_connections"].as_uint(1, 1024));
  l.max_requests = static_cast<uint32_t>(limits["max_requests"].as_uint(1, 1u << 20));
  uint64_t header = limits["header_bytes"].as_size();
  if (header < 1024 || header > (1u << 20)) limits["header_bytes"].fail("must be 1KiB to 1MiB");
  l.header_bytes = static_cast<uint32_t>(header);
  l.header_count = static_cast<uint32_t>(limits["header_count"].as_uint(1, 1000));
  // Optional, so that a network.yaml written before it existed still loads.
  if (limits.has("client_hello_bytes")) {
    uint64_t hello = limits["client_hello_bytes"].as_size();
    if (hello < 512 || hello > 65536) limits["client_hello_bytes"].fail("must be 512B to 64KiB");
    l.client_hello_bytes = static_cast<uint32_t>(hello);
  }
  l.upload_per_tunnel = limits["upload_per_tunnel"].as_size();
  l.upload_per_run = limits["upload_per_run"].as_size();
  l.download_per_connection = limits["download_per_connection"].as_size();
  l.download_per_run = limits["download_per_run"].as_size();
  if (l.upload_per_run < l.upload_per_tunnel)
    limits["upload_per_run"].fail("must be at least upload_per_tunnel");
  if (l.download_per_run < l.download_per_connection)
    limits["download_per_run"].fail("must be at least download_per_connection");

  Node timeouts = root["timeouts"];
  timeouts.expect_keys({"resolve", "connect", "header", "idle", "total"});
  auto& t = c.timeouts;
  auto duration = [&](const char* key, uint64_t& out) {
    out = timeouts[key].as_duration_ms();
    if (out < 10) timeouts[key].fail("must be at least 10ms");
  };
  duration("resolve", t.resolve_ms);
  duration("connect", t.connect_ms);
  duration("header", t.header_ms);
  duration("idle", t.idle_ms);
  duration("total", t.total_ms);
  return c;
}

}  // namespace mai::config
