// A connection to a service's front door: the tunnel of src/transport
// (mutual TLS, or plain TCP on loopback) with CAF's BASP spoken over it.
// What `submit`, `status`, the client library and a worker's link to its
// coordinator all open.
#pragma once
#include <caf/all.hpp>

#include <chrono>
#include <memory>
#include <string>

#include "common/endpoint.hpp"
#include "protocol/interfaces.hpp"
#include "transport/tls_context.hpp"
#include "transport/tunnel_client.hpp"

namespace mai::protocol {

class Connection {
 public:
  // Blocks at most `timeout`. `tls` null: plain TCP, allowed only to a
  // loopback address (UsageError otherwise). Throws transport::ConnectError
  // when the service cannot be reached or is not a mai-sandbox service.
  static std::unique_ptr<Connection> open(caf::actor_system& sys, const Endpoint& server,
                                          std::shared_ptr<transport::TlsContext> tls,
                                          std::chrono::milliseconds timeout);

  bool is_open() const { return tunnel_->open(); }
  // The session the service gave this connection; every request names it.
  const std::string& session() const { return tunnel_->token(); }
  const front_door_actor& door() const { return door_; }
  const Endpoint& server() const { return server_; }

 private:
  Connection() = default;
  Endpoint server_;
  std::unique_ptr<transport::TunnelClient> tunnel_;
  front_door_actor door_;
};

}  // namespace mai::protocol
