#include "sandbox/namespaces.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/sched.h>
#include <sched.h>
#include <string>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/error.hpp"
#include "sandbox/init_spec.hpp"

namespace mai::sandbox {

namespace {

constexpr int kSlots = init_fd::count;
constexpr int kExeSlot = kSlots;  // close-on-exec, gone once the helper runs
constexpr int kWatchSlot = kExeSlot + 1;  // InitFds::exec_watch, close-on-exec too
constexpr int kPidfdIdType = 3;  // P_PIDFD (Linux 5.4), which older headers lack
// ioprio_get/set (linux/ioprio.h is not in every userspace) and personality(2).
constexpr long kIoprioWhoProcess = 1;
constexpr long kIoprioClassShift = 13;
constexpr long kIoprioClassRealtime = 1;
constexpr long kIoprioBestEffortDefault = (2L << kIoprioClassShift) | 4;  // class BE, level 4
constexpr long kPersonaMask = 0xff;  // the execution domain; above it, flags

// What the launching thread carries is not the program's: a real-time
// scheduling policy or I/O class would let untrusted code starve the host
// (and a v1 cpu cgroup without a real-time budget refuses a real-time task:
// EINVAL), a negative nice value would put it ahead of the host's own
// threads, and personality flags (setarch -R's ADDR_NO_RANDOMIZE) would
// survive the exec and turn off its address-space randomisation. Lowering
// all of these needs no privilege; a niced, SCHED_BATCH or idle-I/O host
// keeps that for its sandboxes. Raw system calls only (child_after_clone's rules).
bool leave_host_priorities() {
  long policy = ::syscall(SYS_sched_getscheduler, 0);
  if (policy < 0) return false;
  policy &= ~static_cast<long>(SCHED_RESET_ON_FORK);
  if (policy == SCHED_FIFO || policy == SCHED_RR) {
    struct sched_param normal {};
    if (::syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &normal) != 0) return false;
  }
  // The raw call returns 20 - nice: above 20 is a negative nice value.
  long priority = ::syscall(SYS_getpriority, PRIO_PROCESS, 0);
  if (priority > 20 && ::syscall(SYS_setpriority, PRIO_PROCESS, 0, 0) != 0) return false;
  long io = ::syscall(SYS_ioprio_get, kIoprioWhoProcess, 0);
  if (io >= 0 && (io >> kIoprioClassShift) == kIoprioClassRealtime &&
      ::syscall(SYS_ioprio_set, kIoprioWhoProcess, 0, kIoprioBestEffortDefault) != 0)
    return false;
  long persona = ::syscall(SYS_personality, 0xffffffffUL);
  if (persona < 0) return false;
  if ((persona & ~kPersonaMask) != 0 && ::syscall(SYS_personality, persona & kPersonaMask) < 0) return false;
  return true;
}

// Runs in the child between clone and exec: no allocation, no locks, no libc
// state; raw system calls only. Its exit codes are ChildExit's.
[[noreturn]] void child_after_clone(const InitFds& f, char* const argv[], char* const envp[]) {
  if (!leave_host_priorities()) ::syscall(SYS_exit_group, child_exit::priorities);
  // Into the run's cgroup before anything else: a task moving itself skips
  // the global lock (and its RCU grace period) that moving another takes.
  for (int fd : f.cgroup_self) {
    if (fd < 0) break;
    if (::syscall(SYS_write, fd, "0", 1) != 1) ::syscall(SYS_exit_group, child_exit::cgroup);
  }
  // First lift every source above the slots so no dup2 clobbers another source.
  int moved[kSlots + 2];
  for (int i = 0; i < kSlots; ++i)
    moved[i] = f.slot[i] < 0 ? -1 : static_cast<int>(::syscall(SYS_fcntl, f.slot[i], F_DUPFD_CLOEXEC, 64));
  moved[kExeSlot] = static_cast<int>(::syscall(SYS_fcntl, f.exe, F_DUPFD_CLOEXEC, 64));
  moved[kWatchSlot] = f.exec_watch < 0 ? -1 : static_cast<int>(::syscall(SYS_fcntl, f.exec_watch, F_DUPFD_CLOEXEC, 64));
  for (int i = 0; i < kSlots; ++i) {
    if (f.slot[i] >= 0 && moved[i] < 0) ::syscall(SYS_exit_group, child_exit::descriptors);
    if (moved[i] >= 0 && ::syscall(SYS_dup3, moved[i], i, 0) < 0) ::syscall(SYS_exit_group, child_exit::descriptors);
  }
  if (moved[kExeSlot] < 0 || ::syscall(SYS_dup3, moved[kExeSlot], kExeSlot, O_CLOEXEC) < 0)
    ::syscall(SYS_exit_group, child_exit::descriptors);
  if (f.exec_watch >= 0 && (moved[kWatchSlot] < 0 || ::syscall(SYS_dup3, moved[kWatchSlot], kWatchSlot, O_CLOEXEC) < 0))
    ::syscall(SYS_exit_group, child_exit::descriptors);
  // Nothing else of the host process survives: not even descriptors other
  // threads opened without O_CLOEXEC a moment ago.
  const unsigned first_closed = f.exec_watch >= 0 ? kWatchSlot + 1 : kExeSlot + 1;
  if (::syscall(SYS_close_range, first_closed, ~0u, 0u) != 0) {
    // Kernels before 5.9: close one by one up to the descriptor limit.
    struct rlimit64 lim {};
    ::syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, nullptr, &lim);
    unsigned long top = lim.rlim_cur > 65536 ? 65536 : lim.rlim_cur;
    for (unsigned long fd = first_closed; fd < top; ++fd) ::syscall(SYS_close, fd);
  }
  for (int i = 0; i < kSlots; ++i)
    if (f.slot[i] < 0) ::syscall(SYS_close, i);

