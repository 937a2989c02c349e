#include "actors/worker_node.hpp"

#include "actors/audit_spool.hpp"
#include "actors/containment.hpp"
#include "actors/executor.hpp"
#include "actors/monitor.hpp"
#include "actors/network_proxy.hpp"

namespace mai::actors {

namespace {

// The coordinator's view of this worker's executor.
executor_actor::behavior_type remote_executor(executor_actor::pointer self, executor_actor local,
                                              audit_spool_actor spool) {
  return {
      contain("worker executor execute",
              [=](execute_atom, ExecutionRequest& req) -> caf::result<ExecutionReport> {
                auto rp = self->make_response_promise<ExecutionReport>();
                self->request(local, caf::infinite, execute_atom::value, std::move(req))
                    .then(
                        [=](ExecutionReport& report) mutable {
                          // The run's events reach the coordinator's log before its
                          // report does, so the result's receipt covers them.
                          self->request(spool, std::chrono::seconds(30), drain_atom::value)
                              .then([=](bool) mutable { rp.deliver(report); },
                                    [=](const caf::error&) mutable { rp.deliver(report); });
                        },
                        [=](caf::error& e) mutable { rp.deliver(std::move(e)); });
                return rp;
              }),
  };
}

}  // namespace

WorkerNode spawn_worker_node(caf::actor_system& sys, WorkerNodeSettings s) {
  WorkerNode node;
  node.spool = sys.spawn<caf::detached>(audit_spool, std::move(s.spool));
  auditor_actor auditor = node.spool;
  node.monitor =
      sys.spawn(monitor, std::chrono::milliseconds(s.sandbox.monitor_interval_ms), auditor);
  node.network_proxy = sys.spawn(network_proxy, auditor, s.network);

  ExecutorSettings exec;
  exec.slots = std::max(1u, s.slots);
  exec.queue_length = s.sandbox.queue_length;
  exec.deps.native = s.native;
  exec.deps.docker = s.docker;
  exec.deps.monitor = node.monitor;
  exec.deps.network_proxy = node.network_proxy;
  exec.deps.auditor = auditor;
  exec.deps.scratch_root = s.state_dir + "/runs";
  exec.deps.output_flood_bytes = s.sandbox.output_flood_bytes;
  exec.deps.worker_name = s.worker_name;
  node.executor = sys.spawn(executor, exec);
  node.remote = sys.spawn(remote_executor, node.executor, node.spool);
  return node;
}

void WorkerNode::shutdown() const {
  for (const caf::actor_addr& a : {remote.address(), executor.address(), monitor.address(),
                                   network_proxy.address(), spool.address()})
    if (a) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
}

}  // namespace mai::actors
