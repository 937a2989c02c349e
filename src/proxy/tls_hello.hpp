// Reads the server name (SNI) from a TLS ClientHello, the first thing a
// client sends into a CONNECT tunnel, so the proxy can check that the TLS
// session is for the host it allowed and not for another one on the same
// address. The ClientHello may span several TLS records.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace mai::proxy {

enum class HelloStatus { incomplete, complete, refused };

struct HelloResult {
  HelloStatus status = HelloStatus::incomplete;
  std::string server_name;  // lower case; empty if the hello names none
  size_t consumed = 0;      // bytes of the records that carried the ClientHello
  std::string reason;       // when refused
};

HelloResult parse_client_hello(std::string_view data, size_t max_bytes);

}  // namespace mai::proxy
