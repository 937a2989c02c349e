#include "transport/port_gate.hpp"

namespace mai::transport {

void PortGate::expect(uint16_t local_port, const std::string& token) {
  std::lock_guard<std::mutex> lock(mu_);
  expected_[local_port] = token;
}

std::optional<std::string> PortGate::claim(uint16_t peer_port) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = expected_.find(peer_port);
  if (it == expected_.end()) return std::nullopt;
  std::string token = std::move(it->second);
  expected_.erase(it);
  return token;
}

void PortGate::forget(uint16_t local_port) {
  std::lock_guard<std::mutex> lock(mu_);
  expected_.erase(local_port);
}

size_t PortGate::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return expected_.size();
}

}  // namespace mai::transport
