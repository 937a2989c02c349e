#include "sandbox/refused_write_check.hpp"
#include "common/unique_fd.hpp"

#include <cerrno>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include <unistd.h>

namespace mai::sandbox {

namespace {

constexpr size_t kPathMax = 4096;  // PATH_MAX: the kernel refuses longer paths itself
constexpr int kMaxAncestors = 64;  // bounds the work a deep missing path costs
constexpr uint64_t kPage = 4096;

using Fd = UniqueFd;

// Up to `len` bytes at `addr` in `pid`; the read stops at the first unmapped
// page, so it is split at page boundaries.
size_t read_memory(pid_t pid, uint64_t addr, char* out, size_t len) {
  iovec local{out, len};
  iovec remote[2];
  uint64_t first = std::min<uint64_t>(len, kPage - (addr % kPage));
  remote[0] = {reinterpret_cast<void*>(addr), first};
  remote[1] = {reinterpret_cast<void*>(addr + first), len - first};
  ssize_t n = ::process_vm_readv(pid, &local, 1, remote, first < len ? 2 : 1, 0);
  return n > 0 ? static_cast<size_t>(n) : 0;
}

// The NUL-terminated path at `addr`; nullopt if it cannot be read whole.
std::optional<std::string> read_path(pid_t pid, uint64_t addr) {
  if (addr == 0) return std::string();
  char buf[kPathMax];
  size_t n = read_memory(pid, addr, buf, sizeof buf);
  for (size_t i = 0; i < n; ++i)
    if (buf[i] == '\0') return std::string(buf, i);
  return std::nullopt;
}

// The process's descriptor `fd`, or its cwd for fd == AT_FDCWD, from the host's /proc.
int open_proc_link(const NotificationSource& src, pid_t pid, int fd) {
  std::string link = std::to_string(pid) + (fd == AT_FDCWD ? "/cwd" : "/fd/" + std::to_string(fd));
  return ::openat(src.host_proc, link.c_str(), O_PATH | O_CLOEXEC);
}

bool still_valid(const NotificationSource& src, uint64_t id) {
  return ::ioctl(src.listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) == 0;
}

// "a/b/c" -> "a/b", "/a" -> "/", "a" -> ".", trailing slashes ignored.
std::string parent_of(std::string p) {
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  size_t slash = p.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  p.resize(slash);
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  return p;
}

bool read_only(int fd) {
  struct statvfs v {};
  return ::fstatvfs(fd, &v) == 0 && (v.f_flag & ST_RDONLY);
}

// Would changing `path` (from `start`) be refused? For an entry the
// directory holding the name is what changes; `open`: an existing special file is
// writable whatever its mount.
bool refused(int start, const std::string& path, const WriteTarget& t, bool follow, bool open) {
  if (path.empty()) return read_only(start);
  bool entry = t.entry;
  struct stat st {};
  if (t.creates && ::fstatat(start, path.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) return false;  // EEXIST
  if (!entry) {
    Fd obj(::openat(start, path.c_str(), O_PATH | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW)));
    if (obj.fd >= 0) {
      if (open && ::fstat(obj.fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) return false;
      return read_only(obj.fd);
    }
    if (errno != ENOENT && errno != ENOTDIR && errno != ELOOP) return false;
  }
  std::string p = path;
  for (int i = 0; i < kMaxAncestors; ++i) {
    std::string up = parent_of(p);
    Fd dir(::openat(start, up.c_str(), O_PATH | O_CLOEXEC));
    if (dir.fd >= 0) return read_only(dir.fd);
    if (up == p) return false;
    p = std::move(up);
  }
  return false;
}

// Where our descriptor `fd` points, as the sandbox sees it: this thread's
// root is the sandbox's, so the kernel writes the path from there. Empty if unknown.
std::string sandbox_path_of(const NotificationSource& src, int fd) {
  char buf[kPathMax];
  std::string link = "thread-self/fd/" + std::to_string(fd);
  ssize_t n = ::readlinkat(src.host_proc, link.c_str(), buf, sizeof buf);
  if (n <= 0 || buf[0] != '/') return {};
  return std::string(buf, static_cast<size_t>(n));
}

// "/proc/self/X" or "/proc/thread-self/X" -> "X" ("" for the directory itself).
std::optional<std::string> after_proc_self(const std::string& path) {
  for (const char* prefix : {"/proc/self", "/proc/thread-self"}) {
    std::string p = prefix;
    if (path.compare(0, p.size(), p) != 0) continue;
    if (path.size() == p.size()) return std::string();
    if (path[p.size()] != '/') continue;
    size_t rest = path.find_first_not_of('/', p.size());
    return rest == std::string::npos ? std::string() : path.substr(rest);
  }
  return std::nullopt;
}

}  // namespace

std::optional<RefusedTarget> refused_target(const WriteIntentCall& call, const seccomp_notif& n,
                                            const NotificationSource& src) {
  const auto* args = n.data.args;
  bool follow = call.follows;
  bool open = call.open_flags_arg >= 0 || call.open_how || call.name == "creat";
  uint64_t flags = call.open_flags_arg >= 0 ? args[call.open_flags_arg] : 0;
  if (call.open_how) {
    open_how how{};
    if (read_memory(static_cast<pid_t>(n.pid), args[2], reinterpret_cast<char*>(&how), sizeof how) <
        sizeof how.flags)
      return std::nullopt;
    flags = how.flags;
    if (!(flags & write_open_flags())) return std::nullopt;  // openat2 for reading
  }
  if (call.nofollow_arg >= 0 && (args[call.nofollow_arg] & call.nofollow_bit)) follow = false;
  if (call.open_how && (flags & O_NOFOLLOW)) follow = false;
  if (open && (flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL)) follow = false;

  for (const auto& t : call.targets) {
    pid_t pid = static_cast<pid_t>(n.pid);
    std::string path;
    int dirfd = AT_FDCWD;
    if (t.path_arg >= 0) {
      auto p = read_path(pid, args[t.path_arg]);
      if (!p) return std::nullopt;
      path = std::move(*p);
      if (t.dirfd_arg >= 0) dirfd = static_cast<int>(args[t.dirfd_arg]);
    } else {
      dirfd = static_cast<int>(args[t.fd_arg]);
      if (dirfd < 0) continue;  // EBADF, nothing to record
    }
    // An absolute path starts at this thread's root: the sandbox's.
    // "/proc/self" names the caller only for the caller (this thread has no
    // pid in the sandbox's procfs): the host's /proc/<caller> stands in.
    std::string lookup = path;
    std::optional<std::string> self_rest = after_proc_self(path);
    Fd start(self_rest ? ::openat(src.host_proc, std::to_string(pid).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC)
             : path.empty() || path[0] != '/' ? open_proc_link(src, pid, dirfd)
                                              : -1);
    if (self_rest) lookup = *self_rest;
    if (start.fd < 0 && (self_rest || path.empty() || path[0] != '/')) continue;
    if (!still_valid(src, n.id)) return std::nullopt;  // the pid may name another process now
    if (!refused(start.fd >= 0 ? start.fd : AT_FDCWD, lookup, t, follow, open)) continue;
    if (start.fd < 0 || self_rest) return RefusedTarget{path};
    std::string base = sandbox_path_of(src, start.fd);
    if (base.empty()) return RefusedTarget{path.empty() ? "fd " + std::to_string(dirfd) : path};
    if (path.empty()) return RefusedTarget{base};
    return RefusedTarget{base + (base.back() == '/' ? "" : "/") + path};
  }
  return std::nullopt;
}

}  // namespace mai::sandbox
