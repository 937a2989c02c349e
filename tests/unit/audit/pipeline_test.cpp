// The pipelined group commit of a held-open log (the WAL synced apart from
// the write, the next batch committed meanwhile): many appenders of every
// kind, with tree heads, key rotations and submissions naming parents in
// flight, leave a log in commit order that verifies; a disk that fills up
// mid-pipeline fails the append that hit it and every later one, loses no
// acknowledged append, and the log reopens intact.
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "common/files.hpp"
#include "model/json_codec.hpp"
#include "test_util.hpp"

extern char** environ;

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

// The request id of each record, by seq, read back from the database.
std::map<uint64_t, std::string> request_ids(const std::string& state) {
  auto store = Store::open(db_dir_for(state), Store::Mode::read_only, 0);
  std::map<uint64_t, std::string> out;
  store->scan_records(0, [&](std::string_view key, std::string_view value) {
    if (key.size() == 8) out[read_be64(key)] = Record::decode(value).request_id;
    return true;
  });
  return out;
}

}  // namespace

TEST(AuditPipeline, ManyAppendersOfEveryKindLeaveTheLogInCommitOrder) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  constexpr int kThreads = 24, kEach = 40;
  std::mutex mu;
  std::map<std::string, std::vector<uint64_t>> seqs_of;  // request id -> its seqs, as returned
  std::vector<AuditReceipt> receipts;
  std::atomic<bool> stop{false};
  std::atomic<int> rotations{0};
  // Tree heads and key rotations in between, as the service's timer and an
  // operator would do while appends are in flight.
  std::thread other([&] {
    for (int i = 0; !stop; ++i) {
      if (i % 20 == 19 && rotations < 2) {
        log->rotate_key();
        ++rotations;
      } else if (log->tree_size() > 1) {
        log->sign_tree_head(0, log->tree_size() - 1);
      }
      std::this_thread::yield();
    }
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        const std::string req = "t" + std::to_string(t) + "-" + std::to_string(i);
        std::vector<Event> evs;
        // Every third names the previous request of the same thread as its
        // parent, which may be in the batch still being synced.
        json sub = {{"code", "print(" + std::to_string(i) + ")"}, {"code_sha256", "x"}};
        if (i > 0 && i % 3 == 0) sub["parent_request_id"] = "t" + std::to_string(t) + "-" + std::to_string(i - 1);
        evs.push_back(ev(events::submission, req, sub));
        for (int k = 0; k < 1 + (t + i) % 3; ++k) evs.push_back(ev(events::network, req, {{"k", k}}));
        std::vector<uint64_t> seqs;
        if (i % 4 == 1) {
          AuditReceipt r = log->append_and_sign(evs);
          for (uint64_t s = r.seq_first; s <= r.seq_last; ++s) seqs.push_back(s);
          std::lock_guard<std::mutex> lk(mu);
          receipts.push_back(r);
        } else {
          seqs = log->append(evs);
        }
        std::lock_guard<std::mutex> lk(mu);
        seqs_of[req] = seqs;
      }
    });
  for (auto& th : threads) th.join();
  stop = true;
  other.join();
  log.reset();

  auto rep = verify_log(dir.path(), default_config(), {});
  ASSERT_TRUE(rep.ok) << rep.reason;
  EXPECT_GE(rep.key_ids.size(), 2u) << "the rotations took place between pipelined batches";
  // Each append's records are consecutive, where it was told, and nobody else's.
  auto ids = request_ids(dir.path());
  std::set<uint64_t> all;
  for (const auto& [req, seqs] : seqs_of) {
    ASSERT_FALSE(seqs.empty()) << req;
    for (size_t k = 0; k < seqs.size(); ++k) {
      if (k > 0) {
        ASSERT_EQ(seqs[k], seqs[k - 1] + 1) << req;
      }
      ASSERT_EQ(ids[seqs[k]], req) << "seq " << seqs[k];
      ASSERT_TRUE(all.insert(seqs[k]).second) << "seq " << seqs[k] << " given twice";
    }
  }
  // A parent in flight was found: its diff is there, not "parent_found": false.
  {
    auto store = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 0);
    int with_parent = 0;
    for (const auto& [req, seqs] : seqs_of) {
      Record r = Record::decode(*store->get_record(seqs.front()));
      if (!r.data.contains("parent_request_id")) continue;
      ++with_parent;
      EXPECT_FALSE(r.data.contains("parent_found")) << req << ": its parent was not found";
      EXPECT_TRUE(r.data.contains("diff")) << req;
    }
    EXPECT_GT(with_parent, 0);
  }
  // Receipts signed mid-pipeline verify against the final log.
  ASSERT_FALSE(receipts.empty());
  for (size_t i = 0; i < receipts.size(); i += std::max<size_t>(1, receipts.size() / 5)) {
    const std::string file = dir.path() + "/receipt.json";
    write_file_atomic(file, to_json(receipts[i]).dump());
    VerifyOptions o;
    o.receipt_file = file;
    auto r = verify_log(dir.path(), default_config(), o);
    EXPECT_TRUE(r.ok && r.receipt_checked) << r.reason;
  }
}

