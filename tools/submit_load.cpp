// mai-submit-load: one client of `mai-sandbox serve` submitting many programs
// over one connection, several at a time. Used by the end-to-end tests (many
// such processes at once) and the remote-submission benchmark. Prints one JSON
// summary: counts per status, every request id, wall time and rate.
// With --per-line it submits once per line read from stdin instead and prints
// "<milliseconds> <status>" for each: a round-trip probe over one connection
// that a benchmark drives in step with its other peers (bench/run_overhead.py).
#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "mai_sandbox_client.hpp"
#include "model/enums.hpp"
#include "model/json_codec.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Submit COUNT programs to a mai-sandbox service, CONCURRENCY at a time"};
  mai::client::Options o;
  int count = 100, concurrency = 4;
  std::string code = "print('ok')";
  app.add_option("--server", o.server, "HOST:PORT")->required();
  app.add_option("--tls-cert", o.tls_cert);
  app.add_option("--tls-key", o.tls_key);
  app.add_option("--tls-ca", o.tls_ca);
  app.add_option("--count", count)->check(CLI::Range(1, 1000000));
  app.add_option("--concurrency", concurrency)->check(CLI::Range(1, 1024));
  app.add_option("--code", code, "Python program to submit");
  std::string backend;
  app.add_option("--backend", backend, "native or docker (default: the service's)");
  bool per_line = false;
  app.add_flag("--per-line", per_line, "submit once per line of stdin, print the round trip in ms");
  CLI11_PARSE(app, argc, argv);

  std::optional<mai::Backend> chosen;
  if (!backend.empty() && !(chosen = mai::parse_backend(backend))) {
    std::cerr << "mai-submit-load: --backend must be native or docker\n";
    return 2;
  }
  std::unique_ptr<mai::client::Client> client;
  try {
    client = mai::client::Client::connect(o);
  } catch (const mai::client::Error& e) {
    std::cerr << "mai-submit-load: " << e.what() << "\n";
    return 125;
  }
  if (per_line) {
    std::string line;
    while (std::getline(std::cin, line)) {
      mai::Submission s;
      s.code = code;
      s.filename = "hello.py";
      s.origin = mai::Origin::mai;
      s.backend = chosen;
      auto t0 = std::chrono::steady_clock::now();
      std::string status;
      try {
        auto r = client->submit(s);
        status = mai::to_string(r.status);
        if (r.error) status += ":" + r.error->code;
      } catch (const mai::client::Error& e) {
        status = "error";
      }
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      std::cout << ms << " " << status << std::endl;
    }
    return 0;
  }
  std::atomic<int> next{0};
  std::mutex mu;
  std::map<std::string, int> statuses;
  std::vector<std::string> ids, errors;
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < concurrency; ++t)
    threads.emplace_back([&] {
      while (next.fetch_add(1) < count) {
        mai::Submission s;
        s.code = code;
        s.filename = "load.py";
        s.origin = mai::Origin::mai;
        s.backend = chosen;
        try {
          auto r = client->submit(s);
          std::lock_guard<std::mutex> lock(mu);
          std::string status = mai::to_string(r.status);
          if (r.error) status += ":" + r.error->code;
          ++statuses[status];
          ids.push_back(r.request_id);
        } catch (const mai::client::Error& e) {
          std::lock_guard<std::mutex> lock(mu);
          ++statuses["error"];
          errors.push_back(e.what());
        }
      }
    });
  for (auto& t : threads) t.join();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  mai::json summary = {{"count", count},
                       {"statuses", statuses},
                       {"request_ids", ids},
                       {"errors", errors},
                       {"seconds", seconds},
                       {"per_second", count / seconds}};
  std::cout << summary.dump() << std::endl;
  return errors.empty() ? 0 : 1;
}
