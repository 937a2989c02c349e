#include "sandbox/docker/output_end.hpp"

#include <algorithm>
#include <string_view>

namespace mai::sandbox::docker {

namespace {

// The length of the longest end of `s` that is a beginning of `marker`
// (shorter than the marker: a whole one was looked for already).
size_t marker_start_at_end(std::string_view s, std::string_view marker) {
  for (size_t k = std::min(s.size(), marker.size() - 1); k > 0; --k)
    if (s.substr(s.size() - k) == marker.substr(0, k)) return k;
  return 0;
}

}  // namespace

void OutputEnd::feed(const char* p, size_t n, const Sink& out) {
  if (ended_) return;
  if (marker_.empty()) {
    out(p, n);
    return;
  }
  std::string joined;
  std::string_view data(p, n);
  if (!held_.empty()) {
    joined = std::move(held_) + std::string(data);
    held_.clear();
    data = joined;
  }
  size_t at = data.find(marker_);
  if (at != std::string_view::npos) {
    if (at > 0) out(data.data(), at);
    ended_ = true;
    return;
  }
  size_t keep = marker_start_at_end(data, marker_);
  if (data.size() > keep) out(data.data(), data.size() - keep);
  held_.assign(data.substr(data.size() - keep));
}

void OutputEnd::flush(const Sink& out) {
  if (!ended_ && !held_.empty()) out(held_.data(), held_.size());
  held_.clear();
}

}  // namespace mai::sandbox::docker
