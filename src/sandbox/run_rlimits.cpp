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
  };
}

}  // namespace mai::sandbox
