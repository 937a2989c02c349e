// Stand-ins for the actors around the one under test, each implementing the
// real typed interface (protocol/interfaces.hpp). They record what they were
// asked and answer as the test scripts them; their state is shared with the
// test, which is safe because the deterministic scheduler runs every actor on
// the test's own thread.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "actors/protocol.hpp"
#include "common/json.hpp"

namespace mai::actors::testing {

// An auditor that keeps events in memory; `refuse` makes every append fail.
struct AuditBook {
  std::vector<AuditEvent> events;
  std::vector<AuditEvent> delivered;  // by workers, from their spools
  bool refuse = false;
  std::vector<std::string> types() const {
    std::vector<std::string> out;
    for (const auto& e : events) out.push_back(e.type);
    return out;
  }
  size_t count(const std::string& type) const {
    size_t n = 0;
    for (const auto& e : events) n += e.type == type;
    return n;
  }
  json data_of(const std::string& type) const {
    for (const auto& e : events)
      if (e.type == type) return json::parse(e.data);
    return json();
  }
};

inline auditor_actor::behavior_type recording_auditor(auditor_actor::pointer,
                                                      std::shared_ptr<AuditBook> book) {
  return {
      [=](append_atom, const std::vector<AuditEvent>& events) -> caf::result<AuditAck> {
        if (book->refuse) return make_error(errc::audit_failed, "the disk is full");
        AuditAck ack;
        for (const auto& e : events) {
          book->events.push_back(e);
          ack.seqs.push_back(book->events.size());
        }
        return ack;
      },
      [=](receipt_atom, uint64_t first, uint64_t last) -> caf::result<AuditReceipt> {
        AuditReceipt r;
        r.seq_first = first;
        r.seq_last = last;
        r.tree_size = book->events.size() + 1;
        return r;
      },
      [](flush_atom) {},
      [](tick_atom) {},
      [=](deliver_atom, const std::string&, uint64_t,
          const std::vector<AuditEvent>& events) -> caf::result<uint64_t> {
        book->delivered.insert(book->delivered.end(), events.begin(), events.end());
        return uint64_t{book->delivered.size()};
      },
      [](delivered_atom, const std::string&) -> caf::result<uint64_t> { return uint64_t{0}; },
      [](abandon_atom, const std::vector<std::string>&,
         const std::string&) -> caf::result<std::vector<std::string>> {
        return std::vector<std::string>{};
      },
  };
}

// An assessor that gives every code the same level, counts the calls and
// keeps the program inputs it was given (each listed as assessed, at that level).
struct AssessorScript {
  RiskLevel level = RiskLevel::low;
  int calls = 0;
  std::vector<CodeInputs> inputs_seen;
};

inline assessor_actor::behavior_type scripted_assessor(assessor_actor::pointer,
                                                       std::shared_ptr<AssessorScript> script) {
  return {
      [=](assess_atom, const std::string&, const CodeInputs& inputs, Language, Origin) -> Assessment {
        ++script->calls;
        script->inputs_seen.push_back(inputs);
        Assessment a;
        a.level = script->level;
        a.code_sha256 = "00";
        for (const auto& in : inputs.files) a.inputs.push_back(AssessedInput{in.name, in.language, a.level, "11"});
        if (a.level == RiskLevel::blocked) a.explanation = "it deletes your home directory";
        return a;
      },
  };
}

// An executor that holds every request until the test finishes it (a
// promise is delivered from inside its actor: CAF 0.17 needs the actor's
// context for that), or answers at once as scripted.
struct ExecutorScript {
  std::vector<ExecutionRequest> seen;
  std::map<std::string, caf::typed_response_promise<ExecutionReport>> running;
  std::optional<caf::error> refusal;
  bool answer_at_once = false;  // a completed report right away
};

// (flush_atom, request id, exit code): finish that job.
using scripted_executor_actor =
    executor_actor::extend<caf::reacts_to<flush_atom, std::string, int32_t>>;

inline scripted_executor_actor::behavior_type scripted_executor(
    scripted_executor_actor::pointer self, std::shared_ptr<ExecutorScript> script) {
  return {
      [=](execute_atom, ExecutionRequest& req) -> caf::result<ExecutionReport> {
        script->seen.push_back(req);
        if (script->refusal) return *script->refusal;
        if (script->answer_at_once) {
          ExecutionReport r;
          r.termination = Termination::exited;
          return r;
        }
        auto rp = self->make_response_promise<ExecutionReport>();
        script->running.emplace(req.request_id, rp);
        return rp;
      },
      [=](flush_atom, const std::string& request_id, int32_t exit_code) {
        auto it = script->running.find(request_id);
        if (it == script->running.end()) return;
        ExecutionReport r;
        r.exit_code = exit_code;
        r.termination = Termination::exited;
        it->second.deliver(r);
        script->running.erase(it);
      },
  };
}

}  // namespace mai::actors::testing
