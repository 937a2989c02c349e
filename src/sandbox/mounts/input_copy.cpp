#include "sandbox/mounts/input_copy.hpp"
#include "common/unique_fd.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

#include "common/relative_path.hpp"

namespace mai::sandbox {

namespace {

[[noreturn]] void fail(const std::string& what, int err) {
  if (err == ENOSPC)
    throw std::runtime_error(what + ": the inputs do not fit in /sandbox (the run's tmpfs cap)");
  throw std::runtime_error(what + ": " + std::strerror(err));
}

using Fd = UniqueFd;

void copy_fd(int from, int to, const std::string& name) {
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(from, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("read input " + name, errno);
    if (n == 0) return;
    for (ssize_t done = 0; done < n;) {
      ssize_t w = ::write(to, buf + done, static_cast<size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) fail("copy input " + name, errno);
      done += w;
    }
  }
}

// The directory that will hold `name`, made (mkdir -p, owned by the
// sandbox's user) and opened one component at a time below `sandbox_fd`.
int open_parent(int sandbox_fd, const std::string& name, uint32_t uid, uint32_t gid) {
  int dir = ::fcntl(sandbox_fd, F_DUPFD_CLOEXEC, 0);
  if (dir < 0) fail("duplicate the /sandbox descriptor", errno);
  size_t start = 0;
  for (size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', start)) {
    Fd parent(dir);
    std::string part = name.substr(start, slash - start);
    start = slash + 1;
    if (::mkdirat(parent.fd, part.c_str(), 0755) == 0) {
      if (::fchownat(parent.fd, part.c_str(), uid, gid, AT_SYMLINK_NOFOLLOW) != 0)
        fail("chown the directory of input " + name, errno);
    } else if (errno != EEXIST) {
      fail("create the directory of input " + name, errno);
    }
    dir = ::openat(parent.fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir < 0) fail("open the directory of input " + name, errno);
  }
  return dir;
}

void place(int from, int sandbox_fd, const std::string& name, uint32_t uid, uint32_t gid) {
  Fd dir(open_parent(sandbox_fd, name, uid, gid));
  std::string base = name.substr(name.rfind('/') + 1);
  Fd to(::openat(dir.fd, base.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (to.fd < 0) fail("create input " + name, errno);
  copy_fd(from, to.fd, name);
  if (::fchown(to.fd, uid, gid) != 0 || ::fchmod(to.fd, 0644) != 0) fail("chown input " + name, errno);
}

void place_staged(int run_dir_fd, const std::string& staged, int sandbox_fd, const std::string& name,
                  uint32_t uid, uint32_t gid) {
  Fd from(::openat(run_dir_fd, staged.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (from.fd < 0) fail("open staged input " + name, errno);
  place(from.fd, sandbox_fd, name, uid, gid);
}

}  // namespace

std::string staged_input_name(size_t index) { return "inputs/" + std::to_string(index); }

void fill_sandbox(int run_dir_fd, int sandbox_fd, const std::string& code_name,
                  const std::vector<std::string>& inputs, uint32_t uid, uint32_t gid) {
  place_staged(run_dir_fd, "code", sandbox_fd, code_name, uid, gid);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (auto problem = relative_path_problem(inputs[i]))
      throw std::runtime_error("input name " + *problem);
    place_staged(run_dir_fd, staged_input_name(i), sandbox_fd, inputs[i], uid, gid);
  }
}

void replace_code(int run_dir_fd, int sandbox_fd, const std::string& code_name, uint32_t uid, uint32_t gid) {
  if (::unlinkat(sandbox_fd, code_name.c_str(), 0) != 0 && errno != ENOENT) fail("remove " + code_name, errno);
  place_staged(run_dir_fd, "code", sandbox_fd, code_name, uid, gid);
}

}  // namespace mai::sandbox
