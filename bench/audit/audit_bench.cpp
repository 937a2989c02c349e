// Audit log throughput, each figure next to its peer measured in the same run:
//   - durable appends per second (every append synced: WAL fsync), one
//     appender, then many appenders group-committed, then batched events,
//     against the raw Ed25519 signing rate (the ceiling without storage);
//   - whole-log verification per second on 1 and on every core, against the
//     raw Ed25519 verification rate on as many threads.
// Usage: audit_bench [records-to-verify] [seconds-per-figure] [dir]
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
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

std::string message() { return audit::Record{}.signing_input() + std::string(300, 'm'); }

// Runs fn on `threads` threads for `secs`; returns operations per second.
template <class Fn>
double rate(unsigned threads, double secs, Fn fn) {
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
  return static_cast<double>(total.load()) / seconds_since(start);
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t records = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20000;
  double secs = argc > 2 ? std::atof(argv[2]) : 2.0;
  std::string base = argc > 3 ? argv[3] : "/tmp";
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  auto cfg = config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));

  char tmpl[4096];
  std::snprintf(tmpl, sizeof tmpl, "%s/mai-audit-bench-XXXXXX", base.c_str());
  if (!::mkdtemp(tmpl)) {
    std::perror("mkdtemp");
    return 1;
  }
  std::string dir = tmpl;
  std::printf("audit bench: %u cores, %.1f s per figure, log in %s\n\n", cores, secs, dir.c_str());

  // Peers: raw Ed25519.
  auto key = audit::SigningKey::generate();
  const std::string msg = message();
  const std::string sig = key.sign(msg);
  double sign1 = rate(1, secs, [&](unsigned) { return key.sign(msg).size() == 64 ? 1 : 0; });
  double verify1 = rate(1, secs, [&](unsigned) { return key.public_key().verify(msg, sig) ? 1 : 0; });
  double verifyN = rate(cores, secs, [&](unsigned) { return key.public_key().verify(msg, sig) ? 1 : 0; });
  std::printf("%-52s %12.0f /s\n", "raw Ed25519 sign, 1 thread", sign1);
  std::printf("%-52s %12.0f /s\n", "raw Ed25519 verify, 1 thread", verify1);
  std::printf("%-52s %12.0f /s\n\n", ("raw Ed25519 verify, " + std::to_string(cores) + " threads").c_str(), verifyN);

  // Durable appends.
  double single, group, batched;
  unsigned appenders = 16;
  {
    auto log = audit::Log::open(dir, cfg, true);
    std::atomic<uint64_t> i{0};
    single = rate(1, secs, [&](unsigned) { return log->append({sample_event(i++)}).size(); });
    group = rate(appenders, secs, [&](unsigned) { return log->append({sample_event(i++)}).size(); });
    batched = rate(1, secs, [&](unsigned) {
      std::vector<audit::Event> evs;
      for (int k = 0; k < 64; ++k) evs.push_back(sample_event(i++));
      return log->append(evs).size();
    });
  }
  std::printf("%-52s %12.0f /s  (%.1f%% of raw sign)\n", "durable appends, 1 appender, 1 event each", single,
              100 * single / sign1);
  std::printf("%-52s %12.0f /s  (%.1f%% of raw sign)\n",
              ("durable appends, " + std::to_string(appenders) + " appenders, group commit").c_str(), group,
              100 * group / sign1);
  std::printf("%-52s %12.0f /s  (%.1f%% of raw sign)\n", "durable appends, batches of 64 events", batched,
              100 * batched / sign1);
  // What one short-lived `mai-sandbox run` process pays: open the log (key,
  // database), append its events with a tree head, close.
  double transient;
  {
    std::atomic<uint64_t> i{0};
    transient = rate(1, secs, [&](unsigned) {
      auto log = audit::Log::open(dir, cfg, false);
      std::vector<audit::Event> evs;
      for (int k = 0; k < 6; ++k) evs.push_back(sample_event(i++));
      return log->append_and_sign(evs).seq_last ? 1 : 0;
    });
  }
  std::printf("%-52s %12.0f /s  (%.1f ms each)\n\n", "a run's open + 6 events + tree head + close", transient,
              1000 / transient);

  // Verification of a log of `records` records.
  std::string vdir = dir + "/verify";
  {
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
    audit::VerifyOptions vo;
    vo.threads = threads;
    auto t = Clock::now();
    auto rep = audit::verify_log(vdir, cfg, vo);
    double s = seconds_since(t);
    if (!rep.ok) {
      std::fprintf(stderr, "verification failed: %s\n", rep.reason.c_str());
      return 1;
    }
    double r = static_cast<double>(rep.records) / s;
    double peer = threads == 1 ? verify1 : verifyN;
    std::printf("%-52s %12.0f /s  (%.1f%% of raw verify on %u thread%s; %llu records in %.2f s)\n",
                ("verify whole log, " + std::to_string(threads) + " thread" + (threads == 1 ? "" : "s")).c_str(), r,
                100 * r / peer, threads, threads == 1 ? "" : "s", static_cast<unsigned long long>(rep.records), s);
  }
  remove_tree(dir);
  return 0;
}
