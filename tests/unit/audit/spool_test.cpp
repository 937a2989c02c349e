// The worker's audit spool (audit/spool.hpp) and exactly-once delivery into
// the coordinator's log (Log::append_delivered), on real RocksDB, including
// kill -9 of a child mid-append and mid-delivery.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/spool.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "common/files.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

std::vector<Event> numbered(uint64_t from, uint64_t n, const std::string& req = "r") {
  std::vector<Event> out;
  for (uint64_t i = 0; i < n; ++i) out.push_back(ev(events::network, req, {{"n", from + i}, {"cpus", 0.5}}));
  return out;
}

// Runs the crash child with fd 3 as a pipe for `ms`, kills it with SIGKILL and
// returns everything it wrote to fd 3.
std::string run_and_kill(const std::vector<std::string>& args, int ms) {
  std::string self = executable_dir() + "/audit_delivery_crash_child";
  EXPECT_TRUE(path_exists(self)) << self;
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  pid_t pid = ::fork();
  EXPECT_GE(pid, 0);
  if (pid == 0) {
    ::close(fds[0]);
    ::dup2(fds[1], 3);
    std::vector<char*> argv{const_cast<char*>(self.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(self.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  std::string buf;
  char chunk[4096];
  // The child's `ms` start with its first report (start-up can be slow on a
  // loaded machine), waited for up to 30 s.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  bool started = false;
  for (;;) {  // poll: the child may go quiet (nothing left to deliver)
    if (!started && !buf.empty()) {
      started = true;
      deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    struct pollfd pfd {fds[0], POLLIN, 0};
    int r = ::poll(&pfd, 1, static_cast<int>(left.count()));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    ssize_t n = ::read(fds[0], chunk, sizeof chunk);
    if (n <= 0) break;
    buf.append(chunk, static_cast<size_t>(n));
  }
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the child ended by itself: " << status;
  for (;;) {  // what it wrote before the kill was acknowledged too
    ssize_t n = ::read(fds[0], chunk, sizeof chunk);
    if (n <= 0) break;
    buf.append(chunk, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  return buf;
}

// The log's records from `origin`, in log order: (spool_seq, data.n).
std::vector<std::pair<uint64_t, json>> delivered_records(const std::string& state, const std::string& origin) {
  std::vector<std::pair<uint64_t, json>> out;
  auto store = Store::open(db_dir_for(state), Store::Mode::read_only, 1000);
  store->scan_records(0, [&](std::string_view, std::string_view v) {
    Record r = Record::decode(v);
    if (r.data.contains("origin") && r.data["origin"].is_object() && r.data["origin"]["node"] == origin)
      out.emplace_back(r.data["origin"]["spool_seq"].get<uint64_t>(), r.data);
    return true;
  });
  return out;
}

}  // namespace

// ---------------------------------------------------------------- the spool

TEST(Spool, AppendsInOrderFromOne) {
  TempDir dir;
  auto s = Spool::open(dir.path() + "/spool");
  EXPECT_EQ(s->last_seq(), 0u);
  EXPECT_EQ(s->acknowledged(), 0u);
  EXPECT_TRUE(s->pending(10).empty());
  EXPECT_EQ(s->append(numbered(0, 3)), (std::vector<uint64_t>{1, 2, 3}));
  EXPECT_EQ(s->append(numbered(3, 2)), (std::vector<uint64_t>{4, 5}));
  EXPECT_TRUE(s->append({}).empty());
  EXPECT_EQ(s->last_seq(), 5u);
  auto p = s->pending(100);
  ASSERT_EQ(p.size(), 5u);
  for (size_t i = 0; i < p.size(); ++i) {
    EXPECT_EQ(p[i].spool_seq, i + 1);
    EXPECT_EQ(p[i].event.type, events::network);
    EXPECT_EQ(p[i].event.request_id, "r");
    EXPECT_EQ(p[i].event.data["n"], i);
    EXPECT_EQ(p[i].event.data["cpus"], 0.5);  // kept as it was given; the log normalises
  }
  auto first2 = s->pending(2);
  ASSERT_EQ(first2.size(), 2u);
  EXPECT_EQ(first2[1].spool_seq, 2u);
  EXPECT_TRUE(s->pending(0).empty());
  EXPECT_EQ(s->origin_id().size(), 32u);
}

TEST(Spool, BadEventsAreRefusedAndSpoolNothing) {
  TempDir dir;
  auto s = Spool::open(dir.path());
  EXPECT_THROW(s->append({ev(events::network, "a"), ev("", "b")}), AuditError);
  EXPECT_THROW(s->append({ev(events::network, std::string("\xff\xfe"))}), AuditError);
  EXPECT_THROW(s->append({Event{events::network, "x", json::array()}}), AuditError);
  EXPECT_THROW(s->append({ev(events::network, "x", {{"bad", std::string("\xc3\x28")}})}), AuditError);
  EXPECT_EQ(s->last_seq(), 0u);
  EXPECT_EQ(s->append({Event{events::network, "x", json(nullptr)}}), (std::vector<uint64_t>{1}));
  EXPECT_TRUE(s->pending(1)[0].event.data.is_object());
}

TEST(Spool, SurvivesRestartWithTheSameOrigin) {
  TempDir dir;
  std::string origin;
  {
    auto s = Spool::open(dir.path());
    origin = s->origin_id();
    s->append(numbered(0, 10));
    s->acknowledge(4);
  }
  auto s = Spool::open(dir.path());
  EXPECT_EQ(s->origin_id(), origin);
  EXPECT_EQ(s->last_seq(), 10u);
  EXPECT_EQ(s->acknowledged(), 4u);
  auto p = s->pending(100);
  ASSERT_EQ(p.size(), 6u);
  EXPECT_EQ(p.front().spool_seq, 5u);
  EXPECT_EQ(p.front().event.data["n"], 4);
  EXPECT_EQ(s->append(numbered(10, 1)), (std::vector<uint64_t>{11}));
  // Everything acknowledged, then a restart: the seqs continue, never reused.
  s->acknowledge(11);
  s.reset();
  s = Spool::open(dir.path());
  EXPECT_TRUE(s->pending(10).empty());
  EXPECT_EQ(s->append(numbered(11, 1)), (std::vector<uint64_t>{12}));
  // Another spool elsewhere has another origin.
  TempDir other;
  EXPECT_NE(Spool::open(other.path())->origin_id(), origin);
}

TEST(Spool, AcknowledgeDeletesIsIdempotentAndNeverGoesBack) {
  TempDir dir;
  auto s = Spool::open(dir.path());
  s->append(numbered(0, 8));
  s->acknowledge(3);
  EXPECT_EQ(s->acknowledged(), 3u);
  EXPECT_EQ(s->pending(100).front().spool_seq, 4u);
  s->acknowledge(3);  // idempotent
  s->acknowledge(1);  // backwards: nothing
  s->acknowledge(0);
  EXPECT_EQ(s->acknowledged(), 3u);
  EXPECT_EQ(s->pending(100).size(), 5u);
  EXPECT_THROW(s->acknowledge(9), AuditError);  // never spooled
  EXPECT_EQ(s->acknowledged(), 3u);
  s->acknowledge(8);
  EXPECT_TRUE(s->pending(100).empty());
  s.reset();
  // Deleted for good: a reopened spool has none of them (on disk, not just hidden).
  s = Spool::open(dir.path());
  EXPECT_EQ(s->acknowledged(), 8u);
  EXPECT_TRUE(s->pending(100).empty());
}

TEST(Spool, ClearErrors) {
  TempDir dir;
  auto s = Spool::open(dir.path());
  try {
    Spool::open(dir.path());  // held by this process
    FAIL() << "a second open of a held spool succeeded";
  } catch (const AuditError& e) {
    EXPECT_NE(std::string(e.what()).find("held by another process"), std::string::npos) << e.what();
  }
  s.reset();
  // An audit log is a RocksDB database, but not a spool.
  TempDir logdir;
  Log::open(logdir.path(), default_config(), false);
  try {
    Spool::open(db_dir_for(logdir.path()));
    FAIL() << "an audit log was opened as a spool";
  } catch (const AuditError& e) {
    EXPECT_NE(std::string(e.what()).find("not a mai-sandbox audit spool"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Spool::open(""), AuditError);
  EXPECT_THROW(Spool::open("/proc/self/no/such/dir"), AuditError);
}

TEST(Spool, ConcurrentAppendersGetContiguousSeqsInCallOrder) {
  TempDir dir;
  auto s = Spool::open(dir.path());
  const int threads = 6, calls = 40;
  std::vector<std::vector<std::vector<uint64_t>>> got(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int c = 0; c < calls; ++c) {
        std::vector<Event> evs;
        for (int i = 0; i < 1 + c % 3; ++i)
          evs.push_back(ev(events::network, "t" + std::to_string(t), {{"c", c}, {"i", i}}));
        got[t].push_back(s->append(evs));
      }
    });
  for (auto& th : pool) th.join();
  std::set<uint64_t> all;
  uint64_t total = 0;
  for (int t = 0; t < threads; ++t) {
    uint64_t prev = 0;
    for (const auto& seqs : got[t]) {
      for (size_t i = 1; i < seqs.size(); ++i) EXPECT_EQ(seqs[i], seqs[i - 1] + 1) << "one call, consecutive seqs";
      EXPECT_GT(seqs.front(), prev) << "a thread's calls in order";
      prev = seqs.back();
      for (auto q : seqs) all.insert(q);
      total += seqs.size();
    }
  }
  EXPECT_EQ(all.size(), total);
  EXPECT_EQ(*all.begin(), 1u);
  EXPECT_EQ(*all.rbegin(), total);
  EXPECT_EQ(s->last_seq(), total);
  // Each stored event is the one its seq was returned for.
  auto p = s->pending(1000);
  ASSERT_EQ(p.size(), total);
  std::map<uint64_t, std::pair<int, int>> who;
  for (int t = 0; t < threads; ++t)
    for (int c = 0; c < calls; ++c)
      for (size_t i = 0; i < got[t][c].size(); ++i) who[got[t][c][i]] = {t, c};
  for (const auto& e : p) {
    EXPECT_EQ(e.event.request_id, "t" + std::to_string(who[e.spool_seq].first));
    EXPECT_EQ(e.event.data["c"], who[e.spool_seq].second);
  }
}

TEST(Spool, AcknowledgeWhileAppending) {
  TempDir dir;
  auto s = Spool::open(dir.path());
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (int i = 0; i < 300; ++i) s->append(numbered(i, 1));
    stop = true;
  });
  uint64_t delivered = 0;
  while (!stop || !s->pending(1).empty()) {
    auto p = s->pending(16);
    for (const auto& e : p) {
      ASSERT_EQ(e.spool_seq, delivered + 1) << "pending() skipped or repeated an event";
      ASSERT_EQ(e.event.data["n"], delivered);
      ++delivered;
    }
    if (!p.empty()) s->acknowledge(p.back().spool_seq);
  }
  writer.join();
  EXPECT_EQ(delivered, 300u);
  EXPECT_EQ(s->acknowledged(), 300u);
}

// kill -9 of a child appending from three threads: everything it was told was
// durable is there, and the seqs are contiguous from 1.
TEST(Spool, Kill9LosesNothingAcknowledged) {
  TempDir dir;
  std::string spool_dir = dir.path() + "/spool";
  for (int round = 0; round < 3; ++round) {
    std::string buf = run_and_kill({"spool", spool_dir}, 600 + 300 * round);
    std::map<uint64_t, std::pair<uint64_t, uint64_t>> acked;  // first seq -> (count, counter)
    for (size_t i = 0; i + 24 <= buf.size(); i += 24)
      acked[read_be64(std::string_view(buf.data() + i, 8))] = {read_be64(std::string_view(buf.data() + i + 8, 8)),
                                                                read_be64(std::string_view(buf.data() + i + 16, 8))};
    ASSERT_GT(acked.size(), 5u) << "the child made no progress";
    auto s = Spool::open(spool_dir);
    auto all = s->pending(1u << 30);
    ASSERT_EQ(all.size(), s->last_seq()) << "seqs 1..last_seq, none missing";
    std::map<uint64_t, int64_t> counter_of;
    for (size_t i = 0; i < all.size(); ++i) {
      ASSERT_EQ(all[i].spool_seq, i + 1) << "contiguous";
      counter_of[all[i].spool_seq] = all[i].event.data["counter"].get<int64_t>();
    }
    for (const auto& [first, v] : acked)
      for (uint64_t k = 0; k < v.first; ++k) {
        ASSERT_TRUE(counter_of.count(first + k)) << "acknowledged spool seq " << first + k << " was lost";
        ASSERT_EQ(counter_of[first + k], static_cast<int64_t>(v.second + k));
      }
    std::cerr << "round " << round << ": " << acked.size() << " appends acknowledged, " << s->last_seq()
              << " events in the spool\n";
  }
}

// ---------------------------------------------------- delivery into the log

TEST(Delivery, AppendsWithOriginAndSkipsDuplicatesAcrossReopen) {
  TempDir dir;
  {
    auto log = Log::open(dir.path(), default_config(), true);
    EXPECT_EQ(log->delivered_up_to("w1"), 0u);
    auto ack = log->append_delivered("w1", 1, numbered(1, 3));
    EXPECT_EQ(ack.delivered_up_to, 3u);
    EXPECT_EQ(ack.seqs, (std::vector<uint64_t>{1, 2, 3}));
    // The ack was lost: the worker redelivers 2..5.
    ack = log->append_delivered("w1", 2, numbered(2, 4));
    EXPECT_EQ(ack.delivered_up_to, 5u);
    EXPECT_EQ(ack.seqs, (std::vector<uint64_t>{4, 5}));
  }
  auto log = Log::open(dir.path(), default_config(), false);  // transient mode too
  EXPECT_EQ(log->delivered_up_to("w1"), 5u);
  auto ack = log->append_delivered("w1", 1, numbered(1, 5));  // everything again
  EXPECT_EQ(ack.delivered_up_to, 5u);
  EXPECT_TRUE(ack.seqs.empty());
  ack = log->append_delivered("w1", 4, numbered(4, 3));
  EXPECT_EQ(ack.seqs, (std::vector<uint64_t>{6}));
  EXPECT_EQ(log->append_delivered("w1", 7, {}).delivered_up_to, 6u);
  EXPECT_EQ(log->tree_size(), 7u);
  log.reset();
  auto recs = delivered_records(dir.path(), "w1");
  ASSERT_EQ(recs.size(), 6u);
  for (size_t i = 0; i < recs.size(); ++i) {
    EXPECT_EQ(recs[i].first, i + 1);
    EXPECT_EQ(recs[i].second["n"], i + 1) << "spool seq n holds event n";
    EXPECT_EQ(recs[i].second["cpus"], "0.5") << "numbers normalised like any record";
  }
  auto rep = verify_log(dir.path(), default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
}

TEST(Delivery, GapIsRefusedAndAppendsNothing) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  log->append_delivered("w1", 1, numbered(1, 2));
  try {
    log->append_delivered("w1", 4, numbered(4, 1));
    FAIL() << "a gap was accepted";
  } catch (const AuditError& e) {
    EXPECT_NE(std::string(e.what()).find("spool gap: expected 3, got 4"), std::string::npos) << e.what();
  }
  EXPECT_THROW(log->append_delivered("w2", 2, numbered(2, 1)), AuditError);  // new origin starts at 1
  EXPECT_THROW(log->append_delivered("w1", 0, numbered(0, 1)), AuditError);
  EXPECT_THROW(log->append_delivered("", 1, numbered(1, 1)), AuditError);
  EXPECT_EQ(log->delivered_up_to("w1"), 2u);
  EXPECT_EQ(log->delivered_up_to("w2"), 0u);
  EXPECT_EQ(log->tree_size(), 3u);
  // A bad event fails the whole delivery and moves no mark.
  EXPECT_THROW(log->append_delivered("w1", 3, {ev(events::network, "r"), ev("audit.pruned", "r")}), AuditError);
  EXPECT_THROW(log->append_delivered("w1", 3, {ev(events::network, "r", {{"origin", "mai"}})}), AuditError);
  EXPECT_EQ(log->delivered_up_to("w1"), 2u);
  EXPECT_EQ(log->append_delivered("w1", 3, numbered(3, 1)).seqs, (std::vector<uint64_t>{3}));
}

TEST(Delivery, TwoOriginsInterleaved) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  for (uint64_t i = 1; i <= 20; ++i) {
    log->append_delivered("a", i, numbered(i, 1, "ra"));
    if (i % 2 == 0) log->append_delivered("b", i - 1, numbered(i - 1, 2, "rb"));
    if (i % 5 == 0) log->append_delivered("a", i - 2, numbered(i - 2, 3, "ra"));  // redelivery
  }
  EXPECT_EQ(log->delivered_up_to("a"), 20u);
  EXPECT_EQ(log->delivered_up_to("b"), 20u);
  EXPECT_EQ(log->tree_size(), 41u);
  log.reset();
  for (const char* o : {"a", "b"}) {
    auto recs = delivered_records(dir.path(), o);
    ASSERT_EQ(recs.size(), 20u) << o;
    for (size_t i = 0; i < recs.size(); ++i) EXPECT_EQ(recs[i].first, i + 1) << o;
  }
  auto rep = verify_log(dir.path(), default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
}

// Group commit: deliveries of several origins, redeliveries and ordinary
// appends from many threads at once, often in one batch.
TEST(Delivery, ConcurrentWithOrdinaryAppends) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), true);
  const int origins = 3, per_origin = 120;
  std::vector<std::thread> pool;
  std::atomic<uint64_t> ordinary{0};
  for (int o = 0; o < origins; ++o)
    for (int dup = 0; dup < 2; ++dup)  // two delivery loops per origin: each redelivers what the other did
      pool.emplace_back([&, o] {
        std::string origin = "node-" + std::to_string(o);
        for (;;) {
          uint64_t next = log->delivered_up_to(origin) + 1;
          if (next > per_origin) return;
          uint64_t n = std::min<uint64_t>(1 + next % 4, per_origin - next + 1);
          try {
            auto ack = log->append_delivered(origin, next, numbered(next, n, origin));
            EXPECT_GE(ack.delivered_up_to, next + n - 1);
          } catch (const AuditError& e) {
            ADD_FAILURE() << e.what();
            return;
          }
        }
      });
  for (int t = 0; t < 2; ++t)
    pool.emplace_back([&] {
      for (int i = 0; i < 60; ++i) {
        log->append({ev(events::rejected, "local", {{"i", i}})});
        ++ordinary;
      }
    });
  for (auto& th : pool) th.join();
  EXPECT_EQ(log->tree_size(), 1 + origins * per_origin + ordinary.load());
  log.reset();
  for (int o = 0; o < origins; ++o) {
    auto recs = delivered_records(dir.path(), "node-" + std::to_string(o));
    ASSERT_EQ(recs.size(), static_cast<size_t>(per_origin));
    for (size_t i = 0; i < recs.size(); ++i) {
      EXPECT_EQ(recs[i].first, i + 1);
      EXPECT_EQ(recs[i].second["n"], i + 1);
    }
  }
  auto rep = verify_log(dir.path(), default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
}

// The worker's whole path: spool -> delivery -> acknowledge, with the
// acknowledgement lost now and then; a receipt covers delivered records too.
TEST(Delivery, SpoolToLogEndToEnd) {
  TempDir dir;
  auto log = Log::open(dir.path() + "/coord", default_config(), true);
  auto spool = Spool::open(dir.path() + "/worker/spool");
  spool->append(numbered(1, 25));
  int round = 0;
  for (auto batch = spool->pending(4); !batch.empty(); batch = spool->pending(4), ++round) {
    std::vector<Event> evs;
    for (auto& s : batch) evs.push_back(s.event);
    auto ack = log->append_delivered(spool->origin_id(), batch.front().spool_seq, evs);
    if (round % 2 == 1) spool->acknowledge(ack.delivered_up_to);  // every other ack "lost"
    if (round == 3) spool->append(numbered(26, 5));
  }
  EXPECT_EQ(spool->acknowledged(), 30u);
  EXPECT_EQ(log->delivered_up_to(spool->origin_id()), 30u);
  auto receipt = log->append_and_sign({ev(events::result, "r", {{"status", "completed"}})});
  EXPECT_EQ(receipt.seq_first, 31u);
  auto recs = delivered_records(dir.path() + "/coord", spool->origin_id());
  ASSERT_EQ(recs.size(), 30u);
  for (size_t i = 0; i < recs.size(); ++i) EXPECT_EQ(recs[i].second["n"], i + 1);
  log.reset();
  auto rep = verify_log(dir.path() + "/coord", default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
}

// kill -9 of the coordinator's log writer in the middle of deliveries: after a
// restart the worker redelivers from its spool (which may be behind the log's
// mark); nothing is lost or duplicated and the log verifies.
TEST(Delivery, Kill9MidDeliveryNeitherLosesNorDuplicates) {
  TempDir dir;
  const std::string state = dir.path() + "/coord", spool_dir = dir.path() + "/spool";
  Log::open(state, default_config(), false);  // create key and log first
  const uint64_t total = 12000;
  std::string origin;
  {
    auto spool = Spool::open(spool_dir);
    origin = spool->origin_id();
    for (uint64_t i = 1; i <= total; i += 500) spool->append(numbered(i, 500));
  }
  uint64_t reported_max = 0;
  for (int round = 0; round < 3; ++round) {
    std::string buf = run_and_kill({"deliver", state, spool_dir}, 500 + 250 * round);
    for (size_t i = 0; i + 8 <= buf.size(); i += 8)
      reported_max = std::max(reported_max, read_be64(std::string_view(buf.data() + i, 8)));
    ASSERT_GT(reported_max, 0u) << "the child made no progress";
    auto log = Log::open(state, default_config(), true);
    uint64_t mark = log->delivered_up_to(origin);
    EXPECT_GE(mark, reported_max) << "an acknowledged delivery was lost";
    auto spool = Spool::open(spool_dir);
    EXPECT_LE(spool->acknowledged(), mark);
    std::cerr << "round " << round << ": log mark " << mark << ", spool acknowledged " << spool->acknowledged()
              << ", " << log->tree_size() << " records\n";
  }
  // Finish the delivery the way a restarted worker would.
  {
    auto log = Log::open(state, default_config(), true);
    auto spool = Spool::open(spool_dir);
    for (auto batch = spool->pending(64); !batch.empty(); batch = spool->pending(64)) {
      std::vector<Event> evs;
      for (auto& s : batch) evs.push_back(s.event);
      spool->acknowledge(log->append_delivered(origin, batch.front().spool_seq, evs).delivered_up_to);
    }
    EXPECT_EQ(log->delivered_up_to(origin), total);
  }
  auto recs = delivered_records(state, origin);
  ASSERT_EQ(recs.size(), total);
  for (size_t i = 0; i < recs.size(); ++i) {
    ASSERT_EQ(recs[i].first, i + 1) << "each spool seq exactly once, in order";
    ASSERT_EQ(recs[i].second["n"], i + 1);
  }
  auto rep = verify_log(state, default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
}

}  // namespace mai::audit
