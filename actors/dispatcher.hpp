// dispatcher: the coordinator's executor (issue #9). The gateway hands it
// every run exactly as it would hand the local executor; the dispatcher
// places it with cluster::Placement on the least-loaded worker that can take
// it, or queues it, and answers with that worker's report. A worker whose
// connection drops or whose heartbeats stop is lost: each job it was running
// is answered with termination worker_lost, and the queue moves on to the
// others. The coordinator's own executor is worker "local" when it has slots.
#pragma once
#include <chrono>
#include <map>
#include <memory>

#include "actors/protocol.hpp"
#include "cluster/placement.hpp"

namespace mai::actors {

struct DispatcherSettings {
  size_t queue_limit = 256;
  std::chrono::milliseconds heartbeat_timeout{3000};
  auditor_actor auditor;
  // The coordinator's own executor and its slots (0: it runs nothing itself).
  executor_actor local_executor;
  WorkerInfo local_info;
};

struct dispatcher_state {
  struct Job {
    ExecutionRequest request;
    caf::typed_response_promise<ExecutionReport> promise;
    std::string worker;  // empty while queued
    cluster::time_point placed_at;
  };
  std::unique_ptr<cluster::Placement> placement;
  std::map<std::string, Job> jobs;                   // by request id
  std::map<std::string, executor_actor> executors;   // by worker id
  std::map<caf::actor_addr, std::string> worker_of;  // executor address -> worker id
  static inline const char* name = "dispatcher";
};

dispatcher_actor::behavior_type dispatcher(dispatcher_actor::stateful_pointer<dispatcher_state> self,
                                           DispatcherSettings settings);

}  // namespace mai::actors
