// mai-sandbox client library: submit code to a `mai-sandbox serve` service
// from C++ and get the same result `mai-sandbox run --json` prints.
//
//   mai::client::Options o;
//   o.server = "sandbox.example:7443";
//   o.tls_cert = "mai.pem"; o.tls_key = "mai.key"; o.tls_ca = "ca.pem";
//   auto c = mai::client::Client::connect(o);           // mutual TLS, times out
//   mai::Submission s;
//   s.code = "print('hi')";
//   mai::RunResult r = c->submit(s, [](const mai::ResourceSample& x) { /* live */ });
//
// One connection carries any number of submissions, also from several
// threads at once. The service decides who the caller is from its
// certificate; `Submission::client` and `request_id` are ignored.
#pragma once
#include <chrono>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/execution.hpp"
#include "model/result.hpp"
#include "model/submission.hpp"

namespace mai::client {

struct Options {
  std::string server;  // HOST:PORT of `mai-sandbox serve`
  // Mutual TLS: this client's certificate and key, and the deployment's CA.
  // All three, or none for plain TCP (only to a service on loopback).
  std::string tls_cert, tls_key, tls_ca;
  std::chrono::milliseconds connect_timeout{5000};
  // Liveness pings; must match the service's config/service.yaml.
  std::chrono::milliseconds heartbeat_interval{1000};
  std::chrono::milliseconds heartbeat_timeout{5000};
};

class Error : public std::runtime_error {
 public:
  enum class Kind {
    usage,    // bad options, certificate files or submission fields
    connect,  // the service could not be reached or refused us
    service,  // the connection broke, or the service failed the request
  };
  Error(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

// What `mai-sandbox status` shows: the coordinator's workers and queue.
struct WorkerStatus {
  std::string id, name;
  bool active = false;  // false: lost (no heartbeat, connection closed)
  uint32_t slots = 0, running = 0, cpus = 0;
  uint64_t memory_bytes = 0, placed_total = 0;
  int64_t since_heartbeat_ms = 0;
  std::vector<std::string> backends;
};

struct ServiceStatus {
  std::vector<WorkerStatus> workers;
  uint64_t queued = 0;
  std::vector<std::string> recent_failures;
  bool healthy = true;                // every actor of the service's node is alive
  std::vector<std::string> problems;  // why not
};

class Client {
 public:
  using StatsHandler = std::function<void(const ResourceSample&)>;

  // Connects, completes TLS and the protocol hello within connect_timeout.
  // Throws Error.
  static std::unique_ptr<Client> connect(const Options& options);

  // Blocks until the service answers with the result (any status: completed,
  // blocked, rejected, failed). Live resource samples go to `on_stats`, on a
  // thread of the client's, before the result returns. Throws Error when no
  // result can come (connection lost, invalid fields).
  RunResult submit(const Submission& submission, StatsHandler on_stats = nullptr);

  // The coordinator's workers, free slots, queue and recent failures. Throws Error.
  ServiceStatus status();

  // False once the connection to the service is gone.
  bool connected() const;

  ~Client();

 private:
  struct Impl;
  explicit Client(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace mai::client
