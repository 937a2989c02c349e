// What this host can do for the native sandbox: the probes behind
// `mai-sandbox doctor`. Each feature is tested for real (a forked child
// tries it), not inferred from kernel versions.
#pragma once
#include <string>
#include <vector>

#include "config/sandbox_config.hpp"

namespace mai::sandbox {

struct HostFeature {
  std::string name;    // e.g. "user_namespace", "seccomp", "cgroup_memory"
  bool ok = false;
  bool required = true;  // the native backend cannot work without it
  std::string detail;  // what was found, or why it is missing
};

struct HostReport {
  bool running_as_root = false;
  int cgroup_version = 0;  // 0: no usable cgroup tree
  std::vector<std::string> cgroup_controllers;
  std::vector<HostFeature> features;
  bool native_ok = false;  // every required feature works
  std::vector<std::string> missing;  // names of required features that do not
};

// scratch_root: when non-empty, also launches a real sandbox there running
// `exit 0` (the strongest evidence that everything fits together).
HostReport probe_host(const config::SandboxConfig& cfg, const std::string& scratch_root);

// True if the ELF file at `path` has no program interpreter (statically linked).
bool is_static_executable(const std::string& path);

}  // namespace mai::sandbox
