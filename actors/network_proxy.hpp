// network-proxy: decides every connection a sandbox attempts and records each
// decision. With network "none" it refuses everything; with "deps" it serves
// the run's proxy listener (the engine's proxy::Server, on a thread of its
// own per run) until the run ends.
#pragma once
#include "actors/protocol.hpp"
#include "config/network_config.hpp"

namespace mai::actors {

network_proxy_actor::behavior_type network_proxy(network_proxy_actor::pointer self,
                                                 auditor_actor auditor,
                                                 config::NetworkConfig config);

}  // namespace mai::actors
