#include "actors/audit_client.hpp"

namespace mai::actors {

AuditEvent make_event(std::string type, std::string request_id, const json& data) {
  return AuditEvent{std::move(type), std::move(request_id), data.dump()};
}

}  // namespace mai::actors
