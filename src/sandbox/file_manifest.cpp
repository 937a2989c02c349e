#include "sandbox/file_manifest.hpp"
#include "common/unique_fd.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <memory>
#include <vector>

#include "common/encoding.hpp"

namespace mai::sandbox {

namespace {

// Deeper than this the walk stops (each level holds a descriptor).
constexpr int kMaxDepth = 128;

const char* kind_of(mode_t mode) {
  if (S_ISREG(mode)) return "file";
  if (S_ISLNK(mode)) return "symlink";
  if (S_ISFIFO(mode)) return "fifo";
  if (S_ISSOCK(mode)) return "socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "device";
  return "other";
}

using Fd = UniqueFd;

// The names in a directory, sorted (a stable manifest whatever readdir's order).
std::vector<std::string> list_dir(int dir_fd) {
  std::vector<std::string> names;
  int fd = ::openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return names;
  DIR* d = ::fdopendir(fd);
  if (!d) {
    ::close(fd);
    return names;
  }
  while (dirent* e = ::readdir(d)) {
    if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
    names.emplace_back(e->d_name);
  }
  ::closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

ManifestLimits manifest_limits(const config::FileSettings& caps, const FileRequest& asked) {
  ManifestLimits m;
  m.max_listed = caps.max_listed;
  m.contents = asked.return_contents;
  m.max_file_bytes = caps.max_output_file_bytes;
  m.max_total_bytes = caps.max_output_total_bytes;
  m.max_listing_bytes = caps.max_listing_bytes;
  return m;
}

FileManifest collect_manifest(int sandbox_fd, int tmp_fd, bool collect_tmp, const ManifestLimits& limits,
                              const std::map<std::string, std::string>& baseline) {
  ManifestBuilder builder(limits);
  builder.add_mount(sandbox_fd, "/sandbox", baseline);
  if (collect_tmp) builder.add_mount(tmp_fd, "/tmp", {});
  return builder.take();
}

void ManifestBuilder::add_mount(int mount_fd, const std::string& mount_path,
                                const std::map<std::string, std::string>& baseline) {
  if (mount_fd < 0) return;
  mount_path_ = mount_path;
  baseline_ = &baseline;
  walk(mount_fd, "", 0);
  baseline_ = nullptr;
}

void ManifestBuilder::walk(int dir_fd, const std::string& rel, int depth) {
  for (const auto& name : list_dir(dir_fd)) {
    std::string child = rel.empty() ? name : rel + "/" + name;
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (!S_ISDIR(st.st_mode)) {
      add_entry(dir_fd, name, child);
      continue;
    }
    if (depth + 1 >= kMaxDepth) {
      if (!depth_noted_) {
        depth_noted_ = true;
        manifest_.note = "directories nested deeper than " + std::to_string(kMaxDepth) +
                         " levels were not walked";
      }
      continue;
    }
    Fd sub(::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (sub.fd >= 0) walk(sub.fd, child, depth + 1);
  }
}

void ManifestBuilder::add_entry(int dir_fd, const std::string& name, const std::string& rel) {
  if (manifest_.files.size() >= limits_.max_listed) {
    if (manifest_.unlisted++ == 0 && manifest_.note.empty())
      manifest_.note = "more than " + std::to_string(limits_.max_listed) +
                       " files; the rest are counted in files_unlisted (sandbox.yaml files.max_listed)";
    return;
  }
  struct stat st {};
  if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;
  FileRecord rec;
  rec.path = mount_path_ + "/" + rel;
  rec.kind = kind_of(st.st_mode);
  rec.links = static_cast<uint32_t>(st.st_nlink);
  auto base = baseline_->find(rel);
  if (S_ISREG(st.st_mode)) {
    rec.size = static_cast<uint64_t>(st.st_size);
    // O_NONBLOCK: were it swapped for a FIFO since the fstatat, open must not block.
    Fd fd(::openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    struct stat again {};
    if (fd.fd < 0 || ::fstat(fd.fd, &again) != 0 || !S_ISREG(again.st_mode) ||
        again.st_ino != st.st_ino || again.st_dev != st.st_dev) {
      rec.note = "could not be read";
    } else {
      rec.size = static_cast<uint64_t>(again.st_size);
      auto key = std::make_pair(static_cast<uint64_t>(again.st_dev), static_cast<uint64_t>(again.st_ino));
      bool want = limits_.contents;
      if (want && rec.size > limits_.max_file_bytes) {
        want = false;
        rec.note = "content left out: larger than files.max_output_file (" +
                   std::to_string(limits_.max_file_bytes) + " bytes)";
      } else if (want && content_bytes_ + rec.size > limits_.max_total_bytes) {
        want = false;
        rec.note = "content left out: the run's files.max_output_total (" +
                   std::to_string(limits_.max_total_bytes) + " bytes) is used up";
      }
      auto known = hashed_.find(key);
      if (known != hashed_.end() && !want) {
        rec.sha256 = known->second;
      } else if (hash_file(fd.fd, rec.size, want, rec)) {
        hashed_[key] = rec.sha256;
      } else {
        rec.note = "could not be read";
      }
    }
    if (base != baseline_->end() && base->second == rec.sha256) return;  // an input, untouched
  } else if (S_ISLNK(st.st_mode)) {
    char target[PATH_MAX];
    ssize_t n = ::readlinkat(dir_fd, name.c_str(), target, sizeof target);
    if (n > 0) rec.link_target.assign(target, static_cast<size_t>(n));
  }
  rec.changed_input = base != baseline_->end();
  // About what the entry costs in a message: its strings and fixed fields.
  uint64_t cost = 96 + rec.path.size() + rec.sha256.size() + rec.link_target.size() + rec.note.size();
  if (limits_.max_listing_bytes && listing_bytes_ + cost > limits_.max_listing_bytes) {
    if (manifest_.unlisted++ == 0 && manifest_.note.empty())
      manifest_.note = "the listing reached its share of clients.max_message; the rest are "
                       "counted in files_unlisted";
    if (rec.content_included) content_bytes_ -= rec.content.size();
    return;
  }
  listing_bytes_ += cost;
  manifest_.files.push_back(std::move(rec));
}

// Streams the file through SHA-256, keeping its bytes if asked. Reads at most
// `size` bytes (st_size when opened; nothing can grow it now) plus one to
// notice a change.
bool ManifestBuilder::hash_file(int fd, uint64_t size, bool want_content, FileRecord& rec) {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) return false;
  std::string content;
  if (want_content) content.reserve(size);
  std::vector<char> buf(1 << 16);
  uint64_t seen = 0;
  for (;;) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;
    EVP_DigestUpdate(ctx.get(), buf.data(), static_cast<size_t>(n));
    seen += static_cast<uint64_t>(n);
    if (want_content && seen <= size) content.append(buf.data(), static_cast<size_t>(n));
  }
  unsigned char out[32];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx.get(), out, &len);
  rec.sha256 = to_hex(std::string(reinterpret_cast<char*>(out), len));
  rec.size = seen;
  if (want_content && seen == content.size()) {
    rec.content = std::move(content);
    rec.content_included = true;
    content_bytes_ += seen;
  }
  return true;
}

}  // namespace mai::sandbox
