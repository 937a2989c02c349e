// Scale-out engine costs (Google Benchmark), each next to its peer in the same run:
//   - Placement: admit + finished per job with free slots, and the busy path
//     (admit queues, finished frees a slot, drain_queue places the oldest),
//     for 3 and 30 workers: the coordinator's scheduling overhead per job;
//   - a worker's audit Spool: synced appends (1 and 8 events per call, 1 and
//     4 threads), append + acknowledge (the steady state of a connected
//     worker), against Log::append of the same events in the same run (the
//     coordinator's cost for the same events: signing, hashing, indexes).
// Usage: cluster_bench [--benchmark_filter=...]; MAI_BENCH_DIR (default /tmp)
// is where the databases go: put it on the disk the state will live on.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/spool.hpp"
#include "cluster/placement.hpp"
#include "common/files.hpp"
#include "config/config_source.hpp"

using namespace mai;

namespace {

std::string make_dir(const char* what) {
  const char* base = std::getenv("MAI_BENCH_DIR");
  std::string tmpl = std::string(base ? base : "/tmp") + "/mai-cluster-bench-" + what + "-XXXXXX";
  if (!::mkdtemp(tmpl.data())) {
    std::perror("mkdtemp");
    std::exit(1);
  }
  return tmpl;
}

// About the size of a real network.decision / execution.end event.
audit::Event sample_event(uint64_t i) {
  return audit::Event{audit::events::network, "bench-" + std::to_string(i / 8),
                      json{{"decision", "allow"},
                           {"host", "pypi.org"},
                           {"port", 443},
                           {"reason", "allowlisted"},
                           {"bytes_up", 1234},
                           {"bytes_down", 567890},
                           {"detail", std::string(200, 'd')}}};
}

std::vector<std::string> ids(size_t n) {
  std::vector<std::string> out;
  for (size_t i = 0; i < n; ++i) out.push_back("0123456789abcdef0123456789ab" + std::to_string(10000 + i));
  return out;
}

cluster::Placement make_placement(int workers, uint32_t slots) {
  cluster::Placement p(1u << 20, std::chrono::milliseconds(3000));
  auto t = cluster::Clock::now();
  for (int w = 0; w < workers; ++w)
    p.join(cluster::WorkerInfo{"worker-" + std::to_string(w), "host", slots, 4, 8ull << 30, {Backend::native}}, t);
  return p;
}

// A free slot every time: admit places, finished frees. Half the slots busy.
void BM_PlacementAdmitFinished(benchmark::State& state) {
  const int workers = static_cast<int>(state.range(0));
  auto p = make_placement(workers, 8);
  auto t = cluster::Clock::now();
  const size_t busy = static_cast<size_t>(workers) * 4;
  auto names = ids(busy + 1);
  std::deque<std::pair<std::string, size_t>> running;  // (worker, name index)
  for (size_t i = 0; i < busy; ++i) {
    std::string w;
    p.admit(cluster::JobRef{names[i], Backend::native}, t, &w);
    running.emplace_back(w, i);
  }
  size_t free_name = busy;
  for (auto _ : state) {
    std::string w;
    auto a = p.admit(cluster::JobRef{names[free_name], Backend::native}, t, &w);
    if (a != cluster::Placement::Admit::placed) state.SkipWithError("not placed");
    running.emplace_back(std::move(w), free_name);
    auto [fw, fi] = running.front();
    running.pop_front();
    p.finished(fw, names[fi]);
    free_name = fi;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PlacementAdmitFinished)->Arg(3)->Arg(30);

// Every slot busy and 100 jobs waiting: admit queues, the oldest running job
// finishes, drain_queue places the oldest queued one.
void BM_PlacementQueuedPath(benchmark::State& state) {
  const int workers = static_cast<int>(state.range(0));
  auto p = make_placement(workers, 8);
  auto t = cluster::Clock::now();
  const size_t slots = static_cast<size_t>(workers) * 8, waiting = 100;
  auto names = ids(slots + waiting + 1);
  std::deque<std::pair<std::string, size_t>> running;
  std::deque<size_t> free_names;
  for (size_t i = 0; i < slots + waiting; ++i) {
    std::string w;
    if (p.admit(cluster::JobRef{names[i], Backend::native}, t, &w) == cluster::Placement::Admit::placed)
      running.emplace_back(w, i);
  }
  free_names.push_back(slots + waiting);
  for (auto _ : state) {
    size_t n = free_names.front();
    free_names.pop_front();
    if (p.admit(cluster::JobRef{names[n], Backend::native}, t, nullptr) != cluster::Placement::Admit::queued)
      state.SkipWithError("not queued");
    auto [fw, fi] = running.front();
    running.pop_front();
    p.finished(fw, names[fi]);
    free_names.push_back(fi);
    for (auto& [job, w] : p.drain_queue(t)) {
      size_t idx = static_cast<size_t>(std::stoul(job.request_id.substr(28))) - 10000;
      running.emplace_back(w, idx);
    }
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PlacementQueuedPath)->Arg(3)->Arg(30);

std::unique_ptr<audit::Spool> g_spool;
std::unique_ptr<audit::Log> g_log;
std::string g_dir;

void open_spool(const benchmark::State&) {
  g_dir = make_dir("spool");
  g_spool = audit::Spool::open(g_dir);
}
void open_log(const benchmark::State&) {
  g_dir = make_dir("log");
  auto cfg = config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));
  g_log = audit::Log::open(g_dir, cfg, true);
}
void close_all(const benchmark::State&) {
  g_spool.reset();
  g_log.reset();
  remove_tree(g_dir);
}

std::vector<audit::Event> events_for(int64_t n, uint64_t salt) {
  std::vector<audit::Event> evs;
  for (int64_t i = 0; i < n; ++i) evs.push_back(sample_event(salt + static_cast<uint64_t>(i)));
  return evs;
}

// Synced appends; the events pile up (nothing acknowledged).
void BM_SpoolAppend(benchmark::State& state) {
  auto evs = events_for(state.range(0), static_cast<uint64_t>(state.thread_index()));
  for (auto _ : state) benchmark::DoNotOptimize(g_spool->append(evs));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SpoolAppend)->Setup(open_spool)->Teardown(close_all)->Arg(1)->Arg(8)->UseRealTime();
BENCHMARK(BM_SpoolAppend)->Setup(open_spool)->Teardown(close_all)->Arg(1)->Threads(4)->UseRealTime();

// A connected worker's steady state: append, read it back, acknowledge it.
void BM_SpoolAppendAck(benchmark::State& state) {
  auto evs = events_for(state.range(0), 0);
  for (auto _ : state) {
    auto seqs = g_spool->append(evs);
    auto p = g_spool->pending(evs.size());
    benchmark::DoNotOptimize(p);
    g_spool->acknowledge(seqs.back());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SpoolAppendAck)->Setup(open_spool)->Teardown(close_all)->Arg(1)->Arg(8)->UseRealTime();

// The peer: the coordinator's log appending the same events (signed, chained, indexed).
void BM_LogAppend(benchmark::State& state) {
  auto evs = events_for(state.range(0), static_cast<uint64_t>(state.thread_index()));
  for (auto _ : state) benchmark::DoNotOptimize(g_log->append(evs));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_LogAppend)->Setup(open_log)->Teardown(close_all)->Arg(1)->Arg(8)->UseRealTime();
BENCHMARK(BM_LogAppend)->Setup(open_log)->Teardown(close_all)->Arg(1)->Threads(4)->UseRealTime();

// The delivery itself: Log::append_delivered of 8-event batches.
void BM_LogAppendDelivered(benchmark::State& state) {
  auto evs = events_for(state.range(0), 0);
  uint64_t next = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(g_log->append_delivered("bench-origin", next, evs));
    next += evs.size();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_LogAppendDelivered)->Setup(open_log)->Teardown(close_all)->Arg(8)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
