#include "sandbox/output_pump.hpp"

#include <algorithm>
#include <cerrno>
#include <unistd.h>

namespace mai::sandbox {

StreamCapture::~StreamCapture() { close(); }

void StreamCapture::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void StreamCapture::append(const char* data, size_t n) {
  total_ += n;
  if (data_.size() < keep_) data_.append(data, std::min<uint64_t>(n, keep_ - data_.size()));
}

void StreamCapture::pump() {
  char buf[65536];
  // Bounded per call so one busy stream cannot starve the other or the timer.
  for (int i = 0; i < 16 && fd_ >= 0; ++i) {
    ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n > 0) {
      append(buf, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    close();  // EOF or error: every writer is gone
  }
}

}  // namespace mai::sandbox
