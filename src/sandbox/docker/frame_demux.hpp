// Docker's multiplexed attach stream (no TTY): frames of an 8-byte header
// {stream, 0, 0, 0, size as big-endian uint32} followed by `size` bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>

namespace mai::sandbox::docker {

class FrameDemux {
 public:
  // stream 1 = stdout, 2 = stderr (0 = stdin is never attached).
  using Sink = std::function<void(int stream, const char* data, size_t n)>;
  explicit FrameDemux(Sink sink) : sink_(std::move(sink)) {}
  // Accepts bytes as they arrive, split anywhere. Returns false (and ignores
  // the rest) once a header names an unknown stream.
  bool feed(const char* p, size_t n);
  bool broken() const { return broken_; }
  bool idle() const { return have_ == 0 && left_ == 0; }  // between frames

 private:
  Sink sink_;
  unsigned char hdr_[8] = {};
  size_t have_ = 0;     // header bytes collected
  uint64_t left_ = 0;   // payload bytes still to come in this frame
  int stream_ = 0;
  bool broken_ = false;
};

}  // namespace mai::sandbox::docker
