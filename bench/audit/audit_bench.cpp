// Audit log throughput, each figure next to its peer measured in the same run:
//   - durable appends per second (every append synced: WAL fsync), one
//     appender, then many appenders group-committed, then batched events,
//     against the raw Ed25519 signing rate on every core (the ceiling: a
//     group commit signs its records in parallel);
//   - what a short-lived `mai-sandbox run` pays to open, use and close the log;
//   - whole-log verification per second on 1 and on every core, against the
//     raw Ed25519 verification rate on as many threads.
// Usage: audit_bench [records-to-verify] [seconds-per-figure] [dir] [rounds] [only]
// With `only`, just the figures whose name contains it (e.g. "64 appenders",
// to profile one figure with perf).
#include <stdlib.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/signer.hpp"
#include "audit/verifier.hpp"
#include "common/files.hpp"
#include "config/config_source.hpp"

using namespace mai;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

audit::Event sample_event(uint64_t i) {
  // About the size of a real execution.end record's data (~400 bytes).
  return audit::Event{audit::events::network, "bench-" + std::to_string(i / 8),
                      json{{"termination", "exited"},
                           {"exit_code", 0},
                           {"wall_ms", 1234},
                           {"cpu_ms", 987},
                           {"peak_memory_bytes", 73400320},
                           {"stdout", std::string(160, 'o')},
                           {"limits", {{"cpus", "1.0"}, {"memory_bytes", 536870912}, {"pids", 128}}}}};
}

// What the peers sign and verify: the signing input of a record as the log
// seals it (same event, same fields), so both sides hash the same bytes.
std::string message(const audit::SigningKey& key) {
  audit::Event e = sample_event(123456);
  audit::Record r;
  r.seq = 123456;
  r.timestamp_us = 1790000000000000;
  r.type = e.type;
  r.request_id = e.request_id;
  r.data = e.data;
  r.prev_hash = std::string(32, '\x11');
  r.key_id = key.key_id();
  r.tree_heads = 42;
  r.tree_head_hash = std::string(32, '\x22');
  return r.signing_input();
}

// Where a figure's group commits spent their time: each stage's wall time
// per batch (stages of successive batches overlap when the sync is apart).
void print_stages(const audit::CommitTimes& a, const audit::CommitTimes& b) {
  const double n = static_cast<double>(b.batches - a.batches);
  if (n == 0) return;
  auto us = [&](uint64_t x, uint64_t y) { return static_cast<double>(y - x) / n / 1000; };
  std::printf("    %.1f records/batch; per batch: prepare %.0f, seal %.0f, sign %.0f, write %.0f, sync %.0f us\n",
              static_cast<double>(b.records - a.records) / n, us(a.prepare_ns, b.prepare_ns), us(a.seal_ns, b.seal_ns),
              us(a.sign_ns, b.sign_ns), us(a.write_ns, b.write_ns), us(a.sync_ns, b.sync_ns));
}

// This process's CPU time so far (user and system, every thread), seconds.
double cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  auto sec = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return sec(u.ru_utime) + sec(u.ru_stime);
}

// The CPU time per operation of the last rate() call, in microseconds: what
// the load of other processes does not change much, unlike the rates.
double last_cpu_us = 0;

// Runs fn on `threads` threads for `secs`; returns operations per second.
template <class Fn>
double rate(unsigned threads, double secs, Fn fn) {
  const double cpu0 = cpu_seconds();
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> total{0};
  std::vector<std::thread> pool;
  auto start = Clock::now();
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      uint64_t n = 0;
      while (!stop.load(std::memory_order_relaxed)) n += fn(t);
      total += n;
    });
  std::this_thread::sleep_for(std::chrono::duration<double>(secs));
  stop = true;
  for (auto& th : pool) th.join();
  const double elapsed = seconds_since(start);
  last_cpu_us = total.load() ? (cpu_seconds() - cpu0) * 1e6 / static_cast<double>(total.load()) : 0;
  return static_cast<double>(total.load()) / elapsed;
}

// A figure and its peer measured in turns, `rounds` times: the machine's load
// changes from second to second, so each ratio compares neighbours, and the
// median of the ratios is reported.
struct Paired {
  double subject = 0, peer = 0, ratio = 0;  // medians
  double subject_cpu_us = 0, peer_cpu_us = 0;  // CPU time per operation, medians
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

template <class Subject, class Peer>
Paired paired(int rounds, Subject subject, Peer peer) {
  std::vector<double> s, p, r, sc, pc;
  for (int i = 0; i < rounds; ++i) {
    double b = peer();
    pc.push_back(last_cpu_us);
    double a = subject();
    sc.push_back(last_cpu_us);
    s.push_back(a);
    p.push_back(b);
    r.push_back(a / b);
  }
  return Paired{median(s), median(p), median(r), median(sc), median(pc)};
}

}  // namespace

