#include "actors/auditor.hpp"

#include "actors/audit_client.hpp"
#include "actors/containment.hpp"
#include "actors/protocol.hpp"
#include "common/thread_crypto.hpp"

namespace mai::actors {

namespace {

// Appends one sender's events and answers it.
void append_alone(audit::Log& log, const std::vector<AuditEvent>& events,
                  caf::typed_response_promise<AuditAck>& rp) {
  try {
    AuditAck ack;
    ack.seqs = log.append(to_log_events(events));
    rp.deliver(std::move(ack));
  } catch (const std::exception& e) {
    rp.deliver(make_error(errc::audit_failed, e.what()));
  }
}

// Commits every pending append in one batch and answers each sender. If the
// batch fails, each sender's events are appended on their own: one sender's
// refused event (too large, not UTF-8, too deep) must not fail the others'
// records. A failed write or sync fails every later append anyway, so the
// retries cannot write anything twice.
void flush(auditor_actor::stateful_pointer<auditor_state> self) {
  auto& st = self->state;
  st.flush_scheduled = false;
  auto pending = std::move(st.pending);
  st.pending.clear();
  if (pending.size() == 1) {
    append_alone(*st.log, pending.front().first, pending.front().second);
    return;
  }
  std::vector<audit::Event> batch;
  for (const auto& [events, rp] : pending)
    for (const auto& e : events) batch.push_back(to_log_event(e));
  std::vector<uint64_t> seqs;
  try {
    seqs = st.log->append(batch);
  } catch (const std::exception&) {
    for (auto& [events, rp] : pending) append_alone(*st.log, events, rp);
    return;
  }
  size_t next = 0;
  for (auto& [events, rp] : pending) {
    AuditAck ack;
    ack.seqs.assign(seqs.begin() + static_cast<long>(next),
                    seqs.begin() + static_cast<long>(next + events.size()));
    next += events.size();
    rp.deliver(std::move(ack));
  }
}

}  // namespace

auditor_actor::behavior_type auditor(auditor_actor::stateful_pointer<auditor_state> self,
                                     std::shared_ptr<audit::Log> log,
                                     std::chrono::milliseconds tree_head_interval) {
  self->state.log = std::move(log);
  // It signs on a detached thread of its own (common/thread_crypto.hpp).
  self->attach_functor([] { release_thread_crypto_state(); });
  if (tree_head_interval.count() > 0) self->send(self, tick_atom::value);
  return {
      contain("auditor append",
              [=](append_atom, std::vector<AuditEvent>& events) -> caf::result<AuditAck> {
                auto rp = self->make_response_promise<AuditAck>();
                self->state.pending.emplace_back(std::move(events), rp);
                // The flush message queues behind every append already in the
                // mailbox, so they all land in the same batch.
                if (!self->state.flush_scheduled) {
                  self->state.flush_scheduled = true;
                  self->send(self, flush_atom::value);
                }
                return rp;
              }),
      contain("auditor flush", [=](flush_atom) { flush(self); }),
      contain("auditor tick",
              [=](tick_atom) {
                try {
                  self->state.log->sign_tree_head_if_due();
                } catch (const std::exception&) {
                  // The next tick tries again; appends report their own failures.
                }
                self->delayed_send(self, tree_head_interval, tick_atom::value);
              }),
      contain("auditor receipt",
              [=](receipt_atom, uint64_t first, uint64_t last) -> caf::result<AuditReceipt> {
                try {
                  return self->state.log->sign_tree_head(first, last);
                } catch (const std::exception& e) {
                  return make_error(errc::audit_failed, e.what());
                }
              }),
      contain("auditor deliver",
              [=](deliver_atom, const std::string& origin, uint64_t first,
                  const std::vector<AuditEvent>& events) -> caf::result<uint64_t> {
                try {
                  return self->state.log->append_delivered(origin, first, to_log_events(events))
                      .delivered_up_to;
                } catch (const std::exception& e) {
                  return make_error(errc::audit_failed, e.what());
                }
              }),
      contain("auditor abandon",
              [=](abandon_atom, const std::vector<std::string>& run_ids,
                  const std::string& reason) -> caf::result<std::vector<std::string>> {
                try {
                  return self->state.log->abandon_runs({run_ids.begin(), run_ids.end()}, reason);
                } catch (const std::exception& e) {
                  return make_error(errc::audit_failed, e.what());
                }
              }),
      contain("auditor delivered",
              [=](delivered_atom, const std::string& origin) -> caf::result<uint64_t> {
                try {
                  return self->state.log->delivered_up_to(origin);
                } catch (const std::exception& e) {
                  return make_error(errc::audit_failed, e.what());
                }
              }),
  };
}

}  // namespace mai::actors
