#include "sandbox/init/same_cpu_fork.hpp"

namespace mai::sandbox {

SameCpuFork::SameCpuFork() {
  int cpu = ::sched_getcpu();
  if (cpu < 0 || ::sched_getaffinity(0, sizeof own_, &own_) != 0) return;
  cpu_set_t here;
  CPU_ZERO(&here);
  CPU_SET(cpu, &here);
  pinned_ = ::sched_setaffinity(0, sizeof here, &here) == 0;
}

bool SameCpuFork::restore() noexcept {
  if (!pinned_) return true;
  pinned_ = false;
  return ::sched_setaffinity(0, sizeof own_, &own_) == 0;
}

}  // namespace mai::sandbox
