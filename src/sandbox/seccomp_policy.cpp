#include "sandbox/seccomp_policy.hpp"

#include <fcntl.h>
#include <linux/seccomp.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
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

// Loads a built-in filter into the calling thread, as libseccomp's
// seccomp_load would (no_new_privs is the caller's); returns the listener or -1.
int load_filter(bool refuse, bool notify) {
  SeccompProgram program = built_in_seccomp_program(refuse, notify);
  sock_fprog fprog{static_cast<unsigned short>(program.length), const_cast<sock_filter*>(program.code)};
  unsigned flags = notify ? SECCOMP_FILTER_FLAG_NEW_LISTENER : 0;
  long rc = ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &fprog);
  if (rc < 0) throw std::runtime_error(std::string("seccomp: load: ") + std::strerror(errno));
  if (!notify) return -1;
  int listener = static_cast<int>(rc);
  ::fcntl(listener, F_SETFD, FD_CLOEXEC);
  return listener;
}

}  // namespace

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
