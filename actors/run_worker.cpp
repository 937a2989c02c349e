#include "actors/run_worker.hpp"

#include "common/phase_log.hpp"

#include <fcntl.h>

#include <algorithm>

#include "actors/audit_client.hpp"
#include "actors/protocol.hpp"
#include "audit/event_types.hpp"
#include "audit/files_record.hpp"
#include "common/error.hpp"
#include "common/ids.hpp"
#include "common/sha256.hpp"
#include "model/json_codec.hpp"
#include "sandbox/phase_timing.hpp"
#include "sandbox/run_activity.hpp"

namespace mai::actors {

namespace {

// Appends one event and waits until it is durable.
caf::error record(caf::blocking_actor* self, const auditor_actor& auditor, AuditEvent event) {
  caf::error failure;
  record_event(self, auditor, std::move(event))
      .receive([](const AuditAck&) {}, [&](caf::error& e) { failure = std::move(e); });
  return failure;
}

MonitorVerdict collect_verdict(caf::blocking_actor* self, const monitor_actor& monitor,
                               const std::string& request_id) {
  MonitorVerdict verdict;
  self->request(monitor, std::chrono::seconds(30), unwatch_atom::value, request_id)
      .receive([&](MonitorVerdict& v) { verdict = std::move(v); }, [](const caf::error&) {});
  return verdict;
}

caf::result<ExecutionReport> execute(caf::blocking_actor* self, const RunWorkerDeps& deps,
                                     ExecutionRequest& req, const std::string& run_id) {
  phase("run worker: started");
  // With MAI_PHASES, the sandbox's own steps (its hand-off, its end) are marks too.
  sandbox::PhaseEcho sandbox_marks("run worker: sandbox: ");
  // On a worker node no gateway counts the run; on a service this nests in its count.
  sandbox::RunActivity::Scope active;
  auto& backend = req.backend == Backend::docker ? deps.docker : deps.native;
  if (!backend)
    return make_error(errc::sandbox_failed, "the " + to_string(req.backend) +
                                                " backend is not available on this worker");
  sandbox::RunSpec spec;
  spec.run_id = run_id;
  spec.code = req.code;
  spec.language = req.language;
  spec.limits = req.limits;
  spec.network = req.network;
  spec.scratch_root = deps.scratch_root;
  spec.output_flood_bytes = deps.output_flood_bytes;
  spec.inputs = std::move(req.inputs);
  spec.files = req.files;

  json start = {{"run_id", spec.run_id},       {"backend", to_string(req.backend)},
                {"worker", deps.worker_name},  {"trust", to_string(req.trust)},
                {"network", to_string(req.network)}, {"limits", to_json(req.limits)}};
  // Synced with the network proxy's ruling below, which is recorded synced
  // before anything starts: the records before the code runs cost one sync.
  if (auto err = record(self, deps.auditor, sync_with_next(make_event(audit::events::execution_start,
                                                                      req.request_id, start))))
    return make_error(errc::audit_failed, "cannot record the start of the run: " +
                                              error_message(err) + "; nothing was executed");
  phase("execution.start recorded");

  // The proxy is the only way out of a sandbox; it rules on the run's egress
  // (and records its ruling) before anything starts.
  caf::error refused;
  self->request(deps.network_proxy, audit_timeout, decide_atom::value, req.request_id,
                req.network, std::string("*"), std::string("*"), uint16_t{0})
      .receive([](const NetworkEvent&) {}, [&](caf::error& e) { refused = std::move(e); });
  if (refused)
    return make_error(errc::sandbox_failed,
                      "the network proxy did not rule on the run: " + error_message(refused));

  std::unique_ptr<sandbox::Sandbox> box;
  try {
    box = backend->launch(spec);
    phase("sandbox launched (program started)");
  } catch (const std::exception& e) {
    std::string why = e.what();
    record(self, deps.auditor,
           make_event(audit::events::execution_abandoned, req.request_id,
                      {{"run_id", spec.run_id}, {"reason", "the sandbox failed to start: " + why}}));
    return make_error(errc::sandbox_failed, why);
  }

  // deps: the proxy serves the listener inside the sandbox. It gets its own
  // copy of the descriptor, because the sandbox closes its copy in wait().
  bool serving = false;
  if (req.network == NetworkMode::deps) {
    caf::error failed;
    int fd = box->proxy_listener_fd() >= 0
                 ? ::fcntl(box->proxy_listener_fd(), F_DUPFD_CLOEXEC, 0)
                 : -1;
    if (fd < 0) {
      failed = make_error(errc::sandbox_failed, "the sandbox has no proxy listener");
    } else {
      self->request(deps.network_proxy, audit_timeout, serve_atom::value, req.request_id,
                    int32_t{fd})
          .receive([&](bool) { serving = true; }, [&](caf::error& e) { failed = std::move(e); });
    }
    if (failed) {
      box->kill();
      box->wait();
      box.reset();
      std::string why = "the network proxy cannot serve the run: " + error_message(failed);
      record(self, deps.auditor,
             make_event(audit::events::execution_abandoned, req.request_id,
                        {{"run_id", spec.run_id}, {"reason", why}}));
      return make_error(errc::sandbox_failed, why);
    }
  }

  self->send(deps.monitor, watch_atom::value, req.request_id, box->probe_target(), req.limits,
             req.stats_subscriber);
  sandbox::RawOutcome outcome = box->wait();
  phase("program ended");
  std::vector<NetworkEvent> network_events;
  caf::error proxy_failure;
  if (serving)
    self->request(deps.network_proxy, audit_timeout, unserve_atom::value, req.request_id)
        .receive([&](std::vector<NetworkEvent>& events) { network_events = std::move(events); },
                 [&](caf::error& e) { proxy_failure = std::move(e); });
  MonitorVerdict verdict = collect_verdict(self, deps.monitor, req.request_id);
  FileManifest files = outcome.failure.empty() ? box->collect_files() : FileManifest{};
  box.reset();  // nothing of the run remains past this point
  phase("verdict, files, sandbox removed");

  ExecutionReport report;
  if (!outcome.failure.empty()) {
    record(self, deps.auditor,
           make_event(audit::events::execution_abandoned, req.request_id,
                      {{"run_id", spec.run_id}, {"reason", "the sandbox failed: " + outcome.failure}}));
    return make_error(errc::sandbox_failed, outcome.failure);
  }
  std::optional<sandbox::Violation> violation;
  if (verdict.violated) violation = sandbox::Violation{verdict.termination, verdict.reason};
  sandbox::finish_report(outcome, violation, report);
  report.backend = req.backend;
  report.worker = deps.worker_name;
  report.trust = req.trust;
  report.network = req.network;
  report.limits = req.limits;
  report.isolation = backend->isolation();
  report.peak_memory_bytes = std::max(report.peak_memory_bytes, verdict.peak_memory_bytes);
  report.max_pids = std::max(report.max_pids, verdict.max_pids);
  report.cpu_ms = std::max(report.cpu_ms, verdict.cpu_ms);
  if (!report.last_sample) report.last_sample = verdict.last_sample;
  report.network_events = std::move(network_events);
  report.files = std::move(files);
  if (proxy_failure)
    return make_error(errc::audit_failed, "the run finished but the network proxy's decisions "
                                          "could not be recorded: " +
                                              error_message(proxy_failure));

  json end = {{"run_id", spec.run_id},
              {"termination", to_string(report.termination)},
              {"exit_code", report.exit_code},
              {"wall_ms", report.wall_ms},
              {"cpu_ms", report.cpu_ms},
              {"peak_memory_bytes", report.peak_memory_bytes},
              {"max_pids", report.max_pids},
              {"stdout_bytes", report.stdout_data.size()},
              {"stderr_bytes", report.stderr_data.size()}};
  if (!report.violation.empty()) end["violation"] = report.violation;
  end["refused_writes"] = to_json(report.refused_writes);  // bounded: 16 paths of 256 bytes
  // Last: the manifest takes what max_record leaves once the rest is counted.
  audit::add_files_record(end, report.files, deps.audit_max_record_bytes);
  // Synced with the request's next record: what follows goes back to the
  // gateway, whose receipt is synced before the answer leaves (a worker's
  // spool syncs every event anyway).
  if (auto err = record(self, deps.auditor,
                        sync_with_next(make_event(audit::events::execution_end, req.request_id, end))))
    return make_error(errc::audit_failed,
                      "the run finished but its end could not be recorded: " + error_message(err));
  phase("execution.end recorded");
  return report;
}

}  // namespace

void run_worker(caf::blocking_actor* self, RunWorkerDeps deps) {
  self->receive([&](execute_atom, ExecutionRequest& req) -> caf::result<ExecutionReport> {
    std::string run_id = random_hex(16);
    std::string what = "an unknown exception";
    try {
      return execute(self, deps, req, run_id);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    // The sandbox, if there was one, is gone with the stack (its destructor
    // kills and removes it); close the run on record and stop its watch.
    std::string why = "the run's supervisor failed: " + what;
    self->send(deps.monitor, unwatch_atom::value, req.request_id);
    record(self, deps.auditor,
           make_event(audit::events::execution_abandoned, req.request_id,
                      {{"run_id", run_id}, {"reason", why}}));
    return make_error(errc::sandbox_failed, why);
  });
}

}  // namespace mai::actors
