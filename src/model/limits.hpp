// Resource limits of one run, and what a caller may ask to tighten.
#pragma once
#include <cstdint>
#include <optional>

namespace mai {

struct Limits {
  double cpus = 1.0;
  uint64_t memory_bytes = 0;
  uint32_t pids = 0;
  uint64_t timeout_ms = 0;
  uint64_t tmpfs_bytes = 0;   // each writable mount (/tmp, the working directory, /dev/shm)
  uint64_t output_bytes = 0;  // per stream; more is truncated, a flood is killed
};

// --timeout, --memory, --cpus, --pids: each may only lower the policy's value.
struct LimitRequest {
  std::optional<double> cpus;
  std::optional<uint64_t> memory_bytes;
  std::optional<uint32_t> pids;
  std::optional<uint64_t> timeout_ms;
};

}  // namespace mai
