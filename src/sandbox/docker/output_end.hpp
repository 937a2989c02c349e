// Where a container's output stream ends, before the daemon closes it (it
// does so only once it has processed the container's exit, tens of
// milliseconds later): our init writes an end marker holding a per-run
// secret on stdout and stderr after the program ended
// (docker_watch_protocol.hpp). Everything before the marker is the
// program's; what follows can only come from processes it left behind,
// which the kernel is killing, and is dropped. The program never learns the
// secret, so it cannot end its output early.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

namespace mai::sandbox::docker {

class OutputEnd {
 public:
  using Sink = std::function<void(const char*, size_t)>;
  // An empty `marker`: the stream has none, everything is output.
  explicit OutputEnd(std::string marker = {}) : marker_(std::move(marker)) {}

  // Passes on what precedes the marker. A tail that may be the marker's
  // beginning is held back until the next bytes tell.
  void feed(const char* p, size_t n, const Sink& out);
  // The stream ended without the marker: what was held back was output.
  void flush(const Sink& out);
  bool ended() const { return ended_; }

 private:
  std::string marker_;
  std::string held_;
  bool ended_ = false;
};

}  // namespace mai::sandbox::docker
