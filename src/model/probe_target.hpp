// What the monitor samples of one running sandbox. Plain data, copyable,
// safe to hand to another thread (or actor).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai {

struct ProbeTarget {
  int32_t cgroup_version = 1;
  std::vector<std::string> cgroup_dirs;  // the run's cgroup directories
  int32_t init_pid = 0;                  // host pid of the sandbox's init
  std::vector<std::string> disk_paths;   // host-visible paths of the writable mounts, for statfs
  uint64_t disk_cap_bytes = 0;           // size cap of each of them
  // Docker backend: samples come from the daemon's stats stream instead of
  // cgroup_dirs, and kill_all asks the daemon to kill the container.
  std::string docker_container;  // container id; empty for native runs
  std::string docker_socket;
};

}  // namespace mai
