#include "sandbox/docker/frame_demux.hpp"

#include <algorithm>

namespace mai::sandbox::docker {

bool FrameDemux::feed(const char* p, size_t n) {
  while (n > 0 && !broken_) {
    if (left_ == 0) {
      size_t take = std::min(n, sizeof hdr_ - have_);
      std::copy(p, p + take, hdr_ + have_);
      have_ += take;
      p += take;
      n -= take;
      if (have_ < sizeof hdr_) break;
      have_ = 0;
      stream_ = hdr_[0];
      if (stream_ != 1 && stream_ != 2) {
        broken_ = true;
        break;
      }
      left_ = (uint64_t{hdr_[4]} << 24) | (uint64_t{hdr_[5]} << 16) | (uint64_t{hdr_[6]} << 8) | hdr_[7];
      continue;
    }
    size_t take = static_cast<size_t>(std::min<uint64_t>(n, left_));
    sink_(stream_, p, take);
    left_ -= take;
    p += take;
    n -= take;
  }
  return !broken_;
}

}  // namespace mai::sandbox::docker
