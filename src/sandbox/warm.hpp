// Warm sandboxes: built whole ahead of time (namespaces, mounts, cgroup with
// its limits, seccomp, capabilities dropped, interpreter started where the
// backend can), then given exactly one program. The backend side of the pool
// in warm_pool.hpp; plain C++ (no CAF).
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

// What a warm sandbox is built for. Runs without network only: a deps run
// needs the proxy's listener set up for its request.
struct WarmShape {
  Language language = Language::python;
  Limits limits;  // the cgroup's and the rlimits'; timeout and output come with the request
  bool operator==(const WarmShape& o) const;
};

// Whether a sandbox built for `shape` can run `spec` exactly as a cold start
// would: same language, no network, the same writable mounts (tmpfs size)
// and no looser cpus, memory or pids (tighter ones are applied on hand-off).
bool warm_fits(const WarmShape& shape, const RunSpec& spec);
// The shape a cold start of `spec` would have been built as.
WarmShape warm_shape_of(const RunSpec& spec);
// What a backend builds a sandbox of `shape` from, ahead of any run: an id
// of its own (the run's is recorded in it on hand-off), no code yet.
RunSpec warm_build_spec(const WarmShape& shape, const std::string& scratch_root);

// SandboxError code of a hand-off that failed before the code reached the
// sandbox: nothing of the run happened, and a cold start may run it instead.
inline constexpr const char* kWarmEntryLost = "warm_entry_lost";

// One waiting sandbox. Destroying it unused kills and removes everything it
// holds (processes, cgroup, scratch directory, host ids).
class WarmEntry {
 public:
  virtual ~WarmEntry() = default;
  // The one hand-off point: the code (and whatever else the request brings)
  // arrives, the request's limits are applied, the program starts. The
  // returned sandbox is the run's, as launch() would have returned it; its
  // wall time counts from this call. Throws mai::SandboxError if the entry
  // cannot run it (it died while waiting: kWarmEntryLost; or the run does
  // not fit, which leaves the entry unspent; else it is spent either way).
  virtual std::unique_ptr<Sandbox> hand_off(const RunSpec& spec) = 0;
  // Bytes of memory it holds while waiting (its cgroup's usage).
  virtual uint64_t memory_bytes() const = 0;
};

// What the caller of prepare_warm hears of the build, on the building thread.
struct WarmBuildHooks {
  // Called once the sandbox's first process no longer shares the building
  // process's memory: the native init, a fork-like clone(2), has exec'd its
  // helper (or died; backends that fork nothing call it at once). Until then
  // every page another thread of this process writes is copied, each copy
  // with a TLB shoot-down on every core this process runs on: a caller with
  // memory-heavy work of its own waits for this first (prepared_backend.hpp).
  std::function<void()> host_memory_released;
};

// A backend that can build warm sandboxes. Call prepare_warm from a thread
// that outlives the sandbox (as for Backend::launch).
class WarmSource {
 public:
  virtual ~WarmSource() = default;
  // Throws mai::SandboxError as launch() does.
  virtual std::unique_ptr<WarmEntry> prepare_warm(const WarmShape&, const std::string& scratch_root,
                                                  const WarmBuildHooks& hooks) = 0;
};

}  // namespace mai::sandbox
