#include "cli/process_exit.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace mai::cli {

namespace {

constexpr bool sanitized() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

}  // namespace

int leave_process(int status) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  if (!sanitized()) ::_exit(status);
  return status;
}

}  // namespace mai::cli
