#include "protocol/connection.hpp"

#include "common/error.hpp"
#include "protocol/remote_endpoint.hpp"

namespace mai::protocol {

std::unique_ptr<Connection> Connection::open(caf::actor_system& sys, const Endpoint& server,
                                             std::shared_ptr<transport::TlsContext> tls,
                                             std::chrono::milliseconds timeout) {
  if (!tls && !is_loopback_host(server.host))
    throw UsageError("plain TCP is only for a service on loopback; give the TLS certificate, key "
                     "and CA to reach " + server.to_string());
  transport::TunnelClientSettings t;
  t.host = server.host;
  t.port = server.port;
  t.tls = std::move(tls);
  t.timeout = timeout;
  std::unique_ptr<Connection> c(new Connection);
  c->server_ = server;
  c->tunnel_ = transport::TunnelClient::connect(t);
  auto door = connect_published<front_door_actor>(sys, c->tunnel_->take_local_fd(),
                                                  caf::timespan{timeout});
  if (!door)
    throw transport::ConnectError(server.to_string() +
                                  " answered, but not as a mai-sandbox service: " +
                                  sys.render(door.error()));
  c->door_ = std::move(*door);
  return c;
}

}  // namespace mai::protocol
