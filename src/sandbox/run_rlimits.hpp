// The rlimits of every run, on either backend: set by the native payload
// before it becomes uid 1000, and the Docker container's Ulimits.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/limits.hpp"

namespace mai::sandbox {

// Pending signals one run may queue (RLIMIT_SIGPENDING): ample for any
// program, and counted for the run's own uid only.
constexpr uint64_t kSigpendingPerRun = 1024;
constexpr uint64_t kNofilePerRun = 1024;
constexpr uint64_t kNprocHeadroom = 4;

struct RunRlimit {
  int resource;             // RLIMIT_*
  const char* docker_name;  // the same limit in Docker's HostConfig.Ulimits
  uint64_t value;           // soft and hard
};

// core 0; nofile 1024; fsize = the tmpfs cap; nproc = the pids limit plus
// kNprocHeadroom; sigpending kSigpendingPerRun; rtprio and nice 0 (the
// program can neither make itself real-time nor raise its priority, whatever
// the host's limits allow). The uid a run's processes
// have is its own, so the per-user counts behind nproc and sigpending are its
// own too.
//
// nproc is a backstop: the cgroup's pids.max stays the limit a fork bomb
// meets first (the monitor reports it as pids_limit). The headroom covers the
// processes of the run's uid outside its cgroup: a deps run's network holder
// on Docker (docker-init and sleep).
std::vector<RunRlimit> run_rlimits(const Limits&);

// The rlimits of `want` that differ from those a warm sandbox was built with,
// as its go message carries them: " RESOURCE=VALUE" each (the program lowers
// its own: that needs no privilege).
std::string changed_rlimits(const Limits& built, const Limits& want);

}  // namespace mai::sandbox
