#include "sandbox/docker/run_tmpfs.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.hpp"
#include "sandbox/mounts/mount_util.hpp"

namespace mai::sandbox::docker {

RunTmpfs::RunTmpfs(const std::string& path, uint64_t bytes, const char* mode, uint32_t uid, uint32_t gid)
    : path_(path) {
  auto fail = [&](const std::string& what) {
    std::string why = what + " " + path_ + ": " + std::strerror(errno);
    detach();
    throw SandboxError("sandbox_setup", why);
  };
  if (::mkdir(path_.c_str(), 0700) != 0) fail("mkdir");
  std::string opts = mnt::tmpfs_opts(bytes, mode, "uid=" + std::to_string(uid) + ",gid=" + std::to_string(gid));
  if (::mount("tmpfs", path_.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, opts.c_str()) != 0) fail("mount tmpfs on");
  mounted_ = true;
  fd_ = ::open(path_.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd_ < 0) fail("open");
}

RunTmpfs::~RunTmpfs() {
  detach();
  if (fd_ >= 0) ::close(fd_);
}

void RunTmpfs::detach() {
  if (mounted_) mnt::detach(path_);
  mounted_ = false;
}

}  // namespace mai::sandbox::docker
