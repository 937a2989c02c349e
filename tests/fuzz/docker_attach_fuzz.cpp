// Docker's multiplexed attach stream (src/sandbox/docker/frame_demux.*): any
// bytes, split anywhere, yield the same stdout and stderr and the same
// verdict, never more payload than was sent, and only streams 1 and 2.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sandbox/docker/frame_demux.hpp"

namespace {

struct Out {
  std::string out, err;
  bool ok = true, idle = false;
};

Out run(const char* p, size_t n, size_t chunk) {
  Out o;
  mai::sandbox::docker::FrameDemux d([&](int stream, const char* q, size_t k) {
    if (stream != 1 && stream != 2) __builtin_trap();
    (stream == 1 ? o.out : o.err).append(q, k);
  });
  for (size_t i = 0; i < n && o.ok; i += chunk) o.ok = d.feed(p + i, std::min(chunk, n - i));
  o.idle = d.idle();
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const char* p = reinterpret_cast<const char*>(data + 1);
  size_t n = size - 1;
  Out whole = run(p, n, n ? n : 1);
  Out split = run(p, n, data[0] % 17 + 1u);
  if (whole.out != split.out || whole.err != split.err || whole.ok != split.ok ||
      whole.idle != split.idle)
    __builtin_trap();
  if (whole.out.size() + whole.err.size() > n) __builtin_trap();
  return 0;
}
