#include "actors/monitor.hpp"

#include <algorithm>

#include "actors/audit_client.hpp"
#include "actors/containment.hpp"
#include "audit/event_types.hpp"
#include "model/json_codec.hpp"

namespace mai::actors {

namespace {

using self_ptr = monitor_actor::stateful_pointer<monitor_state>;

void schedule_tick(self_ptr self) {
  if (self->state.tick_scheduled || self->state.runs.empty()) return;
  self->state.tick_scheduled = true;
  self->delayed_send(self, self->state.interval, tick_atom::value);
}

void record_violation(self_ptr self, const std::string& request_id, const MonitorVerdict& v) {
  json data = {{"termination", to_string(v.termination)}, {"reason", v.reason}};
  if (v.last_sample) data["last_sample"] = to_json(*v.last_sample);
  // The executor's end-of-run record carries the violation as well.
  record_event_detached(self, self->state.auditor,
                        make_event(audit::events::violation, request_id, data));
}

// One reading of one run; kills it when a limit is broken. The reading taken
// when the run has ended is not streamed: it shows an empty cgroup.
void sample_run(self_ptr self, const std::string& request_id, WatchedRun& run, bool stream = true) {
  sandbox::ProbeReading reading;
  try {
    reading = run.probe->read();
  } catch (const std::exception&) {
    return;  // the run is ending; its cgroup may already be empty
  }
  const ResourceSample& s = reading.sample;
  auto& v = run.verdict;
  v.last_sample = s;
  v.peak_memory_bytes = std::max(v.peak_memory_bytes, s.memory_bytes);
  v.max_pids = std::max(v.max_pids, s.pids);
  v.cpu_ms = std::max(v.cpu_ms, s.cpu_ms);
  // A reading with no process left is of a run that has just ended (a tick
  // can land between its exit and the unwatch): nothing live to stream.
  if (stream && run.subscriber && s.pids > 0)
    caf::anon_send(run.subscriber, stats_atom::value, request_id, s);
  if (v.violated) return;
  auto violation = sandbox::check_violation(reading, run.limits);
  if (!violation) return;
  run.probe->kill_all();
  v.violated = true;
  v.termination = violation->termination;
  v.reason = violation->reason;
  record_violation(self, request_id, v);
}

// Kills a run the node is stopping for: the run ends as every run does (its
// result and execution.end say `killed` and why), nothing of it left behind.
void stop_run(self_ptr self, const std::string& request_id, WatchedRun& run) {
  auto& v = run.verdict;
  if (v.violated) return;
  run.probe->kill_all();
  v.violated = true;
  v.termination = Termination::killed;
  v.reason = self->state.stop_reason;
  record_violation(self, request_id, v);
}

}  // namespace

monitor_actor::behavior_type monitor(monitor_actor::stateful_pointer<monitor_state> self,
                                     std::chrono::milliseconds interval, auditor_actor auditor,
                                     ProbeFactory probes) {
  self->state.interval = interval;
  self->state.auditor = std::move(auditor);
  self->state.probes = std::move(probes);
  return {
      contain("monitor watch",
              [=](watch_atom, const std::string& request_id, const ProbeTarget& target,
                  const Limits& limits, const caf::actor& subscriber) {
                WatchedRun run;
                run.probe = self->state.probes(target);
                run.limits = limits;
                run.subscriber = subscriber;
                auto& entry = self->state.runs[request_id] = std::move(run);
                if (!self->state.stop_reason.empty()) stop_run(self, request_id, entry);
                sample_run(self, request_id, entry);
                schedule_tick(self);
              }),
      contain("monitor unwatch",
              [=](unwatch_atom, const std::string& request_id) -> MonitorVerdict {
                auto it = self->state.runs.find(request_id);
                if (it == self->state.runs.end()) return MonitorVerdict{};
                sample_run(self, request_id, it->second, /*stream=*/false);
                MonitorVerdict verdict = std::move(it->second.verdict);
                self->state.runs.erase(it);
                return verdict;
              }),
      contain("monitor tick",
              [=](tick_atom) {
                self->state.tick_scheduled = false;
                // The next tick first: whatever one sample does, the sampling goes on.
                schedule_tick(self);
                for (auto& [request_id, run] : self->state.runs) sample_run(self, request_id, run);
              }),
      contain("monitor drain",
              [=](drain_atom, const std::string& why) {
                self->state.stop_reason = why.empty() ? "the node is stopping" : why;
                for (auto& [request_id, run] : self->state.runs) stop_run(self, request_id, run);
              }),
  };
}

}  // namespace mai::actors
