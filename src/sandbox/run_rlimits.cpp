#include "sandbox/run_rlimits.hpp"

#include <sys/resource.h>

namespace mai::sandbox {

std::vector<RunRlimit> run_rlimits(const Limits& l) {
  return {
      {RLIMIT_CORE, "core", 0},
      {RLIMIT_NOFILE, "nofile", kNofilePerRun},
      {RLIMIT_FSIZE, "fsize", l.tmpfs_bytes},
      {RLIMIT_NPROC, "nproc", l.pids + kNprocHeadroom},
      {RLIMIT_SIGPENDING, "sigpending", kSigpendingPerRun},
      // Whatever the host allows itself: no real-time policy, no nice value
      // below 0 (raising one's own priority needs these, not a privilege).
      {RLIMIT_RTPRIO, "rtprio", 0},
      {RLIMIT_NICE, "nice", 0},
  };
}

std::string changed_rlimits(const Limits& built, const Limits& want) {
  std::string out;
  auto before = run_rlimits(built);
  for (const auto& r : run_rlimits(want))
    for (const auto& b : before)
      if (b.resource == r.resource && b.value != r.value)
        out += " " + std::to_string(r.resource) + "=" + std::to_string(r.value);
  return out;
}

}  // namespace mai::sandbox
