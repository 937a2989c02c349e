#include "audit/options_file_sync.hpp"

#include <rocksdb/env.h>
#include <rocksdb/file_system.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "audit/directory_entries.hpp"

namespace mai::audit {

namespace {

bool is_options_file(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return path.compare(slash == std::string::npos ? 0 : slash + 1, 8, "OPTIONS-") == 0;
}

// An OPTIONS file (or its .dbtmp) as it is written: everything but the syncs.
class UnsyncedFile final : public rocksdb::FSWritableFileOwnerWrapper {
 public:
  using FSWritableFileOwnerWrapper::FSWritableFileOwnerWrapper;
  rocksdb::IOStatus Sync(const rocksdb::IOOptions&, rocksdb::IODebugContext*) override {
    return rocksdb::IOStatus::OK();
  }
  rocksdb::IOStatus Fsync(const rocksdb::IOOptions&, rocksdb::IODebugContext*) override {
    return rocksdb::IOStatus::OK();
  }
  rocksdb::IOStatus RangeSync(uint64_t, uint64_t, const rocksdb::IOOptions&, rocksdb::IODebugContext*) override {
    return rocksdb::IOStatus::OK();
  }
};

DirectoryEntries& entries() {
  static DirectoryEntries e;
  return e;
}
std::atomic<uint64_t> dir_syncs_made{0};
std::atomic<uint64_t> dir_syncs_skipped{0};

// A directory: synced, except after an OPTIONS file was renamed into it, and
// except a new file's first sync when a completed fsync of this directory
// already covers every entry made in it (directory_entries.hpp).
class Directory final : public rocksdb::FSDirectoryWrapper {
 public:
  Directory(std::unique_ptr<rocksdb::FSDirectory>&& dir, std::optional<DirectoryEntries::Key> key)
      : FSDirectoryWrapper(std::move(dir)), key_(key) {}

  rocksdb::IOStatus Fsync(const rocksdb::IOOptions& io, rocksdb::IODebugContext* dbg) override {
    return fsync([&] { return FSDirectoryWrapper::Fsync(io, dbg); });
  }
  rocksdb::IOStatus FsyncWithDirOptions(const rocksdb::IOOptions& io, rocksdb::IODebugContext* dbg,
                                        const rocksdb::DirFsyncOptions& why) override {
    if (why.reason == rocksdb::DirFsyncOptions::kFileRenamed && is_options_file(why.renamed_new_name))
      return rocksdb::IOStatus::OK();
    if (why.reason == rocksdb::DirFsyncOptions::kNewFileSynced && key_ && entries().covered(*key_)) {
      ++dir_syncs_skipped;
      return rocksdb::IOStatus::OK();
    }
    return fsync([&] { return FSDirectoryWrapper::FsyncWithDirOptions(io, dbg, why); });
  }

 private:
  // An fsync covers the entries made before it began.
  template <class F>
  rocksdb::IOStatus fsync(F&& call) {
    const uint64_t before = key_ ? entries().changes(*key_) : 0;
    rocksdb::IOStatus s = call();
    ++dir_syncs_made;
    if (s.ok() && key_) entries().synced(*key_, before);
    return s;
  }
  std::optional<DirectoryEntries::Key> key_;
};

class LogFileSystem final : public rocksdb::FileSystemWrapper {
 public:
  LogFileSystem() : FileSystemWrapper(rocksdb::FileSystem::Default()) {}
  const char* Name() const override { return "MaiAuditLogFileSystem"; }

  rocksdb::IOStatus NewWritableFile(const std::string& path, const rocksdb::FileOptions& opts,
                                    std::unique_ptr<rocksdb::FSWritableFile>* out,
                                    rocksdb::IODebugContext* dbg) override {
    rocksdb::IOStatus s = FileSystemWrapper::NewWritableFile(path, opts, out, dbg);
    if (is_options_file(path)) {
      if (s.ok()) *out = std::make_unique<UnsyncedFile>(std::move(*out));
    } else {
      entries().changed(path);
    }
    return s;
  }

  // Every other way an entry appears in a directory (after the call, whatever
  // it returned: a failed one may still have made it).
  rocksdb::IOStatus ReopenWritableFile(const std::string& path, const rocksdb::FileOptions& opts,
                                       std::unique_ptr<rocksdb::FSWritableFile>* out,
                                       rocksdb::IODebugContext* dbg) override {
    return noting(path, FileSystemWrapper::ReopenWritableFile(path, opts, out, dbg));
  }
  rocksdb::IOStatus ReuseWritableFile(const std::string& path, const std::string& old,
                                      const rocksdb::FileOptions& opts,
                                      std::unique_ptr<rocksdb::FSWritableFile>* out,
                                      rocksdb::IODebugContext* dbg) override {
    return noting(path, FileSystemWrapper::ReuseWritableFile(path, old, opts, out, dbg));
  }
  rocksdb::IOStatus NewRandomRWFile(const std::string& path, const rocksdb::FileOptions& opts,
                                    std::unique_ptr<rocksdb::FSRandomRWFile>* out,
                                    rocksdb::IODebugContext* dbg) override {
    return noting(path, FileSystemWrapper::NewRandomRWFile(path, opts, out, dbg));
  }
  rocksdb::IOStatus RenameFile(const std::string& from, const std::string& to, const rocksdb::IOOptions& io,
                               rocksdb::IODebugContext* dbg) override {
    rocksdb::IOStatus s = FileSystemWrapper::RenameFile(from, to, io, dbg);
    if (!is_options_file(to)) entries().changed(to);
    return s;
  }
  rocksdb::IOStatus LinkFile(const std::string& from, const std::string& to, const rocksdb::IOOptions& io,
                             rocksdb::IODebugContext* dbg) override {
    return noting(to, FileSystemWrapper::LinkFile(from, to, io, dbg));
  }
  rocksdb::IOStatus CreateDir(const std::string& dir, const rocksdb::IOOptions& io,
                              rocksdb::IODebugContext* dbg) override {
    return noting(dir, FileSystemWrapper::CreateDir(dir, io, dbg));
  }
  rocksdb::IOStatus CreateDirIfMissing(const std::string& dir, const rocksdb::IOOptions& io,
                                       rocksdb::IODebugContext* dbg) override {
    return noting(dir, FileSystemWrapper::CreateDirIfMissing(dir, io, dbg));
  }

  rocksdb::IOStatus NewDirectory(const std::string& path, const rocksdb::IOOptions& io,
                                 std::unique_ptr<rocksdb::FSDirectory>* out,
                                 rocksdb::IODebugContext* dbg) override {
    rocksdb::IOStatus s = FileSystemWrapper::NewDirectory(path, io, out, dbg);
    if (s.ok()) *out = std::make_unique<Directory>(std::move(*out), DirectoryEntries::key_of(path));
    return s;
  }

 private:
  static rocksdb::IOStatus noting(const std::string& path, rocksdb::IOStatus s) {
    entries().changed(path);
    return s;
  }
};

}  // namespace

rocksdb::Env* log_env() {
  static const std::unique_ptr<rocksdb::Env> env = rocksdb::NewCompositeEnv(std::make_shared<LogFileSystem>());
  return env.get();
}

DirectorySyncCounts log_directory_syncs() { return {dir_syncs_made.load(), dir_syncs_skipped.load()}; }

}  // namespace mai::audit
