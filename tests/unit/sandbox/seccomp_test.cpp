// The seccomp policy in a forked child: what it refuses and what it allows.
#include <gtest/gtest.h>

#include <cerrno>
#include <fcntl.h>
#include <linux/sched.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "sandbox/seccomp_compile.hpp"
#include "sandbox/seccomp_policy.hpp"

#include <stdexcept>
#include <string>
#include <vector>

using namespace mai::sandbox;

namespace {

// Runs `call` under the policy in a child; returns the errno it saw (0 on success).
template <typename F>
int errno_under_policy(F call) {
  int p[2];
  if (::pipe(p) != 0) return -1;
  pid_t pid = ::fork();
  if (pid == 0) {
    ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    apply_seccomp_policy();
    errno = 0;
    long rc = call();
    int e = rc < 0 ? errno : 0;
    if (::write(p[1], &e, sizeof e) != sizeof e) ::_exit(2);
    ::_exit(0);
  }
  ::close(p[1]);
  int e = -1;
  if (::read(p[0], &e, sizeof e) != sizeof e) e = -2;
  ::close(p[0]);
  ::waitpid(pid, nullptr, 0);
  return e;
}

}  // namespace

TEST(sandboxSeccompPolicy, RefusesDangerousSyscallsWithEperm) {
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_unshare, CLONE_NEWUSER); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_setns, 0, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_mount, "none", "/tmp", "tmpfs", 0, nullptr); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_umount2, "/tmp", 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_ptrace, 0, 0, 0, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_bpf, 0, nullptr, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_keyctl, 0, 0, 0, 0, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_add_key, "user", "x", "y", 1, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_perf_event_open, nullptr, 0, -1, -1, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_io_uring_setup, 1, nullptr); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_userfaultfd, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_chroot, "/"); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_pivot_root, "/", "/"); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_fsopen, "tmpfs", 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_open_tree, AT_FDCWD, "/", 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_kexec_load, 0, 0, nullptr, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_init_module, nullptr, 0, ""); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_process_vm_readv, 1, nullptr, 0, nullptr, 0, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_open_by_handle_at, 0, nullptr, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_syslog, 3, nullptr, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_acct, nullptr); }), EPERM);
}

TEST(sandboxSeccompPolicy, CloneWithNamespaceFlagsRefusedClone3Enosys) {
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, nullptr, nullptr, nullptr, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_clone, CLONE_NEWNET | SIGCHLD, nullptr, nullptr, nullptr, 0); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_clone3, nullptr, 0); }), ENOSYS);
  // Plain fork and threads still work.
  EXPECT_EQ(errno_under_policy([] {
              pid_t p = ::fork();
              if (p == 0) ::_exit(0);
              return p < 0 ? -1L : static_cast<long>(::waitpid(p, nullptr, 0));
            }),
            0);
}

TEST(sandboxSeccompPolicy, PersonalityIoctlAndSocketFamilies) {
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_personality, 0); }), 0);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_personality, READ_IMPLIES_EXEC); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_ioctl, 0, TIOCSTI, "x"); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return static_cast<long>(::socket(AF_NETLINK, SOCK_RAW, 0)); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return static_cast<long>(::socket(AF_PACKET, SOCK_RAW, 0)); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return static_cast<long>(::socket(AF_VSOCK, SOCK_STREAM, 0)); }), EPERM);
  EXPECT_EQ(errno_under_policy([] { return static_cast<long>(::socket(AF_UNIX, SOCK_STREAM, 0)); }), 0);
  EXPECT_EQ(errno_under_policy([] { return static_cast<long>(::socket(AF_INET, SOCK_DGRAM, 0)); }), 0);
  EXPECT_EQ(errno_under_policy([] { return static_cast<long>(::socket(AF_INET6, SOCK_STREAM, 0)); }), 0);
}

// Whether this kernel runs i386 system calls at all: without IA32 emulation
// (CONFIG_IA32_EMULATION off, or ia32_emulation=0) `int 0x80` faults with
// SIGSEGV before any filter sees it.
static bool kernel_runs_i386_calls() {
  pid_t pid = ::fork();
  if (pid == 0) {
    long ret;
    asm volatile("int $0x80" : "=a"(ret) : "a"(20L) : "memory");  // getpid on i386
    ::_exit(ret > 0 ? 0 : 1);
  }
  int st = 0;
  ::waitpid(pid, &st, 0);
  return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

TEST(sandboxSeccompPolicy, ForeignArchitectureKills) {
  // An i386 system call through int 0x80 must kill the process outright.
  if (!kernel_runs_i386_calls()) GTEST_SKIP() << "this kernel has no i386 system call entry: nothing to filter";
  pid_t pid = ::fork();
  if (pid == 0) {
    ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    apply_seccomp_policy();
    long ret;
    asm volatile("int $0x80" : "=a"(ret) : "a"(20L) : "memory");  // getpid on i386
    ::_exit(0);
  }
  int st = 0;
  ::waitpid(pid, &st, 0);
  EXPECT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS) << "status " << st;
}

