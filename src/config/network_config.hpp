// config/network.yaml: what the deps proxy lets a sandbox fetch, and the
// budgets, caps and timeouts that keep it read-only and bounded.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "config/yaml_node.hpp"

namespace mai::config {

// Where a name goes instead of DNS: for private mirrors and tests. The
// special-address refusal does not apply to it (the operator chose it).
struct ResolveOverride {
  std::string ip;     // numeric IPv4 or IPv6, as written (without brackets)
  uint16_t port = 0;  // 0: the port the client asked for
};

struct NetworkLimits {
  uint32_t max_connections = 16;       // open at once, per run
  uint32_t max_requests = 2000;        // connections accepted over the run's life
  uint32_t header_bytes = 16384;       // one request head
  uint32_t header_count = 100;         // header fields in one request head
  uint32_t client_hello_bytes = 16384;        // a tunnel's first TLS records (the ClientHello)
  uint64_t upload_per_tunnel = 256 * 1024;    // client->server bytes of a tunnel, ClientHello included
  uint64_t upload_per_run = 4u << 20;         // the same, summed over the run (GET heads too)
  uint64_t download_per_connection = 1ull << 30;
  uint64_t download_per_run = 4ull << 30;
};

struct NetworkTimeouts {
  uint64_t resolve_ms = 5000;
  uint64_t connect_ms = 10000;
  uint64_t header_ms = 10000;   // from accept to a complete request head (and ClientHello)
  uint64_t idle_ms = 60000;     // no byte in either direction
  uint64_t total_ms = 600000;   // one connection's whole life
};

struct NetworkConfig {
  std::vector<std::string> allow;  // exact names and "*.suffix" (subdomains only), lower case
  std::map<std::string, ResolveOverride> resolve;
  NetworkLimits limits;
  NetworkTimeouts timeouts;
};

NetworkConfig parse_network_config(const Node& root);

// A DNS host name: labels of [a-z0-9-] (not starting or ending with '-'),
// at most 63 bytes each and 253 in all, lower case, no trailing dot.
bool valid_host_name(std::string_view name);

// Looks like an IP address in any notation getaddrinfo() would accept
// (dotted quad, IPv6, but also "2130706433", "0x7f.1", "127.1"): the last
// label is numeric or hex. No real top-level domain is.
bool looks_like_ip_literal(std::string_view name);

}  // namespace mai::config
