// `--output-dir DIR`: the files a run brought back (FileRecord::content), each
// written to DIR + its sandbox path (DIR/sandbox/out.csv, DIR/tmp/x).
#pragma once
#include <string>

#include "model/result.hpp"

namespace mai::cli {

// The paths came from the sandbox (and, for `submit`, over the network): each
// is checked to be a safe path beneath /sandbox or /tmp, and written by
// descending DIR one component at a time with O_NOFOLLOW, so nothing outside
// DIR is touched even if DIR already holds symlinks. Existing files are
// replaced. Returns how many files were written; throws UsageError when DIR
// cannot be used, SandboxError naming the file on a write failure.
size_t write_output_files(const RunResult& result, const std::string& dir);

}  // namespace mai::cli
