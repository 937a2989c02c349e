// The protocol of mai-sandbox: every actor interface and every message, in
// one place. It is a library of its own (mai_protocol) that a client links
// without the server: it needs only CAF and the model types (src/model).
//
// The model types are plain C++; this header gives them the inspect()
// overloads CAF needs to copy them between actors and between machines.
// Every type here is registered under a fixed name by
// register_message_types(), which every process must call, so that clients,
// a coordinator and its workers agree on the wire format.
//
// The pipeline, as the gateway drives it:
//   submission -> assessor -> (BLOCKED stops here unless overridden)
//              -> executor (the monitor samples the run, the network proxy
//                 decides every connection) -> result
// and every step appends its events to the auditor before it moves on.
#pragma once

#include <caf/all.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/probe_target.hpp"
#include "model/result.hpp"
#include "model/submission.hpp"
#include "model/worker_info.hpp"

namespace mai::protocol {

// ---------------------------------------------------------------------------
// Messages that exist only between actors (the rest are engine types).

// What the gateway asks the executor to run, after assessment and policy.
struct ExecutionRequest {
  std::string request_id;
  std::string code;
  Language language = Language::python;
  TrustLevel trust = TrustLevel::unknown;  // the trust level whose limits apply
  Backend backend = Backend::native;
  NetworkMode network = NetworkMode::none;
  Limits limits;                          // final: policy, tightened, clamped to the host
  caf::actor stats_subscriber;            // receives (stats_atom, request_id, sample); may be null
  std::vector<InputFile> inputs;          // placed in /sandbox before the code starts
  FileRequest files;
};

// One event for the audit log; `data` is a JSON object in text form so that
// it crosses the wire unchanged.
struct AuditEvent {
  std::string type;
  std::string request_id;
  std::string data;
  // The sender does nothing outside its process before its next synced
  // event: written at once, synced with that one (audit/log.hpp).
  bool sync_with_next = false;
};

// The auditor's acknowledgement: the events are in the log under these
// numbers, durable (sync_with_next ones: with the sender's next synced event).
struct AuditAck {
  std::vector<uint64_t> seqs;
};

// What the monitor saw of one run when it stopped watching.
struct MonitorVerdict {
  bool violated = false;  // the monitor killed the run
  Termination termination = Termination::killed;
  std::string reason;
  std::optional<ResourceSample> last_sample;
  uint64_t peak_memory_bytes = 0;
  uint32_t max_pids = 0;
  uint64_t cpu_ms = 0;
};

// One worker as `mai-sandbox status` shows it.
struct WorkerView {
  WorkerInfo info;
  bool active = false;
  uint32_t running = 0;
  uint64_t placed_total = 0;
  int64_t since_heartbeat_ms = 0;
};

// The coordinator's view of its cluster.
struct ClusterStatus {
  std::vector<WorkerView> workers;
  uint64_t queued = 0;
  std::vector<std::string> recent_failures;
  bool healthy = true;                // every actor of the coordinator's node is alive
  std::vector<std::string> problems;  // why not
};

// ---------------------------------------------------------------------------
// Atoms (at most 10 characters, [A-Za-z0-9_]).

using submit_atom = caf::atom_constant<caf::atom("submit")>;
using assess_atom = caf::atom_constant<caf::atom("assess")>;
using execute_atom = caf::atom_constant<caf::atom("execute")>;
using watch_atom = caf::atom_constant<caf::atom("watch")>;
using unwatch_atom = caf::atom_constant<caf::atom("unwatch")>;
using tick_atom = caf::atom_constant<caf::atom("tick")>;
using stats_atom = caf::atom_constant<caf::atom("stats")>;
using decide_atom = caf::atom_constant<caf::atom("decide")>;
using append_atom = caf::atom_constant<caf::atom("append")>;
using receipt_atom = caf::atom_constant<caf::atom("receipt")>;
using flush_atom = caf::atom_constant<caf::atom("flush")>;
using serve_atom = caf::atom_constant<caf::atom("serve")>;
using unserve_atom = caf::atom_constant<caf::atom("unserve")>;
using netevent_atom = caf::atom_constant<caf::atom("netevent")>;
using drained_atom = caf::atom_constant<caf::atom("drained")>;
using reject_atom = caf::atom_constant<caf::atom("reject")>;
using join_atom = caf::atom_constant<caf::atom("join")>;
using heartbeat_atom = caf::atom_constant<caf::atom("heartbeat")>;
using deliver_atom = caf::atom_constant<caf::atom("deliver")>;
using delivered_atom = caf::atom_constant<caf::atom("delivered")>;
using status_atom = caf::atom_constant<caf::atom("status")>;
using drain_atom = caf::atom_constant<caf::atom("drain")>;
using attach_atom = caf::atom_constant<caf::atom("attach")>;
using abandon_atom = caf::atom_constant<caf::atom("abandon")>;

// ---------------------------------------------------------------------------
// Actor interfaces.

// gateway: the front door. Takes a submission and drives the whole pipeline.
using gateway_actor = caf::typed_actor<
    // Assess, decide, execute and record one submission; replies with its
    // result. Live resource samples go to the second argument, if not null.
    caf::replies_to<submit_atom, Submission, caf::actor>::with<RunResult>,
    // Record a submission refused before assessment (code, message), e.g. a
    // client over its concurrency limit; replies with its audited "rejected" result.
    caf::replies_to<reject_atom, Submission, std::string, std::string>::with<RunResult>>;

// assessor: static security assessment; nothing runs.
using assessor_actor = caf::typed_actor<
    // Assess `code` in `language` with the programs among its inputs (the
    // code may import or run them; src/assess/code_inputs.hpp): one level,
    // the highest. Behavioural rules apply to external code only.
    caf::replies_to<assess_atom, std::string, CodeInputs, Language, Origin>::with<Assessment>>;

// executor: runs code in a sandbox, within its capacity (queue, then "overloaded").
using executor_actor = caf::typed_actor<
    // Run one request to completion in a sandbox; replies with what happened.
    caf::replies_to<execute_atom, ExecutionRequest>::with<ExecutionReport>>;

// front_door: what the network reaches (`serve`). Each request names the
// session its connection was given after the TLS handshake; the door looks
// up whose certificate that was, so a peer can never claim an identity.
// Worker requests (join, heartbeat, deliver, delivered) need a worker
// certificate (OU=workers) unless the service is plain TCP on loopback.
using front_door_actor = caf::typed_actor<
    // Submit as the session's client, within its limits; otherwise exactly
    // like the gateway's submit (live samples go to the caf::actor, if set).
    caf::replies_to<submit_atom, std::string, Submission, caf::actor>::with<RunResult>,
    // Assess code (session, code, language, origin) within the session
    // client's limits; nothing runs and nothing is recorded (like `assess`).
    caf::replies_to<assess_atom, std::string, std::string, Language, Origin>::with<Assessment>,
    // A worker joins with its capacity and its executor; replies with the
    // worker id it is known by (the one it gave).
    caf::replies_to<join_atom, std::string, WorkerInfo, executor_actor>::with<std::string>,
    // A worker is alive; false: the coordinator does not know it (any more), join again.
    caf::replies_to<heartbeat_atom, std::string, std::string>::with<bool>,
    // A worker delivers spooled audit events (origin, first spool seq, events);
    // replies with the origin's delivered high-water mark.
    caf::replies_to<deliver_atom, std::string, std::string, uint64_t, std::vector<AuditEvent>>::with<
        uint64_t>,
    // Where a worker's spool should resume: the origin's high-water mark.
    caf::replies_to<delivered_atom, std::string, std::string>::with<uint64_t>,
    // A restarted worker found these runs of its earlier life dead: record
    // execution.abandoned (with the reason) for each; replies with their request ids.
    caf::replies_to<abandon_atom, std::string, std::vector<std::string>, std::string>::with<
        std::vector<std::string>>,
    // Workers, free slots, queue and recent failures (`mai-sandbox status`).
    caf::replies_to<status_atom, std::string>::with<ClusterStatus>>;

// dispatcher: the coordinator's executor. Places each job on the least-loaded
// worker that can take it (the coordinator's own executor counts as worker
// "local" when it has slots), queues when all are busy (bounded, then
// "overloaded"), and ends the jobs of a lost worker as worker_lost.
using dispatcher_actor = caf::typed_actor<
    // The executor's contract: run one request somewhere; replies with its report.
    caf::replies_to<execute_atom, ExecutionRequest>::with<ExecutionReport>,
    // A worker joins (or rejoins); its jobs from before are lost.
    caf::replies_to<join_atom, WorkerInfo, executor_actor, std::string>::with<std::string>,
    // A worker reports in; false if it is unknown or already declared lost.
    caf::replies_to<heartbeat_atom, std::string>::with<bool>,
    caf::replies_to<status_atom>::with<ClusterStatus>,
    // Timer: declare silent workers lost.
    caf::reacts_to<tick_atom>>;

// monitor: samples every running sandbox and kills on a violation.
using monitor_actor = caf::typed_actor<
    // Start sampling run `run_id` (request id) against `limits`; samples go to the subscriber if set.
    caf::reacts_to<watch_atom, std::string, ProbeTarget, Limits, caf::actor>,
    // Stop sampling; replies with the last sample, peaks and any violation it acted on.
    caf::replies_to<unwatch_atom, std::string>::with<MonitorVerdict>,
    // Timer: take one sample of every watched run.
    caf::reacts_to<tick_atom>,
    // The node is being stopped (why): kill every watched run and every run
    // watched from now on, as violations with termination `killed`.
    caf::reacts_to<drain_atom, std::string>>;

// network_proxy: the only way out of a sandbox.
using network_proxy_actor = caf::typed_actor<
    // Decide one connection attempt (request id, mode, method, host, port); the decision is audited.
    caf::replies_to<decide_atom, std::string, NetworkMode, std::string, std::string, uint16_t>::with<
        NetworkEvent>,
    // Serve run `request_id`'s proxy listener (an fd of this process, owned by the proxy from now on) until unserve.
    caf::replies_to<serve_atom, std::string, int32_t>::with<bool>,
    // Stop serving the run; replies with every decision it made, once all of them are on record.
    caf::replies_to<unserve_atom, std::string>::with<std::vector<NetworkEvent>>,
    // Internal: one decision from a run's serving thread, to be audited.
    caf::reacts_to<netevent_atom, std::string, NetworkEvent>,
    // Internal: every decision of a stopped run has been handed to the auditor.
    caf::reacts_to<drained_atom, std::string>>;

// auditor: the only writer of the audit log.
using auditor_actor = caf::typed_actor<
    // Append events durably (group commit); replies once they survive a crash.
    caf::replies_to<append_atom, std::vector<AuditEvent>>::with<AuditAck>,
    // Sign a tree head over the whole log; replies with the receipt for seqs [first, last].
    caf::replies_to<receipt_atom, uint64_t, uint64_t>::with<AuditReceipt>,
    // Internal: write every append received so far in one synced batch.
    caf::reacts_to<flush_atom>,
    // Timer (long-running service only): sign a tree head if none was signed
    // lately, so a truncation is bounded in time even while idle.
    caf::reacts_to<tick_atom>,
    // Events a worker delivers from its spool (origin, first spool seq,
    // events): appended exactly once; replies with the origin's high-water mark.
    caf::replies_to<deliver_atom, std::string, uint64_t, std::vector<AuditEvent>>::with<uint64_t>,
    // The origin's high-water mark: where its spool resumes after a reconnect.
    caf::replies_to<delivered_atom, std::string>::with<uint64_t>,
    // Close the runs (by run id) whose supervisor died: execution.abandoned
    // with the reason; replies with their request ids.
    caf::replies_to<abandon_atom, std::vector<std::string>, std::string>::with<
        std::vector<std::string>>>;

// audit_spool: a worker's auditor (every auditor request; the ones only a
// coordinator can answer are refused). Appends go to the local durable spool
// (acknowledged once synced); a delivery loop forwards them, in order, to the
// coordinator while connected.
using audit_spool_actor = auditor_actor::extend<
    // The coordinator to deliver to from now on (its front door, our session).
    caf::reacts_to<attach_atom, front_door_actor, std::string>,
    // Deliver everything spooled so far; true once it is in the coordinator's
    // log, false while disconnected.
    caf::replies_to<drain_atom>::with<bool>>;

// ---------------------------------------------------------------------------
// Serialization.

// std::optional has no inspect() in CAF 0.17: copy through caf::optional.
template <class T>
struct optional_ref {
  std::optional<T>& ref;
};

template <class Inspector, class T>
typename Inspector::result_type inspect(Inspector& f, optional_ref<T>& x) {
  caf::optional<T> tmp;
  if (x.ref) tmp = *x.ref;
  return f(tmp, caf::meta::load_callback([&]() -> caf::error {
             if (tmp)
               x.ref = *tmp;
             else
               x.ref.reset();
             return caf::none;
           }));
}

template <class T>
optional_ref<T> opt(std::optional<T>& x) {
  return {x};
}

}  // namespace mai::protocol

