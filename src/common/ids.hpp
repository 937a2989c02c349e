// Random identifiers (request ids, run ids) from the OS's CSPRNG.
#pragma once
#include <string>

namespace mai {

// `bytes` random bytes, hex-encoded.
std::string random_hex(size_t bytes);
// A request id: 16 random bytes as 32 hex digits.
std::string new_request_id();

}  // namespace mai
