#include "audit/options_file_sync.hpp"

#include <rocksdb/env.h>
#include <rocksdb/file_system.h>

#include <memory>
#include <string>

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

// A directory: synced, except after an OPTIONS file was renamed into it.
class Directory final : public rocksdb::FSDirectoryWrapper {
 public:
  using FSDirectoryWrapper::FSDirectoryWrapper;
  rocksdb::IOStatus FsyncWithDirOptions(const rocksdb::IOOptions& io, rocksdb::IODebugContext* dbg,
                                        const rocksdb::DirFsyncOptions& why) override {
    if (why.reason == rocksdb::DirFsyncOptions::kFileRenamed && is_options_file(why.renamed_new_name))
      return rocksdb::IOStatus::OK();
    return FSDirectoryWrapper::FsyncWithDirOptions(io, dbg, why);
  }
};

class LogFileSystem final : public rocksdb::FileSystemWrapper {
 public:
  LogFileSystem() : FileSystemWrapper(rocksdb::FileSystem::Default()) {}
  const char* Name() const override { return "MaiAuditLogFileSystem"; }

  rocksdb::IOStatus NewWritableFile(const std::string& path, const rocksdb::FileOptions& opts,
                                    std::unique_ptr<rocksdb::FSWritableFile>* out,
                                    rocksdb::IODebugContext* dbg) override {
    rocksdb::IOStatus s = FileSystemWrapper::NewWritableFile(path, opts, out, dbg);
    if (s.ok() && is_options_file(path)) *out = std::make_unique<UnsyncedFile>(std::move(*out));
    return s;
  }

  rocksdb::IOStatus NewDirectory(const std::string& path, const rocksdb::IOOptions& io,
                                 std::unique_ptr<rocksdb::FSDirectory>* out,
                                 rocksdb::IODebugContext* dbg) override {
    rocksdb::IOStatus s = FileSystemWrapper::NewDirectory(path, io, out, dbg);
    if (s.ok()) *out = std::make_unique<Directory>(std::move(*out));
    return s;
  }
};

}  // namespace

rocksdb::Env* log_env() {
  static const std::unique_ptr<rocksdb::Env> env = rocksdb::NewCompositeEnv(std::make_shared<LogFileSystem>());
  return env.get();
}

}  // namespace mai::audit
