// What this host can give runs now, seen from the service's own place in it:
// the cpus its affinity mask and its cgroup's quota allow, and the memory
// still free (MemAvailable, and what its cgroup's limit leaves). Limits of
// every trust level shrink to it, and the slot count follows (docs/sandbox.md,
// "Limits that follow the host").
//
// read_host_facts() is the only function that reads the system;
// resources_from() decides from the facts alone, so tests pass their own.
#pragma once
#include <cstdint>
#include <string>

namespace mai {

// The raw facts, 0 where unknown or unlimited.
struct HostFacts {
  unsigned online_cpus = 0;      // sysconf(_SC_NPROCESSORS_ONLN)
  unsigned affinity_cpus = 0;    // cpus in this process's affinity mask
  double cgroup_cpus = 0;        // quota / period of the tightest cgroup above this process
  uint64_t mem_total = 0;        // MemTotal
  uint64_t mem_available = 0;    // MemAvailable
  uint64_t cgroup_mem_limit = 0;  // the tightest memory limit of this process's cgroups
  uint64_t cgroup_mem_used = 0;   // that cgroup's usage less its reclaimable page cache
};

// What runs may use, and what set each figure (for the result's policy notes).
struct HostResources {
  double cpus = 1;
  uint64_t memory_bytes = 0;     // 0: unknown (nothing is clamped)
  std::string cpus_reason;       // "online cpus", "cpu affinity", "cgroup cpu quota"
  std::string memory_reason;     // "available memory", "cgroup memory limit", "total memory"
  // Whole cpus, at least 1: how many runs at once fit by default.
  unsigned whole_cpus() const;
};

// proc and cgroup_root are "/proc" and "/sys/fs/cgroup" but for tests.
HostFacts read_host_facts(const std::string& proc = "/proc", const std::string& cgroup_root = "/sys/fs/cgroup");
HostResources resources_from(const HostFacts& facts);
// read_host_facts() then resources_from(): read afresh at every call (free
// memory changes), a few small files.
HostResources this_host_resources();

}  // namespace mai