TEST(sandboxSeccompPolicy, X32AbiKills) {
  // x32 system calls share the x86_64 audit arch but use numbers | 0x40000000.
  pid_t pid = ::fork();
  if (pid == 0) {
    ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    apply_seccomp_policy();
    ::syscall(0x40000000 | SYS_getpid);
    ::_exit(0);
  }
  int st = 0;
  ::waitpid(pid, &st, 0);
  EXPECT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS) << "status " << st;
}

// libseccomp 2.5.4 does not know open_tree_attr (Linux 6.15): its rule was
// skipped and the call reached the kernel. Bad arguments tell the two apart:
// the kernel answers EBADF, EFAULT, EINVAL or ENOSYS (an older kernel), the
// filter EPERM.
TEST(sandboxSeccompPolicy, SyscallsNewerThanLibseccompAreRefusedToo) {
  constexpr long kOpenTreeAttr = 467;
  EXPECT_EQ(errno_under_policy([] { return ::syscall(kOpenTreeAttr, -1, nullptr, 0, nullptr, 0); }), EPERM);
}

// A kernel newer than the build has calls no rule names: above the highest
// number libseccomp can name, every call answers ENOSYS (as on a kernel
// without it) instead of reaching the kernel.
TEST(sandboxSeccompPolicy, CallsNewerThanEveryRuleAnswerEnosys) {
  const long highest = highest_known_syscall();
  ASSERT_GE(highest, 450);  // libseccomp 2.5.4 names x86_64's calls up to futex_requeue (456)
  // listmount and mseal on x86_64 and aarch64 when the build's libseccomp
  // does not name them; open_tree_attr (467) keeps its rule's EPERM (above).
  for (long nr : {highest + 1, highest + 2, 458L, 462L, 500L, 1023L}) {
    if (nr <= highest || nr == 467) continue;
    EXPECT_EQ(errno_under_policy([nr] { return ::syscall(nr, 0, 0, 0, 0, 0); }), ENOSYS) << "call " << nr;
  }
  // A call libseccomp names still reaches the kernel.
  EXPECT_EQ(errno_under_policy([] { return ::syscall(SYS_getppid); }), 0);
  // The program stacked under the filters compares against this build's number.
  SeccompProgram refusal = unknown_syscall_refusal();
  bool compares_highest = false;
  for (size_t i = 0; i < refusal.length; ++i)
    compares_highest = compares_highest || (refusal.code[i].code == (BPF_JMP | BPF_JGT | BPF_K) &&
                                             refusal.code[i].k == static_cast<uint32_t>(highest));
  EXPECT_TRUE(compares_highest) << "seccomp_programs.hpp is older than this build's libseccomp";
}

TEST(sandboxSeccompPolicy, ListsRefusedSyscalls) {
  auto names = refused_syscalls();
  for (const char* n : {"mount", "ptrace", "bpf", "keyctl", "unshare", "setns", "clone3", "io_uring_setup"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
}

// The filters loaded at run time are the programs compiled into the helper
// at build time: each must be exactly what libseccomp compiles from today's
// rules (seccomp_table.cpp, write_intent_calls.cpp) for this architecture.
TEST(sandboxSeccompPolicy, BuiltInProgramsAreLibseccompsCompilationOfTheRules) {
  for (bool refuse : {true, false})
    for (bool notify : {true, false}) {
      if (!refuse && !notify) continue;
      SCOPED_TRACE(std::string("refuse=") + (refuse ? "1" : "0") + " notify=" + (notify ? "1" : "0"));
      SeccompProgram built_in = built_in_seccomp_program(refuse, notify);
      std::vector<sock_filter> compiled = compile_seccomp_filter(refuse, notify);
      ASSERT_EQ(built_in.length, compiled.size());
      for (size_t i = 0; i < compiled.size(); ++i) {
        EXPECT_EQ(built_in.code[i].code, compiled[i].code) << "instruction " << i;
        EXPECT_EQ(built_in.code[i].jt, compiled[i].jt) << "instruction " << i;
        EXPECT_EQ(built_in.code[i].jf, compiled[i].jf) << "instruction " << i;
        EXPECT_EQ(built_in.code[i].k, compiled[i].k) << "instruction " << i;
      }
    }
  // The three variants differ: none stands in for another.
  EXPECT_NE(built_in_seccomp_program(true, false).length, built_in_seccomp_program(true, true).length);
  EXPECT_NE(built_in_seccomp_program(false, true).length, built_in_seccomp_program(true, true).length);
}

// A filter loaded without no_new_privs by an unprivileged process is refused
// by the kernel, and that is a clear error, not a silent unfiltered payload.
TEST(sandboxSeccompPolicy, LoadFailureIsAnError) {
  pid_t pid = ::fork();
  if (pid == 0) {
    // Without CAP_SYS_ADMIN and no_new_privs the kernel refuses (EACCES).
    if (::setresuid(65534, 65534, 65534) != 0) ::_exit(3);
    try {
      apply_seccomp_policy();
    } catch (const std::runtime_error& e) {
      ::_exit(std::string(e.what()).find("seccomp: load") == 0 ? 0 : 4);
    }
    ::_exit(5);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}
