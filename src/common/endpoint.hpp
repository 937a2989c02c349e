// HOST:PORT as given on the command line (--listen, --server, --join).
#pragma once
#include <cstdint>
#include <string>

namespace mai {

struct Endpoint {
  std::string host;  // name or numeric address, without brackets
  uint16_t port = 0;
  std::string to_string() const;  // brackets around IPv6
};

// "host:port", "1.2.3.4:port" or "[::1]:port"; port 0 to 65535 when
// `allow_any_port` (a listener picking its own port), else 1 to 65535.
// Throws UsageError naming `option`.
Endpoint parse_endpoint(const std::string& text, const std::string& option, bool allow_any_port);

// 127.0.0.0/8, ::1 and "localhost".
bool is_loopback_host(const std::string& host);

}  // namespace mai
