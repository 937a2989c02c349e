// A descriptor closed when its owner goes out of scope (one for every caller
// that opens, uses and must close on every path, exceptions included).
#pragma once
#include <unistd.h>

namespace mai {

struct UniqueFd {
  int fd = -1;
  explicit UniqueFd(int f = -1) : fd(f) {}
  ~UniqueFd() {
    if (fd >= 0) ::close(fd);
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  UniqueFd(UniqueFd&& o) noexcept : fd(o.release()) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept {
    if (this != &o) {
      if (fd >= 0) ::close(fd);
      fd = o.release();
    }
    return *this;
  }
  int release() {  // the caller owns it now
    int f = fd;
    fd = -1;
    return f;
  }
};

}  // namespace mai
