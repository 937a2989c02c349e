// gateway: the front door. For each submission it drives the pipeline —
// record, assess, decide, execute, record, sign — and answers with the
// result. It never runs code itself and never waits: every step is a
// request to another actor.
#pragma once
#include <memory>

#include "actors/protocol.hpp"
#include "config/sandbox_config.hpp"
#include "policy/run_policy.hpp"

namespace mai::actors {

struct GatewaySettings {
  config::SandboxConfig sandbox;
  assessor_actor assessor;
  executor_actor executor;
  auditor_actor auditor;
  // The executor runs the code in this process (not a coordinator's
  // dispatcher, which may hand it to a worker): the assessment record then
  // need not be synced on its own, the run's execution.start is first.
  bool executor_in_process = true;
};

gateway_actor::behavior_type gateway(gateway_actor::pointer self,
                                     std::shared_ptr<const GatewaySettings> settings);

}  // namespace mai::actors
