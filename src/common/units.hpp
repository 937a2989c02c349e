// Human units in configuration and on the command line: sizes ("512MiB",
// "1G", "4096") and durations ("60s", "250ms", "2m").
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mai {

std::optional<uint64_t> parse_size(std::string_view text);
// Milliseconds; a bare number means seconds.
std::optional<uint64_t> parse_duration_ms(std::string_view text);
std::string format_size(uint64_t bytes);

}  // namespace mai
