// What every process of a deployment applies to its actor system before it
// starts: the protocol's message types and errors, and a scheduler sized for
// this machine.
#pragma once
#include <caf/actor_system_config.hpp>

namespace mai::protocol {

void configure_actor_system(caf::actor_system_config& cfg);

}  // namespace mai::protocol
