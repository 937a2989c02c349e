// One mai-sandbox node: the six actors wired together in one actor system.
// `run` spawns one for a single submission; `serve` keeps one running.
#pragma once
#include <chrono>
#include <memory>
#include <string>

#include "actors/protocol.hpp"
#include "sandbox/sandbox.hpp"
#include "protocol/actor_system.hpp"
#include "actors/supervisor.hpp"
#include "assess/assessor.hpp"
#include "audit/log.hpp"
#include "config/audit_config.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"

namespace mai::actors {

struct NodeSettings {
  config::SandboxConfig sandbox;
  config::NetworkConfig network;  // the deps proxy (config/network.yaml)
  std::string state_dir;
  std::shared_ptr<const assess::Assessor> assessor;
  std::shared_ptr<audit::Log> audit_log;
  std::chrono::milliseconds tree_head_interval{0};  // 0: no idle tree heads (short-lived `run`)
  std::shared_ptr<sandbox::Backend> native;
  std::shared_ptr<sandbox::Backend> docker;  // may be null
  std::string worker_name;
  // `serve`: runs go through a dispatcher that workers may join. The local
  // executor is then worker "local" with local_slots slots (0: it runs nothing).
  bool coordinator = false;
  uint32_t local_slots = 0;
  size_t worker_queue = 256;
  std::chrono::milliseconds worker_heartbeat_timeout{3000};
};

struct Node {
  gateway_actor gateway;
  assessor_actor assessor;
  executor_actor executor;
  monitor_actor monitor;
  network_proxy_actor network_proxy;
  auditor_actor auditor;
  dispatcher_actor dispatcher;  // coordinators only
  caf::actor supervisor;        // watches the others
  std::shared_ptr<NodeHealth> health;

  // Asks every actor to stop; the actor system then shuts down cleanly.
  void shutdown() const;
};

Node spawn_node(caf::actor_system& sys, const NodeSettings& settings);

}  // namespace mai::actors
