// Host side of inputs: each input's bytes go to <run_dir>/inputs/<index>
// (root's, 0444, readable by the sandbox's init as "other"), for the init to
// copy into /sandbox (mounts/input_copy.hpp). Also the baseline the file
// manifest compares against: what /sandbox held before the code started.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "model/run_files.hpp"

namespace mai::sandbox {

// Path under /sandbox -> sha256 hex of what was placed there.
using FileBaseline = std::map<std::string, std::string>;

// Throws mai::SandboxError: "bad_input" for a name that is not a safe
// relative path (the CLI and the service refuse those first), "inputs_too_large"
// when they cannot fit the run's tmpfs cap, "scratch_unavailable" on I/O errors.
FileBaseline stage_inputs(const std::string& run_dir, const std::vector<InputFile>& inputs,
                          uint64_t tmpfs_bytes);

}  // namespace mai::sandbox
