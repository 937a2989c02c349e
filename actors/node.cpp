#include "actors/node.hpp"

#include <thread>

#include "actors/assessor.hpp"
#include "actors/auditor.hpp"
#include "actors/dispatcher.hpp"
#include "actors/executor.hpp"
#include "actors/gateway.hpp"
#include "actors/monitor.hpp"
#include "actors/network_proxy.hpp"

namespace mai::actors {

Node spawn_node(caf::actor_system& sys, const NodeSettings& s) {
  Node node;
  // The auditor blocks on fsync: it gets a thread of its own.
  node.auditor = sys.spawn<caf::detached>(auditor, s.audit_log, s.tree_head_interval);
  node.assessor = sys.spawn(assessor, s.assessor);
  node.monitor =
      sys.spawn(monitor, std::chrono::milliseconds(s.sandbox.monitor_interval_ms), node.auditor);
  node.network_proxy = sys.spawn(network_proxy, node.auditor, s.network);

  ExecutorSettings exec;
  exec.slots = s.sandbox.runs_at_once();
  exec.queue_length = s.sandbox.queue_length;
  if (s.coordinator) {
    // The dispatcher queues. It hands over the next run as soon as a report
    // arrives, which can be a moment before the executor hears that the
    // finished run's thread ended: a queue as long as the slots absorbs that.
    exec.slots = std::max(1u, s.local_slots);
    exec.queue_length = exec.slots;
  }
  exec.deps.native = s.native;
  exec.deps.docker = s.docker;
  exec.deps.monitor = node.monitor;
  exec.deps.network_proxy = node.network_proxy;
  exec.deps.auditor = node.auditor;
  exec.deps.scratch_root = s.state_dir + "/runs";
  exec.deps.output_flood_bytes = s.sandbox.output_flood_bytes;
  exec.deps.worker_name = s.worker_name;
  node.executor = sys.spawn(executor, exec);

  auto gw = std::make_shared<GatewaySettings>();
  gw->sandbox = s.sandbox;
  gw->host = policy::detect_host_resources();
  gw->assessor = node.assessor;
  gw->executor = node.executor;
  if (s.coordinator) {
    DispatcherSettings d;
    d.queue_limit = s.worker_queue;
    d.heartbeat_timeout = s.worker_heartbeat_timeout;
    d.auditor = node.auditor;
    d.local_executor = node.executor;
    d.local_info.name = s.worker_name;
    d.local_info.slots = s.local_slots;
    d.local_info.cpus = static_cast<uint32_t>(gw->host.cpus);
    d.local_info.memory_bytes = gw->host.memory_bytes;
    d.local_info.backends.push_back(Backend::native);
    if (s.docker) d.local_info.backends.push_back(Backend::docker);
    node.dispatcher = sys.spawn(dispatcher, std::move(d));
    gw->executor = node.dispatcher;
  }
  gw->auditor = node.auditor;
  node.gateway = sys.spawn(gateway, std::shared_ptr<const GatewaySettings>(gw));
  node.health = std::make_shared<NodeHealth>();
  node.supervisor = spawn_supervisor(sys, node.health,
                                     {{"gateway", node.gateway.address()},
                                      {"assessor", node.assessor.address()},
                                      {"executor", node.executor.address()},
                                      {"monitor", node.monitor.address()},
                                      {"network proxy", node.network_proxy.address()},
                                      {"auditor", node.auditor.address()},
                                      {"dispatcher", node.dispatcher.address()}},
                                     node.auditor);
  return node;
}

void Node::shutdown() const {
  for (const caf::actor_addr& a :
       {supervisor.address(), gateway.address(), dispatcher.address(), executor.address(),
        monitor.address(), network_proxy.address(), assessor.address(), auditor.address()})
    if (a) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
}

}  // namespace mai::actors
