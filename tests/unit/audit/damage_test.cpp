// The tamper battery, part two: damage to the database files themselves
// (a flipped bit in any table file or write-ahead log) and an attacker who
// deletes, reorders or truncates signed tree heads and records. Each must
// fail verification with exit status 1, naming the first bad record.
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "common/files.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

// 1 + 12 * 4 records, a tree head after each request.
void populate(const std::string& state, int requests = 12) {
  auto log = Log::open(state, default_config(), false);
  for (int i = 0; i < requests; ++i) {
    std::string id = "req-" + std::to_string(i);
    log->append_and_sign({ev(events::submission, id, {{"code", "print(" + std::to_string(i) + ")"}}),
                          ev(events::assessment, id, {{"level", "LOW"}}),
                          ev(events::network, id, {{"decision", "deny"}, {"host", std::string(200, 'h')}}),
                          ev(events::result, id, {{"status", "completed"}})});
  }
}

std::vector<std::string> files_ending(const std::string& dir, const std::string& suffix) {
  std::vector<std::string> out;
  DIR* d = ::opendir(dir.c_str());
  while (auto* e = d ? ::readdir(d) : nullptr) {
    std::string n = e->d_name;
    if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
      out.push_back(dir + "/" + n);
  }
  if (d) ::closedir(d);
  return out;
}

// Flips bits of one byte in place (same inode, as a disk error would).
void flip(const std::string& file, size_t offset, unsigned char mask = 0x10) {
  int fd = ::open(file.c_str(), O_RDWR);
  ASSERT_GE(fd, 0) << file;
  unsigned char c;
  ASSERT_EQ(::pread(fd, &c, 1, static_cast<off_t>(offset)), 1);
  c ^= mask;
  ASSERT_EQ(::pwrite(fd, &c, 1, static_cast<off_t>(offset)), 1);
  ::close(fd);
}

struct Cli {
  int status;
  std::string out;
};