  // Wait for the host to write our id maps and move us into the cgroup.
  char go = 0;
  long n;
  do {
    n = ::syscall(SYS_read, init_fd::spec, &go, 1);
  } while (n < 0 && errno == EINTR);
  if (n != 1 || go != 'G') ::syscall(SYS_exit_group, child_exit::no_go);
  // Become uid/gid 0 of the new user namespace (host_root_uid) and drop the
  // host's supplementary groups, so the exec keeps the namespace's capabilities.
  if (::syscall(SYS_setgroups, 0, nullptr) != 0) ::syscall(SYS_exit_group, child_exit::namespace_ids);
  if (::syscall(SYS_setresgid, 0, 0, 0) != 0) ::syscall(SYS_exit_group, child_exit::namespace_ids);
  if (::syscall(SYS_setresuid, 0, 0, 0) != 0) ::syscall(SYS_exit_group, child_exit::namespace_ids);
  ::syscall(SYS_execveat, kExeSlot, "", argv, envp, AT_EMPTY_PATH);
  ::syscall(SYS_exit_group, child_exit::exec);
  __builtin_unreachable();
}

// While it lives, the calling thread alone (raw system calls, not glibc's
// process-wide setxid broadcast) has effective uid and gid `id`, so a user
// namespace it creates is owned by that id. Its real and saved ids stay 0,
// which is what lets it switch back; a process of uid `id` cannot signal it.
// The kernel marks the whole process not dumpable on an effective-id change;
// that is undone afterwards if the process was dumpable to begin with.
class ThreadEffectiveId {
 public:
  explicit ThreadEffectiveId(uint32_t id) {
    static const int dumpable_at_start = ::prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
    dumpable_ = dumpable_at_start;
    // The gid first: changing it needs CAP_SETGID, which a non-zero euid drops.
    if (::syscall(SYS_setresgid, -1L, static_cast<long>(id), -1L) != 0)
      throw SandboxError("clone_failed", std::string("setresgid for the run's id: ") + std::strerror(errno));
    if (::syscall(SYS_setresuid, -1L, static_cast<long>(id), -1L) != 0) {
      int err = errno;
      restore();
      throw SandboxError("clone_failed", std::string("setresuid for the run's id: ") + std::strerror(err));
    }
  }
  ~ThreadEffectiveId() { restore(); }
  ThreadEffectiveId(const ThreadEffectiveId&) = delete;
  ThreadEffectiveId& operator=(const ThreadEffectiveId&) = delete;

