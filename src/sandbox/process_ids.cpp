#include "sandbox/process_ids.hpp"

#include <cstdlib>
#include <cstring>
#include <string>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mai::sandbox {

namespace {

bool is_pid(const char* name) { return name[0] >= '1' && name[0] <= '9'; }

// Adds the four numbers after `key` ("Uid:" or "Gid:") in a status text.
void add_ids(const char* status, const char* key, std::unordered_set<uint32_t>& out) {
  const char* p = std::strstr(status, key);
  if (!p) return;
  p += std::strlen(key);
  for (int i = 0; i < 4; ++i) {
    char* end = nullptr;
    unsigned long v = std::strtoul(p, &end, 10);
    if (end == p) return;
    out.insert(static_cast<uint32_t>(v));
    p = end;
  }
}

}  // namespace

std::unordered_set<uint32_t> ids_of_all_processes() {
  std::unordered_set<uint32_t> ids;
  DIR* d = ::opendir("/proc");
  if (!d) return ids;
  char buf[8192];
  while (dirent* e = ::readdir(d)) {
    if (!is_pid(e->d_name)) continue;
    std::string path = std::string(e->d_name) + "/status";
    int fd = ::openat(::dirfd(d), path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;  // gone since readdir
    ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) continue;
    buf[n] = '\0';
    add_ids(buf, "\nUid:", ids);
    add_ids(buf, "\nGid:", ids);
  }
  ::closedir(d);
  return ids;
}

bool any_process_owned_by(uint32_t first, uint32_t count) {
  DIR* d = ::opendir("/proc");
  if (!d) return true;  // cannot tell: assume the worst
  bool found = false;
  while (dirent* e = ::readdir(d)) {
    if (!is_pid(e->d_name)) continue;
    struct stat st {};
    if (::fstatat(::dirfd(d), e->d_name, &st, 0) != 0) continue;
    if (st.st_uid >= first && st.st_uid - first < count) {
      found = true;
      break;
    }
  }
  ::closedir(d);
  return found;
}

}  // namespace mai::sandbox
