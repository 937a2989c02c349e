#include "sandbox/seccomp_policy.hpp"

#include <cerrno>
#include <cstring>
#include <linux/sched.h>
#include <seccomp.h>
#include <stdexcept>
#include <sys/ioctl.h>
#include <sys/socket.h>

namespace mai::sandbox {

namespace {

// Refused outright with EPERM. Unknown names (older libseccomp) are skipped.
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

[[noreturn]] void fail(const std::string& what, int rc) {
  throw std::runtime_error("seccomp: " + what + ": " + std::strerror(-rc));
}

struct Ctx {
  scmp_filter_ctx ctx;
  ~Ctx() { seccomp_release(ctx); }
};

void rule(scmp_filter_ctx ctx, uint32_t action, const char* name, unsigned n,
          const scmp_arg_cmp* args) {
  int nr = seccomp_syscall_resolve_name(name);
  if (nr == __NR_SCMP_ERROR) return;
  int rc = seccomp_rule_add_array(ctx, action, nr, n, args);
  if (rc != 0) fail(std::string("rule for ") + name, rc);
}

void rule0(scmp_filter_ctx ctx, uint32_t action, const char* name) {
  rule(ctx, action, name, 0, nullptr);
}

// clone with any CLONE_NEW* flag: one rule per flag (rules on a system call OR together).
void clone_rules(scmp_filter_ctx ctx) {
  const uint64_t flags[] = {CLONE_NEWNS,  CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC,
                            CLONE_NEWUSER, CLONE_NEWPID,   CLONE_NEWNET, CLONE_NEWTIME};
  for (uint64_t f : flags) {
    scmp_arg_cmp a = SCMP_A0(SCMP_CMP_MASKED_EQ, f, f);
    rule(ctx, SCMP_ACT_ERRNO(EPERM), "clone", 1, &a);
  }
  // clone3 passes its flags in memory a filter cannot read: make glibc fall back.
  rule0(ctx, SCMP_ACT_ERRNO(ENOSYS), "clone3");
}

// personality: only the default persona (PER_LINUX, optionally with
// UNAME26/ADDR_NO_RANDOMIZE-free bits 0x0008 and 0x20000 as Docker allows).
void personality_rules(scmp_filter_ctx ctx) {
  for (int bit = 0; bit < 32; ++bit) {
    uint64_t b = uint64_t{1} << bit;
    if (b == 0x0008 || b == 0x20000) continue;
    scmp_arg_cmp a = SCMP_A0(SCMP_CMP_MASKED_EQ, b, b);
    rule(ctx, SCMP_ACT_ERRNO(EPERM), "personality", 1, &a);
  }
}

// ioctl TIOCSTI (fake terminal input) and TIOCLINUX.
void ioctl_rules(scmp_filter_ctx ctx) {
  for (uint64_t req : {uint64_t{TIOCSTI}, uint64_t{TIOCLINUX}}) {
    scmp_arg_cmp a = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, req);
    rule(ctx, SCMP_ACT_ERRNO(EPERM), "ioctl", 1, &a);
  }
}

// Sockets: AF_UNIX, AF_INET and AF_INET6 only (no netlink, packet, vsock, ...).
void socket_rules(scmp_filter_ctx ctx) {
  for (uint64_t fam = 0; fam < AF_INET6; ++fam) {
    if (fam == AF_UNIX || fam == AF_INET) continue;
    scmp_arg_cmp a = SCMP_A0(SCMP_CMP_EQ, fam);
    rule(ctx, SCMP_ACT_ERRNO(EPERM), "socket", 1, &a);
  }
  scmp_arg_cmp gt = SCMP_A0(SCMP_CMP_GT, uint64_t{AF_INET6});
  rule(ctx, SCMP_ACT_ERRNO(EPERM), "socket", 1, &gt);
}

}  // namespace

std::vector<std::string> refused_syscalls() {
  std::vector<std::string> out(std::begin(kRefused), std::end(kRefused));
  out.push_back("clone3");
  return out;
}

void apply_seccomp_policy() {
  Ctx c{seccomp_init(SCMP_ACT_ALLOW)};
  if (!c.ctx) throw std::runtime_error("seccomp_init failed");
  // Other architectures (i386, x32) could reach syscalls under other numbers.
  int rc = seccomp_attr_set(c.ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  if (rc != 0) fail("bad-arch action", rc);
  // Every allowed syscall walks the filter: a binary tree over syscall
  // numbers costs a handful of comparisons instead of one per rule.
  rc = seccomp_attr_set(c.ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);
  if (rc != 0) fail("optimize", rc);
  for (const char* name : kRefused) rule0(c.ctx, SCMP_ACT_ERRNO(EPERM), name);
  clone_rules(c.ctx);
  personality_rules(c.ctx);
  ioctl_rules(c.ctx);
  socket_rules(c.ctx);
  rc = seccomp_load(c.ctx);
  if (rc != 0) fail("load", rc);
}

}  // namespace mai::sandbox
