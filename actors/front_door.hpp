// front_door: the actor `serve` publishes. It turns a connection's session
// token into the identity of the certificate that opened the connection,
// checks every field a peer sent, keeps each client within its concurrency
// limit and hands the submission to the gateway under that identity; workers
// join the dispatcher and deliver their audit events through it.
#pragma once
#include <memory>

#include "actors/protocol.hpp"
#include "actors/supervisor.hpp"
#include "transport/session_registry.hpp"

namespace mai::actors {

struct FrontDoorSettings {
  std::shared_ptr<transport::SessionRegistry> sessions;
  uint32_t max_concurrent_per_client = 16;
  gateway_actor gateway;
  assessor_actor assessor;      // assess-only requests go here
  dispatcher_actor dispatcher;  // workers join here
  auditor_actor auditor;        // workers deliver their spooled events here
  std::shared_ptr<const NodeHealth> health;  // the node behind the door
};

// Worker requests need a certificate issued for a worker (a subject with
// OU=workers, as tools/make-certs.sh --worker issues); a client certificate
// may submit but never join. Plain TCP exists only on loopback: anyone there
// may do either.
bool may_act_as_worker(const transport::PeerIdentity& id);

// How many worker ids one worker certificate may join under (each restart
// reuses its id; a new one is a new worker of the same certificate).
constexpr size_t kMaxWorkerIdsPerCertificate = 16;

// The audit events a worker writes (its runs' start and end, their network
// decisions and violations): the only types it may deliver. Any other type
// delivered in a worker's name would be a record of the coordinator's own
// (a submission, an assessment, an override, a result, service.start ...)
// forged by whoever holds a worker certificate.
bool worker_may_deliver(const std::string& type);

front_door_actor::behavior_type front_door(front_door_actor::pointer self, FrontDoorSettings settings);

}  // namespace mai::actors
