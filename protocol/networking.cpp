#include "protocol/networking_api.hpp"

#include <caf/io/middleman.hpp>
#include <caf/timespan.hpp>

#include <chrono>

namespace mai::protocol {

void networking_impl::configure(caf::actor_system_config& cfg, Heartbeats heartbeats) {
  cfg.load<caf::io::middleman>();
  cfg.set("middleman.heartbeat-interval", caf::timespan{heartbeats.interval});
  cfg.set("middleman.connection-timeout", caf::timespan{heartbeats.timeout});
}

}  // namespace mai::protocol
