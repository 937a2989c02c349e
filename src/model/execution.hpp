// What happened when code ran: the executor's report and the monitor's samples.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/enums.hpp"
#include "model/limits.hpp"
#include "model/run_files.hpp"

namespace mai {

// One reading of a sandbox's resource use.
struct ResourceSample {
  int64_t time_us = 0;  // unix time of the reading
  uint64_t memory_bytes = 0;
  uint64_t cpu_ms = 0;  // cumulative
  uint32_t pids = 0;
  uint64_t disk_bytes = 0;  // used on the writable mounts
};

// One decision of the network proxy.
struct NetworkEvent {
  std::string decision;  // "allow" or "deny"
  std::string method;
  std::string host;
  uint16_t port = 0;
  std::string reason;
  uint64_t bytes_up = 0;
  uint64_t bytes_down = 0;
};

// One write-intent call that could not succeed: its target lies on a
// read-only mount (everything but /sandbox, /tmp, /dev/shm and /proc's own files).
struct RefusedWrite {
  std::string call;  // the system call, e.g. "openat"
  std::string path;  // as the program passed it (relative ones too), at most kRefusedPathBytes
  bool path_truncated = false;
};

constexpr size_t kRefusedRecorded = 16;     // calls recorded with their path; the rest only counted
constexpr size_t kRefusedPathBytes = 256;

// The writes the code tried and was refused (docs/sandbox.md).
struct RefusedWrites {
  bool counted = false;  // false: this backend cannot count them (`note` says why); count is then meaningless
  uint64_t count = 0;
  std::vector<RefusedWrite> first;  // the first kRefusedRecorded, in order
  std::string note;
};

struct ExecutionReport {
  Backend backend = Backend::native;
  std::string worker;
  int32_t exit_code = 0;          // the contract's exit status for this run
  std::optional<int32_t> signal;  // the signal that ended the program, if one did
  Termination termination = Termination::exited;
  std::string stdout_data;
  std::string stderr_data;
  bool stdout_truncated = false;
  bool stderr_truncated = false;
  uint64_t wall_ms = 0;
  uint64_t cpu_ms = 0;
  uint64_t peak_memory_bytes = 0;
  uint32_t max_pids = 0;
  TrustLevel trust = TrustLevel::unknown;
  NetworkMode network = NetworkMode::none;
  Limits limits;
  std::vector<std::string> isolation;  // protections that were in force
  std::vector<NetworkEvent> network_events;
  std::string violation;  // why the run was killed, in words; empty if it was not
  std::optional<ResourceSample> last_sample;
  FileManifest files;  // every file the code created or changed (run_files.hpp)
  RefusedWrites refused_writes;
};

}  // namespace mai
