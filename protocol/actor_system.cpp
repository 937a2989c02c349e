#include "protocol/actor_system.hpp"

#include <algorithm>
#include <thread>

#include "protocol/interfaces.hpp"

namespace mai::protocol {

void configure_actor_system(caf::actor_system_config& cfg) {
  register_message_types(cfg);
  // Blocking work runs on detached threads, so the pool only needs the cores.
  unsigned cores = std::max(2u, std::thread::hardware_concurrency());
  cfg.set("scheduler.max-threads", static_cast<size_t>(cores));
  // Work stealing polls idle workers every 50 us, which takes CPU from the
  // sandboxes; the message rate here is low, so a shared queue that sleeps
  // on a condition variable costs nothing and waits for nothing.
  cfg.set("scheduler.policy", caf::atom("sharing"));
}

}  // namespace mai::protocol
