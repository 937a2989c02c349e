// What /sandbox holds before any code runs: the code, then the host-staged
// inputs <run_dir>/inputs/<index> copied to <name>, all owned by the
// sandbox's user. Both backends fill it with this: the native init inside
// its new root (before pivot_root), the Docker host in the run's host-side
// tmpfs (before the container starts). The copies count against /sandbox's
// tmpfs cap like anything the code writes there.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai::sandbox {

// Staged name of input `index` under the run directory.
std::string staged_input_name(size_t index);

// Copies <run_dir>/code to <sandbox>/<code_name> (0644) and each staged
// input to <sandbox>/<name>, creating parent directories (0755). Every path
// is made below `sandbox_fd` one component at a time, never following a
// symlink. Throws std::runtime_error naming the file (a name that is not a
// safe relative path, or no room left in the tmpfs).
void fill_sandbox(int run_dir_fd, int sandbox_fd, const std::string& code_name,
                  const std::vector<std::string>& inputs, uint32_t uid, uint32_t gid);

// A warm sandbox's hand-off (Docker): <sandbox>/<code_name>, what it waited
// with (the bootstrap, or nothing), replaced by <run_dir>/code as
// fill_sandbox places it (a new file, never following a symlink). Throws
// std::runtime_error.
void replace_code(int run_dir_fd, int sandbox_fd, const std::string& code_name, uint32_t uid, uint32_t gid);

}  // namespace mai::sandbox
