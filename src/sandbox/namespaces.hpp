// Host side of starting a sandbox: clone into new user, pid, net, ipc and uts
// namespaces and exec the static init helper. The mount and cgroup
// namespaces are entered by the helper itself (see init/main.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <sys/types.h>

namespace mai::sandbox {

// Descriptors for the helper's fixed slots (init_spec.hpp); -1 leaves a slot closed.
struct InitFds {
  int slot[7] = {-1, -1, -1, -1, -1, -1, -1};
  int exe = -1;  // O_PATH descriptor of mai-sandbox-init, run with execveat
  // Optional: the write end of a pipe the child keeps close-on-exec, so that
  // its read end sees EOF once the child has exec'd the helper (or died):
  // from then on it no longer shares the host's memory.
  int exec_watch = -1;
  // Cgroup files the child writes "0" to first thing, moving itself into the
  // run's cgroup (Cgroup::self_attach_files(); opened by the host, whose
  // credentials the kernel checks). -1 ends the list.
  int cgroup_self[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
};

struct InitProcess {
  pid_t pid = -1;
  int pidfd = -1;  // close-on-exec; readable when the helper has exited
};

// clone(2) from a possibly multi-threaded process. The child only makes
// async-signal-safe system calls: it leaves a real-time policy or I/O class,
// a negative nice value and personality flags it inherited, moves itself into the cgroup files
// given, moves the descriptors into place, closes
// all others, waits for the go byte on slot 3, becomes root of its user
// namespace (setgroups/setresgid/setresuid 0) and execs the helper with an
// empty environment. Throws mai::SandboxError.
//
// The new user namespace is owned by host id `owner` (the run's root id), not
// by root: the kernel charges what a namespace's users hold to its owner as
// well (inotify instances, message queue bytes, pending signals, processes:
// the per-user counts kept per namespace), so namespaces all owned by root
// would share root's limits with each other and with every root process.
InitProcess clone_init(const InitFds& fds, uint32_t owner);

// Exit codes of the cloned child before its exec of the helper.
namespace child_exit {
constexpr int priorities = 118;  // could not leave the host's scheduling, I/O class, personality
constexpr int cgroup = 119;      // could not move itself into the run's cgroup
constexpr int descriptors = 120;
constexpr int no_go = 123;       // the host closed the spec channel instead of 'G'
constexpr int namespace_ids = 124;
constexpr int exec = 127;
}  // namespace child_exit

// " (exit status N: why)" if the child behind `pidfd` has exited or does
// within a second (it is not reaped), else "": what a setup error adds when
// the child is gone.
std::string describe_init_exit(int pidfd);

// uid_map/gid_map: "0 <root_id> 1" and "1000 <user_id> 1". Throws.
void write_id_maps(pid_t pid, uint32_t root_id, uint32_t user_id);

}  // namespace mai::sandbox
