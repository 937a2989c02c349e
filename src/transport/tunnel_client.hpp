// The client end of a tunnel: connects (with a hard timeout) to a
// TunnelServer, does the TLS handshake and the protocol hello, and hands the
// caller a loopback socket whose bytes a small relay thread carries to the
// server. See docs/remote.md, "Wire protocol".
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "transport/tls_context.hpp"

namespace mai::transport {

// Connecting failed; the message says why in a sentence.
class ConnectError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TunnelClientSettings {
  std::string host;
  uint16_t port = 0;
  std::shared_ptr<TlsContext> tls;          // null: plain TCP
  std::chrono::milliseconds timeout{5000};  // whole connect + handshake + hello
  // The server reading nothing or gone for this long drops the tunnel (net.hpp).
  std::chrono::milliseconds peer_timeout{20000};
};

class Pipe;

class TunnelClient {
 public:
  // Blocks at most `timeout`: non-blocking TCP connect with poll, TLS
  // handshake (the server certificate must chain to the CA and name `host`
  // in its SAN), protocol hello. Throws ConnectError: "connection refused by
  // HOST:PORT", "timed out after 5s connecting to HOST:PORT", "TLS handshake
  // with HOST:PORT failed: <reason>", "HOST:PORT is not a mai-sandbox service
  // (...)", "server speaks protocol N, this client speaks 1", "HOST:PORT
  // refused the tunnel: <reason>".
  static std::unique_ptr<TunnelClient> connect(const TunnelClientSettings& settings);

  // A connected loopback TCP socket (AF_INET, SOCK_CLOEXEC, blocking mode)
  // whose bytes are relayed to the server. The caller takes ownership (CAF
  // wraps it). Call once; later calls return -1.
  int take_local_fd();
  const std::string& token() const { return token_; }
  bool open() const { return open_.load(); }  // false once the tunnel has closed
  ~TunnelClient();                            // stops relaying, closes both ends
  TunnelClient(const TunnelClient&) = delete;
  TunnelClient& operator=(const TunnelClient&) = delete;

 private:
  TunnelClient() = default;
  void run();

  std::string token_;
  int local_fd_ = -1;
  int wake_fd_ = -1;
  std::atomic<bool> open_{true};
  std::unique_ptr<Pipe> pipe_;
  std::thread thread_;
};

}  // namespace mai::transport
