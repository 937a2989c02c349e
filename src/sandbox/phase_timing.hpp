// Where a sandbox's start and end spend their time, for sandbox_bench: the
// engine marks the end of each phase; the marks cost one thread-local read
// unless a benchmark installed a recorder on the calling thread.
#pragma once
#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "common/phase_log.hpp"

namespace mai::sandbox {

struct PhaseRecorder {
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  std::vector<std::pair<std::string, double>> ms;  // phase, milliseconds since the previous mark
  // Set: each mark is also a MAI_PHASES mark (phase_log.hpp), named with this prefix.
  const char* echo = nullptr;
  void add(const std::string& name, std::chrono::steady_clock::time_point at) {
    ms.emplace_back(name, std::chrono::duration<double, std::milli>(at - last).count());
    last = at;
    if (echo) phase_at(echo + name, at);
  }
};

inline PhaseRecorder*& phase_recorder() {
  thread_local PhaseRecorder* r = nullptr;
  return r;
}

// Ends the phase `name` (a string literal) on this thread's recorder, if any.
inline void phase_done(const char* name) {
  PhaseRecorder* r = phase_recorder();
  if (r) r->add(name, std::chrono::steady_clock::now());
}

// With MAI_PHASES set, the engine's marks on this thread print as the
// process's, prefixed with `echo` (a string literal), while this lives.
class PhaseEcho {
 public:
  explicit PhaseEcho(const char* echo) {
    if (!phases_on()) return;
    marks_.echo = echo;
    phase_recorder() = &marks_;
  }
  ~PhaseEcho() {
    if (phase_recorder() == &marks_) phase_recorder() = nullptr;
  }
  PhaseEcho(const PhaseEcho&) = delete;
  PhaseEcho& operator=(const PhaseEcho&) = delete;

 private:
  PhaseRecorder marks_;
};

// The same for a phase another process timed on CLOCK_MONOTONIC (the
// sandbox's init reports its own, "name=nanoseconds", on its ready line).
inline void phase_done_at(const std::string& name, std::chrono::steady_clock::time_point at) {
  PhaseRecorder* r = phase_recorder();
  if (r) r->add(name, at);
}

}  // namespace mai::sandbox
