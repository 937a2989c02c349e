// How actors hand events to the auditor: one event from a type, a request id
// and a JSON object, and the time allowed for a durable append.
#pragma once
#include <chrono>
#include <string>

#include "actors/protocol.hpp"
#include "audit/log.hpp"
#include "common/json.hpp"

namespace mai::actors {

AuditEvent make_event(std::string type, std::string request_id, const json& data);
// The event, to be synced with its sender's next synced event: for a sender
// that does nothing outside the process before one (a request's submission,
// assessment and result before its execution.start or its receipt).
AuditEvent sync_with_next(AuditEvent event);

// Between the wire form (data as JSON text) and the log's form. Text that is
// not JSON is kept, as {"unparsable": text}, rather than dropped.
audit::Event to_log_event(const AuditEvent& e);
std::vector<audit::Event> to_log_events(const std::vector<AuditEvent>& events);
AuditEvent from_log_event(const audit::Event& e);

// An append waits for another process holding the log and for the sync.
constexpr std::chrono::seconds audit_timeout{90};

// The one way an actor records an event: asks the auditor to append it and
// returns the pending answer (an AuditAck once it is durable), for the caller
// to take with .then() (event-based actors) or .receive() (blocking ones).
template <class Self>
auto record_event(Self* self, const auditor_actor& auditor, AuditEvent event) {
  return self->request(auditor, audit_timeout, append_atom::value,
                       std::vector<AuditEvent>{std::move(event)});
}

// Bookkeeping that must not wait on the log: a failed append shows in the
// records of the requests concerned.
template <class Self>
void record_event_detached(Self* self, const auditor_actor& auditor, AuditEvent event) {
  record_event(self, auditor, std::move(event)).then([](const AuditAck&) {}, [](const caf::error&) {});
}

}  // namespace mai::actors
