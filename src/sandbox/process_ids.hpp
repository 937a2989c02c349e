// Which host ids the processes on this host have: the /proc scans behind the
// id leases (id_lease.hpp).
#pragma once
#include <cstdint>
#include <unordered_set>

namespace mai::sandbox {

// Every uid and gid (real, effective, saved, file system) of every process on
// the host, zombies included (a zombie still counts against its user's limits
// until it is reaped). Reads /proc/PID/status of each process: thorough, but a
// millisecond or more, so only for leases whose holder died.
std::unordered_set<uint32_t> ids_of_all_processes();

// Cheap (one stat per process): whether a /proc/PID entry is owned by an id in
// [first, first + count). That owner is the process's effective uid or, when
// it is not dumpable, the host id of the root of its user namespace - for a
// native run both are the run's own ids, so no process of a run can hide.
bool any_process_owned_by(uint32_t first, uint32_t count);

}  // namespace mai::sandbox
