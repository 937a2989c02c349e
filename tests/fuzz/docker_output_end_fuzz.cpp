// A container's output up to our init's end marker
// (src/sandbox/docker/output_end.*): any bytes, any marker, split anywhere,
// give exactly what precedes the marker's first whole occurrence (all of
// it, once flushed, when there is none), and say whether it was seen.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sandbox/docker/output_end.hpp"

namespace {

struct Out {
  std::string text;
  bool ended = false;
};

Out run(const std::string& marker, const std::string& stream, size_t chunk) {
  Out o;
  mai::sandbox::docker::OutputEnd end(marker);
  auto sink = [&](const char* p, size_t n) { o.text.append(p, n); };
  for (size_t i = 0; i < stream.size(); i += chunk) end.feed(stream.data() + i, std::min(chunk, stream.size() - i), sink);
  o.ended = end.ended();
  end.flush(sink);
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  size_t chunk = data[0] % 23 + 1u;
  size_t marker_len = std::min<size_t>(data[1] % 41, size - 2);  // 0: no marker
  std::string marker(reinterpret_cast<const char*>(data + 2), marker_len);
  std::string stream(reinterpret_cast<const char*>(data + 2 + marker_len), size - 2 - marker_len);
  Out split = run(marker, stream, chunk);
  size_t at = marker.empty() ? std::string::npos : stream.find(marker);
  std::string want = at == std::string::npos ? stream : stream.substr(0, at);
  if (split.text != want || split.ended != (at != std::string::npos)) __builtin_trap();
  return 0;
}
