// front_door: the actor `serve` publishes. It turns a connection's session
// token into the identity of the certificate that opened the connection,
// checks every field a peer sent, keeps each client within its concurrency
// limit and hands the submission to the gateway under that identity.
#pragma once
#include <memory>

#include "actors/interfaces.hpp"
#include "transport/session_registry.hpp"

namespace mai::actors {

struct FrontDoorSettings {
  std::shared_ptr<transport::SessionRegistry> sessions;
  uint32_t max_concurrent_per_client = 16;
  gateway_actor gateway;
};

front_door_actor::behavior_type front_door(front_door_actor::pointer self, FrontDoorSettings settings);

}  // namespace mai::actors
