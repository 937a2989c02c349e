// A Docker run's writable directory kept on the host: a size-capped tmpfs
// the host mounts at <run_dir>/<name> and binds into the container (as
// /sandbox, and as /tmp when it is collected). Why not Docker's own tmpfs:
// the host must fill /sandbox before the code starts (inputs) and read it
// after every process of the run is gone (the manifest), which a tmpfs that
// dies with the container allows neither of.
//
// The host takes an O_PATH descriptor of the tmpfs root before the
// container exists; the manifest walks from it (file_manifest.hpp). detach()
// unmounts it lazily once the container is gone: the run directory is then
// removed without walking anything the code left (its symlinks included),
// while the descriptor keeps the files readable until it is closed.
#pragma once
#include <cstdint>
#include <string>

namespace mai::sandbox::docker {

class RunTmpfs {
 public:
  // Mounts it (nosuid, nodev; `bytes` cap; root `mode` owned by uid:gid).
  // Throws SandboxError("sandbox_setup").
  RunTmpfs(const std::string& path, uint64_t bytes, const char* mode, uint32_t uid, uint32_t gid);
  ~RunTmpfs();  // detaches and closes
  RunTmpfs(const RunTmpfs&) = delete;
  RunTmpfs& operator=(const RunTmpfs&) = delete;

  const std::string& path() const { return path_; }
  int fd() const { return fd_; }  // O_PATH, close-on-exec
  void detach();                  // idempotent
  // Throws SandboxError("docker_mounts_unseen") unless the Docker daemon
  // listening on `socket` sees this very tmpfs at path() (it resolves bind
  // sources in its own mount namespace: from a private one, such as
  // `unshare --mount`, it would bind the empty directory beneath instead).
  void require_seen_by_daemon(const std::string& socket) const;

 private:
  std::string path_;
  int fd_ = -1;
  bool mounted_ = false;
};

// doctor: "" when the daemon on `socket` sees a tmpfs this process mounts
// in `dir` (one is made, checked and removed there), else why not.
std::string daemon_mount_problem(const std::string& socket, const std::string& dir);

}  // namespace mai::sandbox::docker
