#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <set>
#include <thread>

#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include <rocksdb/db.h>
#include "common/files.hpp"
#include "model/json_codec.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

VerifyReport verify(const std::string& state, VerifyOptions opts = {}) {
  return verify_log(state, default_config(), opts);
}

std::vector<Event> a_request(const std::string& id) {
  return {ev(events::submission, id, {{"code", "print(1)"}, {"code_sha256", "ab"}}),
          ev(events::assessment, id, {{"level", "LOW"}, {"findings", json::array()}}),
          ev(events::execution_start, id, {{"limits", {{"cpus", 0.5}, {"memory_bytes", 268435456}}}}),
          ev(events::execution_end, id, {{"termination", "exited"}, {"exit_code", 0}}),
          ev(events::result, id, {{"status", "completed"}})};
}

}  // namespace

TEST(AuditLog, AppendsAndVerifies) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  auto seqs = log->append(a_request("r1"));
  ASSERT_EQ(seqs, (std::vector<uint64_t>{1, 2, 3, 4, 5}));  // record 0 is audit.log_created
  auto receipt = log->sign_tree_head(seqs.front(), seqs.back());
  EXPECT_EQ(receipt.tree_size, 6u);
  EXPECT_EQ(receipt.key_id, log->key_id());
  EXPECT_EQ(receipt.root_hash.size(), 64u);
  log.reset();
  auto rep = verify(dir.path());
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 6u);
  EXPECT_EQ(rep.tree_heads, 1u);
  EXPECT_EQ(rep.root_hash, receipt.root_hash);
}

// sync_with_next events take their place in the chain like any other; those
// a writer leaves unsynced are synced when it lets go, and another writer
// (a later process) continues the chain after them.
TEST(AuditLog, EventsSyncedWithTheNextAreInTheChain) {
  TempDir dir;
  auto deferred = [](std::vector<Event> evs) {
    for (auto& e : evs) e.sync_with_next = true;
    return evs;
  };
  {
    auto log = Log::open(dir.path(), default_config(), false);
    auto seqs = log->append(deferred(a_request("r1")));
    ASSERT_EQ(seqs, (std::vector<uint64_t>{1, 2, 3, 4, 5}));
    // A synced append covers them; its receipt covers both.
    auto receipt = log->append_and_sign(a_request("r2"));
    EXPECT_EQ(receipt.tree_size, 11u);  // record 0 and both requests
    log->append(deferred(a_request("r3")));  // left unsynced: the closing writer syncs it
  }
  {
    auto log = Log::open(dir.path(), default_config(), false);
    EXPECT_EQ(log->append(a_request("r4")).front(), 16u);
  }
  auto rep = verify(dir.path());
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 21u);
  auto store = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 1000);
  for (uint64_t seq : {1u, 5u, 11u, 15u, 20u}) EXPECT_TRUE(store->get_record(seq)) << seq;
}

