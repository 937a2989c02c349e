// Reading and writing cgroupfs files, shared by the v1 and v2 implementations.
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "common/error.hpp"
#include "sandbox/cgroup.hpp"

namespace mai::sandbox::cgfs {

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

bool try_write(const std::string& path, const std::string& value) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_TRUNC);
  if (fd < 0) return false;
  ssize_t n = ::write(fd, value.data(), value.size());
  int err = errno;
  ::close(fd);
  errno = err;
  return n == static_cast<ssize_t>(value.size());
}

void write(const std::string& path, const std::string& value) {
  if (!try_write(path, value)) throw_errno("cannot write '" + value + "' to " + path);
}

std::string read(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  ::close(fd);
  return out;
}

uint64_t read_u64(const std::string& path) {
  std::string s = read(path);
  if (s.empty() || s.compare(0, 3, "max") == 0) return 0;
  return std::strtoull(s.c_str(), nullptr, 10);
}

uint64_t read_key(const std::string& path, const std::string& key) {
  std::istringstream in(read(path));
  std::string k;
  uint64_t v = 0;
  while (in >> k >> v)
    if (k == key) return v;
  return 0;
}

std::vector<pid_t> read_pids(const std::string& path) {
  std::istringstream in(read(path));
  std::vector<pid_t> out;
  pid_t p;
  while (in >> p) out.push_back(p);
  return out;
}

void kill_loop(const std::string& procs_file) {
  // New processes can appear while we kill (a fork in flight), so repeat
  // until the list stays empty; pids.max bounds how many there can be.
  for (int round = 0; round < 400; ++round) {
    auto pids = read_pids(procs_file);
    if (pids.empty()) return;
    for (pid_t p : pids)
      if (p > 1) ::kill(p, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(round < 20 ? 2 : 10));
  }
}

bool remove_dir(const std::string& dir) {
  // Killed tasks leave the cgroup asynchronously, usually within a fraction
  // of a millisecond: retry quickly at first, then back off (about 1 s in all).
  auto pause = std::chrono::microseconds(100);
  for (int attempt = 0; attempt < 200; ++attempt) {
    if (::rmdir(dir.c_str()) == 0 || errno == ENOENT) return true;
    if (errno != EBUSY) return false;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
  }
  return false;
}

}  // namespace mai::sandbox::cgfs
