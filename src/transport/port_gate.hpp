// Which loopback connections to the in-process CAF listener are ours.
//
// The tunnel server binds its loopback socket to 127.0.0.1:0, calls
// expect(local_port, token) and only then connects; the CAF doorman calls
// claim(peer_port) on every accepted connection and closes it when that
// returns nullopt. Any other local process that connects is refused: while our
// socket holds the port, TCP 4-tuple uniqueness means no one else can connect
// to the backend from 127.0.0.1:<that port>.
#pragma once
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace mai::transport {

class PortGate {
 public:
  void expect(uint16_t local_port, const std::string& token);
  // One-shot: the entry is gone after a successful claim.
  std::optional<std::string> claim(uint16_t peer_port);
  void forget(uint16_t local_port);
  size_t size() const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<uint16_t, std::string> expected_;
};

}  // namespace mai::transport
