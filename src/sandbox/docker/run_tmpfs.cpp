#include "sandbox/docker/run_tmpfs.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
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

namespace {

// The daemon's pid as this process's pid namespace numbers it (0: not visible).
pid_t daemon_pid(const std::string& socket_path) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return 0;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (socket_path.size() >= sizeof addr.sun_path) {
    ::close(fd);
    return 0;
  }
  std::memcpy(addr.sun_path, socket_path.data(), socket_path.size());
  ucred cred{};
  socklen_t len = sizeof cred;
  bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
            ::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0;
  ::close(fd);
  return ok ? cred.pid : 0;
}

}  // namespace

void RunTmpfs::require_seen_by_daemon(const std::string& socket) const {
  pid_t pid = daemon_pid(socket);
  struct stat ours {}, theirs {};
  std::string seen = "/proc/" + std::to_string(pid) + "/root" + path_;
  if (pid > 0 && ::fstat(fd_, &ours) == 0 && ::stat(seen.c_str(), &theirs) == 0 &&
      ours.st_dev == theirs.st_dev && ours.st_ino == theirs.st_ino)
    return;
  throw SandboxError("docker_mounts_unseen",
                     "the Docker daemon on " + socket + " does not see this process's mount at " + path_ +
                         (pid > 0 ? " (it runs in another mount namespace)" : " (its process is not visible here)") +
                         ": run mai-sandbox in the daemon's mount and pid namespaces for the docker backend");
}

std::string daemon_mount_problem(const std::string& socket, const std::string& dir) {
  // Not a run id: no sweep of the scratch root ever takes it for a run.
  std::string path = dir + "/doctor-mounts-" + std::to_string(::getpid());
  std::string problem;
  try {
    RunTmpfs probe(path, 4096, "0700", 0, 0);
    probe.require_seen_by_daemon(socket);
  } catch (const std::exception& e) {
    problem = e.what();
  }
  ::rmdir(path.c_str());
  return problem;
}

}  // namespace mai::sandbox::docker