namespace mai {

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, EvidenceStep& x) {
  return f(caf::meta::type_name("mai::EvidenceStep"), x.line, x.column, x.what);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Finding& x) {
  return f(caf::meta::type_name("mai::Finding"), x.rule_id, x.level, x.line, x.column, x.message,
           x.snippet, x.evidence, x.file);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, AssessedInput& x) {
  return f(caf::meta::type_name("mai::AssessedInput"), x.name, x.language, x.level, x.sha256);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, CodeInput& x) {
  return f(caf::meta::type_name("mai::CodeInput"), x.name, x.language, x.data);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, CodeInputs& x) {
  return f(caf::meta::type_name("mai::CodeInputs"), x.files, x.over_limit, x.compiled, x.texts);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Assessment& x) {
  return f(caf::meta::type_name("mai::Assessment"), x.level, x.findings, x.duration_us,
           x.explanation, x.code_sha256, x.inputs, x.complete);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Limits& x) {
  return f(caf::meta::type_name("mai::Limits"), x.cpus, x.memory_bytes, x.pids, x.timeout_ms,
           x.tmpfs_bytes, x.output_bytes);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, LimitRequest& x) {
  auto cpus = protocol::opt(x.cpus);
  auto memory = protocol::opt(x.memory_bytes);
  auto pids = protocol::opt(x.pids);
  auto timeout = protocol::opt(x.timeout_ms);
  return f(caf::meta::type_name("mai::LimitRequest"), cpus, memory, pids, timeout);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, InputFile& x) {
  return f(caf::meta::type_name("mai::InputFile"), x.name, x.data);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, FileRequest& x) {
  return f(caf::meta::type_name("mai::FileRequest"), x.collect_tmp, x.return_contents);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, FileRecord& x) {
  return f(caf::meta::type_name("mai::FileRecord"), x.path, x.kind, x.size, x.sha256,
           x.changed_input, x.links, x.link_target, x.content_included, x.content, x.note);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, FileManifest& x) {
  return f(caf::meta::type_name("mai::FileManifest"), x.files, x.unlisted, x.note);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Submission& x) {
  auto backend = protocol::opt(x.backend);
  return f(caf::meta::type_name("mai::Submission"), x.request_id, x.code, x.filename, x.language,
           x.trust, x.origin, backend, x.network, x.limits, x.override_reason, x.client,
           x.parent_request_id, x.inputs, x.files);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ResourceSample& x) {
  return f(caf::meta::type_name("mai::ResourceSample"), x.time_us, x.memory_bytes, x.cpu_ms,
           x.pids, x.disk_bytes);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, NetworkEvent& x) {
  return f(caf::meta::type_name("mai::NetworkEvent"), x.decision, x.method, x.host, x.port,
           x.reason, x.bytes_up, x.bytes_down);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, RefusedWrite& x) {
  return f(caf::meta::type_name("mai::RefusedWrite"), x.call, x.path, x.path_truncated);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, RefusedWrites& x) {
  return f(caf::meta::type_name("mai::RefusedWrites"), x.counted, x.count, x.first, x.note);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ExecutionReport& x) {
  auto signal = protocol::opt(x.signal);
  auto last_sample = protocol::opt(x.last_sample);
  return f(caf::meta::type_name("mai::ExecutionReport"), x.backend, x.worker, x.exit_code, signal,
           x.termination, x.stdout_data, x.stderr_data, x.stdout_truncated, x.stderr_truncated,
           x.wall_ms, x.cpu_ms, x.peak_memory_bytes, x.max_pids, x.trust, x.network, x.limits,
           x.isolation, x.network_events, x.violation, last_sample, x.files, x.refused_writes);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, AuditReceipt& x) {
  return f(caf::meta::type_name("mai::AuditReceipt"), x.seq_first, x.seq_last, x.tree_size,
           x.root_hash, x.signature, x.key_id, x.timestamp_us);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ResultError& x) {
  return f(caf::meta::type_name("mai::ResultError"), x.code, x.message);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, RunResult& x) {
  auto execution = protocol::opt(x.execution);
  auto audit = protocol::opt(x.audit);
  auto error = protocol::opt(x.error);
  return f(caf::meta::type_name("mai::RunResult"), x.request_id, x.status, x.assessment, execution,
           audit, error, x.policy_notes);
}

}  // namespace mai

