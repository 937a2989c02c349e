// The audit event types: one list, shared by the engine, the actors that send
// events and the verifier's completeness checks. docs/audit-format.md
// describes each type's `data`.
#pragma once

namespace mai::audit::events {

// Written by the audit engine itself (actors may not send these).
inline constexpr const char log_created[] = "audit.log_created";  // record 0: the first public key
inline constexpr const char key_rotated[] = "audit.key_rotated";  // signed by the old key
inline constexpr const char pruned[] = "audit.pruned";            // retention removed old records

// The service's life.
inline constexpr const char service_start[] = "service.start";
inline constexpr const char service_stop[] = "service.stop";
// An actor of the node died (not a shutdown): the node reports itself unhealthy.
inline constexpr const char service_fault[] = "service.fault";

// The coordinator's workers.
inline constexpr const char worker_joined[] = "worker.joined";  // id, name, subject, capacity
inline constexpr const char worker_lost[] = "worker.lost";      // id, why, the request ids it ran

// One request, in the order they normally happen.
inline constexpr const char submission[] = "submission";            // code, code_sha256, diff
inline constexpr const char assessment[] = "assessment";            // level, findings
inline constexpr const char blocked[] = "blocked";                  // BLOCKED and no override: not run
inline constexpr const char override_granted[] = "override";        // reason, given_by; needs a BLOCKED assessment
inline constexpr const char execution_start[] = "execution.start";  // limits, backend
inline constexpr const char network[] = "network.decision";         // allow/deny, host, port, reason
inline constexpr const char violation[] = "violation";              // reason, last sample
inline constexpr const char execution_end[] = "execution.end";      // termination, usage
// An execution.start whose end will never come (worker lost, service
// stopping): `reason` says why. Log::abandon_open_executions() writes these.
inline constexpr const char execution_abandoned[] = "execution.abandoned";
inline constexpr const char rejected[] = "rejected";  // refused before running (overloaded...)
inline constexpr const char failed[] = "failed";      // the service failed the request
inline constexpr const char result[] = "result";      // the request's outcome, last record before the receipt

}  // namespace mai::audit::events
