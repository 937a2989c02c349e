// config/sandbox.yaml: the trust-level policy, backend settings and capacity.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "config/yaml_node.hpp"
#include "model/enums.hpp"
#include "model/limits.hpp"

namespace mai::config {

struct NativeSettings {
  std::string init_path;         // mai-sandbox-init; empty: next to the executable
  uint32_t host_uid = 0;         // host uid that sandbox uid 1000 maps to
  uint32_t host_root_uid = 0;    // host uid that the sandbox's own root maps to
  std::string cgroup_parent;     // cgroup (relative to each hierarchy's root) holding the runs
  std::string python;            // interpreter for Language::python
  std::string shell;             // interpreter for Language::shell
};

struct DockerSettings {
  std::string socket;         // the daemon's unix socket
  std::string image;          // built by tools/build-docker-image.sh
  std::string user;           // uid:gid of the program in the container
  std::string cgroup_parent;  // relative cgroup path; each run gets <parent>/<run_id>
  std::string python;         // interpreters, as seen inside the image
  std::string shell;
};

struct SandboxConfig {
  Backend backend = Backend::native;
  std::array<Limits, 3> trust_levels;  // indexed by TrustLevel
  uint64_t monitor_interval_ms = 100;
  uint64_t output_flood_bytes = 0;  // per stream: past this much output the run is killed
  uint64_t max_code_bytes = 0;
  uint32_t max_concurrent = 0;      // 0: one per core
  uint32_t queue_length = 0;
  NativeSettings native;
  DockerSettings docker;

  const Limits& limits_for(TrustLevel t) const { return trust_levels[static_cast<size_t>(t)]; }
};

SandboxConfig parse_sandbox_config(const Node& root);

}  // namespace mai::config
