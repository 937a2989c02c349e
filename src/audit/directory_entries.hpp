// Which of RocksDB's directory fsyncs for the audit log can be left out.
//
// RocksDB fsyncs a WAL's directory at that WAL's first synced write, so that
// the new file's name survives a power loss. A writer's open creates its WAL
// before it writes the new MANIFEST and renames CURRENT, and the directory is
// fsynced after that rename: by the first synced write of a `run`, the WAL's
// name is already on the disk, and the second directory fsync (one more disk
// flush before the sandboxed program may start) makes nothing durable that
// the log needs. This tracks, per directory (device and inode, not the path
// spelling), the entries this process created or renamed into it and which of
// them a completed directory fsync covers, so that exactly that redundant
// fsync is skipped: only for the reason "a new file was synced", only when no
// entry was made there since a directory fsync that this process completed.
//
// Not counted as changes: OPTIONS files (never synced, options_file_sync.hpp)
// and deletions (a deleted file that reappears after a crash is obsolete, and
// RocksDB deletes obsolete files at every open).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace mai::audit {

class DirectoryEntries {
 public:
  using Key = std::pair<dev_t, ino_t>;

  // The directory's identity, or nothing if it cannot be read (then every
  // fsync of it is made).
  static std::optional<Key> key_of(const std::string& dir);

  // After an entry named `path` was created or renamed into its directory.
  void changed(const std::string& path);
  // The directory's change count, to pass to synced() once an fsync that
  // began after this call has succeeded.
  uint64_t changes(const Key& dir);
  void synced(const Key& dir, uint64_t changes);
  // True if a completed fsync of `dir` covers every entry made in it.
  bool covered(const Key& dir);

 private:
  struct State {
    uint64_t changes = 0;
    std::optional<uint64_t> synced;
  };
  std::mutex mu_;
  std::map<Key, State> dirs_;
  bool unknown_ = false;  // an entry whose directory could not be read: skip nothing
};

// Directory fsyncs of the audit log's file system in this process: made, and
// left out as covered (for tests and measurements).
struct DirectorySyncCounts {
  uint64_t made = 0;
  uint64_t skipped = 0;
};

}  // namespace mai::audit
