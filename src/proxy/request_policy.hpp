// What a parsed request asks for, and whether the proxy allows it: CONNECT
// host:443, or GET/HEAD http://host/... (port 80), to an allowlisted name.
// Everything else is refused with the reason the client and audit log see.
#pragma once
#include <cstdint>
#include <string>

#include "proxy/allowlist.hpp"
#include "proxy/http_request.hpp"

namespace mai::proxy {

struct Target {
  bool tunnel = false;  // CONNECT
  std::string host;     // normalized name (or the raw text when refused)
  uint16_t port = 0;
  std::string path;     // GET/HEAD: origin-form path and query
};

struct PolicyDecision {
  bool allowed = false;
  int http_status = 403;
  std::string reason;
  Target target;
};

PolicyDecision decide_request(const RequestHead& head, const Allowlist& allowlist);

}  // namespace mai::proxy
