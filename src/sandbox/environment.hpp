// The program's environment: a small fixed set, nothing from the host.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/enums.hpp"

namespace mai::sandbox {

std::vector<std::string> sandbox_environment(NetworkMode network, uint16_t proxy_port);

}  // namespace mai::sandbox
