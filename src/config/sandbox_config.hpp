// config/sandbox.yaml: the trust-level policy, backend settings and capacity.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "config/host_ids.hpp"
#include "config/yaml_node.hpp"
#include "model/enums.hpp"
#include "model/limits.hpp"

namespace mai::config {

// A block of host ids; a uid goes with the gid of the same number.
struct IdRange {
  uint32_t first = 0;
  uint32_t count = 0;
  uint64_t end() const { return uint64_t{first} + count; }  // one past the last
};

// Ids a run leases from its backend's range: native, its sandbox's root (the
// init) and its user (uid 1000 inside); docker, the container's user.
constexpr uint32_t kNativeIdsPerRun = 2;
constexpr uint32_t kDockerIdsPerRun = 1;
// How many runs a range holds at once.
inline uint32_t runs_in(const IdRange& r, uint32_t per_run) { return r.count / per_run; }

struct NativeSettings {
  std::string init_path;         // mai-sandbox-init; empty: next to the executable
  IdRange ids;                   // each run leases kNativeIdsPerRun of them
  std::string cgroup_parent;     // cgroup (relative to each hierarchy's root) holding the runs
  std::string python;            // interpreter for Language::python
  std::string shell;             // interpreter for Language::shell
  // Count the writes a run tried outside its writable mounts (refused_writes.hpp).
  bool refused_writes = true;
};

struct DockerSettings {
  std::string socket;         // the daemon's unix socket
  std::string image;          // built by tools/build-docker-image.sh
  IdRange ids;                // each run leases kDockerIdsPerRun: the program's uid and gid
  std::string cgroup_parent;  // relative cgroup path; each run gets <parent>/<run_id>
  std::string python;         // interpreters, as seen inside the image
  std::string shell;
  // Count the writes a run tried outside its writable mounts (docker/write_watch_socket.hpp).
  bool refused_writes = true;
};

// warm: a service's pool of sandboxes built ahead (sandbox/warm_pool.hpp).
struct WarmPoolSettings {
  bool enabled = true;
  bool docker = true;           // the docker backend keeps warm containers too (a pool of its own)
  uint32_t min_per_shape = 1;   // kept ready for each trust level's Python runs
  uint32_t max_per_shape = 4;
  uint32_t max_total = 8;       // per backend; each holds a lease of its backend's ids
  uint64_t max_idle_ms = 60000; // older unused ones are destroyed and built anew
  uint64_t min_free_memory_bytes = 512ull << 20;  // below this none are kept
  // A refill of a shape that still has one waiting waits up to this long for
  // a moment without a run in flight (sandbox/run_activity.hpp); 0: at once.
  uint64_t refill_yield_ms = 250;
};

// config/sandbox.yaml `files:` what a run's files may cost: inputs in, the
// manifest and the copies out (docs/sandbox.md, "Files in and out").
struct FileSettings {
  uint64_t max_inputs_bytes = 64u << 20;        // all inputs of one submission together
  uint32_t max_inputs = 1000;                   // input files per submission
  // Programs among the inputs (.py, .sh, "#!") the assessor reads, together;
  // past it the rest are not read and the submission is BLOCKED.
  uint64_t max_input_code_bytes = 4u << 20;
  uint32_t max_listed = 20000;                  // manifest entries; the rest are counted
  uint64_t max_output_file_bytes = 16u << 20;   // content brought back per file
  uint64_t max_output_total_bytes = 64u << 20;  // content brought back per run
  // Not in the file: the listing's own size (paths, hashes) when the result
  // crosses the network; set from clients.max_message. 0: no cap.
  uint64_t max_listing_bytes = 0;
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
  WarmPoolSettings warm;
  FileSettings files;

  const Limits& limits_for(TrustLevel t) const { return trust_levels[static_cast<size_t>(t)]; }
  // Sandboxes a node runs at once: max_concurrent, or one per core.
  uint32_t runs_at_once(uint32_t cores) const { return max_concurrent ? max_concurrent : cores; }
  uint32_t runs_at_once() const { return runs_at_once(this_host_facts().cores); }
};

// Checks the id ranges against this host's accounts, groups and subordinate
// ranges and its core count (this_host_facts()).
SandboxConfig parse_sandbox_config(const Node& root);
SandboxConfig parse_sandbox_config(const Node& root, const HostFacts& host);

}  // namespace mai::config
