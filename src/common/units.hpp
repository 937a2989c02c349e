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
// "1.5s", "250ms", "2m": the largest unit that is exact.
std::string format_duration_ms(uint64_t ms);
// A number as people write it: "4", "0.5", "1.25" (no trailing zeros).
std::string format_number(double value);

}  // namespace mai
