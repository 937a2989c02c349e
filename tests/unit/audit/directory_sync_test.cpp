// The audit log's file system leaves out a new file's directory fsync only
// when a completed fsync of that directory covers every entry made in it
// (audit/directory_entries.hpp); every other directory fsync is made.
#include <gtest/gtest.h>
#include <rocksdb/env.h>
#include <rocksdb/file_system.h>

#include <filesystem>
#include <memory>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/options_file_sync.hpp"
#include "audit/verifier.hpp"
#include "test_util.hpp"

namespace mai::audit {
namespace {

using testing::default_config;
using testing::ev;
using testing::TempDir;

class DirectorySyncs : public ::testing::Test {
 protected:
  rocksdb::FileSystem& fs() { return *log_env()->GetFileSystem(); }
  std::unique_ptr<rocksdb::FSDirectory> directory(const std::string& path) {
    std::unique_ptr<rocksdb::FSDirectory> d;
    EXPECT_TRUE(fs().NewDirectory(path, rocksdb::IOOptions(), &d, nullptr).ok());
    return d;
  }
  void create(const std::string& path) {
    std::unique_ptr<rocksdb::FSWritableFile> f;
    ASSERT_TRUE(fs().NewWritableFile(path, rocksdb::FileOptions(), &f, nullptr).ok());
    ASSERT_TRUE(f->Close(rocksdb::IOOptions(), nullptr).ok());
  }
  // Whether the one directory fsync asked for in `step` was made (1) or left out (0).
  template <class F>
  uint64_t made_by(F&& step) {
    auto before = log_directory_syncs();
    step();
    auto after = log_directory_syncs();
    EXPECT_EQ(after.made + after.skipped, before.made + before.skipped + 1);
    return after.made - before.made;
  }
  // A directory fsync for the reason RocksDB gives at a new WAL's first sync.
  void ask(rocksdb::FSDirectory& d) {
    ASSERT_TRUE(d.FsyncWithDirOptions(rocksdb::IOOptions(), nullptr,
                                      rocksdb::DirFsyncOptions(rocksdb::DirFsyncOptions::kNewFileSynced))
                    .ok());
  }
};

TEST_F(DirectorySyncs, ANewFilesSyncSkipsTheDirectoryOnlyWhenAnEarlierFsyncCoversIt) {
  TempDir dir;
  auto d = directory(dir.path());
  // Created, never synced: made.
  EXPECT_EQ(made_by([&] { create(dir.path() + "/000001.log"); ask(*d); }), 1u);
  // Nothing new since: left out.
  EXPECT_EQ(made_by([&] { ask(*d); }), 0u);
  // Another directory object for the same directory (another spelling) knows it too.
  auto again = directory(dir.path() + "/");
  EXPECT_EQ(made_by([&] { ask(*again); }), 0u);
  // A file created after that fsync: made.
  EXPECT_EQ(made_by([&] { create(dir.path() + "/000002.log"); ask(*d); }), 1u);
  // A file renamed into the directory: made.
  EXPECT_EQ(made_by([&] {
              create(dir.path() + "/000003.dbtmp");
              ASSERT_TRUE(fs().RenameFile(dir.path() + "/000003.dbtmp", dir.path() + "/CURRENT", rocksdb::IOOptions(),
                                          nullptr)
                              .ok());
              ask(*d);
            }),
            1u);
  // A deletion or an OPTIONS file (neither needs to survive a crash): left out.
  EXPECT_EQ(made_by([&] {
              create(dir.path() + "/OPTIONS-000004.dbtmp");
              ASSERT_TRUE(fs().RenameFile(dir.path() + "/OPTIONS-000004.dbtmp", dir.path() + "/OPTIONS-000005",
                                          rocksdb::IOOptions(), nullptr)
                              .ok());
              ASSERT_TRUE(fs().DeleteFile(dir.path() + "/000001.log", rocksdb::IOOptions(), nullptr).ok());
              ask(*d);
            }),
            0u);
  // A file made in another directory does not make this one's fsync needed,
  // nor does this one's fsync cover it.
  TempDir other;
  auto o = directory(other.path());
  EXPECT_EQ(made_by([&] { create(other.path() + "/000001.log"); ask(*d); }), 0u);
  EXPECT_EQ(made_by([&] { ask(*o); }), 1u);
}

TEST_F(DirectorySyncs, OtherReasonsAreAlwaysMade) {
  TempDir dir;
  auto d = directory(dir.path());
  ask(*d);  // covered from here on
  auto before = log_directory_syncs().made;
  ASSERT_TRUE(d->Fsync(rocksdb::IOOptions(), nullptr).ok());
  ASSERT_TRUE(d->FsyncWithDirOptions(rocksdb::IOOptions(), nullptr, rocksdb::DirFsyncOptions("CURRENT")).ok());
  ASSERT_TRUE(d->FsyncWithDirOptions(rocksdb::IOOptions(), nullptr,
                                     rocksdb::DirFsyncOptions(rocksdb::DirFsyncOptions::kFileDeleted))
                  .ok());
  EXPECT_EQ(log_directory_syncs().made - before, 3u);
}

// A writer's open fsyncs the log's directory after its new WAL was created
// (CURRENT's rename), so the WAL's first synced write leaves the directory
// alone: one disk flush fewer before a run's program starts. The records
// still verify after every writer.
TEST_F(DirectorySyncs, AWritersFirstSyncedAppendMakesNoSecondDirectoryFsync) {
  TempDir dir;
  for (const char* id : {"r0", "r1", "r2"}) {
    auto at_start = log_directory_syncs();
    auto log = Log::open(dir.path(), default_config(), true);  // the first one appends log_created
    auto opened = log_directory_syncs();
    log->append_and_sign({ev(events::submission, id, {{"code", "print(1)"}, {"code_sha256", "ab"}})});
    auto after = log_directory_syncs();
    EXPECT_EQ(after.made, opened.made) << id;               // the append fsyncs no directory
    EXPECT_GE(after.skipped, at_start.skipped + 1) << id;  // its WAL's first sync left it out
  }
  auto rep = verify_log(dir.path(), default_config(), {});
  ASSERT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 1u + 3u);
}

}  // namespace
}  // namespace mai::audit
