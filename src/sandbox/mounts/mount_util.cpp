#include "sandbox/mounts/mount_util.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace mai::sandbox::mnt {

void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

void mount_fs(const char* src, const std::string& target, const char* type, unsigned long flags,
              const std::string& data) {
  if (::mount(src, target.c_str(), type, flags, data.empty() ? nullptr : data.c_str()) != 0)
    fail(std::string("mount ") + type + " on " + target);
}

namespace {
// Flags a remount must carry over: inside a user namespace the kernel refuses
// to clear flags that were locked when the mount was copied from the host.
unsigned long kept_flags(const std::string& target) {
  struct statvfs st {};
  if (::statvfs(target.c_str(), &st) != 0) fail("statvfs " + target);
  unsigned long f = 0;
  if (st.f_flag & ST_NOSUID) f |= MS_NOSUID;
  if (st.f_flag & ST_NODEV) f |= MS_NODEV;
  if (st.f_flag & ST_NOEXEC) f |= MS_NOEXEC;
  if (st.f_flag & ST_NOATIME) f |= MS_NOATIME;
  if (st.f_flag & ST_NODIRATIME) f |= MS_NODIRATIME;
  if (st.f_flag & ST_RELATIME) f |= MS_RELATIME;
  return f;
}
}  // namespace

void remount_ro(const std::string& target, unsigned long extra) {
  unsigned long flags = MS_REMOUNT | MS_BIND | MS_RDONLY | extra | kept_flags(target);
  if (::mount(nullptr, target.c_str(), nullptr, flags, nullptr) != 0)
    fail("remount read-only " + target);
}

void bind(const std::string& src, const std::string& target, bool read_only, unsigned long extra) {
  if (::mount(src.c_str(), target.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0)
    fail("bind " + src + " on " + target);
  if (read_only) {
    remount_ro(target, extra);
  } else if (extra) {
    unsigned long flags = MS_REMOUNT | MS_BIND | extra | kept_flags(target);
    if (::mount(nullptr, target.c_str(), nullptr, flags, nullptr) != 0) fail("remount " + target);
  }
}

std::string tmpfs_opts(uint64_t bytes, const char* mode, const std::string& extra) {
  uint64_t inodes = std::max<uint64_t>(16384, bytes / 4096);
  std::string o = "size=" + std::to_string(bytes) + ",nr_inodes=" + std::to_string(inodes) +
                  ",mode=" + mode;
  return extra.empty() ? o : o + "," + extra;
}

bool detach(const std::string& target) {
  return ::umount2(target.c_str(), MNT_DETACH | UMOUNT_NOFOLLOW) == 0;
}

void make_dir(const std::string& path, mode_t mode) {
  if (::mkdir(path.c_str(), mode) != 0 && errno != EEXIST) fail("mkdir " + path);
  if (::chmod(path.c_str(), mode) != 0) fail("chmod " + path);
}

void make_file(const std::string& path, const std::string& content, mode_t mode) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
  if (fd < 0) fail("create " + path);
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      fail("write " + path);
    }
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, mode) != 0) fail("chmod " + path);
  ::close(fd);
}

void make_symlink(const std::string& target, const std::string& link) {
  if (::symlink(target.c_str(), link.c_str()) != 0) fail("symlink " + link);
}

}  // namespace mai::sandbox::mnt
