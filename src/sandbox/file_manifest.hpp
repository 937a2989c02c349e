// The record of every file a run left in its writable mounts, read by the
// host after all of the run's processes are gone.
//
// Safety: the walk starts from descriptors the host took before any code ran
// (writable_handles.hpp) and only ever goes down with openat(O_NOFOLLOW) of a
// single name component, so no path the code chose is resolved. Symlinks are
// recorded with their target text and never followed; FIFOs, sockets and
// devices are recorded by kind and never opened; a regular file is opened
// O_NOFOLLOW|O_NONBLOCK and must still be the inode fstatat saw. A file with
// several hard links is hashed once (the code cannot link outside its own
// tmpfs, but it can make 10,000 names for one big file).
#pragma once
#include <cstdint>
#include <map>
#include <string>

#include "config/sandbox_config.hpp"
#include "model/run_files.hpp"

namespace mai::sandbox {

struct ManifestLimits {
  uint32_t max_listed = 20000;
  bool contents = false;          // read the regular files' bytes too
  uint64_t max_file_bytes = 0;    // content per file
  uint64_t max_total_bytes = 0;   // content per run
  uint64_t max_listing_bytes = 0; // the entries' own size (about); 0: no cap
};

// The caps of config files: with what the submitter asked for.
ManifestLimits manifest_limits(const config::FileSettings& caps, const FileRequest& asked);

class ManifestBuilder {
 public:
  explicit ManifestBuilder(const ManifestLimits& limits) : limits_(limits) {}

  // Adds what lies beneath `mount_fd` (a directory descriptor, O_PATH is
  // enough), naming each entry `mount_path` + "/" + relative path. Entries
  // whose relative path is in `baseline` with the same sha256 are what the
  // host put there and are left out; with other content they are listed as
  // changed inputs.
  void add_mount(int mount_fd, const std::string& mount_path,
                 const std::map<std::string, std::string>& baseline);
  FileManifest take() { return std::move(manifest_); }

 private:
  void walk(int dir_fd, const std::string& rel, int depth);
  void add_entry(int dir_fd, const std::string& name, const std::string& rel);
  bool hash_file(int fd, uint64_t size, bool want_content, FileRecord& rec);

  ManifestLimits limits_;
  FileManifest manifest_;
  uint64_t content_bytes_ = 0;
  uint64_t listing_bytes_ = 0;
  std::string mount_path_;
  const std::map<std::string, std::string>* baseline_ = nullptr;
  std::map<std::pair<uint64_t, uint64_t>, std::string> hashed_;  // (dev, ino) -> sha256 hex
  bool depth_noted_ = false;
};

// A finished run's manifest, as every backend reads it: /sandbox against
// what the host placed there, then /tmp when asked (descriptors may be -1:
// that mount is not listed).
FileManifest collect_manifest(int sandbox_fd, int tmp_fd, bool collect_tmp, const ManifestLimits& limits,
                              const std::map<std::string, std::string>& baseline);

}  // namespace mai::sandbox
