// The actors of a node, wired together: what start_node() spawns once it has
// opened the engine's parts. Every node runs code through the same three
// (executor, monitor, network proxy); a coordinator or a local run adds the
// gateway, assessor, auditor (the log's only writer), dispatcher (coordinator
// only) and supervisor; a worker adds its audit spool and the executor the
// coordinator is given.
#pragma once
#include <chrono>
#include <memory>
#include <string>

#include "actors/protocol.hpp"
#include "actors/supervisor.hpp"
#include "assess/assessor.hpp"
#include "audit/log.hpp"
#include "audit/spool.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::node {

using namespace mai::protocol;

// What running code needs, on every kind of node.
struct ExecutionParts {
  config::SandboxConfig sandbox;
  config::NetworkConfig network;  // the deps proxy (config/network.yaml)
  std::string state_dir;
  std::shared_ptr<sandbox::Backend> native;
  std::shared_ptr<sandbox::Backend> docker;  // may be null
  std::string worker_name;                   // in execution records and results
  uint32_t slots = 1;                        // sandboxes at once (at least 1)
  uint32_t queue_length = 0;                 // requests that may wait for one
  uint64_t audit_max_record_bytes = 8u << 20;  // audit.yaml max_record
};

struct ExecutionActors {
  executor_actor executor;
  monitor_actor monitor;
  network_proxy_actor network_proxy;
};

// `serve` and `run`: the whole pipeline.
struct CoreParts {
  std::shared_ptr<const assess::Assessor> assessor;
  std::shared_ptr<audit::Log> audit_log;
  std::chrono::milliseconds tree_head_interval{0};  // 0: no idle tree heads (short-lived `run`)
  // `serve`: runs go through a dispatcher that workers may join; the local
  // executor is worker "local" with local_slots slots (0: it runs nothing).
  bool coordinator = false;
  uint32_t local_slots = 0;
  size_t worker_queue = 256;
  std::chrono::milliseconds worker_heartbeat_timeout{3000};
};

struct CoreActors {
  gateway_actor gateway;
  assessor_actor assessor;
  auditor_actor auditor;
  dispatcher_actor dispatcher;  // coordinators only
  ExecutionActors execution;
  caf::actor supervisor;        // watches the others
  std::shared_ptr<actors::NodeHealth> health;

  // Asks every actor but the auditor to stop (the auditor may still record
  // the node's end), then the auditor.
  void stop_all_but_auditor() const;
  void stop_auditor() const;
};

CoreActors spawn_core_actors(caf::actor_system& sys, const ExecutionParts& exec,
                             const CoreParts& core);

// `worker`: runs jobs for a coordinator; the spool is its auditor.
struct WorkerActors {
  executor_actor remote;  // what the coordinator is given
  audit_spool_actor spool;
  ExecutionActors execution;

  void stop() const;
};

WorkerActors spawn_worker_actors(caf::actor_system& sys, const ExecutionParts& exec,
                                 std::unique_ptr<audit::Spool> spool);

}  // namespace mai::node
