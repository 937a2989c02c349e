#include "audit/log_holder.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <utility>

namespace mai::audit {

namespace {

std::string mark_path(const std::string& db_dir) { return db_dir + ".held-open"; }

std::optional<pid_t> marked_pid(const std::string& db_dir) {
  std::ifstream in(mark_path(db_dir));
  long pid = 0;
  if (!(in >> pid) || pid <= 0) return std::nullopt;
  return static_cast<pid_t>(pid);
}

// The command line of `pid`, arguments joined by spaces, at most 200 bytes.
std::string command_line(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!raw.empty() && raw.back() == '\0') raw.pop_back();
  std::replace(raw.begin(), raw.end(), '\0', ' ');
  if (raw.size() > 200) raw = raw.substr(0, 200) + "...";
  return raw;
}

}  // namespace

HeldOpenMark::HeldOpenMark(std::string db_dir) : db_dir_(std::move(db_dir)) {
  // Written whole, then renamed into place: a reader sees no mark or all of it.
  const std::string path = mark_path(db_dir_);
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << ::getpid() << "\n";
    if (!out) return;  // a convenience for others' error messages: never fatal
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) std::remove(tmp.c_str());
}

HeldOpenMark::~HeldOpenMark() {
  auto pid = marked_pid(db_dir_);
  if (pid && *pid == ::getpid()) std::remove(mark_path(db_dir_).c_str());
}

std::optional<pid_t> lock_holder(const std::string& db_dir) {
  int fd = ::open((db_dir + "/LOCK").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct flock query {};
  query.l_type = F_WRLCK;
  query.l_whence = SEEK_SET;
  int rc = ::fcntl(fd, F_GETLK, &query);
  ::close(fd);
  if (rc != 0 || query.l_type == F_UNLCK || query.l_pid <= 0) return std::nullopt;
  return query.l_pid;
}

std::optional<std::string> held_open_by(const std::string& db_dir) {
  auto holder = lock_holder(db_dir);
  if (!holder) return std::nullopt;
  auto marked = marked_pid(db_dir);
  if (!marked || *marked != *holder) return std::nullopt;
  std::string cmd = command_line(*holder);
  return "pid " + std::to_string(*holder) + (cmd.empty() ? "" : ": " + cmd);
}

}  // namespace mai::audit
