// networking.hpp's and remote_endpoint.hpp's functions, through the provider
// this binary has (networking_api.hpp).
#include "protocol/networking_api.hpp"
#include "protocol/remote_endpoint.hpp"

namespace mai::protocol {

void configure_networking(caf::actor_system_config& cfg, Heartbeats heartbeats) {
  (void)node_identity_is_salted();  // keeps the replacement (node_identity.cpp) in the link
  networking_api().configure(cfg, heartbeats);
}

uint16_t publish_gated(caf::actor_system& sys, const caf::strong_actor_ptr& whom,
                       std::set<std::string> ifs, std::shared_ptr<transport::PortGate> gate) {
  return networking_api().publish_gated(sys, whom, std::move(ifs), std::move(gate));
}

caf::expected<caf::strong_actor_ptr> connect_published(caf::actor_system& sys, int fd,
                                                       caf::timespan timeout,
                                                       std::set<std::string>* interfaces) {
  return networking_api().connect_published(sys, fd, timeout, interfaces);
}

}  // namespace mai::protocol
