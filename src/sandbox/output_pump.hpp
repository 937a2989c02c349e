// Capturing the program's stdout and stderr: keep at most `keep` bytes of a
// stream, count everything, and flag a flood past `flood` bytes.
#pragma once
#include <cstdint>
#include <string>

namespace mai::sandbox {

class StreamCapture {
 public:
  StreamCapture(int fd, uint64_t keep, uint64_t flood) : fd_(fd), keep_(keep), flood_(flood) {}
  ~StreamCapture();
  StreamCapture(const StreamCapture&) = delete;
  StreamCapture& operator=(const StreamCapture&) = delete;

  int fd() const { return fd_; }
  bool open() const { return fd_ >= 0; }
  // Reads what is available (the descriptor is non-blocking); closes on EOF.
  void pump();
  void append(const char* data, size_t n);
  void close();

  bool flooded() const { return flood_ > 0 && total_ > flood_; }
  bool truncated() const { return total_ > data_.size(); }
  uint64_t total() const { return total_; }
  std::string take() { return std::move(data_); }
  const std::string& data() const { return data_; }

 private:
  int fd_;
  uint64_t keep_, flood_;
  uint64_t total_ = 0;
  std::string data_;
};

}  // namespace mai::sandbox
