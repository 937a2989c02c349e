// GET /containers/{id}/stats?stream=true read by a background thread that
// keeps the latest sample (the daemon sends one about every second).
#pragma once
#include <atomic>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "model/execution.hpp"
#include "sandbox/docker/docker_client.hpp"

namespace mai::sandbox::docker {

struct DockerStats {
  uint64_t memory_bytes = 0, peak_memory_bytes = 0, cpu_ms = 0;
  uint32_t pids = 0, pids_limit = 0;
};

// One line of the stats stream; nullopt for a line that is not a sample
// (e.g. the zeroed sample of a container that has stopped).
std::optional<DockerStats> parse_stats_line(const std::string& line);

// Splits the stream into lines, as they arrive in pieces, keeping at most
// kMaxLine bytes of one: a longer line (no daemon sends one; a sample is a
// few KiB) is dropped up to its end instead of growing the buffer.
class StatsLines {
 public:
  static constexpr size_t kMaxLine = 1u << 20;
  template <class OnLine>
  void feed(const char* p, size_t n, OnLine on_line) {
    while (n > 0) {
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', n));
      size_t k = nl ? static_cast<size_t>(nl - p) : n;
      if (!skipping_) {
        if (buf_.size() + k > kMaxLine) {
          skipping_ = true;
          buf_.clear();
        } else {
          buf_.append(p, k);
        }
      }
      if (!nl) return;
      if (!skipping_) on_line(buf_);
      buf_.clear();
      skipping_ = false;
      p += k + 1;
      n -= k + 1;
    }
  }
  size_t buffered() const { return buf_.size(); }

 private:
  std::string buf_;
  bool skipping_ = false;
};

class StatsStream {
 public:
  StatsStream(std::string socket, std::string container_id);  // starts reading
  ~StatsStream();                                             // cancels and joins
  StatsStream(const StatsStream&) = delete;
  StatsStream& operator=(const StatsStream&) = delete;

  std::optional<DockerStats> latest() const;
  bool ended() const { return ended_; }

 private:
  void run();
  std::string socket_, id_;
  mutable std::mutex mu_;
  std::optional<DockerStats> latest_;
  StreamCancel cancel_;
  std::atomic<bool> ended_{false};
  std::thread thread_;
};

}  // namespace mai::sandbox::docker
