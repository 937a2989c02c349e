#include "sandbox/run_dir.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/files.hpp"

namespace mai::sandbox {

bool valid_run_id(const std::string& id) {
  if (id.size() < 16 || id.size() > 64) return false;
  for (char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

RunDir::RunDir(const std::string& scratch_root, const std::string& run_id) {
  if (!valid_run_id(run_id)) throw SandboxError("bad_run_id", "run id must be 16 to 64 hex digits");
  try {
    make_dirs(scratch_root, 0700);
  } catch (const std::exception& e) {
    throw SandboxError("scratch_unavailable", e.what());
  }
  path_ = scratch_root + "/" + run_id;
  // 0711: the helper (host_root_uid) may pass through, nobody may list it.
  if (::mkdir(path_.c_str(), 0711) != 0)
    throw SandboxError("scratch_unavailable", "mkdir " + path_ + ": " + std::strerror(errno));
  lock_fd_ = ::open((path_ + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (lock_fd_ < 0 || ::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    int err = errno;
    remove();
    throw SandboxError("scratch_unavailable", "lock " + path_ + ": " + std::strerror(err));
  }
  if (::mkdir((path_ + "/root").c_str(), 0755) != 0) {
    int err = errno;
    remove();
    throw SandboxError("scratch_unavailable", "mkdir root: " + std::string(std::strerror(err)));
  }
}

RunDir::~RunDir() { remove(); }

void RunDir::write_code(const std::string& code, uint32_t owner_uid) {
  std::string p = path_ + "/code";
  int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0400);
  if (fd < 0) throw SandboxError("scratch_unavailable", "create " + p + ": " + std::strerror(errno));
  size_t done = 0;
  while (done < code.size()) {
    ssize_t n = ::write(fd, code.data() + done, code.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      throw SandboxError("scratch_unavailable", "write " + p + ": " + std::strerror(errno));
    }
    done += static_cast<size_t>(n);
  }
  if (::fchown(fd, owner_uid, owner_uid) != 0) {
    ::close(fd);
    throw SandboxError("scratch_unavailable", "chown " + p + ": " + std::strerror(errno));
  }
  ::close(fd);
}

int RunDir::open_path() const {
  int fd = ::open(path_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) throw SandboxError("scratch_unavailable", "open " + path_ + ": " + std::strerror(errno));
  return fd;
}

void RunDir::remove() {
  if (!path_.empty()) {
    try {
      remove_tree(path_);
    } catch (...) {
      // Left for cleanup_stale_runs; nothing else can be done from a destructor.
    }
  }
  if (lock_fd_ >= 0) ::close(lock_fd_);
  lock_fd_ = -1;
}

bool run_lock_held(const std::string& run_path) {
  int fd = ::open((run_path + "/lock").c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

}  // namespace mai::sandbox
