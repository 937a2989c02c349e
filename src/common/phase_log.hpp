// Where a process's time goes, for the benchmarks: with MAI_PHASES set in the
// environment, phase("name") prints "[phase] name <ms>" on stderr, the wall
// time since the origin: MAI_PHASES's value when it is a CLOCK_REALTIME
// time in nanoseconds (the benchmark's clock just before it started this
// process, so process start-up counts), else this process's first phase().
// Without MAI_PHASES it costs one branch.
#pragma once
#include <chrono>
#include <string>

namespace mai {

void phase(const char* name);
// A moment taken earlier on the steady clock (CLOCK_MONOTONIC: another
// thread's or process's mark), printed as phase() would have printed it then.
void phase_at(const std::string& name, std::chrono::steady_clock::time_point at);
// Whether MAI_PHASES is set (marks that cost more than a branch check this first).
bool phases_on();

}  // namespace mai
