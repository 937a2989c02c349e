// Wall-clock timestamps as they appear in results and audit records.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace mai {

// Microseconds since the Unix epoch.
int64_t now_unix_us();
// RFC 3339 UTC with microseconds: 2026-11-21T19:30:00.123456Z
std::string format_rfc3339_us(int64_t unix_us);
// Accepts RFC 3339 UTC ("...Z", fraction optional) or a plain date; nullopt if malformed.
std::optional<int64_t> parse_rfc3339_us(const std::string& text);

}  // namespace mai
