// A strict HTTP/1.1 request-head parser for the proxy. Anything a lenient
// server and a strict one could read differently (request smuggling) is
// refused: bare CR or LF, obsolete line folding, several Host or
// Content-Length fields, Transfer-Encoding, any request body at all.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace mai::proxy {

struct Header {
  std::string name;  // lower case
  std::string value; // surrounding whitespace removed
};

struct RequestHead {
  std::string method, target, version;
  std::vector<Header> headers;
  size_t size = 0;  // bytes of the head, terminator included

  // The value of the only field `name`; nullptr when absent.
  const std::string* find(std::string_view name) const;
};

enum class HeadStatus { incomplete, complete, refused };

struct HeadResult {
  HeadStatus status = HeadStatus::incomplete;
  RequestHead head;
  int http_status = 0;  // when refused: 400, 403 or 431
  std::string reason;   // when refused, for the client and the audit log
};

struct HeadLimits {
  size_t max_bytes = 16384;
  size_t max_fields = 100;
};

// Parses the head at the start of `buf`. `scanned` carries how far a previous
// call looked, so a client trickling bytes costs linear time, not quadratic.
HeadResult parse_request_head(std::string_view buf, const HeadLimits& limits, size_t& scanned);

}  // namespace mai::proxy
