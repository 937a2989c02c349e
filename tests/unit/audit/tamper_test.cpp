// The tamper battery: an attacker with write access to the database changes,
// deletes, swaps, forges, truncates, rolls back; each is caught and the first
// bad record named. And the crash test: kill -9 loses nothing acknowledged.
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <map>

#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/merkle.hpp"
#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"
#include "model/json_codec.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

// A log of 1 + 10*3 records with a tree head after each request.
struct Fixture {
  TempDir dir;
  AuditReceipt last_receipt;
  Fixture() {
    auto log = Log::open(dir.path(), default_config(), false);
    for (int i = 0; i < 10; ++i) {
      std::string id = "req-" + std::to_string(i);
      last_receipt = log->append_and_sign({ev(events::submission, id, {{"code", "print(" + std::to_string(i) + ")"}}),
                                           ev(events::assessment, id, {{"level", "LOW"}}),
                                           ev(events::result, id, {{"status", "completed"}})});
    }
  }
  const std::string& state() const { return dir.path(); }
  std::unique_ptr<Store> attacker() { return Store::open(db_dir_for(state()), Store::Mode::write, 5000); }
  VerifyReport verify(VerifyOptions o = {}) { return verify_log(state(), default_config(), o); }
  std::string receipt_file() {
    std::string f = state() + "/receipt.json";
    write_file_atomic(f, json{{"audit", to_json(last_receipt)}}.dump());
    return f;
  }
};

void put_raw(Store& s, uint64_t seq, const std::string& bytes) { s.raw_put(store_keys::record(seq), bytes); }
void del_raw(Store& s, uint64_t seq) { s.raw_delete(store_keys::record(seq)); }

}  // namespace

TEST(Tamper, IntactLogVerifies) {
  Fixture f;
  auto rep = f.verify();
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 31u);
  EXPECT_EQ(rep.tree_heads, 10u);
}

TEST(Tamper, OneChangedByteAnywhereInARecordIsNamed) {
  Fixture f;
  std::string original;
  {
    auto s = f.attacker();
    original = *s->get_record(7);
  }
  for (size_t pos = 0; pos < original.size(); pos += 3) {
    std::string bad = original;
    bad[pos] = static_cast<char>(bad[pos] ^ 0x01);
    {
      auto s = f.attacker();
      put_raw(*s, 7, bad);
    }
    auto rep = f.verify();
    ASSERT_FALSE(rep.ok) << "byte " << pos << " of " << original;
    ASSERT_EQ(rep.first_bad_seq, 7u) << "byte " << pos << ": " << rep.reason;
    EXPECT_NE(rep.reason.find("record 7"), std::string::npos) << rep.reason;
  }
  {
    auto s = f.attacker();
    put_raw(*s, 7, original);
  }
  EXPECT_TRUE(f.verify().ok);
}

TEST(Tamper, DeletedRecord) {
  Fixture f;
  {
    auto s = f.attacker();
    del_raw(*s, 12);
  }
  auto rep = f.verify();
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 12u);
  EXPECT_NE(rep.reason.find("missing"), std::string::npos) << rep.reason;
}

TEST(Tamper, SwappedRecords) {
  Fixture f;
  {
    auto s = f.attacker();
    auto a = *s->get_record(4), b = *s->get_record(9);
    put_raw(*s, 4, b);
    put_raw(*s, 9, a);
  }
  auto rep = f.verify();
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 4u);
  EXPECT_NE(rep.reason.find("swapped"), std::string::npos) << rep.reason;
}

