// config/service.yaml: connection limits and liveness of the networked
// service (`serve`, `worker`, `submit`).
#pragma once
#include <cstdint>

#include "config/yaml_node.hpp"

namespace mai::config {

struct ServiceConfig {
  // Authenticated connections: in total and per client certificate.
  uint32_t max_connections = 256;
  uint32_t max_connections_per_client = 64;
  // Connections before authentication: in total and per source address.
  uint32_t max_handshakes = 1024;
  uint32_t max_handshakes_per_address = 16;
  uint64_t handshake_timeout_ms = 10000;
  uint64_t connect_timeout_ms = 5000;
  uint64_t heartbeat_interval_ms = 1000;
  uint64_t heartbeat_timeout_ms = 5000;
  uint32_t client_max_concurrent = 16;
  uint64_t max_message_bytes = 4u << 20;
  uint64_t worker_heartbeat_timeout_ms = 3000;
  uint32_t worker_queue = 256;
  uint64_t reconnect_max_backoff_ms = 5000;
};

ServiceConfig parse_service_config(const Node& root);

}  // namespace mai::config
