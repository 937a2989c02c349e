// `--input PATH[=NAME]`: files (or every regular file beneath a directory)
// read on the submitting side, to be placed in the run's /sandbox.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/run_files.hpp"

namespace mai::cli {

// Each spec is PATH or PATH=NAME (split at the last '='). A file becomes
// /sandbox/NAME (default: its base name); a directory puts each regular file
// beneath it at NAME/<relative path> (default NAME: the directory's base
// name). Symlinks, FIFOs, sockets and devices are refused, as are names that
// would leave /sandbox. Throws UsageError naming the spec; at most
// `max_bytes` in all.
std::vector<InputFile> read_inputs(const std::vector<std::string>& specs, uint64_t max_bytes);

}  // namespace mai::cli
