// The native sandbox engine's public interface: launch code in a fresh set of
// namespaces under a cgroup, watch it, and turn what happened into a report.
// Plain C++ (no CAF); the executor and monitor actors sit on top of it.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/sandbox_config.hpp"
#include "model/probe_target.hpp"
#include "model/enums.hpp"
#include "model/execution.hpp"
#include "model/limits.hpp"
#include "model/run_files.hpp"

namespace mai::sandbox {

struct RunSpec {
  std::string run_id;  // [0-9a-f]{16,64}
  std::string code;
  Language language = Language::python;
  Limits limits;  // already clamped and final
  NetworkMode network = NetworkMode::none;
  std::string scratch_root;  // <state>/runs; the backend creates and removes <scratch_root>/<run_id>
  uint64_t output_flood_bytes = 0;  // per stream; 0 means no flood limit
  std::vector<InputFile> inputs;    // placed in /sandbox before the code starts
  FileRequest files;                // what collect_files() brings back
};

// What the monitor samples (a model type: it travels in the monitor's messages).
using ProbeTarget = mai::ProbeTarget;

// What wait() observed.
struct RawOutcome {
  bool exited = false;  // the program exited by itself (exit_status valid)
  int32_t exit_status = 0;
  int32_t signal = 0;  // the signal that ended the program, if one did
  bool timed_out = false;
  bool output_flood = false;
  bool killed = false;  // kill() was called, or the sandbox was killed from outside
  std::string stdout_data, stderr_data;
  bool stdout_truncated = false, stderr_truncated = false;
  uint64_t wall_ms = 0, cpu_ms = 0, peak_memory_bytes = 0;
  uint32_t max_pids = 0;
  bool oom_killed = false;
  bool pids_limit_hit = false;
  // Non-empty: the sandbox itself failed before the code ran. The native
  // backend reports setup failures by throwing from launch() instead (it
  // returns only once the program has been exec'd), so it leaves this empty.
  std::string failure;
  Limits limits;        // the limits the run had (for the violation text)
  RefusedWrites refused_writes;  // counted only where the backend can (refused_writes.hpp)
};

// One running sandbox. The destructor kills what is left and removes the
// cgroup and scratch directory.
class Sandbox {
 public:
  virtual ~Sandbox() = default;
  virtual ProbeTarget probe_target() const = 0;
  // Blocks: pumps output, enforces timeout and flood, reaps, reads final stats.
  virtual RawOutcome wait() = 0;
  // Thread-safe and idempotent: kill the whole tree now.
  virtual void kill() = 0;
  // NetworkMode::deps: a listening TCP socket on 127.0.0.1:proxy_port() inside
  // the sandbox's network namespace, accepted by the host-side proxy. -1 otherwise.
  virtual int proxy_listener_fd() const { return -1; }
  // The host ids the run holds (its lease, id_lease.hpp): native, the
  // sandbox's root then its user (uid 1000 inside); docker, the container's uid.
  virtual std::vector<uint32_t> host_ids() const = 0;
  // After wait(): every file the run created or changed in /sandbox (and /tmp
  // if RunSpec::files asked), read safely from the host (file_manifest.hpp),
  // within config files: caps. Call once.
  virtual FileManifest collect_files() = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  // Throws mai::SandboxError(code, why) if it cannot start the sandbox.
  // Call from a thread that outlives the run: the sandbox is killed when the
  // thread that launched it exits (PR_SET_PDEATHSIG follows the thread).
  virtual std::unique_ptr<Sandbox> launch(const RunSpec&) = 0;
  // Contract names of the protections in force.
  virtual std::vector<std::string> isolation() const = 0;
};

std::unique_ptr<Backend> make_native_backend(const config::SandboxConfig&);
// Docker Engine API over config docker.socket. Throws mai::SandboxError with
// code docker_unavailable (no daemon, refused, too old) or docker_image_missing.
std::unique_ptr<Backend> make_docker_backend(const config::SandboxConfig&);

// What `doctor` says about Docker: never throws.
struct DockerStatus {
  bool daemon = false;        // /_ping answered
  std::string api_version;    // the daemon's
  bool image = false;         // config docker.image exists
  std::string problem;        // why not, in words
};
DockerStatus probe_docker(const config::DockerSettings&);

// One reading of a run's cgroup: the sample streamed to subscribers and the
// two event counters a violation is judged by, taken together (a cgroup read
// is seven files; three reads per tick were most of the monitor's cost).
struct ProbeReading {
  ResourceSample sample;
  bool oom_killed = false;
  bool pids_limit_hit = false;  // a fork was refused at pids.max
};

// Used by the monitor from another thread.
class Probe {
 public:
  virtual ~Probe() = default;
  virtual ProbeReading read() = 0;
  virtual void kill_all() = 0;
};

std::unique_ptr<Probe> make_probe(const ProbeTarget&);

struct Violation {
  Termination termination;
  std::string reason;  // in words, e.g. "memory limit of 256MiB reached"
};

// Which limit a sample shows was reached, if any. disk_bytes is the usage of
// the fullest writable mount (each one has its own cap, Limits::tmpfs_bytes).
std::optional<Violation> check_violation(const ProbeReading&, const Limits&);

// Turns what happened into the contract's fields: exit_code (the program's own,
// 128+N for signal N, 124 for timeout, 137 for resource kills), termination,
// signal, violation, output and usage. `monitor_verdict` is the monitor's
// violation if it killed the run. Violation texts name raw.limits. Does not touch
// backend/worker/trust/limits/isolation.
void finish_report(const RawOutcome&, const std::optional<Violation>& monitor_verdict,
                   ExecutionReport& out);

// Never more cpus or memory than the host can give now (this_host_resources()).
Limits clamp_to_host(const Limits&);

// Kills and removes the cgroups, scratch directories and Docker containers of
// runs whose lock is no longer held (a supervisor killed mid-run). Safe while
// other runs live. Containers labelled with this scratch root whose run
// directory is gone or unlocked are removed too (without a daemon: skipped).
// Then frees the host ids of dead runs (any service's) that no process has
// any more (reclaim_abandoned_leases).
// Returns the run ids it cleaned up, so their unfinished audit records can be closed.
std::vector<std::string> cleanup_stale_runs(const std::string& scratch_root,
                                            const config::SandboxConfig&);

}  // namespace mai::sandbox
