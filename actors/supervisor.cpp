#include "actors/supervisor.hpp"

#include <iostream>
#include <map>

#include "actors/audit_client.hpp"
#include "audit/event_types.hpp"

namespace mai::actors {

namespace {

struct supervisor_state {
  std::map<caf::actor_addr, std::string> names;
  static inline const char* name = "mai.supervisor";
};

caf::behavior supervisor(caf::stateful_actor<supervisor_state>* self,
                         std::shared_ptr<NodeHealth> health,
                         std::vector<std::pair<std::string, caf::actor_addr>> actors,
                         auditor_actor auditor) {
  for (auto& [name, addr] : actors) {
    if (!addr) continue;
    self->monitor(addr);
    self->state.names.emplace(addr, name);
  }
  self->set_down_handler([=](caf::down_msg& msg) {
    auto it = self->state.names.find(msg.source);
    std::string name = it == self->state.names.end() ? "an actor" : it->second;
    if (it != self->state.names.end()) self->state.names.erase(it);
    if (msg.reason == caf::exit_reason::user_shutdown || msg.reason == caf::exit_reason::normal ||
        msg.reason == caf::exit_reason::kill)
      return;
    std::string problem = "the " + name + " stopped (" + caf::to_string(msg.reason) +
                          "); the node cannot serve what it did";
    std::cerr << "mai-sandbox: " << problem << "\n";
    health->fail(problem);
    if (auditor && msg.source != auditor.address())
      record_event_detached(self, auditor,
                            make_event(audit::events::service_fault, "",
                                       {{"actor", name}, {"problem", problem}}));
  });
  return {[](const caf::message&) {}};
}

}  // namespace

caf::actor spawn_supervisor(caf::actor_system& sys, std::shared_ptr<NodeHealth> health,
                            std::vector<std::pair<std::string, caf::actor_addr>> actors,
                            auditor_actor auditor) {
  return sys.spawn(supervisor, std::move(health), std::move(actors), std::move(auditor));
}

}  // namespace mai::actors