TEST(Tamper, ForgedRecordsAreCaught) {
  // Appended at the end with a valid chain link, signed by the attacker's key.
  {
    Fixture f;
    auto s = f.attacker();
    auto head = *s->head();
    auto key = SigningKey::generate();
    Record r;
    r.seq = head.next_seq;
    r.timestamp_us = head.last_timestamp_us + 1;
    r.type = events::override_granted;
    r.request_id = "req-1";
    r.data = json{{"reason", "forged"}};
    r.prev_hash = head.last_hash;
    r.key_id = key.key_id();
    r.tree_heads = head.tree_heads;
    r.tree_head_hash = head.tree_head_hash;
    r.sig = key.sign(r.signing_input());
    std::string bytes = r.encode();
    put_raw(*s, r.seq, bytes);
    merkle::Frontier fr(head.next_seq, head.frontier);
    fr.append(record_hash(r.canonical_body()));
    head.next_seq++;
    head.frontier = fr.nodes();
    head.last_hash = record_hash(r.canonical_body());
    Store::Batch b(*s);
    b.put_head(head);
    s->write(b);
    s.reset();
    auto rep = f.verify();
    EXPECT_FALSE(rep.ok);
    EXPECT_EQ(rep.first_bad_seq, 31u);
    EXPECT_NE(rep.reason.find("signed by key"), std::string::npos) << rep.reason;
  }
  // Inserted in the middle, claiming the real key: its signature fails.
  {
    Fixture f;
    auto s = f.attacker();
    Record r = Record::decode(*s->get_record(5));
    r.data = json{{"level", "LOW"}, {"note", "rewritten"}};
    put_raw(*s, 5, r.encode());
    s.reset();
    auto rep = f.verify();
    EXPECT_FALSE(rep.ok);
    EXPECT_EQ(rep.first_bad_seq, 5u);
    EXPECT_NE(rep.reason.find("bad signature"), std::string::npos) << rep.reason;
  }
  // Appended behind the writer's back without updating the head.
  {
    Fixture f;
    auto s = f.attacker();
    put_raw(*s, 31, *s->get_record(30));
    s.reset();
    auto rep = f.verify();
    EXPECT_FALSE(rep.ok);
    EXPECT_EQ(rep.first_bad_seq, 31u);
  }
}

TEST(Tamper, TruncatedTailIsCaughtWithAReceipt) {
  Fixture f;
  std::string receipt = f.receipt_file();
  {
    // A careful attacker: removes records 25.., their tree heads, and
    // rewrites the head so that the log is self-consistent.
    auto s = f.attacker();
    merkle::Frontier fr;
    std::string last;
    int64_t ts = 0;
    for (uint64_t i = 0; i < 25; ++i) {
      auto bytes = *s->get_record(i);
      last = record_hash(Record::body_of(bytes));
      fr.append(last);
      ts = Record::decode(bytes).timestamp_us;
    }
    for (uint64_t i = 25; i < 31; ++i) {
      for (const auto& k : store_keys::index_keys(Record::decode(*s->get_record(i)))) s->raw_delete(k);
      del_raw(*s, i);
    }
    // The tree heads over the removed records go too; the last one left is
    // the newest the remaining records name.
    auto ths = s->tree_heads();
    s->raw_delete_range(store_keys::tree_head(26, 0), store_keys::tree_head(1000, 0));
    auto head = *s->head();
    head.tree_heads = 0;
    for (const auto& [k, v] : ths)
      if (read_be64(k) < 26) {
        ++head.tree_heads;
        head.tree_head_hash = TreeHead::decode(v).hash();
      }
    head.next_seq = 25;
    head.frontier = fr.nodes();
    head.last_hash = last;
    head.last_timestamp_us = ts;
    Store::Batch b(*s);
    b.put_head(head);
    s->write(b);
  }
  auto plain = f.verify();
  EXPECT_TRUE(plain.ok) << plain.reason;  // undetectable without outside evidence...
  VerifyOptions o;
  o.receipt_file = receipt;
  auto rep = f.verify(o);  // ...and caught with the receipt
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 25u);
  EXPECT_NE(rep.reason.find("truncated"), std::string::npos) << rep.reason;
}

TEST(Tamper, CarelessTruncationIsCaughtEvenWithoutAReceipt) {
  Fixture f;
  {
    auto s = f.attacker();
    for (uint64_t i = 28; i < 31; ++i) del_raw(*s, i);
  }
  auto rep = f.verify();
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 28u);
}

