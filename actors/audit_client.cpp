#include "actors/audit_client.hpp"

#include "common/utf8.hpp"

namespace mai::actors {

AuditEvent make_event(std::string type, std::string request_id, const json& data) {
  return AuditEvent{std::move(type), std::move(request_id), dump_json(data)};
}

audit::Event to_log_event(const AuditEvent& e) {
  json data = json::parse(e.data, nullptr, false);
  if (data.is_discarded()) data = json{{"unparsable", e.data}};
  return audit::Event{e.type, e.request_id, std::move(data), e.sync_with_next};
}

AuditEvent sync_with_next(AuditEvent event) {
  event.sync_with_next = true;
  return event;
}

std::vector<audit::Event> to_log_events(const std::vector<AuditEvent>& events) {
  std::vector<audit::Event> out;
  out.reserve(events.size());
  for (const auto& e : events) out.push_back(to_log_event(e));
  return out;
}

AuditEvent from_log_event(const audit::Event& e) {
  return AuditEvent{e.type, e.request_id, dump_json(e.data), e.sync_with_next};
}

}  // namespace mai::actors