Cli verify_cli(const std::string& state) {
  std::string cmd = std::string(MAI_BINARY_DIR) + "/bin/mai-sandbox --state " + state + " audit verify 2>&1";
  Cli r{-1, ""};
  FILE* p = ::popen(cmd.c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

VerifyReport verify(const std::string& state) { return verify_log(state, default_config(), {}); }

std::unique_ptr<Store> attacker(const std::string& state) {
  return Store::open(db_dir_for(state), Store::Mode::write, 5000);
}

}  // namespace

TEST(Damage, ABitFlippedAnywhereInATableFileIsNamed) {
  TempDir dir;
  populate(dir.path());
  // Writers keep the WALs until there are more than 32; the closing writer
  // then flushes them all into a table file.
  for (int i = 0; i < 40 && files_ending(db_dir_for(dir.path()), ".sst").empty(); ++i)
    Log::open(dir.path(), default_config(), false);
  auto tables = files_ending(db_dir_for(dir.path()), ".sst");
  ASSERT_FALSE(tables.empty());
  ASSERT_TRUE(verify(dir.path()).ok);
  int flips = 0;
  for (const auto& table : tables) {
    const size_t size = read_file(table).size();
    std::vector<size_t> offsets;
    for (size_t o = 0; o < size; o += size / 53 + 1) offsets.push_back(o);
    for (size_t o = size > 64 ? size - 64 : 0; o < size; o += 3) offsets.push_back(o);  // the footer
    for (size_t o : offsets) {
      flip(table, o);
      auto rep = verify(dir.path());  // never throws: damage is a report
      EXPECT_FALSE(rep.ok) << table << " byte " << o << " of " << size;
      EXPECT_TRUE(rep.first_bad_seq.has_value()) << table << " byte " << o << ": " << rep.reason;
      if (flips % 20 == 0) {
        auto cli = verify_cli(dir.path());
        EXPECT_EQ(cli.status, 1) << cli.out;
        EXPECT_NE(cli.out.find("FAILED at record"), std::string::npos) << cli.out;
      }
      flip(table, o);  // restored
      ++flips;
    }
  }
  EXPECT_TRUE(verify(dir.path()).ok);
  std::cerr << flips << " flipped bits in " << tables.size() << " table files, each named\n";
}

TEST(Damage, ABitFlippedInTheWriteAheadLogIsNamed) {
  TempDir dir;
  populate(dir.path());  // no writer opened it since: the records are in the WAL only
  auto wals = files_ending(db_dir_for(dir.path()), ".log");
  ASSERT_FALSE(wals.empty());
  for (const auto& wal : wals) {
    const size_t size = read_file(wal).size();
    if (size < 1000) continue;
    for (size_t o = size / 4; o < size - 200; o += size / 9) {
      flip(wal, o);
      auto rep = verify(dir.path());
      EXPECT_FALSE(rep.ok) << wal << " byte " << o;
      EXPECT_TRUE(rep.first_bad_seq.has_value()) << rep.reason;
      auto cli = verify_cli(dir.path());
      EXPECT_EQ(cli.status, 1) << cli.out;
      flip(wal, o);
    }
  }
  EXPECT_TRUE(verify(dir.path()).ok);
}

TEST(Damage, DeletedTreeHeadsAreNamedByTheRecordAfterThem) {
  TempDir dir;
  populate(dir.path());
  std::vector<std::pair<std::string, std::string>> ths;
  {
    auto s = attacker(dir.path());
    ths = s->tree_heads();
  }
  ASSERT_EQ(ths.size(), 12u);
  for (size_t victim : {size_t(0), size_t(5), size_t(11)}) {
    auto s = attacker(dir.path());
    s->raw_delete(std::string(store_keys::kTreeHead) + ths[victim].first);
    s.reset();
    auto rep = verify(dir.path());
    EXPECT_FALSE(rep.ok);
    const uint64_t size = read_be64(ths[victim].first);
    // The record at that tree size follows it; the newest one only the head counts.
    EXPECT_EQ(rep.first_bad_seq, victim == 11 ? size - 1 : size) << rep.reason;
    EXPECT_NE(rep.reason.find("tree heads"), std::string::npos) << rep.reason;
    EXPECT_EQ(verify_cli(dir.path()).status, 1);
    s = attacker(dir.path());
    s->raw_put(std::string(store_keys::kTreeHead) + ths[victim].first, ths[victim].second);
  }
  {
    // All of them: the "5 of 98 left" case, and then none.
    auto s = attacker(dir.path());
    for (size_t i = 5; i < ths.size(); ++i) s->raw_delete(std::string(store_keys::kTreeHead) + ths[i].first);
  }
  auto rep = verify(dir.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, read_be64(ths[5].first)) << rep.reason;
  {
    auto s = attacker(dir.path());
    s->raw_delete_range(store_keys::tree_head(0, 0), store_keys::tree_head(UINT64_MAX, 0));
  }
  rep = verify(dir.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, read_be64(ths[0].first)) << rep.reason;
}

TEST(Damage, ReorderedTreeHeadsAndRecordsAreNamed) {
  TempDir dir;
  populate(dir.path());
  {  // two tree heads' bytes swapped between their keys
    auto s = attacker(dir.path());
    auto ths = s->tree_heads();
    s->raw_put(std::string(store_keys::kTreeHead) + ths[2].first, ths[7].second);
    s->raw_put(std::string(store_keys::kTreeHead) + ths[7].first, ths[2].second);
  }
  auto rep = verify(dir.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_TRUE(rep.first_bad_seq.has_value()) << rep.reason;
  EXPECT_EQ(verify_cli(dir.path()).status, 1);

  TempDir dir2;
  populate(dir2.path());
  {  // a record moved to the end, behind the writer's back, its index moved with it
    auto s = attacker(dir2.path());
    auto head = *s->head();
    auto bytes = *s->get_record(20);
    s->raw_delete(store_keys::record(20));
    s->raw_put(store_keys::record(head.next_seq), bytes);
  }
  rep = verify(dir2.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 20u) << rep.reason;
  EXPECT_EQ(verify_cli(dir2.path()).status, 1);
}

TEST(Damage, IndexAndMetadataTamperingIsNamed) {
  TempDir dir;
  populate(dir.path());
  {  // a record's index entry removed: `audit show --request` would lose it
    auto s = attacker(dir.path());
    auto r = Record::decode(*s->get_record(14));
    s->raw_delete(store_keys::by_request(r.request_id, 14));
  }
  auto rep = verify(dir.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 14u) << rep.reason;
  {  // put back, and an entry added that files record 9 under another request
    auto s = attacker(dir.path());
    auto r = Record::decode(*s->get_record(14));
    s->raw_put(store_keys::by_request(r.request_id, 14), "");
    s->raw_put(store_keys::by_request("someone-else", 9), "");
  }
  rep = verify(dir.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 9u) << rep.reason;
  {
    auto s = attacker(dir.path());
    s->raw_delete(store_keys::by_request("someone-else", 9));
    s->raw_put("zzz-foreign", "x");
  }
  rep = verify(dir.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_NE(rep.reason.find("not part of the log"), std::string::npos) << rep.reason;
  EXPECT_EQ(verify_cli(dir.path()).status, 1);
}

TEST(Damage, CarelessTruncationAndAMissingLogAreExit1NoLogAtAllIs2) {
  TempDir dir;
  populate(dir.path());
  {
    auto s = attacker(dir.path());
    for (uint64_t i = 40; i < 49; ++i) s->raw_delete(store_keys::record(i));
  }
  auto rep = verify(dir.path());
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 40u) << rep.reason;
  EXPECT_EQ(verify_cli(dir.path()).status, 1);
  remove_tree(db_dir_for(dir.path()));  // the key is still there: there was a log
  auto cli = verify_cli(dir.path());
  EXPECT_EQ(cli.status, 1) << cli.out;
  EXPECT_NE(cli.out.find("missing"), std::string::npos) << cli.out;
  TempDir empty;
  cli = verify_cli(empty.path());
  EXPECT_EQ(cli.status, 2) << cli.out;
}

}  // namespace mai::audit