TEST(Tamper, RollbackToAnOlderCopyIsCaughtWithAReceipt) {
  Fixture f;
  std::string copy = f.state() + "/old-copy";
  ASSERT_EQ(std::system(("cp -a " + db_dir_for(f.state()) + " " + copy).c_str()), 0);
  {
    auto log = Log::open(f.state(), default_config(), false);
    f.last_receipt = log->append_and_sign({ev(events::service_stop, "")});
  }
  std::string receipt = f.receipt_file();
  remove_tree(db_dir_for(f.state()));
  ASSERT_EQ(std::system(("cp -a " + copy + " " + db_dir_for(f.state())).c_str()), 0);
  {
    // History rewritten after the rollback: same size, different content.
    auto log = Log::open(f.state(), default_config(), false);
    log->append({ev(events::service_start, "")});
  }
  EXPECT_TRUE(f.verify().ok);
  VerifyOptions o;
  o.receipt_file = receipt;
  auto rep = f.verify(o);
  EXPECT_FALSE(rep.ok);
  EXPECT_NE(rep.reason.find("receipt"), std::string::npos) << rep.reason;
}

TEST(Tamper, SwappedKeyIsCaught) {
  Fixture f;
  std::string key = f.state() + "/audit/signing-key.pem";
  std::string real_pub = f.state() + "/real.pub";
  write_file_atomic(real_pub, SigningKey::load_file(key).public_key().pem());
  auto other = SigningKey::generate();
  other.save_file(key);
  auto rep = f.verify();  // trusting the (swapped) local key
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 0u);
  EXPECT_NE(rep.reason.find("not signed by the trusted key"), std::string::npos) << rep.reason;
  // The writer refuses to continue the log with a key that is not its own.
  EXPECT_THROW(Log::open(f.state(), default_config(), false), AuditError);
  // The real public key still verifies the log.
  VerifyOptions o;
  o.pubkey_pem_file = real_pub;
  EXPECT_TRUE(f.verify(o).ok);
  // A foreign public key does not.
  write_file_atomic(f.state() + "/other.pub", other.public_key().pem());
  o.pubkey_pem_file = f.state() + "/other.pub";
  rep = f.verify(o);
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 0u);
}

TEST(Tamper, ReSigningWithAnotherKeyIsCaught) {
  // The attacker rebuilds the whole log with their own key: it is
  // self-consistent, but not signed by the key the verifier trusts.
  Fixture f;
  std::string real_pub = f.state() + "/real.pub";
  write_file_atomic(real_pub, SigningKey::load_file(f.state() + "/audit/signing-key.pem").public_key().pem());
  TempDir forged;
  {
    auto log = Log::open(forged.path(), default_config(), false);
    log->append({ev(events::service_start, "")});
  }
  VerifyOptions o;
  o.pubkey_pem_file = real_pub;
  auto rep = verify_log(forged.path(), default_config(), o);
  EXPECT_FALSE(rep.ok);
  EXPECT_EQ(rep.first_bad_seq, 0u);
}

TEST(Tamper, DamagedTreeHeadIsCaught) {
  Fixture f;
  {
    auto s = f.attacker();
    auto ths = s->tree_heads();
    auto t = TreeHead::decode(ths[3].second);
    t.timestamp_us += 1;  // signature no longer matches
    s->raw_put(std::string(store_keys::kTreeHead) + ths[3].first, t.encode());
  }
  auto rep = f.verify();
  EXPECT_FALSE(rep.ok);
  EXPECT_NE(rep.reason.find("tree head"), std::string::npos) << rep.reason;
}

