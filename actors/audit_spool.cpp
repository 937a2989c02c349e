#include "actors/audit_spool.hpp"

#include "actors/audit_client.hpp"
#include "actors/containment.hpp"
#include "actors/protocol.hpp"
#include "common/thread_crypto.hpp"

namespace mai::actors {

namespace {

using self_ptr = audit_spool_actor::stateful_pointer<audit_spool_state>;

constexpr size_t batch_size = 256;
constexpr std::chrono::seconds delivery_timeout{30};
constexpr std::chrono::seconds retry_every{1};

// Answers the drains that are satisfied (or all of them with false).
void settle(self_ptr self, bool failed) {
  auto& st = self->state;
  uint64_t done = st.spool->acknowledged();
  std::vector<std::pair<uint64_t, caf::typed_response_promise<bool>>> waiting;
  for (auto& [seq, rp] : st.drains) {
    if (seq <= done)
      rp.deliver(true);
    else if (failed)
      rp.deliver(false);
    else
      waiting.emplace_back(seq, std::move(rp));
  }
  st.drains = std::move(waiting);
}

void detach(self_ptr self) {
  self->state.door = nullptr;
  self->state.in_flight = false;
  settle(self, /*failed=*/true);
}

// Sends the next batch unless one is on its way.
void deliver_next(self_ptr self) {
  auto& st = self->state;
  if (!st.door || st.in_flight) return;
  auto batch = st.spool->pending(batch_size);
  if (batch.empty()) return settle(self, false);
  std::vector<AuditEvent> events;
  events.reserve(batch.size());
  for (const auto& e : batch) events.push_back(from_log_event(e.event));
  st.in_flight = true;
  self->request(st.door, delivery_timeout, deliver_atom::value, st.session, st.spool->origin_id(),
                batch.front().spool_seq, std::move(events))
      .then(
          [=](uint64_t delivered_up_to) {
            auto& state = self->state;
            state.in_flight = false;
            try {
              state.spool->acknowledge(std::min(delivered_up_to, state.spool->last_seq()));
            } catch (const std::exception&) {
              return detach(self);
            }
            settle(self, false);
            deliver_next(self);
          },
          // Not delivered: keep everything; the retry timer or a new
          // connection tries again.
          [=](const caf::error&) {
            self->state.in_flight = false;
            settle(self, true);
          });
}

}  // namespace

audit_spool_actor::behavior_type audit_spool(self_ptr self, std::unique_ptr<audit::Spool> spool) {
  self->state.spool = std::move(spool);
  // It hashes on a detached thread of its own (common/thread_crypto.hpp).
  self->attach_functor([] { release_thread_crypto_state(); });
  self->set_down_handler([=](const caf::down_msg& msg) {
    if (self->state.door && msg.source == self->state.door.address()) detach(self);
  });
  self->send(self, tick_atom::value);
  auto coordinator_only = [](const char* what) {
    return make_error(errc::invalid_request,
                      std::string(what) + " is answered by the coordinator, not by a worker");
  };
  return {
      contain("audit spool append",
              [=](append_atom, const std::vector<AuditEvent>& events) -> caf::result<AuditAck> {
                try {
                  AuditAck ack;
                  ack.seqs = self->state.spool->append(to_log_events(events));
                  deliver_next(self);
                  return ack;
                } catch (const std::exception& e) {
                  return make_error(errc::audit_failed, std::string("worker spool: ") + e.what());
                }
              }),
      contain("audit spool receipt",
              [=](receipt_atom, uint64_t, uint64_t) -> caf::result<AuditReceipt> {
                return coordinator_only("a receipt");
              }),
      contain("audit spool flush", [=](flush_atom) { deliver_next(self); }),
      contain("audit spool tick",
              [=](tick_atom) {
                deliver_next(self);
                self->delayed_send(self, retry_every, tick_atom::value);
              }),
      contain("audit spool deliver",
              [=](deliver_atom, const std::string&, uint64_t, const std::vector<AuditEvent>&)
                  -> caf::result<uint64_t> { return coordinator_only("a delivery"); }),
      contain("audit spool delivered",
              [=](delivered_atom, const std::string&) -> caf::result<uint64_t> {
                return coordinator_only("a delivery mark");
              }),
      contain("audit spool abandon",
              [=](abandon_atom, const std::vector<std::string>&,
                  const std::string&) -> caf::result<std::vector<std::string>> {
                return coordinator_only("closing abandoned runs");
              }),
      contain("audit spool attach",
              [=](attach_atom, front_door_actor& door, std::string& session) {
                auto& st = self->state;
                if (st.door) self->demonitor(st.door.address());
                st.door = std::move(door);
                st.session = std::move(session);
                st.in_flight = false;
                self->monitor(st.door);
                // Resume where the coordinator's log says this spool stands: a batch
                // it appended but whose acknowledgement was lost is not sent again.
                self->request(st.door, delivery_timeout, delivered_atom::value, st.session,
                              st.spool->origin_id())
                    .then(
                        [=](uint64_t mark) {
                          auto& state = self->state;
                          try {
                            if (mark > state.spool->acknowledged())
                              state.spool->acknowledge(std::min(mark, state.spool->last_seq()));
                          } catch (const std::exception&) {
                          }
                          deliver_next(self);
                        },
                        [=](const caf::error&) { deliver_next(self); });
              }),
      contain("audit spool drain",
              [=](drain_atom) -> caf::result<bool> {
                auto& st = self->state;
                uint64_t target = st.spool->last_seq();
                if (target <= st.spool->acknowledged()) return true;
                if (!st.door) return false;
                auto rp = self->make_response_promise<bool>();
                st.drains.emplace_back(target, rp);
                deliver_next(self);
                return rp;
              }),
  };
}

}  // namespace mai::actors
