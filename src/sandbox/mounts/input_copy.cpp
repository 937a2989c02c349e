#include "sandbox/mounts/input_copy.hpp"

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

// mkdir -p of the name's parents below sandbox/, owned by the sandbox's user.
void make_parents(const std::string& name, uint32_t uid, uint32_t gid) {
  for (size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1)) {
    std::string dir = "sandbox/" + name.substr(0, slash);
    if (::mkdir(dir.c_str(), 0755) != 0) {
      if (errno == EEXIST) continue;
      fail("create the directory of input " + name, errno);
    }
    if (::lchown(dir.c_str(), uid, gid) != 0) fail("chown " + dir, errno);
  }
}

}  // namespace

std::string staged_input_name(size_t index) { return "inputs/" + std::to_string(index); }

void copy_inputs(int run_dir_fd, const std::vector<std::string>& names, uint32_t uid, uint32_t gid) {
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    if (auto problem = relative_path_problem(name))
      throw std::runtime_error("input name " + *problem);
    make_parents(name, uid, gid);
    int from = ::openat(run_dir_fd, staged_input_name(i).c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (from < 0) fail("open staged input " + name, errno);
    std::string target = "sandbox/" + name;
    int to = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (to < 0) {
      int err = errno;
      ::close(from);
      fail("create input " + name, err);
    }
    try {
      copy_fd(from, to, name);
    } catch (...) {
      ::close(from);
      ::close(to);
      throw;
    }
    ::close(from);
    if (::fchown(to, uid, gid) != 0 || ::fchmod(to, 0644) != 0) {
      int err = errno;
      ::close(to);
      fail("chown input " + name, err);
    }
    ::close(to);
  }
}

}  // namespace mai::sandbox
