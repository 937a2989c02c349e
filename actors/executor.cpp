#include "actors/executor.hpp"

#include "actors/containment.hpp"
#include "actors/protocol.hpp"

namespace mai::actors {

namespace {

using self_ptr = executor_actor::stateful_pointer<executor_state>;

// Hands the request to a fresh worker, which answers the requester directly.
void start(self_ptr self, ExecutionRequest req,
           caf::typed_response_promise<ExecutionReport> rp) {
  ++self->state.running;
  auto worker = self->spawn<caf::monitored>(run_worker, self->state.settings.deps);
  rp.delegate(worker, execute_atom::value, std::move(req));
}

}  // namespace

executor_actor::behavior_type executor(executor_actor::stateful_pointer<executor_state> self,
                                       ExecutorSettings settings) {
  self->state.settings = std::move(settings);
  // A worker ended (whatever the reason): its slot goes to the next in line.
  self->set_down_handler([=](const caf::down_msg&) {
    auto& st = self->state;
    if (st.running > 0) --st.running;
    while (st.running < st.settings.slots && !st.queue.empty()) {
      auto [req, rp] = std::move(st.queue.front());
      st.queue.pop_front();
      start(self, std::move(req), std::move(rp));
    }
  });
  return {
      contain("executor execute",
              [=](execute_atom, ExecutionRequest& req) -> caf::result<ExecutionReport> {
                auto& st = self->state;
                auto rp = self->make_response_promise<ExecutionReport>();
                if (st.running < st.settings.slots) {
                  start(self, std::move(req), rp);
                } else if (st.queue.size() < st.settings.queue_length) {
                  st.queue.emplace_back(std::move(req), rp);
                } else {
                  rp.deliver(make_error(errc::overloaded,
                                        "all " + std::to_string(st.settings.slots) +
                                            " sandbox slots are busy and " +
                                            std::to_string(st.queue.size()) +
                                            " submissions are already waiting; try again later"));
                }
                return rp;
              }),
  };
}

}  // namespace mai::actors
