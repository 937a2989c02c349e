#include "actors/dispatcher.hpp"

#include "actors/audit_client.hpp"
#include "actors/containment.hpp"
#include "actors/protocol.hpp"
#include "audit/event_types.hpp"
#include "model/json_codec.hpp"

namespace mai::actors {

namespace {

using self_ptr = dispatcher_actor::stateful_pointer<dispatcher_state>;

constexpr const char* local_id = "local";

// The actor system's clock (the steady clock; a test's deterministic one).
cluster::time_point now(self_ptr self) { return self->clock().now(); }

void record(self_ptr self, const auditor_actor& auditor, AuditEvent event) {
  // Fire and forget: worker bookkeeping must not wait on the log, and an
  // append failure shows in the requests' own records.
  record_event_detached(self, auditor, std::move(event));
}

// The report of a job whose worker went away mid-run.
ExecutionReport lost_report(const dispatcher_state::Job& job, const std::string& worker_name,
                            const std::string& why, cluster::time_point now) {
  ExecutionReport r;
  const auto& req = job.request;
  r.backend = req.backend;
  r.worker = worker_name;
  r.exit_code = 125;
  r.termination = Termination::worker_lost;
  r.trust = req.trust;
  r.network = req.network;
  r.limits = req.limits;
  r.wall_ms = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                        now - job.placed_at)
                                        .count());
  r.violation = "the worker running it (" + worker_name + ") was lost: " + why;
  return r;
}

void run_on(self_ptr self, const std::string& request_id, const std::string& worker);

// Places whatever the queue can place now.
void drain(self_ptr self) {
  for (auto& [job, worker] : self->state.placement->drain_queue(now(self)))
    run_on(self, job.request_id, worker);
}

void end_lost(self_ptr self, const cluster::Placement::Lost& lost, const std::string& name,
              const std::string& why, const auditor_actor& auditor) {
  if (lost.worker_id.empty()) return;
  for (const auto& id : lost.running) {
    auto it = self->state.jobs.find(id);
    if (it == self->state.jobs.end()) continue;
    it->second.promise.deliver(lost_report(it->second, name, why, now(self)));
    self->state.jobs.erase(it);
  }
  record(self, auditor,
         make_event(audit::events::worker_lost, "",
                    {{"worker_id", lost.worker_id}, {"name", name}, {"reason", why},
                     {"running", lost.running}}));
}

std::string name_of(self_ptr self, const std::string& worker_id) {
  for (const auto& w : self->state.placement->workers(now(self)))
    if (w.info.id == worker_id) return w.info.name;
  return worker_id;
}

// A job's answer from its worker: a report or an error. Ignored when late
// (the job already ended as worker_lost).
template <class Answer>
void answer(self_ptr self, const std::string& request_id, const std::string& worker, Answer a) {
  auto& jobs = self->state.jobs;
  auto it = jobs.find(request_id);
  if (it == jobs.end() || it->second.worker != worker) return;
  it->second.promise.deliver(std::move(a));
  jobs.erase(it);
  self->state.placement->finished(worker, request_id);
  drain(self);
}

void run_on(self_ptr self, const std::string& request_id, const std::string& worker) {
  auto& st = self->state;
  auto job = st.jobs.find(request_id);
  auto exec = st.executors.find(worker);
  if (job == st.jobs.end() || exec == st.executors.end()) {
    st.placement->finished(worker, request_id);
    return;
  }
  job->second.worker = worker;
  job->second.placed_at = now(self);
  // The run ends by its own timeout; the margin covers set-up and clean-up.
  // A worker that dies first is noticed by its connection or heartbeats.
  auto patience = std::chrono::milliseconds(job->second.request.limits.timeout_ms) +
                  std::chrono::minutes(10);
  self->request(exec->second, patience, execute_atom::value, job->second.request)
      .then([=](ExecutionReport& report) { answer(self, request_id, worker, std::move(report)); },
            [=](caf::error& e) { answer(self, request_id, worker, std::move(e)); });
}

ClusterStatus status_of(const cluster::Placement& p, cluster::time_point now) {
  ClusterStatus s;
  for (auto& w : p.workers(now)) {
    WorkerView v;
    v.info = w.info;
    v.active = w.active;
    v.running = w.running;
    v.placed_total = w.placed_total;
    v.since_heartbeat_ms = w.since_heartbeat.count();
    s.workers.push_back(std::move(v));
  }
  s.queued = p.queued();
  s.recent_failures = p.recent_failures();
  return s;
}

}  // namespace

