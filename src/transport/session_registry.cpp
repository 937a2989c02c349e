#include "transport/session_registry.hpp"

namespace mai::transport {

void SessionRegistry::add(const std::string& token, PeerIdentity identity) {
  std::lock_guard<std::mutex> lock(mu_);
  sessions_[token] = std::move(identity);
}

void SessionRegistry::remove(const std::string& token) {
  std::lock_guard<std::mutex> lock(mu_);
  sessions_.erase(token);
}

std::optional<PeerIdentity> SessionRegistry::find(const std::string& token) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = sessions_.find(token);
  if (it == sessions_.end()) return std::nullopt;
  return it->second;
}

size_t SessionRegistry::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sessions_.size();
}

}  // namespace mai::transport
