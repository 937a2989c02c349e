#include "sandbox/namespaces.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/sched.h>
#include <sched.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/error.hpp"
#include "sandbox/init_spec.hpp"

namespace mai::sandbox {

namespace {

constexpr int kSlots = init_fd::count;
constexpr int kExeSlot = kSlots;  // close-on-exec, gone once the helper runs

// Runs in the child between clone and exec: no allocation, no locks, no libc
// state; raw system calls only.
[[noreturn]] void child_after_clone(const InitFds& f, char* const argv[], char* const envp[]) {
  // Into the run's cgroup before anything else: a task moving itself skips
  // the global lock (and its RCU grace period) that moving another takes.
  for (int fd : f.cgroup_self) {
    if (fd < 0) break;
    if (::syscall(SYS_write, fd, "0", 1) != 1) ::syscall(SYS_exit_group, 119);
  }
  // First lift every source above the slots so no dup2 clobbers another source.
  int moved[kSlots + 1];
  for (int i = 0; i < kSlots; ++i)
    moved[i] = f.slot[i] < 0 ? -1 : static_cast<int>(::syscall(SYS_fcntl, f.slot[i], F_DUPFD_CLOEXEC, 64));
  moved[kSlots] = static_cast<int>(::syscall(SYS_fcntl, f.exe, F_DUPFD_CLOEXEC, 64));
  for (int i = 0; i < kSlots; ++i) {
    if (f.slot[i] >= 0 && moved[i] < 0) ::syscall(SYS_exit_group, 120);
    if (moved[i] >= 0 && ::syscall(SYS_dup3, moved[i], i, 0) < 0) ::syscall(SYS_exit_group, 121);
  }
  if (moved[kSlots] < 0 || ::syscall(SYS_dup3, moved[kSlots], kExeSlot, O_CLOEXEC) < 0)
    ::syscall(SYS_exit_group, 122);
  // Nothing else of the host process survives: not even descriptors other
  // threads opened without O_CLOEXEC a moment ago.
  if (::syscall(SYS_close_range, static_cast<unsigned>(kExeSlot + 1), ~0u, 0u) != 0) {
    // Kernels before 5.9: close one by one up to the descriptor limit.
    struct rlimit64 lim {};
    ::syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, nullptr, &lim);
    unsigned long top = lim.rlim_cur > 65536 ? 65536 : lim.rlim_cur;
    for (unsigned long fd = kExeSlot + 1; fd < top; ++fd) ::syscall(SYS_close, fd);
  }
  for (int i = 0; i < kSlots; ++i)
    if (f.slot[i] < 0) ::syscall(SYS_close, i);

  // Wait for the host to write our id maps and move us into the cgroup.
  char go = 0;
  long n;
  do {
    n = ::syscall(SYS_read, init_fd::spec, &go, 1);
  } while (n < 0 && errno == EINTR);
  if (n != 1 || go != 'G') ::syscall(SYS_exit_group, 123);
  // Become uid/gid 0 of the new user namespace (host_root_uid) and drop the
  // host's supplementary groups, so the exec keeps the namespace's capabilities.
  if (::syscall(SYS_setgroups, 0, nullptr) != 0) ::syscall(SYS_exit_group, 124);
  if (::syscall(SYS_setresgid, 0, 0, 0) != 0) ::syscall(SYS_exit_group, 125);
  if (::syscall(SYS_setresuid, 0, 0, 0) != 0) ::syscall(SYS_exit_group, 126);
  ::syscall(SYS_execveat, kExeSlot, "", argv, envp, AT_EMPTY_PATH);
  ::syscall(SYS_exit_group, 127);
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

}  // namespace mai::sandbox
