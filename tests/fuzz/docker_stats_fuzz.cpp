// Docker's stats stream (src/sandbox/docker/stats_stream.*): any bytes, split
// into lines as they arrive, each line parsed as a sample; the line buffer
// stays bounded and the lines do not depend on how the bytes were split.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sandbox/docker/stats_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::sandbox::docker;
  if (size < 1) return 0;
  size_t chunk = data[0] + 1u;
  const char* p = reinterpret_cast<const char*>(data + 1);
  size_t n = size - 1;
  std::vector<std::string> whole, split;
  StatsLines a, b;
  a.feed(p, n, [&](const std::string& l) { whole.push_back(l); });
  for (size_t i = 0; i < n; i += chunk)
    b.feed(p + i, std::min(chunk, n - i), [&](const std::string& l) { split.push_back(l); });
  if (whole != split || a.buffered() > StatsLines::kMaxLine) __builtin_trap();
  for (const auto& line : whole) {
    if (auto s = parse_stats_line(line))
      if (s->peak_memory_bytes < s->memory_bytes) __builtin_trap();
  }
  // The whole input as one line, too (the parser on its own).
  parse_stats_line(std::string(p, n));
  return 0;
}
