// Byte encodings used in results and audit records. Decoding accepts only
// the one spelling encoding writes (lower-case hex, padded base64 without
// stray bits), so stored records have a single encoding each.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace mai {

std::string to_hex(std::string_view bytes);
std::optional<std::string> from_hex(std::string_view hex);
std::string to_base64(std::string_view bytes);
std::optional<std::string> from_base64(std::string_view text);

}  // namespace mai
