// The system-call filter of the payload: everything Docker's default profile
// refuses is refused here too (EPERM), clone3 answers ENOSYS so glibc falls
// back to clone (whose namespace flags can be inspected), and any other
// architecture's system calls kill the process.
#pragma once
#include <string>
#include <vector>

namespace mai::sandbox {

// Loads the filter into the calling thread (requires no_new_privs or
// CAP_SYS_ADMIN). Throws std::runtime_error.
void apply_seccomp_policy();
// The names of system calls refused outright (for docs, doctor and tests).
std::vector<std::string> refused_syscalls();

}  // namespace mai::sandbox