dispatcher_actor::behavior_type dispatcher(self_ptr self, DispatcherSettings settings) {
  self->state.placement =
      std::make_unique<cluster::Placement>(settings.queue_limit, settings.heartbeat_timeout);
  if (settings.local_executor && settings.local_info.slots > 0) {
    settings.local_info.id = local_id;
    self->state.placement->join(settings.local_info, now(self));
    self->state.executors[local_id] = settings.local_executor;
  }
  auto auditor = settings.auditor;
  auto tick_every = std::max(std::chrono::milliseconds(100), settings.heartbeat_timeout / 4);

  // A worker's connection went down: its jobs are lost now, not at the next tick.
  self->set_down_handler([=](const caf::down_msg& msg) {
    auto& st = self->state;
    auto it = st.worker_of.find(msg.source);
    if (it == st.worker_of.end()) return;
    std::string id = it->second;
    st.worker_of.erase(it);
    st.executors.erase(id);
    std::string name = name_of(self, id);
    end_lost(self, st.placement->leave(id), name, "its connection closed", auditor);
    drain(self);
  });
  self->send(self, tick_atom::value);

  return {
      contain("dispatcher execute",
              [=](execute_atom, ExecutionRequest& req) -> caf::result<ExecutionReport> {
                auto& st = self->state;
                std::string id = req.request_id;
                // Before the promise: once one is made, a returned error reaches no one.
                if (st.jobs.count(id))
                  return make_error(errc::invalid_request, "duplicate request id");
                auto rp = self->make_response_promise<ExecutionReport>();
                std::string worker;
                cluster::JobRef ref{id, req.backend};
                auto admit = st.placement->admit(ref, now(self), &worker);
                switch (admit) {
                  case cluster::Placement::Admit::overloaded:
                    rp.deliver(make_error(errc::overloaded,
                                          "every worker slot is busy and " +
                                              std::to_string(st.placement->queued()) +
                                              " jobs are already waiting; try again later"));
                    return rp;
                  case cluster::Placement::Admit::no_capable_worker:
                    rp.deliver(make_error(errc::sandbox_failed,
                                          "no worker offers the " + to_string(req.backend) +
                                              " backend; nothing was executed"));
                    return rp;
                  default:
                    break;
                }
                st.jobs[id] = dispatcher_state::Job{std::move(req), rp, "", now(self)};
                if (admit == cluster::Placement::Admit::placed) run_on(self, id, worker);
                return rp;
              }),
      contain("dispatcher join",
              [=](join_atom, WorkerInfo& info, executor_actor& exec,
                  const std::string& subject) -> caf::result<std::string> {
                auto& st = self->state;
                if (info.id.empty() || info.id == local_id || info.slots == 0)
                  return make_error(errc::invalid_request,
                                    "a worker needs an id and at least one slot");
                // A rejoin replaces the old incarnation, whose jobs are gone with it.
                auto old = st.executors.find(info.id);
                if (old != st.executors.end()) {
                  st.worker_of.erase(old->second.address());
                  self->demonitor(old->second.address());
                }
                // Only the jobs of an earlier incarnation make a (re)join a loss.
                auto previous = st.placement->join(info, now(self));
                if (!previous.running.empty())
                  end_lost(self, previous, info.name, "it joined again (restarted or reconnected)",
                           auditor);
                st.executors[info.id] = exec;
                st.worker_of[exec.address()] = info.id;
                self->monitor(exec);
                json backends = json::array();
                for (auto b : info.backends) backends.push_back(to_string(b));
                record(self, auditor,
                       make_event(audit::events::worker_joined, "",
                                  {{"worker_id", info.id},
                                   {"name", info.name},
                                   {"subject", subject},
                                   {"slots", info.slots},
                                   {"cpus", info.cpus},
                                   {"memory_bytes", info.memory_bytes},
                                   {"backends", backends}}));
                drain(self);
                return info.id;
              }),
      contain("dispatcher heartbeat",
              [=](heartbeat_atom, const std::string& worker_id) -> bool {
                auto& st = self->state;
                if (!st.executors.count(worker_id)) return false;
                st.placement->heartbeat(worker_id, now(self));
                for (const auto& w : st.placement->workers(now(self)))
                  if (w.info.id == worker_id) return w.active;
                return false;
              }),
      contain("dispatcher status",
              [=](status_atom) -> ClusterStatus { return status_of(*self->state.placement, now(self)); }),
      contain("dispatcher tick",
              [=](tick_atom) {
                // The next tick first: a failure below must not stop the heartbeat checks.
                self->delayed_send(self, tick_every, tick_atom::value);
                auto& st = self->state;
                auto at = now(self);
                if (st.executors.count(local_id)) st.placement->heartbeat(local_id, at);
                for (const auto& lost : st.placement->expire(at)) {
                  std::string name = name_of(self, lost.worker_id);
                  // Its connection may still be open (a frozen process): forget it,
                  // so it must join again when it wakes up.
                  auto it = st.executors.find(lost.worker_id);
                  if (it != st.executors.end()) {
                    st.worker_of.erase(it->second.address());
                    self->demonitor(it->second.address());
                    st.executors.erase(it);
                  }
                  end_lost(self, lost, name,
                           "no heartbeat for " +
                               std::to_string(settings.heartbeat_timeout.count()) + " ms",
                           auditor);
                }
                drain(self);
              }),
  };
}

}  // namespace mai::actors
