// One running native sandbox (host side): pumps output, enforces the wall
// timeout and the output flood limit, reaps the init, reads the final cgroup
// statistics and removes everything the run created.
#pragma once
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

#include "sandbox/cgroup.hpp"
#include "sandbox/file_manifest.hpp"
#include "sandbox/input_staging.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/namespaces.hpp"
#include "sandbox/refused_writes.hpp"
#include "sandbox/run_dir.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/writable_handles.hpp"

namespace mai::sandbox {

struct StartedRun {
  IdLease ids;  // [0] the sandbox's root, [1] its user; released last but the directory
  std::unique_ptr<RunDir> dir;
  std::unique_ptr<Cgroup> cgroup;
  InitProcess init;
  int out_fd = -1, err_fd = -1, status_fd = -1;  // host ends, non-blocking
  int proxy_fd = -1;
  std::string status_rest;  // status bytes read after the "ready" line
  Limits limits;
  uint64_t flood_bytes = 0;
  std::chrono::steady_clock::time_point started;
  // A launched run's (cold or warm): RunDirReaper releases the ids and removes
  // the directory. A warm entry discarded unused removes its own at once.
  bool defer_dir_removal = false;
  WritableHandles writable;  // kept past cleanup(): the tmpfs mounts live on for collect_files()
  FileBaseline baseline;     // what /sandbox held before the code started
  ManifestLimits manifest;
  bool collect_tmp = false;
  // The run's record of refused writes; none when config native.refused_writes is off.
  std::unique_ptr<RefusedWriteWatch> writes;
};

class NativeSandbox final : public Sandbox {
 public:
  explicit NativeSandbox(StartedRun run);
  ~NativeSandbox() override;

  ProbeTarget probe_target() const override;
  RawOutcome wait() override;
  void kill() override;
  int proxy_listener_fd() const override { return run_.proxy_fd; }
  std::vector<uint32_t> host_ids() const override { return ids_; }
  // A warm sandbox's hand-off (native_backend.cpp) finishes the start here.
  StartedRun& started_run() { return run_; }
  FileManifest collect_files() override;

 private:
  void kill_tree();  // caller holds mu_
  void cleanup();    // kill what is left, remove cgroup and scratch

  StartedRun run_;
  std::vector<uint32_t> ids_;  // what run_.ids held, still known after the release
  std::mutex mu_;
  bool cleaned_ = false;
  bool kill_requested_ = false;
  std::optional<RawOutcome> outcome_;
};

}  // namespace mai::sandbox
