// A running node, built from its NodeSpec by start_node(): the one place that
// decides what a node is made of. The path through the code is
//   cli/ (options, printing) -> node/ (this) -> actors/ -> engine (src/)
// start_node() opens the state directory (removing what killed runs left),
// the audit log (or a worker's spool), the assessor and the sandbox backends,
// settles the slot counts, and spawns the actors in an actor system of the
// node's own; a coordinator also opens its front door to the network, a
// worker its link to the coordinator. While the node runs, the auditor actor
// is the only writer of the audit log.
#pragma once
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/endpoint.hpp"
#include "config/service_config.hpp"
#include "node/node_actors.hpp"
#include "node/node_spec.hpp"

namespace mai::transport {
class TlsContext;
class TunnelServer;
}  // namespace mai::transport

namespace mai::node {

class Node {
 public:
  ~Node();  // stops the node if stop() was not called
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  caf::actor_system& system() { return *sys_; }
  // local_run, coordinator: where submissions go.
  const gateway_actor& gateway() const { return core_.gateway; }
  // local_run, coordinator: samples and kills the runs of this node's own executor.
  const monitor_actor& monitor() const { return core_.execution.monitor; }
  // coordinator: where it accepts connections (the port it got if 0 was asked).
  const Endpoint& listening() const { return listening_; }
  bool uses_tls() const { return tls_ != nullptr; }
  // worker: the exit status once the node ended by itself (the coordinator
  // refused it, or the link to it failed).
  std::optional<int> ended() const;

  // Stops taking connections, records service.stop with `why` (coordinator),
  // then stops every actor. Throws if the log refused service.stop (after
  // stopping everything).
  void stop(const std::string& why = "");

 private:
  friend std::unique_ptr<Node> start_node(const NodeSpec& spec);
  explicit Node(NodeKind kind);
  void start_coordinator_service(const config::ServiceConfig& service);
  void start_coordinator_link(const NodeSpec& spec, const config::ServiceConfig& service,
                              const ExecutionParts& exec, uint32_t slots,
                              std::vector<std::string> stale_runs);

  NodeKind kind_;
  std::function<void(const std::string&)> log_;
  std::unique_ptr<caf::actor_system_config> cfg_;  // outlives the system, which refers to it
  std::unique_ptr<caf::actor_system> sys_;
  CoreActors core_;
  WorkerActors worker_;
  caf::actor front_door_;
  caf::actor link_;
  std::shared_ptr<std::atomic<int>> ended_ = std::make_shared<std::atomic<int>>(-1);
  std::shared_ptr<transport::TlsContext> tls_;
  std::unique_ptr<transport::TunnelServer> server_;
  Endpoint listening_;
  std::string name_;
  bool service_started_ = false;  // service.start is on record
  bool stopped_ = false;
};

// Builds and starts the node `spec` describes; throws UsageError or
// ConfigError on a bad specification or configuration, SandboxError when a
// required backend is missing.
std::unique_ptr<Node> start_node(const NodeSpec& spec);

// local_run: makes spec.native from `sandbox` (sandbox.yaml) and starts
// building spec.prepare's sandbox in it at once, before the rest of the
// configuration is read and the state directory is swept (a live run's
// scratch is locked, so the sweep leaves it). The sandbox is on a run's
// critical path: `run` calls this as soon as it knows the shape. Returns once
// the sandbox's init no longer shares this process's memory (about 2 ms):
// what the caller does next would otherwise make both slower
// (sandbox::await_host_memory_released).
void prepare_run_sandbox(NodeSpec& spec, const config::SandboxConfig& sandbox);

}  // namespace mai::node
