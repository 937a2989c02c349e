// Helper for the crash test: appends to the audit log at full speed from a
// few threads (group commit) and writes "seq counter" (two big-endian u64)
// to fd 3 after each acknowledged append, until killed. With a third
// argument "with_next", three appends in four are sync_with_next (written,
// not synced on their own).
#include <unistd.h>

#include <atomic>
#include <iostream>
#include <mutex>
#include <thread>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "config/config_source.hpp"

int main(int argc, char** argv) {
  using namespace mai;
  if (argc != 3 && argc != 4) return 2;
  const bool with_next = argc == 4 && std::string(argv[3]) == "with_next";
  auto cfg = config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));
  auto log = audit::Log::open(argv[1], cfg, true);
  int round = std::atoi(argv[2]);
  std::atomic<uint64_t> counter{0};
  std::mutex out_mu;
  auto work = [&] {
    for (;;) {
      uint64_t c = counter.fetch_add(1);
      auto seqs = log->append({audit::Event{audit::events::service_start, "crash",
                                            json{{"counter", c}, {"round", round}},
                                            with_next && c % 4 != 0}});
      std::string msg = audit::be64(seqs.at(0)) + audit::be64(c);
      std::lock_guard<std::mutex> lk(out_mu);
      if (::write(3, msg.data(), msg.size()) != static_cast<ssize_t>(msg.size())) _exit(1);
    }
  };
  std::thread a(work), b(work), c(work);
  a.join();
  return 0;
}
