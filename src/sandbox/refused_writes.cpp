#include "sandbox/refused_writes.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdexcept>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <unordered_map>

#include <seccomp.h>

#include "sandbox/fd_passing.hpp"
#include "sandbox/refused_write_check.hpp"

namespace mai::sandbox {

namespace {

// The table by system call number, as this libseccomp knows them.
const std::unordered_map<int, const WriteIntentCall*>& calls_by_number() {
  static const auto table = [] {
    std::unordered_map<int, const WriteIntentCall*> m;
    for (const auto& c : write_intent_calls()) {
      int nr = seccomp_syscall_resolve_name(c.name.c_str());
      if (nr != __NR_SCMP_ERROR) m.emplace(nr, &c);
    }
    return m;
  }();
  return table;
}

// Linux 6.6: the caller's wake-up and ours hand the CPU over directly
// instead of through the scheduler's queues (Debian 12's headers predate it).
#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS
#define SECCOMP_IOCTL_NOTIF_SET_FLAGS SECCOMP_IOW(4, __u64)
#endif
#ifndef SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
#define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP (1UL << 0)
#endif

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

RefusedWriteWatch::RefusedWriteWatch(int listener, int mount_ns) : listener_(listener), mount_ns_(mount_ns) {
  record_.counted = true;
  host_proc_ = ::open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);
  wake_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (host_proc_ < 0 || mount_ns_ < 0 || wake_ < 0) {
    int err = errno;
    close_fd(host_proc_);
    close_fd(mount_ns_);
    close_fd(wake_);
    close_fd(listener_);
    throw std::runtime_error(std::string("refused-write watch: ") + std::strerror(err));
  }
  (void)calls_by_number();  // built here, not on the thread's first notification
  // Older kernels refuse it (EINVAL); the watch works the same, only slower.
  ::ioctl(listener_, SECCOMP_IOCTL_NOTIF_SET_FLAGS, SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP);
  thread_ = std::thread([this] { loop(); });
}

RefusedWriteWatch::~RefusedWriteWatch() {
  stop();
  close_fd(host_proc_);
  close_fd(mount_ns_);
  close_fd(wake_);
}

void RefusedWriteWatch::stop() {
  if (thread_.joinable()) {
    uint64_t one = 1;
    ssize_t ignored = ::write(wake_, &one, sizeof one);
    (void)ignored;
    thread_.join();
  }
  // Closing the listener makes any call still waiting fail with ENOSYS; by
  // now every process of the run is gone, so none is.
  close_fd(listener_);
}

void RefusedWriteWatch::reset() {
  std::lock_guard<std::mutex> lock(mu_);
  record_.count = 0;
  record_.first.clear();
}

RefusedWrites RefusedWriteWatch::finish() {
  stop();
  std::lock_guard<std::mutex> lock(mu_);
  return record_;
}

void RefusedWriteWatch::loop() {
  // This thread alone enters the sandbox's mount namespace (its own root and
  // cwd, CLONE_FS), so the sandbox's paths and absolute symlinks resolve as
  // the sandbox sees them. It answers every notification even if it cannot.
  bool inside = ::unshare(CLONE_FS) == 0 && ::setns(mount_ns_, CLONE_NEWNS) == 0;
  if (!inside) {
    std::lock_guard<std::mutex> lock(mu_);
    record_.counted = false;
    record_.note = std::string("cannot enter the sandbox's mount namespace: ") + std::strerror(errno);
  }
  for (;;) {
    pollfd fds[2] = {{listener_, POLLIN, 0}, {wake_, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents) return;
    if (fds[0].revents & POLLIN) {
      handle_one();
      continue;
    }
    // POLLHUP: no process of the run is left to make a call.
    if (fds[0].revents) return;
  }
}

void RefusedWriteWatch::handle_one() {
  seccomp_notif n;
  std::memset(&n, 0, sizeof n);  // the kernel refuses a dirty buffer
  if (::ioctl(listener_, SECCOMP_IOCTL_NOTIF_RECV, &n) != 0) return;  // ENOENT: the caller died
  seccomp_notif_resp resp;
  std::memset(&resp, 0, sizeof resp);
  resp.id = n.id;
  resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
  bool counted;
  {
    std::lock_guard<std::mutex> lock(mu_);
    counted = record_.counted;
  }
  auto it = calls_by_number().find(n.data.nr);
  if (counted && it != calls_by_number().end()) {
    NotificationSource src{host_proc_, listener_};
    if (auto t = refused_target(*it->second, n, src)) {
      std::lock_guard<std::mutex> lock(mu_);
      ++record_.count;
      if (record_.first.size() < kRefusedRecorded) {
        RefusedWrite w{it->second->name, std::move(t->path), false};
        if (w.path.size() > kRefusedPathBytes) {
          w.path.resize(kRefusedPathBytes);
          w.path_truncated = true;
        }
        record_.first.push_back(std::move(w));
      }
    }
  }
  // ENOENT: the caller died meanwhile; nothing waits for the answer.
  ::ioctl(listener_, SECCOMP_IOCTL_NOTIF_SEND, &resp);
}

std::unique_ptr<RefusedWriteWatch> receive_write_watch(int channel, int timeout_ms) {
  pollfd pf{channel, POLLIN, 0};
  if (::poll(&pf, 1, timeout_ms) != 1) return nullptr;
  std::vector<int> fds = receive_fds(channel, 'N', 2);
  if (fds.size() != 2) return nullptr;
  return std::make_unique<RefusedWriteWatch>(fds[0], fds[1]);
}

}  // namespace mai::sandbox
