// SHA-256 over byte strings (OpenSSL), raw or hex.
#pragma once
#include <string>
#include <string_view>

namespace mai {

// The 32 raw bytes of SHA-256(data).
std::string sha256(std::string_view data);
// SHA-256 over the concatenation of the parts, without copying them together.
std::string sha256(std::initializer_list<std::string_view> parts);
std::string sha256_hex(std::string_view data);

}  // namespace mai
