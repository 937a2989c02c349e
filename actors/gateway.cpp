#include "actors/gateway.hpp"

#include <algorithm>
#include <optional>

#include "actors/audit_client.hpp"
#include "actors/containment.hpp"
#include "actors/protocol.hpp"
#include "assess/code_inputs.hpp"
#include "audit/event_types.hpp"
#include "common/ids.hpp"
#include "common/phase_log.hpp"
#include "common/sha256.hpp"
#include "common/utf8.hpp"
#include "model/json_codec.hpp"
#include "model/submission_check.hpp"
#include "sandbox/run_activity.hpp"

namespace mai::actors {

namespace {

// The state of one submission on its way through the pipeline.
class Flow : public std::enable_shared_from_this<Flow> {
 public:
  Flow(gateway_actor::pointer self, std::shared_ptr<const GatewaySettings> settings,
       Submission submission, caf::actor subscriber, caf::typed_response_promise<RunResult> rp)
      : self_(self),
        settings_(std::move(settings)),
        sub_(std::move(submission)),
        subscriber_(std::move(subscriber)),
        rp_(std::move(rp)) {
    result_.request_id = sub_.request_id;
  }

  void start() {
    phase("gateway: submission received");
    step([me = shared_from_this()] {
      if (me->sub_.code.size() > me->settings_->sandbox.max_code_bytes)
        return me->reject("code_too_large",
                          "the code is " + std::to_string(me->sub_.code.size()) +
                              " bytes; the limit is " +
                              std::to_string(me->settings_->sandbox.max_code_bytes));
      const auto& files = me->settings_->sandbox.files;
      if (auto problem = check_input_sizes(me->sub_.inputs, files.max_inputs, files.max_inputs_bytes))
        return me->reject("inputs_too_large", *problem);
      me->record_submission([me] { me->assess(); });
    });
  }

  // Refused before assessment, but on record like every other submission.
  void start_rejected(const std::string& code, const std::string& message) {
    step([me = shared_from_this(), code, message] {
      me->record_submission([me, code, message] { me->reject(code, message); });
    });
  }

 private:
  using Next = std::function<void()>;

