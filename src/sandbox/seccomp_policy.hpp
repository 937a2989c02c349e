// The system-call filter of the payload: everything Docker's default profile
// refuses is refused here too (EPERM), clone3 answers ENOSYS so glibc falls
// back to clone (whose namespace flags can be inspected), and any other
// architecture's system calls kill the process. With `notify_writes`, every
// write-intent call (write_intent_calls.hpp) is also handed to a supervisor
// (SECCOMP_RET_USER_NOTIF), which only records it and lets the kernel decide.
// A call newer than every rule (a kernel newer than the build) answers ENOSYS.
// The filters are compiled by libseccomp at build time (seccomp_compile.hpp,
// seccomp_bpf_gen) and loaded here with seccomp(2): no libseccomp at run time.
#pragma once
#include <linux/filter.h>

#include <cstddef>
#include <string>
#include <vector>

namespace mai::sandbox {

// Loads the filter into the calling thread (requires no_new_privs or
// CAP_SYS_ADMIN). Throws std::runtime_error. With `notify_writes` it returns
// the filter's listener (close-on-exec, the caller owns it; until someone
// answers on it, those calls wait, and once it is closed they fail with
// ENOSYS); otherwise -1.
int apply_seccomp_policy(bool notify_writes = false);
// Only the write-intent calls' notify rules, for a container whose runtime
// already loaded the refusals (Docker: the profile of seccomp_profile_json.hpp;
// filters stack, the strictest answer wins). Returns the listener as above.
int apply_write_watch_filter();
// The built-in BPF program of a filter: refusing seccomp_rules() (`refuse`),
// handing the write-intent calls to a listener (`notify`), or both.
struct SeccompProgram {
  const sock_filter* code;
  size_t length;
};
SeccompProgram built_in_seccomp_program(bool refuse, bool notify);
// Stacked under every one of them: a call numbered above the highest
// libseccomp can name (seccomp_compile.hpp) answers ENOSYS, unless a rule
// names it.
SeccompProgram unknown_syscall_refusal();
// The names of system calls refused outright (for docs, doctor and tests).
std::vector<std::string> refused_syscalls();

}  // namespace mai::sandbox
