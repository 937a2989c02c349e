#include "common/phase_log.hpp"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cstdint>

namespace mai {

namespace {

int64_t now_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

struct Origin {
  bool on = false;
  int64_t t0 = 0;
  Origin() {
    const char* v = ::getenv("MAI_PHASES");
    if (!v) return;
    on = true;
    char* end = nullptr;
    long long given = ::strtoll(v, &end, 10);
    t0 = (end && *end == '\0' && given > 1000000000000000000LL) ? given : now_ns();
  }
};

const Origin& origin() {
  static const Origin o;
  return o;
}

}  // namespace

void phase(const char* name) {
  const Origin& o = origin();
  if (!o.on) return;
  ::fprintf(stderr, "[phase] %s %.3f\n", name, static_cast<double>(now_ns() - o.t0) / 1e6);
}

void phase_at(const std::string& name, std::chrono::steady_clock::time_point at) {
  const Origin& o = origin();
  if (!o.on) return;
  auto ago = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - at).count();
  ::fprintf(stderr, "[phase] %s %.3f\n", name.c_str(), static_cast<double>(now_ns() - ago - o.t0) / 1e6);
}

bool phases_on() { return origin().on; }

}  // namespace mai