TEST(AuditLog, KeyAndDirectoryModes) {
  TempDir dir;
  Log::open(dir.path(), default_config(), false);
  struct stat st {};
  ASSERT_EQ(::stat((dir.path() + "/audit/signing-key.pem").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  ASSERT_EQ(::stat((dir.path() + "/audit").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
}

TEST(AuditLog, TransientModeLetsProcessesTakeTurns) {
  TempDir dir;
  auto a = Log::open(dir.path(), default_config(), false);
  auto b = Log::open(dir.path(), default_config(), false);
  std::set<uint64_t> all;
  for (int i = 0; i < 5; ++i) {
    for (auto s : a->append(a_request("a" + std::to_string(i)))) all.insert(s);
    for (auto s : b->append(a_request("b" + std::to_string(i)))) all.insert(s);
  }
  EXPECT_EQ(all.size(), 50u);
  EXPECT_EQ(*all.rbegin(), 50u);
  auto rep = verify(dir.path());
  EXPECT_TRUE(rep.ok) << rep.reason;
}

TEST(AuditLog, HeldLogMakesOtherWritersWaitThenGiveUp) {
  TempDir dir;
  auto held = Log::open(dir.path(), default_config(), true);
  auto cfg = default_config();
  cfg.lock_wait_ms = 300;
  try {
    Log::open(dir.path(), cfg, false);
    FAIL() << "a second writer got in";
  } catch (const AuditError& e) {
    EXPECT_NE(std::string(e.what()).find("held by another process"), std::string::npos) << e.what();
  }
  // Readers are never locked out.
  EXPECT_TRUE(verify(dir.path()).ok);
}

TEST(AuditLog, WaitsForTheLockToBeReleased) {
  TempDir dir;
  auto held = Log::open(dir.path(), default_config(), true);
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    held.reset();
  });
  auto other = Log::open(dir.path(), default_config(), false);  // waits, then gets in
  EXPECT_EQ(other->append({ev(events::service_start, "")}).size(), 1u);
  release.join();
}

TEST(AuditLog, GroupCommitFromManyThreads) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  std::vector<std::thread> threads;
  std::mutex mu;
  std::set<uint64_t> seen;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) {
        auto seqs = log->append(a_request("t" + std::to_string(t) + "-" + std::to_string(i)));
        for (size_t k = 1; k < seqs.size(); ++k) ASSERT_EQ(seqs[k], seqs[k - 1] + 1);
        std::lock_guard<std::mutex> lk(mu);
        seen.insert(seqs.begin(), seqs.end());
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(seen.size(), 8u * 20 * 5);
  log.reset();
  auto rep = verify(dir.path());
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 801u);
}

TEST(AuditLog, AppendAndSignGivesAReceiptThatVerifies) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), false);
  auto receipt = log->append_and_sign(a_request("r1"));
  EXPECT_EQ(receipt.seq_first, 1u);
  EXPECT_EQ(receipt.seq_last, 5u);
  EXPECT_EQ(receipt.tree_size, 6u);
  log->append(a_request("r2"));
  std::string file = dir.path() + "/result.json";
  write_file_atomic(file, json{{"request_id", "r1"}, {"audit", to_json(receipt)}}.dump());
  VerifyOptions o;
  o.receipt_file = file;
  auto rep = verify(dir.path(), o);
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_TRUE(rep.receipt_checked);
  // A bare receipt works too; an altered one does not.
  auto j = to_json(receipt);
  write_file_atomic(file, j.dump());
  EXPECT_TRUE(verify(dir.path(), o).ok);
  j["tree_size"] = 5;
  write_file_atomic(file, j.dump());
  auto bad = verify(dir.path(), o);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.reason.find("receipt"), std::string::npos) << bad.reason;
}

TEST(AuditLog, FloatsBecomeStringsAndHugeEventsAreRefused) {
  TempDir dir;
  auto cfg = default_config();
  auto log = Log::open(dir.path(), cfg, true);
  auto seq = log->append({ev(events::service_start, "", {{"cpus", 1.5}})}).at(0);
  auto store = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 1000);
  auto r = Record::decode(*store->get_record(seq));
  EXPECT_EQ(r.data["cpus"], "1.5");
  std::string big(cfg.max_record_bytes, 'x');
  EXPECT_THROW(log->append({ev(events::submission, "r", {{"code", big}})}), AuditError);
  EXPECT_THROW(log->append({ev("", "r")}), AuditError);
  EXPECT_THROW(log->append({ev(events::key_rotated, "r")}), AuditError);  // reserved
  EXPECT_EQ(log->append({ev(events::service_stop, "")}).at(0), seq + 1);  // the log goes on
}

TEST(AuditLog, KeyRotationIsASignedRecord) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), false);
  std::string old_pem = dir.path() + "/old.pub";
  write_file_atomic(old_pem, log->public_key().pem());
  std::string old_id = log->key_id();
  log->append(a_request("r1"));
  std::string new_id = log->rotate_key();
  EXPECT_NE(new_id, old_id);
  EXPECT_EQ(log->key_id(), new_id);
  auto receipt = log->append_and_sign(a_request("r2"));
  EXPECT_EQ(receipt.key_id, new_id);
  log.reset();
  // A fresh process picks up the rotated key.
  auto again = Log::open(dir.path(), default_config(), false);
  EXPECT_EQ(again->key_id(), new_id);
  auto rep = verify(dir.path());
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.key_ids, (std::vector<std::string>{old_id, new_id}));
  VerifyOptions o;
  o.pubkey_pem_file = old_pem;  // the original key still anchors the whole history
  EXPECT_TRUE(verify(dir.path(), o).ok);
}

