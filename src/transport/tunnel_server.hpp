// The TLS (or plain TCP) front of the service: accepts clients, does the TLS
// handshake and the protocol hello, records the client's identity in the
// SessionRegistry, and relays each tunnel to a loopback connection to the
// in-process CAF listener (announced through the PortGate). One epoll thread
// serves every connection. See docs/remote.md, "Wire protocol".
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "transport/port_gate.hpp"
#include "transport/session_registry.hpp"
#include "transport/tls_context.hpp"

namespace mai::transport {

struct TunnelServerSettings {
  std::string host = "127.0.0.1";
  uint16_t port = 0;                // where clients connect (0: any port)
  std::shared_ptr<TlsContext> tls;  // null: plain TCP
  uint16_t backend_port = 0;        // CAF listens on 127.0.0.1:backend_port

  // Before authentication (TCP accepted, TLS and hello not done): capped per
  // source address (IPv4, or IPv6 /64) and in total; a newcomer evicts the
  // oldest connection of its own source at that cap, else the oldest of the
  // source holding the most at the total cap (see admission.hpp). Each must
  // finish within handshake_timeout.
  std::chrono::milliseconds handshake_timeout{10000};
  size_t max_handshakes = 1024;
  size_t max_handshakes_per_address = 16;

  // Authenticated tunnels: in total, and per client (one certificate; for
  // plain TCP, one source address). Beyond them the hello gets ERR.
  size_t max_connections = 256;
  size_t max_connections_per_client = 64;
  // A client that reads nothing (its window stays zero) or has vanished for
  // this long is dropped, so that it cannot pin the buffers (net.hpp).
  std::chrono::milliseconds peer_timeout{20000};

  // Peer->service BASP (basp_gate.hpp): the largest payload, and message
  // signatures a peer may have routed on to other nodes (besides CAF's own).
  uint32_t max_frame_bytes = 8u << 20;
  std::vector<std::string> forwardable_signatures;
  bool check_basp = true;  // false: framing and size only (benchmark baseline)

  // Called from the relay thread for every notable event of one connection
  // (refused or evicted before authentication, tunnel opened/closed and why).
  // Must not block; may be empty.
  std::function<void(const std::string&)> on_event;
};

class TunnelServer {
 public:
  // Binds and listens (throws mai::UsageError "cannot listen on HOST:PORT:
  // <strerror>"), then starts the relay thread. On every authenticated tunnel
  // it adds (token, identity) to `sessions` before telling the client its
  // token, and removes it when the tunnel closes.
  TunnelServer(TunnelServerSettings settings, std::shared_ptr<SessionRegistry> sessions,
               std::shared_ptr<PortGate> gate);
  ~TunnelServer();  // stops the thread, closes everything
  TunnelServer(const TunnelServer&) = delete;
  TunnelServer& operator=(const TunnelServer&) = delete;

  uint16_t port() const;  // the bound port

  struct Stats {
    uint64_t accepted;       // TCP connections accepted
    uint64_t authenticated;  // tunnels established (TLS verified, hello OK)
    uint64_t refused;        // connections closed before a tunnel was established
    uint64_t evicted;        // of those: evicted for a newcomer (pre-authentication caps)
    uint64_t open;           // tunnels open now
    uint64_t pending;        // connections not authenticated yet, now
  };
  Stats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mai::transport
