#include "sandbox/capabilities.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <linux/capability.h>
#include <stdexcept>
#include <string>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace mai::sandbox {

namespace {
[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}
}  // namespace

void drop_bounding_and_ambient() {
  // Walk up until the kernel says the capability does not exist.
  for (int cap = 0; cap <= 63; ++cap) {
    if (::prctl(PR_CAPBSET_READ, cap, 0, 0, 0) < 0) break;
    if (::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0) fail("drop bounding capability " + std::to_string(cap));
  }
  if (::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
    fail("clear ambient capabilities");
}

void clear_capability_sets() {
  __user_cap_header_struct hdr{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  if (::syscall(SYS_capset, &hdr, data) != 0) fail("capset");
}

void set_no_new_privs() {
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail("PR_SET_NO_NEW_PRIVS");
}

bool all_capabilities_dropped() {
  __user_cap_header_struct hdr{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  if (::syscall(SYS_capget, &hdr, data) != 0) return false;
  for (auto& d : data)
    if (d.effective || d.permitted || d.inheritable) return false;
  for (int cap = 0; cap <= 63; ++cap) {
    int r = ::prctl(PR_CAPBSET_READ, cap, 0, 0, 0);
    if (r < 0) break;
    if (r == 1) return false;
  }
  return true;
}

}  // namespace mai::sandbox
