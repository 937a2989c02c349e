#include "audit/directory_entries.hpp"

#include <sys/stat.h>

namespace mai::audit {

namespace {
std::string parent_of(const std::string& path) {
  size_t end = path.find_last_not_of('/');
  if (end == std::string::npos) return "/";
  size_t slash = path.rfind('/', end);
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}
}  // namespace

std::optional<DirectoryEntries::Key> DirectoryEntries::key_of(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return std::nullopt;
  return Key{st.st_dev, st.st_ino};
}

void DirectoryEntries::changed(const std::string& path) {
  auto key = key_of(parent_of(path));
  std::lock_guard<std::mutex> lk(mu_);
  if (!key) {
    unknown_ = true;
    return;
  }
  ++dirs_[*key].changes;
}

uint64_t DirectoryEntries::changes(const Key& dir) {
  std::lock_guard<std::mutex> lk(mu_);
  return dirs_[dir].changes;
}

void DirectoryEntries::synced(const Key& dir, uint64_t changes) {
  std::lock_guard<std::mutex> lk(mu_);
  auto& s = dirs_[dir];
  if (!s.synced || *s.synced < changes) s.synced = changes;
}

bool DirectoryEntries::covered(const Key& dir) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = dirs_.find(dir);
  return !unknown_ && it != dirs_.end() && it->second.synced && *it->second.synced == it->second.changes;
}

}  // namespace mai::audit
