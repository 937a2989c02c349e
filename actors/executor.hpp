// executor: runs requests in sandboxes, at most `slots` at once and no more
// than the host's free memory holds (sandbox/run_admission.hpp). Further
// requests wait in a bounded queue; past that they are refused as
// "overloaded". Each run gets its own detached worker (run_worker.hpp),
// because a sandbox is waited for with blocking calls.
#pragma once
#include <deque>
#include <functional>
#include <memory>

#include "actors/protocol.hpp"
#include "actors/run_worker.hpp"

namespace mai::actors {

struct ExecutorSettings {
  uint32_t slots = 1;
  uint32_t queue_length = 0;
  // What the host can give now, in bytes (0: unknown); empty: not a bound.
  std::function<uint64_t()> free_memory;
  RunWorkerDeps deps;
};

struct executor_state {
  ExecutorSettings settings;
  uint32_t running = 0;
  std::deque<std::pair<ExecutionRequest, caf::typed_response_promise<ExecutionReport>>> queue;
  static inline const char* name = "executor";
};

executor_actor::behavior_type executor(executor_actor::stateful_pointer<executor_state> self,
                                       ExecutorSettings settings);

}  // namespace mai::actors
