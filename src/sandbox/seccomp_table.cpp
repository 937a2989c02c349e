#include "sandbox/seccomp_table.hpp"

#include <cerrno>
#include <linux/sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

namespace mai::sandbox {

namespace {

// Refused outright with EPERM. Names unknown to a libseccomp are skipped there.
const char* const kRefused[] = {
    // mounting and changing the file-system view
    "mount", "umount", "umount2", "pivot_root", "chroot", "fsopen", "fsconfig", "fsmount",
    "move_mount", "open_tree", "open_tree_attr", "fspick", "mount_setattr",
    "name_to_handle_at", "open_by_handle_at",
    // namespaces
    "unshare", "setns",
    // debugging other processes and reading their memory
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    // kernel keyring, BPF, perf
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open",
    // kernel modules, kexec, reboot, swap, accounting, quotas
    "init_module", "finit_module", "delete_module", "create_module", "get_kernel_syms",
    "query_module", "kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "acct",
    "quotactl", "quotactl_fd", "nfsservctl",
    // clocks
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "stime",
    // terminals, logs, legacy and raw hardware access
    "vhangup", "syslog", "lookup_dcookie", "uselib", "ustat", "sysfs", "_sysctl", "iopl",
    "ioperm", "vm86", "vm86old",
    // asynchronous kernel interfaces that bypass this filter or have a long CVE record
    "io_uring_setup", "io_uring_enter", "io_uring_register", "userfaultfd",
    "fanotify_init",
    // NUMA policy of other processes (Docker allows these only with CAP_SYS_NICE)
    "move_pages", "migrate_pages", "mbind", "set_mempolicy", "set_mempolicy_home_node",
};

using Op = SyscallArgCmp::Op;

std::vector<SyscallRule> build() {
  std::vector<SyscallRule> r;
  for (const char* name : kRefused) r.push_back({name, EPERM, {}});
  // clone with any CLONE_NEW* flag: one rule per flag.
  for (uint64_t f : {uint64_t{CLONE_NEWNS}, uint64_t{CLONE_NEWCGROUP}, uint64_t{CLONE_NEWUTS},
                     uint64_t{CLONE_NEWIPC}, uint64_t{CLONE_NEWUSER}, uint64_t{CLONE_NEWPID},
                     uint64_t{CLONE_NEWNET}, uint64_t{CLONE_NEWTIME}})
    r.push_back({"clone", EPERM, {{0, Op::masked_eq, f, f}}});
  // clone3 passes its flags in memory a filter cannot read: make glibc fall back to clone.
  r.push_back({"clone3", ENOSYS, {}});
  // personality: only the default persona, with the two bits Docker allows
  // (UNAME26-free 0x0008 and 0x20000).
  for (int bit = 0; bit < 32; ++bit) {
    uint64_t b = uint64_t{1} << bit;
    if (b == 0x0008 || b == 0x20000) continue;
    r.push_back({"personality", EPERM, {{0, Op::masked_eq, b, b}}});
  }
  // ioctl TIOCSTI (fake terminal input) and TIOCLINUX.
  for (uint64_t req : {uint64_t{TIOCSTI}, uint64_t{TIOCLINUX}})
    r.push_back({"ioctl", EPERM, {{1, Op::masked_eq, 0xffffffffULL, req}}});
  // Sockets: AF_UNIX, AF_INET and AF_INET6 only (no netlink, packet, vsock, ...).
  for (uint64_t fam = 0; fam < AF_INET6; ++fam) {
    if (fam == AF_UNIX || fam == AF_INET) continue;
    r.push_back({"socket", EPERM, {{0, Op::eq, fam, 0}}});
  }
  r.push_back({"socket", EPERM, {{0, Op::gt, uint64_t{AF_INET6}, 0}}});
  return r;
}

}  // namespace

const std::vector<SyscallRule>& seccomp_rules() {
  static const std::vector<SyscallRule> rules = build();
  return rules;
}

}  // namespace mai::sandbox
