// What an actor system needs before it talks to other processes (`serve`,
// `submit`, `worker`, the client library).
#pragma once
#include <caf/actor_system_config.hpp>

#include <chrono>

namespace mai::protocol {

// How often connected peers prove they are alive, and how long silence may
// last before the connection counts as lost (config/service.yaml).
struct Heartbeats {
  std::chrono::milliseconds interval{1000};
  std::chrono::milliseconds timeout{5000};
};

// Loads CAF's middleman and turns on heartbeats on every connection, so a
// frozen or vanished peer is noticed within heartbeat_timeout. Every process
// of a deployment uses the same settings (a one-sided timeout would drop
// healthy idle peers). Also makes this node's CAF identity unique (below).
void configure_networking(caf::actor_system_config& cfg, Heartbeats heartbeats);

// CAF 0.17.6 derives a node's identity from the host's MAC addresses, the
// root file system's UUID and the process id, so two workers that are both
// pid 1 in their own pid namespaces on one host get the same identity and
// CAF takes the second for the first. This salts the host part with random
// bytes per process; configure_networking() refers to it so that the linker
// always keeps the definition that replaces CAF's.
bool node_identity_is_salted();

}  // namespace mai::protocol
