// The monitor's probe of a Docker run: the container's own cgroup (as native
// reads its run's; the daemon's stats stream cost a daemon round trip and its
// sampling on every run), the fill level of the container's writable mounts,
// kill via the API.
#pragma once
#include <memory>

#include "sandbox/cgroup.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

std::unique_ptr<Probe> make_docker_probe(const ProbeTarget&);
// Shared with the native probe (probe.cpp).
uint64_t fullest_mount_bytes(const std::vector<std::string>& paths);
// One cgroup reading and the mounts' fill level as the monitor's reading.
ProbeReading reading_of(const CgroupStats&, uint64_t disk_bytes);

}  // namespace mai::sandbox
