// Turns an allowlisted name into the addresses the proxy will connect to.
// Override map first (operator's choice, any address); otherwise DNS on a
// thread of its own (getaddrinfo blocks), and the whole answer is refused if
// any address is special. The proxy connects to exactly these addresses, so
// a second lookup (DNS rebinding) cannot change what was checked.
#pragma once
#include <sys/socket.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "config/network_config.hpp"

namespace mai::proxy {

struct Resolution {
  uint64_t id = 0;
  std::vector<sockaddr_storage> addresses;  // port set; empty when refused or failed
  std::string error;                         // why not, when empty
  bool special = false;                      // refused: DNS gave a special address
};

class Resolver {
 public:
  explicit Resolver(std::map<std::string, config::ResolveOverride> overrides);
  ~Resolver();
  Resolver(const Resolver&) = delete;
  Resolver& operator=(const Resolver&) = delete;

  // Readable when answers are waiting in take().
  int notify_fd() const;
  // An override answers at once; a DNS lookup answers later through take()
  // (nullopt now). A lookup that outlives its caller is simply discarded.
  std::optional<Resolution> start(uint64_t id, const std::string& host, uint16_t port);
  std::vector<Resolution> take();
  size_t in_flight() const;

  struct Shared;  // lives as long as the last lookup thread

 private:
  std::map<std::string, config::ResolveOverride> overrides_;
  std::shared_ptr<Shared> shared_;
};

// Parses a numeric address (no name lookup) with a port.
std::optional<sockaddr_storage> numeric_address(const std::string& ip, uint16_t port);

}  // namespace mai::proxy
