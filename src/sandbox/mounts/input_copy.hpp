// Inputs into the sandbox: the init copies the host-staged files
// <run_dir>/inputs/<index> to sandbox/<name> in the new root (before
// pivot_root, before any code runs), owned by the sandbox's user. The copies
// count against /sandbox's tmpfs cap like anything the code writes there.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai::sandbox {

// Staged name of input `index` under the run directory.
std::string staged_input_name(size_t index);

// Throws std::runtime_error naming the input (a name that is not a safe
// relative path, or no room left in the tmpfs).
void copy_inputs(int run_dir_fd, const std::vector<std::string>& names, uint32_t uid, uint32_t gid);

}  // namespace mai::sandbox
