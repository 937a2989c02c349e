// The payload: the child of mai-sandbox-init that becomes the user's program.
#pragma once
#include "sandbox/init/same_cpu_fork.hpp"
#include "sandbox/init_spec.hpp"

namespace mai::sandbox {

// Runs in the freshly forked child: rlimits, uid/gid 1000, no capabilities,
// no_new_privs, seccomp, then execve. Never returns; on failure writes the
// reason to `error_fd` (close-on-exec, so success shows as EOF) and exits 127.
// `error_fd` is a SOCK_SEQPACKET socket: with spec.watch_writes the filter's
// listener goes over it first, as one message 'N' with the descriptor.
// `go_fd` >= 0 (a warm prestart): the program gets it as its fd 3.
// `cpu`: the fork's pinning (same_cpu_fork.hpp), undone here first.
[[noreturn]] void exec_payload(const InitSpec& spec, int error_fd, int go_fd, SameCpuFork& cpu);

}  // namespace mai::sandbox
