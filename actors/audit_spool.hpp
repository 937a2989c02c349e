// audit_spool: a worker's auditor (issue #9). Every append is written to the
// worker's durable spool (src/audit/spool) and acknowledged once synced, so a
// run never waits on the network; a delivery loop forwards the spooled
// events, oldest first, to the coordinator's auditor while connected. The
// coordinator appends each (origin, spool seq) exactly once, so a batch
// whose acknowledgement was lost is simply sent again. Spawn it detached: it
// blocks on fsync.
#pragma once
#include <memory>
#include <vector>

#include "actors/protocol.hpp"
#include "audit/spool.hpp"

namespace mai::actors {

struct audit_spool_state {
  std::unique_ptr<audit::Spool> spool;
  front_door_actor door;  // null while disconnected
  std::string session;
  bool in_flight = false;
  std::vector<std::pair<uint64_t, caf::typed_response_promise<bool>>> drains;  // (seq, promise)
  static inline const char* name = "audit_spool";
};

audit_spool_actor::behavior_type audit_spool(
    audit_spool_actor::stateful_pointer<audit_spool_state> self, std::unique_ptr<audit::Spool> spool);

}  // namespace mai::actors
