// The bytes the proxy itself writes: the request it sends upstream for a
// plain GET/HEAD (origin form, its own Host, hop-by-hop fields dropped, one
// request per connection), the response head it passes back (with
// "Connection: close"), and its own refusals.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "proxy/http_request.hpp"
#include "proxy/request_policy.hpp"

namespace mai::proxy {

std::string upstream_request(const RequestHead& head, const Target& target);

enum class ResponseHeadStatus { incomplete, complete, invalid };

struct ResponseHead {
  ResponseHeadStatus status = ResponseHeadStatus::incomplete;
  std::string rewritten;  // the head to send to the client
  size_t consumed = 0;    // bytes of the original head
};

ResponseHead rewrite_response_head(std::string_view data, size_t max_bytes);

// A complete response with a short text body that says why.
std::string refusal_response(int status, const std::string& reason);

// "HTTP/1.1 200 Connection established" and its blank line.
std::string tunnel_established();

}  // namespace mai::proxy
