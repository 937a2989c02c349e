#include "actors/network_proxy.hpp"

#include "actors/audit_client.hpp"
#include "audit/event_types.hpp"
#include "model/json_codec.hpp"
#include "proxy/egress_policy.hpp"

namespace mai::actors {

network_proxy_actor::behavior_type network_proxy(network_proxy_actor::pointer self,
                                                 auditor_actor auditor) {
  return {
      [=](decide_atom, const std::string& request_id, NetworkMode mode, const std::string& method,
          const std::string& host, uint16_t port) -> caf::result<NetworkEvent> {
        NetworkEvent event = proxy::decide_egress(mode, method, host, port);
        auto rp = self->make_response_promise<NetworkEvent>();
        // The decision stands only once it is on record.
        self->request(auditor, audit_timeout, append_atom::value,
                      std::vector<AuditEvent>{
                          make_event(audit::events::network, request_id, to_json(event))})
            .then([rp, event](const AuditAck&) mutable { rp.deliver(event); },
                  [rp](caf::error& e) mutable { rp.deliver(std::move(e)); });
        return rp;
      },
  };
}

}  // namespace mai::actors
