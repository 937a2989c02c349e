// The proxy for one run: accepts on the run's listener (the socket on
// 127.0.0.1:3128 inside the sandbox) and serves every connection in one
// thread with non-blocking sockets and poll(), so no client can stall
// another. Every decision becomes a NetworkEvent, handed to the sink as it
// is made and kept for the run's report.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "config/network_config.hpp"
#include "model/execution.hpp"

namespace mai::proxy {

using EventSink = std::function<void(const NetworkEvent&)>;

class Server {
 public:
  // Takes ownership of `listener_fd` (a listening TCP socket).
  Server(config::NetworkConfig cfg, int listener_fd, EventSink sink = nullptr);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Serves until stop(); call it on a thread of its own.
  void run();
  // Thread-safe: run() closes every connection and returns promptly.
  void stop();
  // Every decision so far (complete once run() has returned).
  std::vector<NetworkEvent> events() const;
  // The most client connections it held at once (refusals included); never
  // more than twice limits.max_connections.
  size_t peak_held() const { return peak_held_; }
  // Client connections accepted so far.
  uint64_t accepted() const { return accepted_; }

 private:
  void record(const NetworkEvent& e);

  config::NetworkConfig cfg_;
  int listener_ = -1;
  int wake_r_ = -1, wake_w_ = -1;
  std::atomic<bool> stopping_{false};
  EventSink sink_;
  mutable std::mutex mu_;
  std::vector<NetworkEvent> events_;
  uint64_t unrecorded_ = 0;  // decisions past the event cap
  std::atomic<size_t> peak_held_{0};
  std::atomic<uint64_t> accepted_{0};
};

}  // namespace mai::proxy
