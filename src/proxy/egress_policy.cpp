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
      event.reason =
          "direct connections are refused: only the proxy at 127.0.0.1:3128, to allowlisted hosts";
      break;
  }
  return event;
}

}  // namespace mai::proxy