// The crash test: a child appends at full speed and reports each
// acknowledged seq over a pipe; we kill -9 it mid-stream. Every acknowledged
// record must be there, and the log must verify. `mode` "with_next": most
// appends are sync_with_next, which must survive the process's death as well
// (written to the WAL before the append returns, synced later).
static void kill9_loses_nothing_acknowledged(const char* mode) {
  TempDir dir;
  Log::open(dir.path(), default_config(), false);  // create key and log first
  std::string self = executable_dir() + "/audit_crash_writer";
  ASSERT_TRUE(path_exists(self)) << self;
  for (int round = 0; round < 3; ++round) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::close(fds[0]);
      ::dup2(fds[1], 3);
      std::string r = std::to_string(round);
      ::execl(self.c_str(), self.c_str(), dir.path().c_str(), r.c_str(), mode, static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    std::map<uint64_t, uint64_t> acked;  // seq -> counter
    std::string buf;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(700 + 300 * round);
    char chunk[4096];
    while (std::chrono::steady_clock::now() < deadline) {
      ssize_t n = ::read(fds[0], chunk, sizeof chunk);
      if (n <= 0) break;
      buf.append(chunk, static_cast<size_t>(n));
    }
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    // What was written to the pipe before the kill was acknowledged too.
    for (;;) {
      ssize_t n = ::read(fds[0], chunk, sizeof chunk);
      if (n <= 0) break;
      buf.append(chunk, static_cast<size_t>(n));
    }
    ::close(fds[0]);
    for (size_t i = 0; i + 16 <= buf.size(); i += 16)
      acked[read_be64(std::string_view(buf.data() + i, 8))] = read_be64(std::string_view(buf.data() + i + 8, 8));
    ASSERT_GT(acked.size(), 10u) << "the writer made no progress";
    auto rep = verify_log(dir.path(), default_config(), {});
    ASSERT_TRUE(rep.ok) << rep.reason;
    auto store = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 1000);
    for (const auto& [seq, counter] : acked) {
      auto bytes = store->get_record(seq);
      ASSERT_TRUE(bytes) << "acknowledged record " << seq << " was lost";
      auto r = Record::decode(*bytes);
      ASSERT_EQ(r.data["counter"], counter) << seq;
      ASSERT_EQ(r.data["round"], round);
    }
    std::cerr << "round " << round << ": " << acked.size() << " acknowledged, " << rep.records << " in the log\n";
  }
}

TEST(Crash, Kill9LosesNothingAcknowledged) { kill9_loses_nothing_acknowledged(nullptr); }

TEST(Crash, Kill9LosesNothingWrittenForTheNextSync) { kill9_loses_nothing_acknowledged("with_next"); }

}  // namespace mai::audit

namespace mai::audit {

// Damage to the database files themselves (not a careful attacker: disk
// errors, a stray write): verification reports or refuses, never crashes.
TEST(Tamper, DamagedDatabaseFilesNeverCrash) {
  for (int round = 0; round < 6; ++round) {
    TempDir dir;
    {
      auto log = Log::open(dir.path(), default_config(), false);
      for (int i = 0; i < 5; ++i) log->append_and_sign({ev(events::service_start, "", {{"i", i}})});
    }
    Log::open(dir.path(), default_config(), false);  // recovery flushes the WAL into an SST file
    std::string db = db_dir_for(dir.path());
    std::vector<std::string> files;
    FILE* p = ::popen(("ls " + db).c_str(), "r");
    char name[512];
    while (std::fgets(name, sizeof name, p)) {
      std::string n(name);
      n.pop_back();
      if (n != "LOCK" && n.rfind("LOG", 0) != 0) files.push_back(n);
    }
    ::pclose(p);
    ASSERT_FALSE(files.empty());
    std::string victim = db + "/" + files[static_cast<size_t>(round) % files.size()];
    std::string bytes = read_file(victim);
    if (bytes.empty()) continue;
    for (size_t i = bytes.size() / 3; i < bytes.size(); i += bytes.size() / 7 + 1) bytes[i] ^= 0x5a;
    write_file_atomic(victim, bytes);
    try {
      auto rep = verify_log(dir.path(), default_config(), {});
      if (!rep.ok) {
        EXPECT_FALSE(rep.reason.empty());
      }
    } catch (const AuditError& e) {
      EXPECT_FALSE(std::string(e.what()).empty()) << victim;
    }
    try {
      auto log = Log::open(dir.path(), default_config(), false);
      log->append({ev(events::service_stop, "")});
    } catch (const AuditError& e) {
      EXPECT_FALSE(std::string(e.what()).empty()) << victim;
    }
  }
}

}  // namespace mai::audit
