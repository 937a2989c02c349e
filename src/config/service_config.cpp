#include "config/service_config.hpp"

namespace mai::config {

namespace {
uint64_t duration_at_least(const Node& n, uint64_t min_ms) {
  uint64_t ms = n.as_duration_ms();
  if (ms < min_ms) n.fail("must be at least " + std::to_string(min_ms) + "ms");
  return ms;
}
}  // namespace

ServiceConfig parse_service_config(const Node& root) {
  root.expect_keys({"connections", "clients", "workers"});
  ServiceConfig c;

  Node conn = root["connections"];
  conn.expect_keys({"max", "max_per_client", "max_handshakes", "max_handshakes_per_address",
                    "handshake_timeout", "connect_timeout", "heartbeat_interval",
                    "heartbeat_timeout"});
  c.max_connections = static_cast<uint32_t>(conn["max"].as_uint(1, 65536));
  c.max_handshakes = static_cast<uint32_t>(conn["max_handshakes"].as_uint(1, 65536));
  // Optional, so that a service.yaml written before they existed still loads.
  if (conn.has("max_per_client"))
    c.max_connections_per_client = static_cast<uint32_t>(conn["max_per_client"].as_uint(1, 65536));
  if (conn.has("max_handshakes_per_address"))
    c.max_handshakes_per_address =
        static_cast<uint32_t>(conn["max_handshakes_per_address"].as_uint(1, 65536));
  c.handshake_timeout_ms = duration_at_least(conn["handshake_timeout"], 100);
  c.connect_timeout_ms = duration_at_least(conn["connect_timeout"], 100);
  c.heartbeat_interval_ms = duration_at_least(conn["heartbeat_interval"], 50);
  c.heartbeat_timeout_ms = duration_at_least(conn["heartbeat_timeout"], 100);
  // A timeout shorter than two intervals drops healthy idle peers.
  if (c.heartbeat_timeout_ms < 2 * c.heartbeat_interval_ms)
    conn["heartbeat_timeout"].fail("must be at least twice heartbeat_interval");

  Node clients = root["clients"];
  clients.expect_keys({"max_concurrent", "max_message"});
  c.client_max_concurrent = static_cast<uint32_t>(clients["max_concurrent"].as_uint(1, 100000));
  c.max_message_bytes = clients["max_message"].as_size();
  if (c.max_message_bytes < 64 * 1024 || c.max_message_bytes > (1ull << 30))
    clients["max_message"].fail("must be 64KiB to 1GiB");

  Node workers = root["workers"];
  workers.expect_keys({"heartbeat_timeout", "queue", "reconnect_max_backoff"});
  c.worker_heartbeat_timeout_ms = duration_at_least(workers["heartbeat_timeout"], 100);
  c.worker_queue = static_cast<uint32_t>(workers["queue"].as_uint(0, 1u << 20));
  c.reconnect_max_backoff_ms = duration_at_least(workers["reconnect_max_backoff"], 100);
  return c;
}

}  // namespace mai::config