TEST(AuditPipeline, AFullDiskMidPipelineFailsEveryLaterAppendAndTheLogReopensIntact) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root: a small tmpfs in a private mount namespace";
  TempDir dir;
  const std::string disk = dir.path() + "/disk", out = dir.path() + "/out";
  make_dirs(disk, 0700);
  make_dirs(out, 0700);
  // A 1 MiB file system that the appenders fill; what it holds at the end
  // is copied out, as a disk would be found after the failure.
  const std::string script = "mount -t tmpfs -o size=1m,mode=0700 tmpfs " + disk + " && " + executable_dir() +
                             "/audit_log_child fill " + disk + "/state 16 >" + out + "/fill.txt 2>" + out +
                             "/fill.err; rc=$?; cp -a " + disk + "/state " + out + "/state; exit $rc";
  std::vector<std::string> args = {"unshare", "--mount", "--propagation", "private", "sh", "-c", script};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  ASSERT_EQ(::posix_spawnp(&pid, "unshare", nullptr, nullptr, argv.data(), environ), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << read_file_limited(out + "/fill.err", 1 << 20);

  std::ifstream in(out + "/fill.txt");
  std::map<std::string, uint64_t> acknowledged;
  int failures = 0;
  std::string kind, req, rest;
  while (in >> kind >> req && std::getline(in, rest)) {
    ASSERT_NE(kind, "late-ok") << req << " succeeded after an earlier append had failed:" << rest;
    if (kind == "ok") acknowledged[req] = std::stoull(rest);
    if (kind == "fail") ++failures;
  }
  ASSERT_GT(acknowledged.size(), 50u) << "the disk filled before the pipeline ran";
  ASSERT_EQ(failures, 16 * 10);

  // Reopened (RocksDB replays what the disk held): intact, every
  // acknowledged append where it was told, and it takes appends again.
  const std::string state = out + "/state";
  {
    auto log = Log::open(state, default_config(), true);
    log->append({ev(events::network, "after", {{"reopened", true}})});
  }
  auto rep = verify_log(state, default_config(), {});
  ASSERT_TRUE(rep.ok) << rep.reason;
  auto ids = request_ids(state);
  for (const auto& [r, seq] : acknowledged) ASSERT_EQ(ids[seq], r) << "acknowledged append lost: seq " << seq;
}

}  // namespace mai::audit

namespace mai::audit {

// A held-open log seals each group commit onto the head the previous one
// wrote, kept in memory. Every other kind of write in between (a tree head,
// a key rotation, pruning) must make the next commit
// read the head again: with a stale one the chain would fork, and the log
// would not verify.
TEST(AuditPipeline, TheHeadKeptInMemoryIsDroppedByEveryOtherWrite) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  auto append = [&](const std::string& req) { return log->append({ev(events::network, req, {{"k", 1}})}); };
  append("a");
  append("b");
  log->sign_tree_head(0, log->tree_size() - 1);
  append("c");
  log->rotate_key();
  append("d");
  append("e");
  ASSERT_GT(log->prune_before(2), 0u);
  const auto seqs = append("f");
  log.reset();
  auto rep = verify_log(dir.path(), default_config(), {});
  ASSERT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.tree_size, seqs.back() + 1);
  EXPECT_EQ(rep.key_ids.size(), 2u);
}

// Events are checked and encoded by each appender in its own thread, before
// it queues: a bad event fails its own append with its own reason, and only
// that one, while the appends around it go through.
TEST(AuditPipeline, BadEventsFailOnlyTheirOwnAppendAmongConcurrentOnes) {
  TempDir dir;
  auto cfg = default_config();
  auto log = Log::open(dir.path(), cfg, true);
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 30; ++i) {
        const std::string req = "t" + std::to_string(t) + "-" + std::to_string(i);
        if (t % 2 == 0) {
          EXPECT_EQ(log->append({ev(events::network, req), ev(events::network, req)}).size(), 2u);
          ++good;
          continue;
        }
        // A good event first, then a bad one: nothing of the append is written.
        std::vector<Event> evs{ev(events::network, req)};
        std::string expect;
        switch (i % 4) {
          case 0: evs.push_back(ev("audit.forged", req)); expect = "reserved for the audit engine"; break;
          case 1: evs.push_back(Event{events::network, req, json::array({1})}); expect = "must be a JSON object"; break;
          case 2: evs.push_back(ev(events::network, req, {{"x", std::string(cfg.max_record_bytes, 'x')}}));
                  expect = "more than max_record"; break;
          default: evs.push_back(ev("", req)); expect = "without a type"; break;
        }
        try {
          log->append(evs);
          ADD_FAILURE() << req << " was appended";
        } catch (const AuditError& e) {
          EXPECT_NE(std::string(e.what()).find(expect), std::string::npos) << e.what();
        }
      }
    });
  for (auto& th : threads) th.join();
  log.reset();
  auto rep = verify_log(dir.path(), default_config(), {});
  ASSERT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 1u + 2u * good.load()) << "record 0 and the good appends' records, nothing of the bad";
}

}  // namespace mai::audit
