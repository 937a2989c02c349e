#pragma once
#include <string>
#include <vector>

#include "config/sandbox_config.hpp"

namespace mai::sandbox {

// Removes the containers (and their parent cgroups) of runs in `stale_ids`
// and of every run under scratch_root whose lock nobody holds. Never throws.
void remove_stale_containers(const std::string& scratch_root, const config::DockerSettings&,
                             const std::vector<std::string>& stale_ids);

}  // namespace mai::sandbox
