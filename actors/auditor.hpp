// auditor: the single writer of the audit log (src/audit). Appends that
// arrive while a write is under way are committed together in one synced
// batch (group commit); each sender is answered only once its events are
// durable. Spawn it detached: it blocks on fsync.
#pragma once
#include <chrono>
#include <memory>

#include "actors/protocol.hpp"
#include "audit/log.hpp"

namespace mai::actors {

struct auditor_state {
  std::shared_ptr<audit::Log> log;
  std::vector<std::pair<std::vector<AuditEvent>, caf::typed_response_promise<AuditAck>>> pending;
  bool flush_scheduled = false;
  static inline const char* name = "auditor";
};

// `tree_head_interval` > 0 starts the idle timer; use it only where the
// actor lives long (a service), since a pending timer holds up shutdown
// until the actor is told to exit.
auditor_actor::behavior_type auditor(auditor_actor::stateful_pointer<auditor_state> self,
                                     std::shared_ptr<audit::Log> log,
                                     std::chrono::milliseconds tree_head_interval);

}  // namespace mai::actors
