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

// A backend's run identities, for doctor: the configured range, how many
// runs it holds at once, how many are leased on this host now, and what runs
// have of their own and what they still share.
struct RunIdentities {
  std::string backend;  // "native" or "docker"
  config::IdRange range;
  uint32_t ids_per_run = 0;
  uint32_t max_concurrent_runs = 0;
  uint32_t leased = 0;     // runs holding ids now (any service on this host)
  uint32_t abandoned = 0;  // leases of dead supervisors not yet reclaimed
  std::string lock_dir;
  std::vector<std::string> own;     // what each run has to itself
  std::vector<std::string> shared;  // what runs of this backend still share
};
std::vector<RunIdentities> run_identities(const config::SandboxConfig& cfg);

// True if the ELF file at `path` has no program interpreter (statically linked).
bool is_static_executable(const std::string& path);

}  // namespace mai::sandbox