TEST(AuditLog, PruningLeavesACheckpointFromWhichTheRestVerifies) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), false);
  for (int i = 0; i < 10; ++i) log->append_and_sign(a_request("r" + std::to_string(i)));
  auto late = log->append_and_sign(a_request("late"));
  EXPECT_EQ(log->prune_before(23), 23u);
  EXPECT_EQ(log->prune_before(23), 0u);
  log->rotate_key();
  log->append(a_request("after"));
  log->prune_before(31);
  log.reset();
  auto rep = verify(dir.path());
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.first_seq, 31u);
  std::string file = dir.path() + "/receipt.json";
  write_file_atomic(file, to_json(late).dump());
  VerifyOptions o;
  o.receipt_file = file;
  auto r2 = verify(dir.path(), o);
  EXPECT_TRUE(r2.ok) << r2.reason;
  auto store = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 1000);
  EXPECT_EQ(store->seqs_for_type(events::pruned).size(), 2u);
}

TEST(AuditLog, IdleTreeHeads) {
  TempDir dir;
  auto cfg = default_config();
  cfg.tree_head_interval_ms = 50;
  auto log = Log::open(dir.path(), cfg, true);
  EXPECT_TRUE(log->sign_tree_head_if_due().has_value());
  EXPECT_FALSE(log->sign_tree_head_if_due().has_value());
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  auto th = log->sign_tree_head_if_due();
  ASSERT_TRUE(th.has_value());
  EXPECT_EQ(th->tree_size, 1u);
  log.reset();
  auto rep = verify(dir.path());
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.tree_heads, 2u);
}

TEST(AuditLog, ClearErrorsForBadState) {
  {  // no log at all
    TempDir dir;
    Log::open(dir.path(), default_config(), false);  // creates key and log
    TempDir empty;
    VerifyOptions o;
    o.pubkey_pem_file = dir.path() + "/nonexistent.pem";
    EXPECT_THROW(verify(empty.path(), o), AuditError);
    EXPECT_THROW(verify(empty.path()), AuditError);
  }
  {  // the key went missing
    TempDir dir;
    Log::open(dir.path(), default_config(), false);
    ::unlink((dir.path() + "/audit/signing-key.pem").c_str());
    try {
      Log::open(dir.path(), default_config(), false);
      FAIL();
    } catch (const AuditError& e) {
      EXPECT_NE(std::string(e.what()).find("is missing"), std::string::npos) << e.what();
    }
  }
  {  // a key others can read
    TempDir dir;
    Log::open(dir.path(), default_config(), false);
    ::chmod((dir.path() + "/audit/signing-key.pem").c_str(), 0640);
    EXPECT_THROW(Log::open(dir.path(), default_config(), false), AuditError);
  }
  {  // a foreign RocksDB database
    TempDir dir;
    make_dirs(dir.path() + "/audit", 0700);
    rocksdb::Options o;
    o.create_if_missing = true;
    rocksdb::DB* db = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(o, db_dir_for(dir.path()), &db).ok());
    db->Put(rocksdb::WriteOptions(), "x", "y");
    delete db;
    try {
      Log::open(dir.path(), default_config(), false);
      FAIL();
    } catch (const AuditError& e) {
      EXPECT_NE(std::string(e.what()).find("not a mai-sandbox audit log"), std::string::npos) << e.what();
    }
  }
  {  // garbage where the database should be
    TempDir dir;
    make_dirs(db_dir_for(dir.path()), 0700);
    write_file_atomic(db_dir_for(dir.path()) + "/CURRENT", "MANIFEST-000999\n");
    EXPECT_THROW(Log::open(dir.path(), default_config(), false), AuditError);
    VerifyOptions o;
    EXPECT_THROW(verify(dir.path(), o), AuditError);
  }
  {  // a wrong public key file
    TempDir dir;
    Log::open(dir.path(), default_config(), false);
    write_file_atomic(dir.path() + "/bad.pem", "hello");
    VerifyOptions o;
    o.pubkey_pem_file = dir.path() + "/bad.pem";
    EXPECT_THROW(verify(dir.path(), o), AuditError);
  }
}

}  // namespace mai::audit

