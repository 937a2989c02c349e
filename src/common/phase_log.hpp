// Where a process's time goes, for the benchmarks: with MAI_PHASES set in the
// environment, phase("name") prints "[phase] name <ms>" on stderr, the wall
// time since the origin: MAI_PHASES's value when it is a CLOCK_REALTIME
// time in nanoseconds (the benchmark's clock just before it started this
// process, so process start-up counts), else this process's first phase().
// Without MAI_PHASES it costs one branch.
#pragma once

namespace mai {

void phase(const char* name);

}  // namespace mai
