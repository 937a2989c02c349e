// Parallel signing and verification change nothing but the speed: a group
// commit signed on a pool writes exactly the bytes sequential signing writes,
// and a verification on many threads names the same first bad record as on
// one, wherever the damage is.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <map>

#include "audit/chain.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "audit/worker_pool.hpp"
#include "common/clock.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

// Seals `n` records and 3 tree heads onto a fresh head and writes them into a
// new database in `dir`; time is fixed (a head in the future), so two runs
// with the same `when` seal the same records. `streamed`: the pool signs
// each record as it is added (room announced for `n + spare`).
std::vector<std::string> seal_into(const std::string& dir, const SigningKey& key, int n, int64_t when,
                                   WorkerPool* pool, bool streamed = false, int spare = 0) {
  auto store = Store::open(dir + "/db", Store::Mode::write, 5000);
  Head h;
  h.key_id = key.key_id();
  h.key_ids = {h.key_id};
  h.last_timestamp_us = when;
  h.last_tree_head_us = h.last_timestamp_us;
  Sealer sealer(h);
  if (streamed) sealer.sign_as_added(pool, static_cast<size_t>(n + spare));
  for (int i = 0; i < n; ++i) {
    Record r;
    r.type = events::network;
    r.request_id = "req-" + std::to_string(i / 7);
    r.data = json{{"i", i}, {"host", "example.org"}, {"bytes", std::string(i % 50, 'x')}};
    sealer.add(std::move(r), key);
    if (i % 40 == 39) sealer.add_tree_head(key);
  }
  sealer.sign(pool);
  Store::Batch b(*store);
  sealer.put_into(b);
  store->write(b);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(*store->get_record(static_cast<uint64_t>(i)));
  for (const auto& [k, v] : store->tree_heads()) out.push_back(k + v);
  return out;
}

}  // namespace

TEST(ParallelSigning, SameBytesAsSequential) {
  auto key = SigningKey::generate();
  TempDir a, b;
  const int64_t later = now_unix_us() + 3600ll * 1000000;  // every stamp is this
  auto sequential = seal_into(a.path(), key, 130, later, nullptr);
  WorkerPool pool(4);  // more threads than this machine's cores: any interleaving
  auto parallel = seal_into(b.path(), key, 130, later, &pool);
  ASSERT_EQ(sequential.size(), 130u + 3u);
  EXPECT_EQ(parallel, sequential);
  // And they are real signatures.
  for (int i = 0; i < 130; ++i) {
    Record r = Record::decode(parallel[static_cast<size_t>(i)]);
    EXPECT_TRUE(key.public_key().verify(Record::signing_input_of(parallel[static_cast<size_t>(i)]), r.sig))
        << "record " << i;
  }
}

TEST(ParallelSigning, SignedAsAddedSameBytesAsSequential) {
  auto key = SigningKey::generate();
  TempDir a, b, c;
  const int64_t later = now_unix_us() + 3600ll * 1000000;
  auto sequential = seal_into(a.path(), key, 130, later, nullptr);
  WorkerPool pool(4);
  EXPECT_EQ(seal_into(b.path(), key, 130, later, &pool, true), sequential);
  // Fewer records than announced (a batch whose events partly failed): the
  // signers waiting for the rest stop when sign() is reached.
  EXPECT_EQ(seal_into(c.path(), key, 130, later, &pool, true, 25), sequential);
}

TEST(ParallelSigning, SignedAsAddedRefusesMoreRecordsThanAnnounced) {
  auto key = SigningKey::generate();
  WorkerPool pool(2);
  Head h;
  Sealer sealer(h);
  sealer.sign_as_added(&pool, 2);
  sealer.add(Record{}, key);
  sealer.add(Record{}, key);
  EXPECT_THROW(sealer.add(Record{}, key), AuditError);  // would move the records the signers read
  EXPECT_EQ(sealer.size(), 2u);
}

