// The decision for one outgoing connection attempt of a sandbox. With network
// "none" every attempt is refused; "deps" (dependency fetching through the
// allowlist) is decided by the proxy's allowlist.
#pragma once
#include <cstdint>
#include <string>

#include "model/enums.hpp"
#include "model/execution.hpp"

namespace mai::proxy {

NetworkEvent decide_egress(NetworkMode mode, const std::string& method, const std::string& host,
                           uint16_t port);

}  // namespace mai::proxy
