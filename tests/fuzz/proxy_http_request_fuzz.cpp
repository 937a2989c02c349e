// The proxy's HTTP side (src/proxy/http_request.*, request_policy.*,
// http_forward.*): any bytes from a sandbox as a request head, parsed whole
// and trickled (the incremental parser must agree with itself), then the
// policy decision and the upstream request for a complete head; and any bytes
// from an upstream as a response head.
#include <cstddef>
#include <cstdint>
#include <string>

#include "proxy/allowlist.hpp"
#include "proxy/http_forward.hpp"
#include "proxy/http_request.hpp"
#include "proxy/request_policy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::proxy;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  HeadLimits limits{4096, 50};

  size_t scanned = 0;
  HeadResult whole = parse_request_head(in, limits, scanned);
  // The same bytes arriving in pieces of 7 (as a slow client sends them).
  size_t scanned2 = 0;
  HeadResult step;
  for (size_t n = 7; n < size + 7; n += 7) {
    step = parse_request_head(in.substr(0, std::min(n, size)), limits, scanned2);
    if (step.status != HeadStatus::incomplete) break;
  }
  if (step.status != whole.status || step.reason != whole.reason) __builtin_trap();
  if (whole.status == HeadStatus::complete) {
    if (whole.head.size > size || step.head.size != whole.head.size) __builtin_trap();
    Allowlist allow({"pkgs.test", "*.mirror.test"});
    PolicyDecision d = decide_request(whole.head, allow);
    if (d.allowed && !d.target.tunnel) {
      std::string up = upstream_request(whole.head, d.target);
      if (up.find("\r\n\r\n") == std::string::npos) __builtin_trap();
    }
  }
  ResponseHead r = rewrite_response_head(in, 4096);
  if (r.status == ResponseHeadStatus::complete && r.consumed > size) __builtin_trap();
  return 0;
}