// An error while sealing leaves the Sealer without sign(): its destructor
// waits for the pool's signers, which still read its records (ASan sees a
// signer that outlives them).
TEST(ParallelSigning, SealerLeftBeforeSignWaitsForItsSigners) {
  auto key = SigningKey::generate();
  WorkerPool pool(3);
  for (int round = 0; round < 20; ++round) {
    Head h;
    auto sealer = std::make_unique<Sealer>(h);
    sealer->sign_as_added(&pool, 50);
    for (int i = 0; i < 10; ++i) {
      Record r;
      r.type = events::network;
      r.data = json{{"i", i}};
      sealer->add(std::move(r), key);
    }
    sealer.reset();  // 40 announced records never come
  }
  // The pool is still usable afterwards.
  std::atomic<int> n{0};
  pool.for_each(10, 1, [&](size_t) { ++n; });
  EXPECT_EQ(n.load(), 10);
}

// Damage at the start, inside and at the edges of the verifier's chunks, one
// or two places at once: every thread count names the first.
TEST(ParallelVerification, NamesTheFirstBadRecordOnAnyThreadCount) {
  TempDir dir;
  {
    auto log = Log::open(dir.path(), default_config(), true);
    std::vector<Event> evs;
    for (int i = 0; i < 1200; ++i) evs.push_back(ev(events::network, "r" + std::to_string(i / 10), {{"i", i}}));
    log->append(evs);
  }
  auto flip_sig = [&](uint64_t seq) {
    auto s = Store::open(db_dir_for(dir.path()), Store::Mode::write, 5000);
    std::string bytes = *s->get_record(seq);
    auto at = bytes.find("\"sig\":\"") + 7;
    bytes[at] = bytes[at] == 'A' ? 'B' : 'A';  // still base64, no longer the signature
    s->raw_put(store_keys::record(seq), bytes);
    return s->get_record(seq);
  };
  auto verify_on = [&](unsigned threads) {
    VerifyOptions o;
    o.threads = threads;
    return verify_log(dir.path(), default_config(), o);
  };
  const std::vector<std::vector<uint64_t>> cases = {{1}, {2, 900}, {511, 512}, {513, 3}, {1023, 1024}, {1200}};
  for (const auto& bad : cases) {
    std::map<uint64_t, std::string> originals;
    {
      auto s = Store::open(db_dir_for(dir.path()), Store::Mode::write, 5000);
      for (uint64_t seq : bad) originals[seq] = *s->get_record(seq);
    }
    for (uint64_t seq : bad) flip_sig(seq);
    const uint64_t first = *std::min_element(bad.begin(), bad.end());
    for (unsigned threads : {1u, 2u, 3u, 8u}) {
      auto rep = verify_on(threads);
      ASSERT_FALSE(rep.ok) << "threads " << threads;
      EXPECT_EQ(rep.first_bad_seq, first) << "threads " << threads << ": " << rep.reason;
      EXPECT_NE(rep.reason.find("signature"), std::string::npos) << rep.reason;
    }
    auto s = Store::open(db_dir_for(dir.path()), Store::Mode::write, 5000);
    for (const auto& [seq, bytes] : originals) s->raw_put(store_keys::record(seq), bytes);
  }
  EXPECT_TRUE(verify_on(2).ok);
}

// Many events are encoded on the pool: a bad one still fails only its own
// append, and delivered events keep their spool seqs in order.
TEST(ParallelEncoding, ABadEventFailsOnlyItsAppendAndOrderHolds) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  std::vector<Event> bad;
  for (int i = 0; i < 40; ++i) bad.push_back(ev(events::network, "bad", {{"i", i}}));
  bad[13].type = "audit.forged";
  EXPECT_THROW(log->append(bad), AuditError);
  std::vector<Event> delivered;
  for (int i = 0; i < 40; ++i) delivered.push_back(ev(events::network, "d", {{"i", i}}));
  auto ack = log->append_delivered("worker-a", 1, delivered);
  ASSERT_EQ(ack.seqs.size(), 40u);
  EXPECT_EQ(ack.delivered_up_to, 40u);
  log.reset();
  auto store = Store::open(db_dir_for(dir.path()), Store::Mode::read_only, 0);
  for (size_t i = 0; i < 40; ++i) {
    Record r = Record::decode(*store->get_record(ack.seqs[i]));
    EXPECT_EQ(r.data["i"], static_cast<int>(i));
    EXPECT_EQ(r.data["origin"]["spool_seq"], i + 1);
  }
  EXPECT_TRUE(store->seqs_for_request("bad").empty());  // nothing of the failed append
  store.reset();
  EXPECT_TRUE(verify_log(dir.path(), default_config(), {}).ok);
}

}  // namespace mai::audit