 private:
  void restore() {
    // A host thread left with a run's id must not go on.
    if (::syscall(SYS_setresuid, -1L, 0L, -1L) != 0 || ::syscall(SYS_setresgid, -1L, 0L, -1L) != 0) std::abort();
    if (dumpable_ == 1) ::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
  }
  int dumpable_ = 0;
};

void write_proc(pid_t pid, const char* file, const std::string& content) {
  std::string path = "/proc/" + std::to_string(pid) + "/" + file;
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw_errno("open " + path);
  ssize_t n = ::write(fd, content.data(), content.size());
  int err = errno;
  ::close(fd);
  if (n != static_cast<ssize_t>(content.size())) throw_errno("write " + path, err);
}

}  // namespace

InitProcess clone_init(const InitFds& fds, uint32_t owner) {
  static char arg0[] = "mai-sandbox-init";
  char* const argv[] = {arg0, nullptr};
  char* const envp[] = {nullptr};
  int pidfd = -1;
  const unsigned long flags = CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC |
                              CLONE_NEWUTS | CLONE_PIDFD | SIGCHLD;
  long pid;
  int err;
  {
    ThreadEffectiveId as_owner(owner);
    // Raw clone without a new stack behaves like fork: the child runs on a
    // copy of this stack and never returns from child_after_clone.
    pid = ::syscall(SYS_clone, flags, nullptr, &pidfd, nullptr, nullptr);
    err = errno;
    if (pid == 0) child_after_clone(fds, argv, envp);
  }
  if (pid < 0) throw SandboxError("clone_failed", std::string("clone of the sandbox init failed: ") + std::strerror(err));
  return InitProcess{static_cast<pid_t>(pid), pidfd};
}

void write_id_maps(pid_t pid, uint32_t root_id, uint32_t user_id) {
  std::string map = "0 " + std::to_string(root_id) + " 1\n" + std::to_string(kSandboxUid) +
                    " " + std::to_string(user_id) + " 1\n";
  write_proc(pid, "uid_map", map);
  write_proc(pid, "gid_map", map);
}

std::string describe_init_exit(int pidfd) {
  if (pidfd < 0) return "";
  // Its pipes close before it is a zombie: a child seen gone by its status
  // pipe may still be exiting. Give it a moment.
  pollfd exited{pidfd, POLLIN, 0};
  ::poll(&exited, 1, 1000);
  siginfo_t info{};
  if (::waitid(static_cast<idtype_t>(kPidfdIdType), static_cast<id_t>(pidfd), &info,
               WEXITED | WNOHANG | WNOWAIT) != 0 ||
      info.si_pid == 0)
    return "";
  if (info.si_code != CLD_EXITED) return " (killed by signal " + std::to_string(info.si_status) + ")";
  const char* why = nullptr;
  switch (info.si_status) {
    case child_exit::priorities: why = "it could not leave the host's scheduling, I/O priority or personality"; break;
    case child_exit::cgroup: why = "it could not move itself into the run's cgroup"; break;
    case child_exit::descriptors: why = "it could not set up its descriptors"; break;
    case child_exit::no_go: why = "the host did not let it go on"; break;
    case child_exit::namespace_ids: why = "it could not become root of its user namespace"; break;
    case child_exit::exec: why = "the exec of mai-sandbox-init failed"; break;
    default: return " (exit status " + std::to_string(info.si_status) + ")";
  }
  return " (exit status " + std::to_string(info.si_status) + ": " + why + ")";
}

}  // namespace mai::sandbox