namespace mai::audit {

TEST(AuditLog, SubmissionsNamingAParentGetADiff) {
  testing::TempDir dir;
  auto log = Log::open(dir.path(), testing::default_config(), false);
  log->append({testing::ev(events::submission, "p1", {{"code", "a\nb\n"}})});
  auto seqs = log->append({testing::ev(events::submission, "c1", {{"code", "a\nB\n"}, {"parent_request_id", "p1"}}),
                           testing::ev(events::submission, "c2", {{"code", "a\nB\nc\n"}, {"parent_request_id", "c1"}}),
                           testing::ev(events::submission, "c3", {{"code", "x\n"}, {"parent_request_id", "nope"}})});
  EXPECT_EQ(log->submission_code("c1"), std::optional<std::string>("a\nB\n"));
  log.reset();
  auto store = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 1000);
  auto c1 = Record::decode(*store->get_record(seqs[0]));
  EXPECT_EQ(c1.data["diff"], "--- parent/p1\n+++ submission/c1\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n");
  EXPECT_EQ(c1.data["parent_code_sha256"].get<std::string>().size(), 64u);
  auto c2 = Record::decode(*store->get_record(seqs[1]));  // parent earlier in the same batch
  EXPECT_EQ(c2.data["diff"], "--- parent/c1\n+++ submission/c2\n@@ -1,2 +1,3 @@\n a\n B\n+c\n");
  auto c3 = Record::decode(*store->get_record(seqs[2]));
  EXPECT_EQ(c3.data["parent_found"], false);
  EXPECT_FALSE(c3.data.contains("diff"));
}

}  // namespace mai::audit

namespace mai::audit {

// One writer appending at full speed, readers verifying meanwhile: every
// reader sees a consistent prefix of the log.
TEST(AuditLog, ReadersVerifyWhileTheWriterAppends) {
  testing::TempDir dir;
  auto log = Log::open(dir.path(), testing::default_config(), true);
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    int i = 0;
    while (!stop) log->append_and_sign({testing::ev(events::service_start, "", {{"i", i++}})});
  });
  uint64_t last = 0;
  for (int k = 0; k < 15; ++k) {
    auto rep = verify_log(dir.path(), testing::default_config(), {});
    ASSERT_TRUE(rep.ok) << rep.reason;
    EXPECT_GE(rep.records, last);
    last = rep.records;
  }
  stop = true;
  writer.join();
  EXPECT_GT(last, 1u);
}

// A rotation whose process died between recording it and renaming the new
// key into place is finished by the next writer.
TEST(AuditLog, InterruptedRotationIsFinished) {
  testing::TempDir dir;
  std::string key = dir.path() + "/audit/signing-key.pem";
  std::string old_key;
  {
    auto log = Log::open(dir.path(), testing::default_config(), false);
    old_key = read_file(key);
    log->rotate_key();
  }
  // Put the state back to "recorded, not yet renamed".
  ::rename(key.c_str(), (key + ".new").c_str());
  write_file_atomic(key, old_key, 0600);
  auto log = Log::open(dir.path(), testing::default_config(), false);
  log->append({testing::ev(events::service_start, "")});
  EXPECT_FALSE(path_exists(key + ".new"));
  log.reset();
  auto rep = verify_log(dir.path(), testing::default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.key_ids.size(), 2u);
}

}  // namespace mai::audit

