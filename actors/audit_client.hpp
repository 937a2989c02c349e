// How actors hand events to the auditor: one event from a type, a request id
// and a JSON object, and the time allowed for a durable append.
#pragma once
#include <chrono>
#include <string>

#include "actors/interfaces.hpp"
#include "common/json.hpp"

namespace mai::actors {

AuditEvent make_event(std::string type, std::string request_id, const json& data);

// An append waits for another process holding the log and for the sync.
constexpr std::chrono::seconds audit_timeout{90};

}  // namespace mai::actors
