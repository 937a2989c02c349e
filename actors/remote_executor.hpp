// remote_executor: the coordinator's view of a worker's executor. It runs
// each request on the worker's own executor and answers only once the run's
// audit events have reached the coordinator's log (the spool is drained), so
// the result's receipt covers them.
#pragma once
#include "actors/protocol.hpp"

namespace mai::actors {

executor_actor::behavior_type remote_executor(executor_actor::pointer self, executor_actor local,
                                              audit_spool_actor spool);

}  // namespace mai::actors
