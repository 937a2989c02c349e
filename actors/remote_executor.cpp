#include "actors/remote_executor.hpp"

#include "actors/containment.hpp"

namespace mai::actors {

executor_actor::behavior_type remote_executor(executor_actor::pointer self, executor_actor local,
                                              audit_spool_actor spool) {
  return {
      contain("worker executor execute",
              [=](execute_atom, ExecutionRequest& req) -> caf::result<ExecutionReport> {
                auto rp = self->make_response_promise<ExecutionReport>();
                self->request(local, caf::infinite, execute_atom::value, std::move(req))
                    .then(
                        [=](ExecutionReport& report) mutable {
                          // The run's events reach the coordinator's log before its
                          // report does, so the result's receipt covers them.
                          self->request(spool, std::chrono::seconds(30), drain_atom::value)
                              .then([=](bool) mutable { rp.deliver(report); },
                                    [=](const caf::error&) mutable { rp.deliver(report); });
                        },
                        [=](caf::error& e) mutable { rp.deliver(std::move(e)); });
                return rp;
              }),
  };
}

}  // namespace mai::actors
