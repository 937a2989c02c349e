#include "common/clock.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace mai {

int64_t now_unix_us() {
  using namespace std::chrono;
  return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

std::string format_rfc3339_us(int64_t unix_us) {
  time_t secs = static_cast<time_t>(unix_us / 1000000);
  long micros = static_cast<long>(unix_us % 1000000);
  if (micros < 0) {
    micros += 1000000;
    --secs;
  }
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, micros);
  return buf;
}

std::optional<int64_t> parse_rfc3339_us(const std::string& text) {
  std::tm tm{};
  int consumed = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                  &consumed) != 3)
    return std::nullopt;
  size_t pos = static_cast<size_t>(consumed);
  long micros = 0;
  if (pos < text.size()) {
    int more = 0;
    if (std::sscanf(text.c_str() + pos, "T%2d:%2d:%2d%n", &tm.tm_hour, &tm.tm_min, &tm.tm_sec,
                    &more) != 3)
      return std::nullopt;
    pos += static_cast<size_t>(more);
    if (pos < text.size() && text[pos] == '.') {
      long scale = 100000;
      for (++pos; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos) {
        micros += (text[pos] - '0') * scale;
        scale /= 10;
      }
    }
    if (pos != text.size() - 1 || (text[pos] != 'Z' && text[pos] != 'z')) return std::nullopt;
  }
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  if (tm.tm_mon < 0 || tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31) return std::nullopt;
  time_t secs = timegm(&tm);
  return static_cast<int64_t>(secs) * 1000000 + micros;
}

}  // namespace mai
