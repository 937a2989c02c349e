#include "node/node_actors.hpp"

#include "actors/assessor.hpp"
#include "actors/audit_spool.hpp"
#include "actors/auditor.hpp"
#include "actors/dispatcher.hpp"
#include "actors/executor.hpp"
#include "actors/gateway.hpp"
#include "actors/monitor.hpp"
#include "actors/network_proxy.hpp"
#include "actors/remote_executor.hpp"
#include "common/host_resources.hpp"
#include "policy/run_policy.hpp"

namespace mai::node {

namespace {

void send_exit(std::initializer_list<caf::actor_addr> actors) {
  for (const caf::actor_addr& a : actors)
    if (a) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
}

// The same on every node: the executor, and the monitor and proxy its runs use.
ExecutionActors spawn_execution(caf::actor_system& sys, const ExecutionParts& p,
                                const auditor_actor& auditor) {
  ExecutionActors a;
  a.monitor = sys.spawn(actors::monitor, std::chrono::milliseconds(p.sandbox.monitor_interval_ms),
                        auditor, actors::ProbeFactory(sandbox::make_probe));
  a.network_proxy = sys.spawn(actors::network_proxy, auditor, p.network);
  actors::ExecutorSettings exec;
  exec.slots = std::max(1u, p.slots);
  exec.queue_length = p.queue_length;
  exec.free_memory = [] { return this_host_resources().memory_bytes; };  // read afresh per decision
  exec.deps.native = p.native;
  exec.deps.docker = p.docker;
  exec.deps.monitor = a.monitor;
  exec.deps.network_proxy = a.network_proxy;
  exec.deps.auditor = auditor;
  exec.deps.scratch_root = p.state_dir + "/runs";
  exec.deps.output_flood_bytes = p.sandbox.output_flood_bytes;
  exec.deps.worker_name = p.worker_name;
  exec.deps.audit_max_record_bytes = p.audit_max_record_bytes;
  a.executor = sys.spawn(actors::executor, exec);
  return a;
}

}  // namespace

CoreActors spawn_core_actors(caf::actor_system& sys, const ExecutionParts& exec,
                             const CoreParts& core) {
  CoreActors node;
  // The auditor blocks on fsync: it gets a thread of its own.
  node.auditor = sys.spawn<caf::detached>(actors::auditor, core.audit_log, core.tree_head_interval);
  node.assessor = sys.spawn(actors::assessor, core.assessor);
  node.execution = spawn_execution(sys, exec, node.auditor);

  auto gw = std::make_shared<actors::GatewaySettings>();
  gw->sandbox = exec.sandbox;
  gw->assessor = node.assessor;
  gw->executor = node.execution.executor;
  gw->auditor = node.auditor;
  if (core.coordinator) {
    actors::DispatcherSettings d;
    d.queue_limit = core.worker_queue;
    d.heartbeat_timeout = core.worker_heartbeat_timeout;
    d.auditor = node.auditor;
    d.local_executor = node.execution.executor;
    d.local_info.name = exec.worker_name;
    d.local_info.slots = core.local_slots;
    // At start-up, for the node's worker info; plans read it afresh.
    const policy::HostResources host = policy::detect_host_resources();
    d.local_info.cpus = static_cast<uint32_t>(host.cpus);
    d.local_info.memory_bytes = host.memory_bytes;
    d.local_info.backends.push_back(Backend::native);
    if (exec.docker) d.local_info.backends.push_back(Backend::docker);
    node.dispatcher = sys.spawn(actors::dispatcher, std::move(d));
    gw->executor = node.dispatcher;
    gw->executor_in_process = false;
  }
  node.gateway = sys.spawn(actors::gateway, std::shared_ptr<const actors::GatewaySettings>(gw));
  node.health = std::make_shared<actors::NodeHealth>();
  node.supervisor =
      actors::spawn_supervisor(sys, node.health,
                               {{"gateway", node.gateway.address()},
                                {"assessor", node.assessor.address()},
                                {"executor", node.execution.executor.address()},
                                {"monitor", node.execution.monitor.address()},
                                {"network proxy", node.execution.network_proxy.address()},
                                {"auditor", node.auditor.address()},
                                {"dispatcher", node.dispatcher.address()}},
                               node.auditor);
  return node;
}

void CoreActors::stop_all_but_auditor() const {
  send_exit({supervisor.address(), gateway.address(), dispatcher.address(),
        execution.executor.address(), execution.monitor.address(),
        execution.network_proxy.address(), assessor.address()});
}

void CoreActors::stop_auditor() const { send_exit({auditor.address()}); }

WorkerActors spawn_worker_actors(caf::actor_system& sys, const ExecutionParts& exec,
                                 std::unique_ptr<audit::Spool> spool) {
  WorkerActors node;
  node.spool = sys.spawn<caf::detached>(actors::audit_spool, std::move(spool));
  node.execution = spawn_execution(sys, exec, node.spool);
  node.remote = sys.spawn(actors::remote_executor, node.execution.executor, node.spool);
  return node;
}

void WorkerActors::stop() const {
  send_exit({remote.address(), execution.executor.address(), execution.monitor.address(),
        execution.network_proxy.address(), spool.address()});
}

}  // namespace mai::node