int main(int argc, char** argv) {
  // Positional numbers only: "--help" would read as 0 records and a 1-record figure.
  auto number = [&](int i) { return argc > i && std::strspn(argv[i], "0123456789.") == std::strlen(argv[i]) && *argv[i]; };
  if ((argc > 1 && !number(1)) || (argc > 2 && !number(2)) || (argc > 4 && !number(4))) {
    std::fprintf(stderr, "usage: audit_bench [records-to-verify] [seconds-per-figure] [dir] [rounds] [only]\n");
    return 2;
  }
  uint64_t records = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20000;
  double secs = argc > 2 ? std::atof(argv[2]) : 1.0;
  std::string base = argc > 3 ? argv[3] : "/tmp";
  const int rounds = argc > 4 ? std::atoi(argv[4]) : 3;
  const std::string only = argc > 5 ? argv[5] : "";
  auto wanted = [&](const std::string& figure) { return figure.find(only) != std::string::npos; };
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  auto cfg = config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));

  char tmpl[4096];
  std::snprintf(tmpl, sizeof tmpl, "%s/mai-audit-bench-XXXXXX", base.c_str());
  if (!::mkdtemp(tmpl)) {
    std::perror("mkdtemp");
    return 1;
  }
  std::string dir = tmpl;
  std::printf("audit bench: %u cores, %.1f s per figure, %d rounds (medians), log in %s\n\n", cores, secs, rounds,
              dir.c_str());

  // Peers: raw Ed25519 on one thread and on every core.
  auto key = audit::SigningKey::generate();
  const std::string msg = message(key);
  const std::string sig = key.sign(msg);
  auto sign_on = [&](unsigned threads) {
    return [&, threads] { return rate(threads, secs, [&](unsigned) { return key.sign(msg).size() == 64 ? 1 : 0; }); };
  };
  auto verify_on = [&](unsigned threads) {
    return [&, threads] {
      return rate(threads, secs, [&](unsigned) { return key.public_key().verify(msg, sig) ? 1 : 0; });
    };
  };
  const std::string on_cores = std::to_string(cores) + " threads";
  std::printf("signed message: %zu bytes (a sealed record's signing input)\n", msg.size());
  std::printf("%-52s %12.0f /s\n", "raw Ed25519 sign, 1 thread", sign_on(1)());
  std::printf("%-52s %12.0f /s\n", ("raw Ed25519 sign, " + on_cores).c_str(), sign_on(cores)());
  std::printf("%-52s %12.0f /s\n", "raw Ed25519 verify, 1 thread", verify_on(1)());
  std::printf("%-52s %12.0f /s\n\n", ("raw Ed25519 verify, " + on_cores).c_str(), verify_on(cores)());

  // Durable appends, each against raw signing on every core in the same round.
  {
    auto log = audit::Log::open(dir + "/appends", cfg, true);
    // The events are made beforehand: what is measured is the log's work.
    std::vector<std::vector<audit::Event>> one;
    for (unsigned t = 0; t < 64; ++t) one.push_back({sample_event(t)});
    std::vector<audit::Event> batch;
    for (int k = 0; k < 64; ++k) batch.push_back(sample_event(k));
    auto appenders = [&](unsigned n) {
      return [&, n] { return rate(n, secs, [&](unsigned t) { return log->append(one[t % one.size()]).size(); }); };
    };
    auto report = [&](const std::string& what, auto subject) {
      if (!wanted(what)) return;
      const audit::CommitTimes before = log->commit_times();
      Paired p = paired(rounds, subject, sign_on(cores));
      std::printf("%-52s %12.0f /s  (%.1f%% of raw sign x %u cores)\n", what.c_str(), p.subject, 100 * p.ratio, cores);
      // The ceiling on every core: the share of an append's CPU time that a
      // signature takes (the peer's CPU time per signature over the log's per record).
      std::printf("    CPU per record %.0f us, per raw signature %.0f us: signing is %.0f%% of an append's CPU\n",
                  p.subject_cpu_us, p.peer_cpu_us, p.subject_cpu_us > 0 ? 100 * p.peer_cpu_us / p.subject_cpu_us : 0);
      print_stages(before, log->commit_times());
    };
    report("durable appends, 1 appender, 1 event each", appenders(1));
    report("durable appends, 16 appenders, group commit", appenders(16));
    report("durable appends, 64 appenders, group commit", appenders(64));
    report("durable appends, batches of 64 events",
           [&] { return rate(1, secs, [&](unsigned) { return log->append(batch).size(); }); });
  }

  // What one short-lived `mai-sandbox run` process pays: open the log (key,
  // database), append a request's events with a tree head, close; against
  // the same events appended to a log that stays open. On a log with a
  // history of such runs (the warm-up), as a user's is.
  if (wanted("a run's open + 6 events + tree head + close")) {
    const std::string runs_dir = dir + "/runs";
    uint64_t i = 0;
    auto one_run = [&](bool hold, audit::Log* held, double* open_ms, double* close_ms) {
      std::vector<audit::Event> evs;
      for (int k = 0; k < 6; ++k) evs.push_back(sample_event(i++));
      if (hold) {
        auto t = Clock::now();
        held->append_and_sign(evs);
        return seconds_since(t) * 1000;
      }
      auto t0 = Clock::now();
      auto log = audit::Log::open(runs_dir, cfg, false);
      auto t1 = Clock::now();
      log->append_and_sign(evs);
      auto t2 = Clock::now();
      log.reset();
      if (open_ms) *open_ms += std::chrono::duration<double>(t1 - t0).count() * 1000;
      if (close_ms) *close_ms += seconds_since(t2) * 1000;
      return seconds_since(t0) * 1000;
    };
    for (int w = 0; w < 30; ++w) one_run(false, nullptr, nullptr, nullptr);
    std::vector<double> transient, held_ms;
    double open_ms = 0, close_ms = 0;
    const int n = std::max(10, static_cast<int>(secs * 20));
    for (int k = 0; k < n; ++k) transient.push_back(one_run(false, nullptr, &open_ms, &close_ms));
    {
      auto held = audit::Log::open(runs_dir, cfg, true);
      for (int k = 0; k < n; ++k) held_ms.push_back(one_run(true, held.get(), nullptr, nullptr));
    }
    double t = median(transient), h = median(held_ms);
    std::printf("%-52s %12.1f ms  (median of %d; mean open %.1f ms, close %.1f ms)\n",
                "a run's open + 6 events + tree head + close", t, n, open_ms / n, close_ms / n);
    std::printf("%-52s %12.1f ms  (the per-process penalty: %.1f ms)\n\n",
                "the same 6 events + tree head, log held open", h, t - h);
  }

  // Verification of a log of `records` records.
  std::string vdir = dir + "/verify";
  if (wanted("verify whole log, 1 thread") || wanted("verify whole log, " + on_cores)) {
    auto log = audit::Log::open(vdir, cfg, true);
    std::vector<audit::Event> evs;
    for (uint64_t k = 1; k < records; ++k) {
      evs.push_back(sample_event(k));
      if (evs.size() == 512 || k + 1 == records) {
        log->append_and_sign(evs);
        evs.clear();
      }
    }
  }
  for (unsigned threads : {1u, cores}) {
    if (!wanted("verify whole log, " + std::to_string(threads) + " thread" + (threads == 1 ? "" : "s"))) continue;
    uint64_t verified = 0;
    auto p = paired(rounds, [&] {
      audit::VerifyOptions vo;
      vo.threads = threads;
      auto t = Clock::now();
      const double cpu0 = cpu_seconds();
      auto rep = audit::verify_log(vdir, cfg, vo);
      double s = seconds_since(t);
      last_cpu_us = rep.records ? (cpu_seconds() - cpu0) * 1e6 / static_cast<double>(rep.records) : 0;
      if (!rep.ok) {
        std::fprintf(stderr, "verification failed: %s\n", rep.reason.c_str());
        std::exit(1);
      }
      verified = rep.records;
      return static_cast<double>(rep.records) / s;
    }, verify_on(threads));
    std::printf("%-52s %12.0f /s  (%.1f%% of raw verify x %u thread%s; %llu records)\n",
                ("verify whole log, " + std::to_string(threads) + " thread" + (threads == 1 ? "" : "s")).c_str(),
                p.subject, 100 * p.ratio, threads, threads == 1 ? "" : "s", static_cast<unsigned long long>(verified));
    std::printf("    CPU per record %.0f us, per raw verification %.0f us: verifying signatures is %.0f%% of it\n",
                p.subject_cpu_us, p.peer_cpu_us, p.subject_cpu_us > 0 ? 100 * p.peer_cpu_us / p.subject_cpu_us : 0);
  }
  remove_tree(dir);
  return 0;
}
