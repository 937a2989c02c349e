// Thread-safe map from tunnel token to the identity of its peer, shared by the
// tunnel server (which adds and removes) and the CAF side (which looks up).
#pragma once
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "transport/identity.hpp"

namespace mai::transport {

class SessionRegistry {
 public:
  void add(const std::string& token, PeerIdentity identity);
  void remove(const std::string& token);
  std::optional<PeerIdentity> find(const std::string& token) const;
  size_t size() const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, PeerIdentity> sessions_;
};

}  // namespace mai::transport
