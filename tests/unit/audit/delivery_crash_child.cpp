// Helper for the spool and delivery crash tests; runs until killed.
//
//   delivery_crash_child spool SPOOL_DIR
//     Three threads append to the spool at full speed; after each acknowledged
//     append, writes "first_seq count counter" (three big-endian u64) to fd 3.
//     Event i of a call carries data {"counter": counter + i}.
//   delivery_crash_child deliver STATE_DIR SPOOL_DIR
//     The worker's delivery loop against a coordinator log (held open):
//     pending(batch) -> Log::append_delivered -> Spool::acknowledge, skipping
//     every third acknowledge (a lost ack: the next round redelivers), while
//     another thread makes ordinary appends. Writes each delivered_up_to the
//     log acknowledged (big-endian u64) to fd 3.
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/spool.hpp"
#include "config/config_source.hpp"

using namespace mai;

namespace {

void report(std::mutex& mu, const std::string& msg) {
  std::lock_guard<std::mutex> lk(mu);
  if (::write(3, msg.data(), msg.size()) != static_cast<ssize_t>(msg.size())) _exit(1);
}

int spool_mode(const std::string& dir) {
  auto spool = audit::Spool::open(dir);
  std::atomic<uint64_t> counter{0};
  std::mutex out_mu;
  auto work = [&](int t) {
    for (uint64_t round = 0;; ++round) {
      size_t n = 1 + (round + t) % 3;
      uint64_t c = counter.fetch_add(n);
      std::vector<audit::Event> evs;
      for (size_t i = 0; i < n; ++i)
        evs.push_back(audit::Event{audit::events::network, "crash", json{{"counter", c + i}}});
      auto seqs = spool->append(evs);
      report(out_mu, audit::be64(seqs.front()) + audit::be64(seqs.size()) + audit::be64(c));
    }
  };
  std::thread a(work, 0), b(work, 1), c(work, 2);
  a.join();
  return 0;
}

int deliver_mode(const std::string& state, const std::string& spool_dir) {
  auto cfg = config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));
  auto log = audit::Log::open(state, cfg, true);
  auto spool = audit::Spool::open(spool_dir);
  std::mutex out_mu;
  std::thread other([&] {
    for (uint64_t i = 0;; ++i)
      log->append({audit::Event{audit::events::rejected, "local-" + std::to_string(i), json{{"i", i}}}});
  });
  for (uint64_t round = 0;; ++round) {
    auto batch = spool->pending(1 + round % 7);
    if (batch.empty()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    std::vector<audit::Event> evs;
    for (auto& s : batch) evs.push_back(s.event);
    auto ack = log->append_delivered(spool->origin_id(), batch.front().spool_seq, evs);
    report(out_mu, audit::be64(ack.delivered_up_to));
    if (round % 3 != 2) spool->acknowledge(ack.delivered_up_to);
  }
  other.join();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "spool") return spool_mode(argv[2]);
  if (argc == 4 && std::string(argv[1]) == "deliver") return deliver_mode(argv[2], argv[3]);
  return 2;
}
