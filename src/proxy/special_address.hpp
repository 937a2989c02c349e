// Addresses a name from DNS must never lead to: anything that is not a
// public unicast address (loopback, private, link-local, CGNAT, multicast,
// documentation, reserved, ...). Blocks SSRF into the host's own network.
#pragma once
#include <sys/socket.h>

#include <optional>
#include <string>

namespace mai::proxy {

// Why `addr` (AF_INET or AF_INET6) is special; nullopt for a public address.
std::optional<std::string> special_address(const sockaddr_storage& addr);

// Numeric form of an address, for messages ("127.0.0.1", "::1").
std::string address_text(const sockaddr_storage& addr);

}  // namespace mai::proxy
