#include "sandbox/seccomp_policy.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/seccomp.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <set>
#include <stdexcept>

#include "sandbox/seccomp_programs.hpp"  // generated at build time
#include "sandbox/seccomp_table.hpp"

namespace mai::sandbox {

namespace {

template <size_t N>
SeccompProgram of(const sock_filter (&code)[N]) {
  return {code, N};
}

#if defined(__x86_64__)
constexpr uint32_t kNativeArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr uint32_t kNativeArch = AUDIT_ARCH_AARCH64;
#else
#error "mai-sandbox builds its seccomp filters for x86_64 and aarch64"
#endif

// A call newer than the rules (a number above the highest libseccomp can
// name) answers ENOSYS, as on a kernel without it: the rules refuse by name,
// and a kernel newer than the build (listmount, lsm_set_self_attr, mseal ...
// on 6.18 against libseccomp 2.5.4) must not run what nobody reviewed. A
// newer call a rule names still gets the rule's answer: for two errno
// actions the kernel takes the filter installed last, the main one. Another
// architecture's numbers pass here: the main filter kills those calls.
constexpr sock_filter kRefuseUnknown[] = {
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kNativeArch, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
    BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, seccomp_programs::highest_known_syscall, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

long load(const SeccompProgram& program, unsigned flags) {
  sock_fprog fprog{static_cast<unsigned short>(program.length), const_cast<sock_filter*>(program.code)};
  long rc = ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &fprog);
  if (rc < 0) throw std::runtime_error(std::string("seccomp: load: ") + std::strerror(errno));
  return rc;
}

// Loads a built-in filter into the calling thread, as libseccomp's
// seccomp_load would (no_new_privs is the caller's), with the refusal of
// unknown calls stacked under it (first: the main filter may refuse
// seccomp(2) itself); returns the listener or -1.
int load_filter(bool refuse, bool notify) {
  load(of(kRefuseUnknown), 0);
  SeccompProgram program = built_in_seccomp_program(refuse, notify);
  long rc = load(program, notify ? SECCOMP_FILTER_FLAG_NEW_LISTENER : 0);
  if (!notify) return -1;
  int listener = static_cast<int>(rc);
  ::fcntl(listener, F_SETFD, FD_CLOEXEC);
  return listener;
}

}  // namespace

SeccompProgram unknown_syscall_refusal() { return of(kRefuseUnknown); }

SeccompProgram built_in_seccomp_program(bool refuse, bool notify) {
  if (refuse && notify) return of(seccomp_programs::refuse_and_notify);
  if (refuse) return of(seccomp_programs::refuse);
  if (notify) return of(seccomp_programs::notify);
  throw std::logic_error("seccomp: a filter refuses or notifies");
}

std::vector<std::string> refused_syscalls() {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& r : seccomp_rules())
    if (r.args.empty() && seen.insert(r.name).second) out.push_back(r.name);
  return out;
}

int apply_seccomp_policy(bool notify_writes) { return load_filter(true, notify_writes); }

int apply_write_watch_filter() { return load_filter(false, true); }

}  // namespace mai::sandbox
