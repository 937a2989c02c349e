// Where the payload's first moment runs. On fork the kernel places the child
// on the least loaded CPU; on a busy two-CPU host that is often the other
// CPU's queue, behind a running task the newcomer does not preempt, so the
// child waited a scheduler tick (about 4 ms, bench/README.md) although the
// init, its parent, gives up its own CPU at once to wait for the exec.
// Held around fork(): the child starts on the CPU the init is leaving.
// Both then take back the init's own CPU set before anything else runs, so
// the program's affinity is exactly what it would have been.
#pragma once
#include <sched.h>

namespace mai::sandbox {

class SameCpuFork {
 public:
  // Pins the calling process to the CPU it runs on (nothing is pinned when
  // that cannot be done: the fork is then an ordinary one).
  SameCpuFork();
  // The init's CPU set again, in the parent after fork() and in the child
  // first thing; false (errno set) if it could not be restored.
  bool restore() noexcept;

 private:
  cpu_set_t own_{};
  bool pinned_ = false;
};

}  // namespace mai::sandbox