namespace mai::audit {

TEST(AuditConfig, Retention) {
  auto parse = [](const std::string& retention) {
    std::string text = config::Source::builtin("audit.yaml");
    auto pos = text.find("retention: forever");
    EXPECT_NE(pos, std::string::npos);
    text.replace(pos, std::string("retention: forever").size(), "retention: " + retention);
    return config::parse_audit_config(config::Node::parse("audit.yaml", text)).retention_ms;
  };
  EXPECT_EQ(testing::default_config().retention_ms, 0u);
  EXPECT_EQ(parse("forever"), 0u);
  EXPECT_EQ(parse("0"), 0u);
  EXPECT_EQ(parse("90d"), 90ull * 86400 * 1000);
  EXPECT_EQ(parse("1.5d"), 36ull * 3600 * 1000);
  EXPECT_EQ(parse("2h"), 2ull * 3600 * 1000);
  EXPECT_THROW(parse("10s"), ConfigError);  // too short
  EXPECT_THROW(parse("soon"), ConfigError);
  EXPECT_THROW(parse("xd"), ConfigError);
}

TEST(AuditLog, PruneExpiredFollowsRetention) {
  testing::TempDir dir;
  auto cfg = testing::default_config();
  auto log = Log::open(dir.path(), cfg, false);
  log->append({testing::ev(events::service_start, "")});
  EXPECT_EQ(log->prune_expired(), 0u);  // retention: forever
  log.reset();
  cfg.retention_ms = 60000;
  log = Log::open(dir.path(), cfg, false);
  EXPECT_EQ(log->prune_expired(), 0u);  // nothing is a minute old
  log.reset();
  cfg.retention_ms = 1;  // (below what audit.yaml accepts: for the test only)
  log = Log::open(dir.path(), cfg, false);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(log->prune_expired(), 2u);  // audit.log_created and service.start
  log.reset();
  auto rep = verify_log(dir.path(), cfg, {});
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.first_seq, 2u);
}

}  // namespace mai::audit

namespace mai::audit {

// Short-lived writers keep their synced WALs instead of flushing them at
// every open; the closing writer flushes once they pass their bound, so a
// history of many runs leaves few WALs to replay, and loses nothing.
TEST(AuditLog, ManyShortWritersKeepFewWals) {
  TempDir dir;
  auto wal_count = [&] {
    size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(db_dir_for(dir.path())))
      if (e.path().extension() == ".log") ++n;
    return n;
  };
  size_t most = 0;
  for (int i = 0; i < 80; ++i) {
    auto log = Log::open(dir.path(), default_config(), false);
    log->append_and_sign(a_request("r" + std::to_string(i)));
    log.reset();  // closes the database
    most = std::max(most, wal_count());
  }
  EXPECT_GT(most, 2u);   // WALs are kept between writers...
  EXPECT_LE(most, 34u);  // ...up to the bound, then flushed
  auto rep = verify(dir.path());
  ASSERT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 1u + 80u * 5u);  // log_created, then 5 events per writer
  EXPECT_EQ(rep.tree_heads, 80u);
}


// The OPTIONS file RocksDB writes at every open is not synced
// (audit/options_file_sync.hpp): after a crash the newest one may be torn,
// missing, or left as its .dbtmp. None of that may stop the log from opening,
// appending and verifying.
TEST(AuditLog, OpensWhateverACrashLeftOfItsOptionsFiles) {
  TempDir dir;
  auto options_files = [&] {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(db_dir_for(dir.path())))
      if (e.path().filename().string().rfind("OPTIONS-", 0) == 0) out.push_back(e.path());
    return out;
  };
  auto one_writer = [&](const std::string& id) {
    auto log = Log::open(dir.path(), default_config(), true);
    log->append_and_sign(a_request(id));
  };
  one_writer("r0");
  ASSERT_FALSE(options_files().empty());
  // Torn: each cut in the middle of a line; a temporary file left beside them.
  for (const auto& f : options_files()) std::filesystem::resize_file(f, std::filesystem::file_size(f) / 2);
  write_file_atomic(db_dir_for(dir.path()) + "/OPTIONS-999999.dbtmp", "[Version]\n  rocksdb_ver");
  one_writer("r1");
  // Lost: none at all.
  for (const auto& f : options_files()) std::filesystem::remove(f);
  one_writer("r2");
  auto rep = verify(dir.path());
  ASSERT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 1u + 3u * 5u);
  EXPECT_EQ(rep.tree_heads, 3u);
}

}  // namespace mai::audit
