#include "actors/coordinator_link.hpp"

#include "protocol/remote_endpoint.hpp"

namespace mai::actors {

namespace {

using self_ptr = caf::stateful_actor<coordinator_link_state>*;
using Settings = std::shared_ptr<const CoordinatorLinkSettings>;

constexpr std::chrono::milliseconds first_backoff{100};
constexpr std::chrono::seconds stale_run_timeout{30};

// Tries again after the current backoff, which doubles up to the maximum.
void retry_later(self_ptr self, const Settings& s) {
  auto& st = self->state;
  st.tunnel.reset();
  st.door = nullptr;
  self->delayed_send(self, st.backoff, join_atom::value);
  st.backoff = std::min(st.backoff * 2, s->max_backoff);
}

void give_up(self_ptr self, const Settings& s, int status) {
  if (s->ended) *s->ended = status;
  self->state.tunnel.reset();
  self->quit();
}

void lost(self_ptr self, const Settings& s, const std::string& detail) {
  s->log("lost the coordinator" + (detail.empty() ? "" : " (" + detail + ")") + "; reconnecting");
  retry_later(self, s);
}

// Delivers the spool (it holds the runs' starts), then has the coordinator
// record execution.abandoned for each; kept for the next connection on failure.
void close_stale_runs(self_ptr self, const Settings& s) {
  if (self->state.stale_runs.empty()) return;
  self->request(s->spool, stale_run_timeout, drain_atom::value)
      .then(
          [=](bool drained) {
            auto& st = self->state;
            if (!drained || !st.door || st.stale_runs.empty()) return;
            self->request(st.door, stale_run_timeout, abandon_atom::value, st.tunnel->token(),
                          st.stale_runs,
                          std::string("the worker supervising it died; its sandbox was killed and "
                                      "removed when the worker started again"))
                .then([=](const std::vector<std::string>&) { self->state.stale_runs.clear(); },
                      [=](const caf::error& e) {
                        s->log("could not close the runs of the previous worker process: " +
                               caf::to_string(e));
                      });
          },
          [](const caf::error&) {});
}

void join(self_ptr self, const Settings& s) {
  auto& st = self->state;
  self->request(st.door, s->tunnel.timeout, join_atom::value, st.tunnel->token(), s->info,
                s->remote)
      .then(
          [=](const std::string&) {
            auto& state = self->state;
            s->log("joined " + s->coordinator + " as " + s->info.id);
            caf::anon_send(s->spool, attach_atom::value, state.door, state.tunnel->token());
            state.backoff = first_backoff;
            close_stale_runs(self, s);
            self->delayed_send(self, s->heartbeat_every, heartbeat_atom::value);
          },
          [=](caf::error& e) {
            std::string refusal = self->system().render(e);
            if (errc_of(e) == errc::unauthenticated) {
              // Its certificate will not change by trying again.
              s->log("the coordinator refused this worker: " + refusal);
              give_up(self, s, 2);
              return;
            }
            lost(self, s, refusal);
          });
}

void connect_and_join(self_ptr self, const Settings& s) {
  auto& st = self->state;
  try {
    st.tunnel = transport::TunnelClient::connect(s->tunnel);
    auto door = protocol::connect_published<front_door_actor>(
        self->system(), st.tunnel->take_local_fd(), caf::timespan{s->tunnel.timeout});
    if (!door) throw transport::ConnectError("no coordinator there: " + self->system().render(door.error()));
    st.door = std::move(*door);
  } catch (const transport::ConnectError& e) {
    s->log(std::string(e.what()) + "; trying again in " + std::to_string(st.backoff.count()) +
           " ms");
    return retry_later(self, s);
  }
  join(self, s);
}

void send_heartbeat(self_ptr self, const Settings& s) {
  auto& st = self->state;
  if (!st.door) return;  // a beat from a connection already given up
  if (!st.tunnel->open()) return lost(self, s, "");
  self->request(st.door, s->heartbeat_every * 4, heartbeat_atom::value, st.tunnel->token(),
                s->info.id)
      .then(
          [=](bool known) {
            if (known) {
              self->delayed_send(self, s->heartbeat_every, heartbeat_atom::value);
              return;
            }
            s->log("the coordinator no longer knows this worker; joining again");
            join(self, s);
          },
          // The coordinator is gone or frozen: reconnect.
          [=](const caf::error&) { lost(self, s, ""); });
}

}  // namespace

caf::behavior coordinator_link(caf::stateful_actor<coordinator_link_state>* self,
                               CoordinatorLinkSettings settings) {
  self->state.stale_runs = std::move(settings.stale_runs);
  auto s = std::make_shared<const CoordinatorLinkSettings>(std::move(settings));
  s->log("worker " + s->info.id + " with " + std::to_string(s->info.slots) + " slots, joining " +
         s->coordinator);
  self->send(self, join_atom::value);
  // Anything but a failed connection is a fault of the link: the worker ends
  // with it (as the command would on an exception) rather than idle unjoined.
  auto guarded = [=](auto step) {
    try {
      step(self, s);
    } catch (const std::exception& e) {
      s->log(std::string("the link to the coordinator failed: ") + e.what());
      give_up(self, s, 125);
    }
  };
  return {
      [=](join_atom) { guarded(connect_and_join); },
      [=](heartbeat_atom) { guarded(send_heartbeat); },
  };
}

}  // namespace mai::actors
