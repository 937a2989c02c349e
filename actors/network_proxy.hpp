// network-proxy: decides every connection a sandbox attempts and records each
// decision. With network "none" it refuses everything.
#pragma once
#include "actors/interfaces.hpp"

namespace mai::actors {

network_proxy_actor::behavior_type network_proxy(network_proxy_actor::pointer self,
                                                 auditor_actor auditor);

}  // namespace mai::actors
