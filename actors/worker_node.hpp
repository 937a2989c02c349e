// The actors of a worker machine (`mai-sandbox worker`): executor, monitor
// and network proxy with their own sandboxes, and the audit spool as their
// auditor. The coordinator reaches them through `remote`, an executor whose
// reports are sent only once the run's audit events are in the
// coordinator's log.
#pragma once
#include <memory>
#include <string>

#include "actors/protocol.hpp"
#include "sandbox/sandbox.hpp"
#include "audit/spool.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"

namespace mai::actors {

struct WorkerNodeSettings {
  config::SandboxConfig sandbox;
  config::NetworkConfig network;
  std::string state_dir;
  std::unique_ptr<audit::Spool> spool;
  std::shared_ptr<sandbox::Backend> native;
  std::shared_ptr<sandbox::Backend> docker;  // may be null
  std::string worker_name;
  uint32_t slots = 1;
};

struct WorkerNode {
  executor_actor remote;  // what the coordinator is given
  executor_actor executor;
  monitor_actor monitor;
  network_proxy_actor network_proxy;
  audit_spool_actor spool;

  void shutdown() const;
};

WorkerNode spawn_worker_node(caf::actor_system& sys, WorkerNodeSettings settings);

}  // namespace mai::actors
