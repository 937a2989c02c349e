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
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/execution.hpp"
#include "model/result.hpp"
#include "model/submission.hpp"
#include "protocol/errc.hpp"

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
    service,  // the service failed the request (code() says how, when it said)
    lost,     // the connection broke before the answer arrived
  };
  Error(Kind kind, const std::string& what, std::optional<protocol::errc> code = std::nullopt)
      : std::runtime_error(what), kind_(kind), code_(code) {}
  Kind kind() const { return kind_; }
  // The protocol's error code when the service answered with one.
  std::optional<protocol::errc> code() const { return code_; }

 private:
  Kind kind_;
  std::optional<protocol::errc> code_;
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

// The answer to an asynchronous submission: the result, or the Error a
// blocking submit() would have thrown.
struct Outcome {
  std::optional<RunResult> result;
  std::optional<Error> error;
};

class Client {
 public:
  using StatsHandler = std::function<void(const ResourceSample&)>;
  using CompletionHandler = std::function<void(Outcome)>;

  // Connects, completes TLS and the protocol hello within connect_timeout.
  // Throws Error.
  static std::unique_ptr<Client> connect(const Options& options);

  // Blocks until the service answers with the result (any status: completed,
  // blocked, rejected, failed). Live resource samples go to `on_stats`, on a
  // thread of the client's, before the result returns. Throws Error when no
  // result can come (connection lost, invalid fields).
  RunResult submit(const Submission& submission, StatsHandler on_stats = nullptr);

  // Returns at once; `done` is called exactly once, on a thread of the
  // client's, with the result or the error (also when the client is
  // destroyed first: then with Kind::lost). `on_stats` is called on the same
  // kind of thread, never after `done`.
  void submit_async(const Submission& submission, StatsHandler on_stats,
                    CompletionHandler done);

  // Assessment only: nothing runs and nothing is recorded. Throws Error.
  Assessment assess(const std::string& code, Language language = Language::python,
                    Origin origin = Origin::mai);

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
