// How `run` and `submit` print a result and choose their exit status.
#pragma once
#include "model/result.hpp"

namespace mai::cli {

// Plain mode: the program's output passes through, with the reason for any
// kill, block or failure on stderr. JSON mode: one result object on stdout.
// Returns the exit status the contract prescribes for the mode.
int emit_result(const RunResult& result, bool json_mode);

// One line of live usage for --stats.
std::string format_stats_line(const ResourceSample& sample, const Limits* limits);

}  // namespace mai::cli
