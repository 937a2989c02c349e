#include "actors/executor.hpp"

#include "actors/containment.hpp"
#include "actors/protocol.hpp"
#include "sandbox/run_admission.hpp"

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

sandbox::RunLoad load_of(const executor_state& st) {
  return {st.running, st.settings.slots, static_cast<uint32_t>(st.queue.size()), st.settings.queue_length};
}

uint64_t free_memory(const executor_state& st) {
  return st.settings.free_memory ? st.settings.free_memory() : 0;
}

}  // namespace

executor_actor::behavior_type executor(executor_actor::stateful_pointer<executor_state> self,
                                       ExecutorSettings settings) {
  self->state.settings = std::move(settings);
  // A worker ended (whatever the reason): the next in line start while they
  // fit (a slot, and the host's free memory).
  self->set_down_handler([=](const caf::down_msg&) {
    auto& st = self->state;
    if (st.running > 0) --st.running;
    while (!st.queue.empty()) {
      sandbox::RunLoad load = load_of(st);
      load.waiting = 0;  // the head has nobody before it
      if (sandbox::admit_run(load, st.queue.front().first.limits.memory_bytes, free_memory(st)) !=
          sandbox::Admission::start)
        break;
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
                sandbox::RunLoad load = load_of(st);
                uint64_t free = free_memory(st);
                switch (sandbox::admit_run(load, req.limits.memory_bytes, free)) {
                  case sandbox::Admission::start:
                    start(self, std::move(req), rp);
                    break;
                  case sandbox::Admission::wait:
                    st.queue.emplace_back(std::move(req), rp);
                    break;
                  case sandbox::Admission::refuse:
                    rp.deliver(make_error(errc::overloaded, sandbox::refusal_reason(load, free)));
                    break;
                }
                return rp;
              }),
  };
}

}  // namespace mai::actors
