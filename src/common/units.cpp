#include "common/units.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

namespace mai {

namespace {

// Splits "12.5MiB" into 12.5 and "mib" (lower-cased); nullopt if malformed.
std::optional<std::pair<double, std::string>> split_number(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  size_t start = i;
  bool dot = false;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) ||
                             (text[i] == '.' && !dot))) {
    dot = dot || text[i] == '.';
    ++i;
  }
  if (i == start) return std::nullopt;
  double value = 0;
  try {
    value = std::stod(std::string(text.substr(start, i - start)));
  } catch (...) {
    return std::nullopt;
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::string unit;
  for (; i < text.size(); ++i) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) break;
    unit.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(text[i]))));
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != text.size()) return std::nullopt;
  return std::make_pair(value, unit);
}

std::optional<uint64_t> scaled(double value, double factor) {
  double result = value * factor;
  if (!std::isfinite(result) || result < 0 || result > 1.8e19) return std::nullopt;
  return static_cast<uint64_t>(std::llround(result));
}

}  // namespace

std::optional<uint64_t> parse_size(std::string_view text) {
  auto parts = split_number(text);
  if (!parts) return std::nullopt;
  const auto& [value, unit] = *parts;
  static const std::pair<const char*, double> units[] = {
      {"", 1},          {"b", 1},
      {"k", 1024.0},    {"kb", 1000.0},     {"kib", 1024.0},
      {"m", 1048576.0}, {"mb", 1e6},        {"mib", 1048576.0},
      {"g", 1073741824.0}, {"gb", 1e9},     {"gib", 1073741824.0},
      {"t", 1099511627776.0}, {"tb", 1e12}, {"tib", 1099511627776.0}};
  for (const auto& [name, factor] : units)
    if (unit == name) return scaled(value, factor);
  return std::nullopt;
}

std::optional<uint64_t> parse_duration_ms(std::string_view text) {
  auto parts = split_number(text);
  if (!parts) return std::nullopt;
  const auto& [value, unit] = *parts;
  static const std::pair<const char*, double> units[] = {
      {"", 1000.0}, {"s", 1000.0}, {"ms", 1.0}, {"m", 60000.0}, {"min", 60000.0}, {"h", 3600000.0}};
  for (const auto& [name, factor] : units)
    if (unit == name) return scaled(value, factor);
  return std::nullopt;
}

std::string format_size(uint64_t bytes) {
  static const char* names[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int i = 0;
  uint64_t whole = bytes;
  while (i < 4 && whole >= 1024 && whole % 1024 == 0) {
    whole /= 1024;
    ++i;
  }
  return std::to_string(whole) + names[i];
}

std::string format_duration_ms(uint64_t ms) {
  if (ms != 0 && ms % 3600000 == 0) return std::to_string(ms / 3600000) + "h";
  if (ms != 0 && ms % 60000 == 0) return std::to_string(ms / 60000) + "m";
  if (ms != 0 && ms % 1000 == 0) return std::to_string(ms / 1000) + "s";
  return std::to_string(ms) + "ms";
}

std::string format_number(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", value);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace mai