namespace mai {

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, WorkerInfo& x) {
  return f(caf::meta::type_name("mai::WorkerInfo"), x.id, x.name, x.slots, x.cpus,
           x.memory_bytes, x.backends);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ProbeTarget& x) {
  return f(caf::meta::type_name("mai::ProbeTarget"), x.cgroup_version, x.cgroup_dirs,
           x.init_pid, x.disk_paths, x.disk_cap_bytes, x.docker_container, x.docker_socket);
}

}  // namespace mai

namespace mai::protocol {

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ExecutionRequest& x) {
  return f(caf::meta::type_name("mai::protocol::ExecutionRequest"), x.request_id, x.code,
           x.language, x.trust, x.backend, x.network, x.limits, x.stats_subscriber, x.inputs,
           x.files);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, AuditEvent& x) {
  return f(caf::meta::type_name("mai::protocol::AuditEvent"), x.type, x.request_id, x.data, x.sync_with_next);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, AuditAck& x) {
  return f(caf::meta::type_name("mai::protocol::AuditAck"), x.seqs);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, MonitorVerdict& x) {
  auto last_sample = opt(x.last_sample);
  return f(caf::meta::type_name("mai::protocol::MonitorVerdict"), x.violated, x.termination,
           x.reason, last_sample, x.peak_memory_bytes, x.max_pids, x.cpu_ms);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, WorkerView& x) {
  return f(caf::meta::type_name("mai::protocol::WorkerView"), x.info, x.active, x.running,
           x.placed_total, x.since_heartbeat_ms);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ClusterStatus& x) {
  return f(caf::meta::type_name("mai::protocol::ClusterStatus"), x.workers, x.queued,
           x.recent_failures, x.healthy, x.problems);
}

// Registers every message type above under its fixed name. Every process of
// a deployment calls this before creating its actor system.
void register_message_types(caf::actor_system_config& cfg);

}  // namespace mai::protocol
