// Byte encodings used in results and audit records.
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
