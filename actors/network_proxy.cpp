#include "actors/network_proxy.hpp"

#include <unistd.h>

#include <map>
#include <memory>
#include <optional>
#include <thread>

#include "actors/audit_client.hpp"
#include "actors/containment.hpp"
#include "actors/protocol.hpp"
#include "audit/event_types.hpp"
#include "model/json_codec.hpp"
#include "proxy/egress_policy.hpp"
#include "proxy/server.hpp"

namespace mai::actors {

namespace {

// One run being served.
struct ServedRun {
  std::unique_ptr<proxy::Server> server;
  std::thread thread;
  size_t pending = 0;    // decisions sent to the auditor, not yet acknowledged
  bool drained = false;  // every decision of the stopped server has been sent
  std::string audit_error;
  std::optional<caf::typed_response_promise<std::vector<NetworkEvent>>> done;

  void stop() {
    if (server) server->stop();
    if (thread.joinable()) thread.join();
  }
};

using Runs = std::map<std::string, std::shared_ptr<ServedRun>>;

}  // namespace

network_proxy_actor::behavior_type network_proxy(network_proxy_actor::pointer self,
                                                 auditor_actor auditor,
                                                 config::NetworkConfig config) {
  auto runs = std::make_shared<Runs>();
  // A serving thread must never outlive the actor.
  self->attach_functor([runs] {
    for (auto& [id, run] : *runs) run->stop();
  });

  // Answers unserve once the run's last decision is durable.
  auto maybe_finish = [runs](const std::string& request_id) {
    auto it = runs->find(request_id);
    if (it == runs->end()) return;
    ServedRun& run = *it->second;
    if (!run.drained || run.pending > 0 || !run.done) return;
    if (run.audit_error.empty())
      run.done->deliver(run.server->events());
    else
      run.done->deliver(make_error(errc::audit_failed, "a network decision could not be recorded: " +
                                                           run.audit_error));
    runs->erase(it);
  };

  return {
      contain("network proxy decide",
              [=](decide_atom, const std::string& request_id, NetworkMode mode,
                  const std::string& method, const std::string& host,
                  uint16_t port) -> caf::result<NetworkEvent> {
                NetworkEvent event = proxy::decide_egress(mode, method, host, port);
                auto rp = self->make_response_promise<NetworkEvent>();
                // The decision stands only once it is on record, synced: the
                // run's earlier records (execution.start) are synced with it,
                // before anything of the run starts (run_worker.cpp).
                record_event(self, auditor,
                             make_event(audit::events::network, request_id, to_json(event)))
                    .then([rp, event](const AuditAck&) mutable { rp.deliver(event); },
                          [rp](caf::error& e) mutable { rp.deliver(std::move(e)); });
                return rp;
              }),
      contain(
          "network proxy serve",
          [=](serve_atom, const std::string& request_id, int32_t fd) -> caf::result<bool> {
            if (runs->count(request_id)) {
              ::close(fd);
              return make_error(errc::invalid_request, "run " + request_id + " is already served");
            }
            // Decisions come back through the mailbox, so they are audited in order.
            caf::weak_actor_ptr me = caf::actor_cast<caf::weak_actor_ptr>(self);
            auto sink = [me, request_id](const NetworkEvent& e) {
              if (auto strong = caf::actor_cast<caf::strong_actor_ptr>(me))
                caf::anon_send(caf::actor_cast<network_proxy_actor>(strong), netevent_atom::value,
                               request_id, e);
            };
            auto run = std::make_shared<ServedRun>();
            try {
              run->server = std::make_unique<proxy::Server>(config, fd, sink);
            } catch (const std::exception& e) {
              ::close(fd);
              return make_error(errc::sandbox_failed, std::string("network proxy: ") + e.what());
            }
            proxy::Server* server = run->server.get();
            run->thread = std::thread([server] { server->run(); });
            (*runs)[request_id] = run;
            return true;
          }),
      contain("network proxy netevent",
              [=](netevent_atom, const std::string& request_id, const NetworkEvent& event) {
                auto it = runs->find(request_id);
                std::shared_ptr<ServedRun> run = it == runs->end() ? nullptr : it->second;
                if (run) ++run->pending;
                record_event(self, auditor,
                             make_event(audit::events::network, request_id, to_json(event)))
                    .then(
                        [=](const AuditAck&) {
                          if (!run) return;
                          --run->pending;
                          maybe_finish(request_id);
                        },
                        [=](caf::error& e) {
                          if (!run) return;
                          --run->pending;
                          run->audit_error = error_message(e);
                          maybe_finish(request_id);
                        });
              }),
      contain("network proxy unserve",
              [=](unserve_atom,
                  const std::string& request_id) -> caf::result<std::vector<NetworkEvent>> {
                auto it = runs->find(request_id);
                if (it == runs->end()) return std::vector<NetworkEvent>{};
                // The server stops within one poll turn; its decisions are in the
                // mailbox already, so `drained` arrives after the last of them.
                it->second->stop();
                auto rp = self->make_response_promise<std::vector<NetworkEvent>>();
                it->second->done = rp;
                self->send(self, drained_atom::value, request_id);
                return rp;
              }),
      contain("network proxy drained",
              [=](drained_atom, const std::string& request_id) {
                auto it = runs->find(request_id);
                if (it == runs->end()) return;
                it->second->drained = true;
                maybe_finish(request_id);
              }),
  };
}

}  // namespace mai::actors
