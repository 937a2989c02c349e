#include "proxy/egress_policy.hpp"

namespace mai::proxy {

NetworkEvent decide_egress(NetworkMode mode, const std::string& method, const std::string& host,
                           uint16_t port) {
  NetworkEvent event;
  event.method = method;
  event.host = host;
  event.port = port;
  event.decision = "deny";
  switch (mode) {
    case NetworkMode::none:
      event.reason = "network is off for this run (--network none): only loopback exists";
      break;
    case NetworkMode::deps:
      event.reason = "dependency fetching is not available yet";
      break;
  }
  return event;
}

}  // namespace mai::proxy
