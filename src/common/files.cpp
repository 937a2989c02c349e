#include "common/files.hpp"
#include "common/unique_fd.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <filesystem>

#include "common/error.hpp"

namespace mai {

namespace {
using Fd = UniqueFd;
}  // namespace

std::string read_file_limited(const std::string& path, size_t limit) {
  // O_NONBLOCK: opening a FIFO (or a device) must not wait for a writer.
  // Only regular files are read, and the flag stays: a regular file of the
  // kernel can wait too (/proc/kmsg waits for the next kernel message, and
  // `assess /proc/kmsg` hung); with the flag its read says EAGAIN.
  Fd f(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (f.fd < 0) throw_errno("cannot open " + path);
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw_errno("cannot stat " + path);
  if (!S_ISREG(st.st_mode))
    throw UsageError(path + ": not a regular file (" +
                     (S_ISDIR(st.st_mode)    ? "a directory"
                      : S_ISFIFO(st.st_mode) ? "a FIFO"
                      : S_ISSOCK(st.st_mode) ? "a socket"
                      : S_ISCHR(st.st_mode)  ? "a character device"
                                             : "a block device") +
                     ")");
  std::string out;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN)
        throw UsageError(path + ": its read would wait (a file of the kernel, not one with contents)");
      throw_errno("cannot read " + path);
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
    if (out.size() > limit)
      throw UsageError(path + ": larger than the limit of " + std::to_string(limit) + " bytes");
  }
  return out;
}

std::string read_file(const std::string& path) { return read_file_limited(path, SIZE_MAX - 1); }

void write_file_atomic(const std::string& path, const std::string& data, mode_t mode) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    Fd f(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode));
    if (f.fd < 0) throw_errno("cannot create " + tmp);
    ::fchmod(f.fd, mode);  // the umask must not widen or narrow what was asked for
    size_t done = 0;
    while (done < data.size()) {
      ssize_t n = ::write(f.fd, data.data() + done, data.size() - done);
      if (n < 0) {
        if (errno == EINTR) continue;
        throw_errno("cannot write " + tmp);
      }
      done += static_cast<size_t>(n);
    }
    if (::fsync(f.fd) != 0) throw_errno("cannot sync " + tmp);
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    throw_errno("cannot replace " + path, err);
  }
}

void make_dirs(const std::string& path, mode_t mode) {
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    partial = path.substr(0, pos);
    if (partial.empty()) continue;
    if (::mkdir(partial.c_str(), mode) != 0 && errno != EEXIST)
      throw_errno("cannot create directory " + partial);
  }
  if (!is_directory(path)) throw UsageError(path + " exists and is not a directory");
}

void remove_tree(const std::string& path) {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);  // does not follow symlinks
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw std::system_error(ec, "cannot remove " + path);
}

bool path_exists(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0;
}

bool is_directory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string executable_dir() {
  char buf[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return ".";
  std::string exe(buf, static_cast<size_t>(n));
  return exe.substr(0, exe.rfind('/'));
}

}  // namespace mai
