#pragma once
#include <string>
#include <vector>

#include "config/sandbox_config.hpp"

namespace mai::sandbox {

// Marks scratch_root as one whose runs have had containers: done before the
// first container is created. Throws SandboxError if it cannot.
void note_docker_runs(const std::string& scratch_root);

// Removes the containers (and their parent cgroups) of runs in `stale_ids`
// and of every run under scratch_root whose lock nobody holds. Never throws.
// Asks the daemon only where note_docker_runs() was called: a native-only
// state directory has no containers to sweep, and the daemon's answer took
// 8-40 ms of every `run`'s start on a loaded machine.
void remove_stale_containers(const std::string& scratch_root, const config::DockerSettings&,
                             const std::vector<std::string>& stale_ids);

}  // namespace mai::sandbox
