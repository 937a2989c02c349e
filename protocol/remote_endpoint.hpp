// CAF's end of a tunnel (src/transport). TLS is terminated by the tunnel; CAF
// speaks its BASP protocol over a loopback TCP connection inside this process:
//  - server: a listener on 127.0.0.1 that BASP serves, accepting only the
//    connections the tunnel server announced in the PortGate;
//  - client: BASP over the tunnel client's loopback socket.
// These use CAF 0.17's semi-internal network headers (pinned version).
#pragma once
#include <caf/all.hpp>

#include <chrono>
#include <memory>

#include "transport/port_gate.hpp"

namespace mai::protocol {

// Publishes `whom` (with its interface `ifs`) on a new listener at
// 127.0.0.1:<any port> and returns the port. Connections whose peer port the
// gate does not expect are closed at once.
uint16_t publish_gated(caf::actor_system& sys, const caf::strong_actor_ptr& whom,
                       std::set<std::string> ifs, std::shared_ptr<transport::PortGate> gate);

template <class Handle>
uint16_t publish_gated(caf::actor_system& sys, const Handle& whom,
                       std::shared_ptr<transport::PortGate> gate) {
  return publish_gated(sys, caf::actor_cast<caf::strong_actor_ptr>(whom), sys.message_types(whom),
                       std::move(gate));
}

// The actor published at the other end of an already-connected loopback
// socket (`fd` is taken over). Fails with a clear error after `timeout`.
caf::expected<caf::strong_actor_ptr> connect_published(caf::actor_system& sys, int fd,
                                                       caf::timespan timeout,
                                                       std::set<std::string>* interfaces);

// The same, typed: fails unless the published actor has interface Handle.
template <class Handle>
caf::expected<Handle> connect_published(caf::actor_system& sys, int fd, caf::timespan timeout) {
  std::set<std::string> ifs;
  auto ptr = connect_published(sys, fd, timeout, &ifs);
  if (!ptr) return std::move(ptr.error());
  if (!*ptr) return caf::make_error(caf::sec::no_actor_published_at_port);
  if (!sys.assignable<Handle>(ifs))
    return caf::make_error(caf::sec::unexpected_actor_messaging_interface);
  return caf::actor_cast<Handle>(std::move(*ptr));
}

}  // namespace mai::protocol
