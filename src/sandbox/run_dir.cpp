#include "sandbox/run_dir.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "sandbox/mounts/mount_util.hpp"

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
  // The directory appears under its run id only with its lock already held:
  // another process's cleanup_stale_runs() must never see it unlocked (it
  // would take it for a dead run and destroy it), nor briefly take the lock
  // from under us. Built under a name no cleanup looks at, then renamed.
  std::string building = scratch_root + "/" + run_id + ".new";
  path_ = building;
  // 0711: the helper (the run's root id) may pass through, nobody may list it.
  if (::mkdir(building.c_str(), 0711) != 0)
    throw SandboxError("scratch_unavailable", "mkdir " + building + ": " + std::strerror(errno));
  lock_fd_ = ::open((building + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  // Blocking: a sweep's probe may hold it for an instant.
  if (lock_fd_ < 0 || ::flock(lock_fd_, LOCK_EX) != 0) {
    int err = errno;
    remove();
    throw SandboxError("scratch_unavailable", "lock " + building + ": " + std::strerror(err));
  }
  std::string final_path = scratch_root + "/" + run_id;
  if (::rename(building.c_str(), final_path.c_str()) != 0) {
    int err = errno;
    remove();
    throw SandboxError("scratch_unavailable", "rename " + building + ": " + std::strerror(err));
  }
  path_ = final_path;
  if (::mkdir((path_ + "/root").c_str(), 0755) != 0) {
    int err = errno;
    remove();
    throw SandboxError("scratch_unavailable", "mkdir root: " + std::string(std::strerror(err)));
  }
}

RunDir::~RunDir() { remove(); }

namespace {

// Writes `code` into the file `p` opened with `flags`; 0444 whatever the umask.
void write_code_file(const std::string& p, int flags, const std::string& code) {
  int fd = ::open(p.c_str(), flags | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0444);
  if (fd < 0) throw SandboxError("scratch_unavailable", "open " + p + ": " + std::strerror(errno));
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
  if (::fchmod(fd, 0444) != 0) {
    ::close(fd);
    throw SandboxError("scratch_unavailable", "chmod " + p + ": " + std::strerror(errno));
  }
  ::close(fd);
}

}  // namespace

void RunDir::write_code(const std::string& code) { write_code_file(path_ + "/code", O_CREAT | O_EXCL, code); }

void RunDir::rewrite_code(const std::string& code) { write_code_file(path_ + "/code", O_TRUNC, code); }

void RunDir::assign(const std::string& run_id) {
  if (!valid_run_id(run_id)) throw SandboxError("bad_run_id", "run id must be 16 to 64 hex digits");
  // Not synced: it matters only if this process dies, not the machine (a
  // reboot leaves no process of the run to account for).
  std::string p = path_ + "/run_id";
  int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0 || ::write(fd, run_id.data(), run_id.size()) != static_cast<ssize_t>(run_id.size())) {
    int err = errno;
    if (fd >= 0) ::close(fd);
    throw SandboxError("scratch_unavailable", "write " + p + ": " + std::strerror(err));
  }
  ::close(fd);
}

std::string run_id_of(const std::string& run_path, const std::string& dir_name) {
  try {
    std::string id = read_file_limited(run_path + "/run_id", 64);
    if (valid_run_id(id)) return id;
  } catch (...) {
  }
  return dir_name;
}

int RunDir::open_path() const {
  int fd = ::open(path_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) throw SandboxError("scratch_unavailable", "open " + path_ + ": " + std::strerror(errno));
  return fd;
}

void RunDir::remove() {
  if (!path_.empty()) {
    // Out of the run-id namespace first, so no sweep takes a directory that is
    // being removed for a dead run (its lock file goes early in the removal).
    std::string gone = path_ + ".gone";
    if (::rename(path_.c_str(), gone.c_str()) == 0) path_ = gone;
    // A busy host can still be tearing down the sandbox's namespaces when its
    // directory goes (seen once: a doctor's probe run left its .gone behind):
    // a few short retries before leaving it to cleanup_stale_runs.
    for (int attempt = 0; attempt < 5; ++attempt) {
      try {
        remove_run_tree(path_);
        break;
      } catch (...) {
        // nothing else can be done from a destructor
      }
      ::usleep(static_cast<useconds_t>(10000) << attempt);
    }
    path_.clear();  // removed once (cleanup, then the destructor, both call this)
  }
  if (lock_fd_ >= 0) ::close(lock_fd_);
  lock_fd_ = -1;
}

void remove_run_tree(const std::string& path) {
  for (const char* mount : {"sandbox", "tmp"}) mnt::detach(path + "/" + mount);
  remove_tree(path);
}

RunLock run_lock_state(const std::string& run_path) {
  int fd = ::open((run_path + "/lock").c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return RunLock::missing;
  RunLock state = RunLock::free;
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    state = errno == EWOULDBLOCK ? RunLock::held : RunLock::free;
  } else {
    // We may have opened it just before its owner removed the directory and
    // let go: then the file is unlinked, and the run ended, not died.
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_nlink == 0) state = RunLock::missing;
  }
  ::close(fd);
  return state;
}

}  // namespace mai::sandbox
