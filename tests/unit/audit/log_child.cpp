// Helper process for the audit tests that need several processes at once,
// as concurrent `mai-sandbox run` processes would be:
//   audit_log_child open STATE          opens (creating) the log, appends one event
//   audit_log_child hold STATE          opens the log held open (as a service),
//                                       appends one event, writes STATE/held
//                                       and waits to be killed
//   audit_log_child runs STATE ID N     N short "runs": each opens the log
//                                       transiently, appends a request's events
//                                       with its receipt, and closes it
//   audit_log_child fill STATE THREADS  THREADS appenders on a held-open log
//                                       until each has failed 10 times (a
//                                       disk that fills up); prints "ok REQ
//                                       SEQ" per success, "late-ok REQ SEQ"
//                                       for a success begun after any append
//                                       had failed, "fail REQ ERROR"
// Exit 0, or 1 with the error on stderr.
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>
#include <vector>
#include <string>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "config/config_source.hpp"

int main(int argc, char** argv) {
  using namespace mai;
  if (argc < 3) return 2;
  const std::string mode = argv[1], state = argv[2];
  try {
    auto cfg = config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));
    cfg.lock_wait_ms = 120000;
    if (mode == "open") {
      auto log = audit::Log::open(state, cfg, false);
      log->append({audit::Event{audit::events::service_start, "", json{{"pid", ::getpid()}}}});
      return 0;
    }
    if (mode == "hold") {
      // As a service does: the log held open for good; STATE/held once it is.
      auto log = audit::Log::open(state, cfg, true);
      log->append({audit::Event{audit::events::service_start, "", json{{"pid", ::getpid()}}}});
      std::ofstream(state + "/held") << ::getpid() << "\n";
      for (;;) ::pause();
    }
    if (mode == "runs" && argc == 5) {
      const std::string id = argv[3];
      const int n = std::atoi(argv[4]);
      for (int i = 0; i < n; ++i) {
        auto log = audit::Log::open(state, cfg, false);
        std::string req = id + "-" + std::to_string(i);
        log->append({audit::Event{audit::events::submission, req, json{{"code", "print(1)"}, {"code_sha256", "x"}}},
                     audit::Event{audit::events::assessment, req, json{{"level", "LOW"}, {"code_sha256", "x"}}}});
        log->append({audit::Event{audit::events::execution_start, req, json{{"run_id", req}}}});
        log->append_and_sign({audit::Event{audit::events::execution_end, req, json{{"exit_code", 0}}},
                              audit::Event{audit::events::result, req, json{{"status", "completed"}}}});
      }
      return 0;
    }
    if (mode == "fill" && argc == 4) {
      auto log = audit::Log::open(state, cfg, true);
      std::atomic<bool> failed{false};
      std::mutex out_mu;
      auto work = [&](int t) {
        for (int i = 0, failures = 0; failures < 10; ++i) {
          const bool after_failure = failed.load();
          const std::string req = "t" + std::to_string(t) + "-" + std::to_string(i);
          std::string line;
          try {
            auto seqs = log->append({audit::Event{audit::events::network, req, json{{"pad", std::string(300, 'p')}}}});
            line = (after_failure ? "late-ok " : "ok ") + req + " " + std::to_string(seqs.front());
          } catch (const std::exception& e) {
            failed = true;
            ++failures;
            line = "fail " + req + " " + e.what();
          }
          std::lock_guard<std::mutex> lk(out_mu);
          std::cout << line << "\n";
        }
      };
      std::vector<std::thread> threads;
      for (int t = 0; t < std::atoi(argv[3]); ++t) threads.emplace_back(work, t);
      for (auto& th : threads) th.join();
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "audit_log_child " << mode << ": " << e.what() << "\n";
    return 1;
  }
  return 2;
}
