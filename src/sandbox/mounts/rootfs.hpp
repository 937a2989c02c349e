// The sandbox's file system, built by mai-sandbox-init inside its own mount
// namespace: a tmpfs root with read-only binds of what the runtime needs,
// a generated /etc, a masked /proc, a minimal /dev and size-capped writable
// tmpfs mounts. Ends with pivot_root into it and the root read-only.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai::sandbox {

struct RootfsOptions {
  int run_dir_fd = -1;       // the run's scratch directory (host path never named)
  uint64_t tmpfs_bytes = 0;  // cap of /tmp, /sandbox and /dev/shm each
  std::string code_name;     // /sandbox/<code_name> receives the code
  uint32_t uid = 1000, gid = 1000;
  std::vector<std::string> inputs;  // names under /sandbox, staged as <run_dir>/inputs/<index>
};

// Precondition: the caller has unshared nothing yet; this unshares the mount
// namespace itself (after moving its cwd to the run directory, so the cwd
// follows into the new namespace). Throws std::runtime_error naming the step.
void build_rootfs(const RootfsOptions&);

}  // namespace mai::sandbox
