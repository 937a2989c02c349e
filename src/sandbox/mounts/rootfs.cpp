#include "sandbox/mounts/rootfs.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <fcntl.h>
#include <sched.h>
#include <stdexcept>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/mounts/etc_files.hpp"
#include "sandbox/mounts/input_copy.hpp"
#include "sandbox/mounts/mount_util.hpp"

namespace mai::sandbox {

namespace {

using namespace mnt;

std::string read_fd_all(int fd, const std::string& what) {
  std::string out;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("read " + what);
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

bool exists(const std::string& p, struct stat* st = nullptr) {
  struct stat s {};
  bool ok = ::lstat(p.c_str(), &s) == 0;
  if (ok && st) *st = s;
  return ok;
}

// /usr read-only, and /bin, /sbin, /lib* recreated as the host has them
// (symlinks on merged-usr Debian 12, read-only binds otherwise).
void runtime_dirs() {
  make_dir("usr", 0755);
  bind("/usr", "usr", true);
  for (const char* name : {"bin", "sbin", "lib", "lib32", "lib64", "libx32"}) {
    std::string host = std::string("/") + name;
    struct stat st {};
    if (!exists(host, &st)) continue;
    if (S_ISLNK(st.st_mode)) {
      char target[PATH_MAX];
      ssize_t n = ::readlink(host.c_str(), target, sizeof target - 1);
      if (n < 0) fail("readlink " + host);
      make_symlink(std::string(target, static_cast<size_t>(n)), name);
    } else if (S_ISDIR(st.st_mode)) {
      make_dir(name, 0755);
      bind(host, name, true);
    }
  }
}

void etc_dir() {
  make_dir("etc", 0755);
  for (const auto& [name, content] : generated_etc_files())
    make_file("etc/" + name, content, 0644);
  // The loader's cache, so libraries outside the default paths resolve.
  int fd = ::open("/etc/ld.so.cache", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    std::string cache = read_fd_all(fd, "/etc/ld.so.cache");
    ::close(fd);
    make_file("etc/ld.so.cache", cache, 0644);
  }
  struct stat st {};
  if (::stat("/etc/ssl/certs", &st) == 0 && S_ISDIR(st.st_mode)) {
    make_dir("etc/ssl", 0755);
    make_dir("etc/ssl/certs", 0755);
    bind("/etc/ssl/certs", "etc/ssl/certs", true);
  }
}

// A tmpfs /dev holding binds of the harmless host devices, read-only itself.
void dev_dir(uint64_t tmpfs_bytes) {
  make_dir("dev", 0755);
  // nodev too: each device below is its own bind mount with its own flags.
  mount_fs("tmpfs", "dev", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=65536,nr_inodes=64,mode=0755");
  for (const char* d : {"null", "zero", "full", "random", "urandom", "tty"}) {
    std::string host = std::string("/dev/") + d, inside = std::string("dev/") + d;
    make_file(inside, "", 0666);
    bind(host, inside, false, MS_NOSUID | MS_NOEXEC);
  }
  make_symlink("/proc/self/fd", "dev/fd");
  make_symlink("/proc/self/fd/0", "dev/stdin");
  make_symlink("/proc/self/fd/1", "dev/stdout");
  make_symlink("/proc/self/fd/2", "dev/stderr");
  make_dir("dev/shm", 0755);
  mount_fs("tmpfs", "dev/shm", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
           tmpfs_opts(tmpfs_bytes, "1777"));
  remount_ro("dev", MS_NOSUID | MS_NODEV | MS_NOEXEC);
}

// A new /proc for the sandbox's pid namespace, masked like Docker's default.
void proc_dir() {
  make_dir("proc", 0555);
  mount_fs("proc", "proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "");
  for (const char* f : {"kcore", "keys", "timer_list", "sched_debug", "latency_stats",
                        "timer_stats", "kallsyms", "config.gz"}) {
    std::string p = std::string("proc/") + f;
    struct stat st {};
    if (exists(p, &st) && S_ISREG(st.st_mode)) bind("dev/null", p, false, MS_NOSUID | MS_NOEXEC);
  }
  for (const char* d : {"acpi", "scsi", "asound"}) {
    std::string p = std::string("proc/") + d;
    if (!exists(p)) continue;
    mount_fs("tmpfs", p, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY,
             "size=0,nr_inodes=1,mode=0555");
  }
  for (const char* r : {"sys", "sysrq-trigger", "irq", "bus", "fs"}) {
    std::string p = std::string("proc/") + r;
    if (exists(p)) bind(p, p, true, MS_NOSUID | MS_NODEV | MS_NOEXEC);
  }
}

void writable_dirs(const RootfsOptions& o) {
  make_dir("tmp", 0755);
  mount_fs("tmpfs", "tmp", "tmpfs", MS_NOSUID | MS_NODEV, tmpfs_opts(o.tmpfs_bytes, "1777"));
  make_dir("sandbox", 0755);
  mount_fs("tmpfs", "sandbox", "tmpfs", MS_NOSUID | MS_NODEV,
           tmpfs_opts(o.tmpfs_bytes, "0755",
                      "uid=" + std::to_string(o.uid) + ",gid=" + std::to_string(o.gid)));
  int sandbox_fd = ::open("sandbox", O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (sandbox_fd < 0) fail("open sandbox");
  try {
    fill_sandbox(o.run_dir_fd, sandbox_fd, o.code_name, o.inputs, o.uid, o.gid);
  } catch (...) {
    ::close(sandbox_fd);
    throw;
  }
  ::close(sandbox_fd);
}

}  // namespace

void build_rootfs(const RootfsOptions& o) {
  // Move the cwd to the run directory first: unshare() carries the cwd into
  // the new namespace, so the host path (possibly under a 0700 /root) is never walked.
  if (::fchdir(o.run_dir_fd) != 0) fail("fchdir run directory");

  if (::unshare(CLONE_NEWNS) != 0) fail("unshare mount namespace");
  // Nothing we mount may propagate back to the host.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) fail("make / private");

  mount_fs("tmpfs", "root", "tmpfs", MS_NOSUID | MS_NODEV, "size=16777216,nr_inodes=4096,mode=0755");
  if (::chdir("root") != 0) fail("chdir new root");

  runtime_dirs();
  etc_dir();
  dev_dir(o.tmpfs_bytes);
  proc_dir();
  writable_dirs(o);

  // The classic pivot_root(".", ".") trick: the old root ends up stacked on
  // the new one and is detached at once, leaving no path to the host's tree.
  if (::syscall(SYS_pivot_root, ".", ".") != 0) fail("pivot_root");
  if (::umount2(".", MNT_DETACH) != 0) fail("detach old root");
  if (::chdir("/") != 0) fail("chdir /");
  remount_ro("/", MS_NOSUID | MS_NODEV);
}

}  // namespace mai::sandbox