  // Runs one step of the flow. An exception ends this submission as failed
  // (recorded, answered) and never the gateway; if even that fails, the
  // submission is answered with the error directly.
  void step(const Next& next) {
    std::string what = "an unknown exception";
    try {
      next();
      return;
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    std::string message = "the gateway failed: " + what;
    if (!failing_) {
      failing_ = true;
      try {
        return fail(to_string(errc::internal), message);
      } catch (...) {
      }
    }
    if (!answered_) {
      answered_ = true;
      rp_.deliver(make_error(errc::internal, message));
    }
  }

  void record_submission(Next next) {
    // Code, file name, reason and client are bytes as given: put_bytes keeps
    // them exact (and the record valid JSON) whatever their encoding.
    json data = {{"code_sha256", sha256_hex(sub_.code)},
                 {"language", to_string(sub_.language)},
                 {"trust", to_string(sub_.trust)},
                 {"origin", to_string(sub_.origin)},
                 {"network", to_string(sub_.network)}};
    put_bytes(data, "code", sub_.code);
    put_bytes(data, "filename", sub_.filename);
    put_bytes(data, "client", sub_.client);
    if (!sub_.parent_request_id.empty())
      put_bytes(data, "parent_request_id", sub_.parent_request_id);
    if (!sub_.override_reason.empty()) put_bytes(data, "override_reason", sub_.override_reason);
    if (!sub_.inputs.empty()) data["inputs"] = inputs_json(sub_.inputs);
    if (sub_.files.collect_tmp) data["collect_tmp"] = true;
    if (sub_.files.return_contents) data["return_contents"] = true;
    // Assessing it does nothing outside this process; the next record is synced.
    record(audit::events::submission, data, std::move(next), Sync::with_next);
  }

  // now: the record is durable before `next`. with_next: it is written, and
  // made durable by the next synced record, which this request makes before
  // anything outside the process acts on it (the code starts after the
  // network proxy's synced ruling, run_worker.cpp; the answer leaves after
  // the synced receipt).
  enum class Sync { now, with_next };

  // Appends one event; continues once it is in the log (see Sync).
  void record(const char* type, const json& data, Next next, Sync sync = Sync::now) {
    auto me = shared_from_this();
    auto event = make_event(type, sub_.request_id, data);
    if (sync == Sync::with_next) event = sync_with_next(std::move(event));
    record_event(self_, settings_->auditor, std::move(event))
        .then(
            [me, next](const AuditAck& ack) {
              for (auto seq : ack.seqs) {
                me->seq_first_ = std::min(me->seq_first_, seq);
                me->seq_last_ = std::max(me->seq_last_, seq);
              }
              me->step(next);
            },
            [me](caf::error& e) {
              me->fail(to_string(errc::audit_failed),
                       "the audit log refused a record: " + error_message(e));
            });
  }

  void assess() {
    auto me = shared_from_this();
    self_
        ->request(settings_->assessor, std::chrono::seconds(60), assess_atom::value, sub_.code,
                  assess::code_inputs(sub_.inputs, settings_->sandbox.files.max_input_code_bytes),
                  sub_.language, sub_.origin)
        .then(
            [me](Assessment& a) {
              me->result_.assessment = std::move(a);
              me->step([me] {
                // Synced on its own only when the code may run in another
                // process (a coordinator's worker); here a synced record comes
                // before the code starts (the proxy's ruling), or a blocked one.
                me->record(audit::events::assessment, to_json(me->result_.assessment),
                           [me] { me->decide(); },
                           me->settings_->executor_in_process ? Sync::with_next : Sync::now);
              });
            },
            [me](caf::error& e) { me->fail("assessment_failed", error_message(e)); });
  }

  void decide() {
    const auto& a = result_.assessment;
    if (a.level != RiskLevel::blocked) return execute();
    if (sub_.override_reason.empty()) {
      result_.status = RunStatus::blocked;
      result_.error = ResultError{"blocked", a.explanation.empty()
                                                 ? "the assessment blocked this code"
                                                 : a.explanation};
      json data = {{"code_sha256", a.code_sha256}};
      put_bytes(data, "explanation", result_.error->message);
      return record(audit::events::blocked, data, [me = shared_from_this()] { me->finish(); });
    }
    // The override names exactly this code: it is bound to the code's hash,
    // and to the hash of each program among the inputs assessed with it.
    json data = {{"code_sha256", a.code_sha256}, {"assessed_level", to_string(a.level)}};
    if (!a.inputs.empty()) data["inputs"] = assessed_inputs_json(a.inputs);
    put_bytes(data, "reason", sub_.override_reason);
    put_bytes(data, "given_by", sub_.client);
    record(audit::events::override_granted, data, [me = shared_from_this()] { me->execute(); });
  }

  void execute() {
    phase("gateway: assessed and recorded, to the executor");
    // The host's free cpus and memory now, not at start-up: limits follow them.
    auto plan = policy::plan_run(settings_->sandbox, sub_, result_.assessment.level,
                                 policy::detect_host_resources(), result_.assessment.complete);
    result_.policy_notes = plan.notes;
    ExecutionRequest req;
    req.request_id = sub_.request_id;
    req.code = sub_.code;
    req.language = sub_.language;
    req.trust = plan.trust;
    req.backend = plan.backend;
    req.network = plan.network;
    req.limits = plan.limits;
    req.stats_subscriber = subscriber_;
    req.inputs = std::move(sub_.inputs);  // on record already
    req.files = sub_.files;
    auto me = shared_from_this();
    // The run ends by its own timeout; the margin covers set-up, queueing and clean-up.
    auto patience = std::chrono::milliseconds(plan.limits.timeout_ms) + std::chrono::minutes(10);
    self_->request(settings_->executor, patience, execute_atom::value, std::move(req))
        .then(
            [me](ExecutionReport& report) {
              phase("gateway: execution report back");
              me->result_.status = RunStatus::completed;
              me->result_.execution = std::move(report);
              me->step([me] { me->finish(); });
            },
            [me](caf::error& e) {
              auto code = errc_of(e).value_or(errc::internal);
              if (code == errc::overloaded) return me->reject(to_string(code), error_message(e));
              // What failed without a code of its own failed in the sandbox.
              if (code == errc::internal) code = errc::sandbox_failed;
              me->fail(to_string(code), error_message(e));
            });
  }

  void reject(const std::string& code, const std::string& message) {
    result_.status = RunStatus::rejected;
    result_.error = ResultError{code, message};
    json data = {{"code", code}};
    put_bytes(data, "message", message);
    record(audit::events::rejected, data, [me = shared_from_this()] { me->sign(); });
  }

  void fail(const std::string& code, const std::string& message) {
    result_.status = RunStatus::failed;
    result_.error = ResultError{code, message};
    if (code == to_string(errc::audit_failed)) {  // nothing more can be recorded
      answer();
      return;
    }
    json data = {{"code", code}};
    put_bytes(data, "message", message);
    record(audit::events::failed, data, [me = shared_from_this()] { me->sign(); });
  }

  void finish() {
    json data = {{"status", to_string(result_.status)},
                 {"level", to_string(result_.assessment.level)}};
    if (result_.execution) {
      data["termination"] = to_string(result_.execution->termination);
      data["exit_code"] = result_.execution->exit_code;
    }
    // Why the run got other limits or network than were asked for.
    if (!result_.policy_notes.empty()) data["policy_notes"] = result_.policy_notes;
    // The receipt that sign() writes next is synced before the answer leaves.
    record(audit::events::result, data, [me = shared_from_this()] { me->sign(); }, Sync::with_next);
  }

  // Signs a tree head covering everything this submission wrote.
  void sign() {
    auto me = shared_from_this();
    self_
        ->request(settings_->auditor, audit_timeout, receipt_atom::value, seq_first_, seq_last_)
        .then(
            [me](AuditReceipt& receipt) {
              me->result_.audit = std::move(receipt);
              me->answer();
            },
            [me](caf::error& e) {
              me->result_.status = RunStatus::failed;
              me->result_.error = ResultError{to_string(errc::audit_failed), error_message(e)};
              me->answer();
            });
  }

  void answer() {
    if (answered_) return;
    answered_ = true;
    phase("gateway: result and receipt recorded, answered");
    rp_.deliver(result_);
    active_.reset();
  }

  gateway_actor::pointer self_;
  std::shared_ptr<const GatewaySettings> settings_;
  Submission sub_;
  caf::actor subscriber_;
  caf::typed_response_promise<RunResult> rp_;
  RunResult result_;
  uint64_t seq_first_ = UINT64_MAX;
  uint64_t seq_last_ = 0;
  bool failing_ = false;   // a step failed and fail() is recording it
  bool answered_ = false;  // the submission has its answer
  // Arrival to answer: warm refills and container removals wait for the
  // moments between submissions (sandbox/run_activity.hpp).
  std::optional<sandbox::RunActivity::Scope> active_{std::in_place};
};

}  // namespace

gateway_actor::behavior_type gateway(gateway_actor::pointer self,
                                     std::shared_ptr<const GatewaySettings> settings) {
  return {
      contain(
          "gateway submit",
          [=](submit_atom, Submission& submission,
              const caf::actor& subscriber) -> caf::result<RunResult> {
            if (submission.request_id.empty()) submission.request_id = new_request_id();
            auto rp = self->make_response_promise<RunResult>();
            std::make_shared<Flow>(self, settings, std::move(submission), subscriber, rp)->start();
            return rp;
          }),
      contain("gateway reject",
              [=](reject_atom, Submission& submission, const std::string& code,
                  const std::string& message) -> caf::result<RunResult> {
                if (submission.request_id.empty()) submission.request_id = new_request_id();
                auto rp = self->make_response_promise<RunResult>();
                std::make_shared<Flow>(self, settings, std::move(submission), caf::actor{}, rp)
                    ->start_rejected(code, message);
                return rp;
              }),
  };
}

}  // namespace mai::actors
