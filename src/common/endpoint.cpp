#include "common/endpoint.hpp"

#include <arpa/inet.h>

#include "common/error.hpp"

namespace mai {

std::string Endpoint::to_string() const {
  bool v6 = host.find(':') != std::string::npos;
  return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

Endpoint parse_endpoint(const std::string& text, const std::string& option, bool allow_any_port) {
  auto bad = [&](const std::string& why) {
    return UsageError(option + ": expected HOST:PORT, got '" + text + "' (" + why + ")");
  };
  Endpoint e;
  std::string port;
  if (!text.empty() && text.front() == '[') {
    size_t close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
      throw bad("IPv6 addresses are written [addr]:port");
    e.host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else {
    size_t colon = text.rfind(':');
    if (colon == std::string::npos) throw bad("no port");
    e.host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (e.host.find(':') != std::string::npos) throw bad("IPv6 addresses are written [addr]:port");
  }
  if (e.host.empty()) throw bad("no host");
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)
    throw bad("the port is not a number");
  unsigned long p = std::stoul(port);
  if (p > 65535 || (p == 0 && !allow_any_port))
    throw bad(allow_any_port ? "the port must be 0 to 65535" : "the port must be 1 to 65535");
  e.port = static_cast<uint16_t>(p);
  return e;
}

bool is_loopback_host(const std::string& host) {
  if (host == "localhost" || host == "::1") return true;
  in_addr a{};
  return ::inet_pton(AF_INET, host.c_str(), &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

}  // namespace mai
