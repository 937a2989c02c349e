#include "protocol/interfaces.hpp"

#include "protocol/errors.hpp"

namespace mai::protocol {

void register_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<Language>("mai::Language")
      .add_message_type<Origin>("mai::Origin")
      .add_message_type<NetworkMode>("mai::NetworkMode")
      .add_message_type<Finding>("mai::Finding")
      .add_message_type<Assessment>("mai::Assessment")
      .add_message_type<CodeInputs>("mai::CodeInputs")
      .add_message_type<Limits>("mai::Limits")
      .add_message_type<LimitRequest>("mai::LimitRequest")
      .add_message_type<Submission>("mai::Submission")
      .add_message_type<ResourceSample>("mai::ResourceSample")
      .add_message_type<NetworkEvent>("mai::NetworkEvent")
      .add_message_type<std::vector<NetworkEvent>>("std::vector<mai::NetworkEvent>")
      .add_message_type<ExecutionReport>("mai::ExecutionReport")
      .add_message_type<AuditReceipt>("mai::AuditReceipt")
      .add_message_type<RunResult>("mai::RunResult")
      .add_message_type<ProbeTarget>("mai::ProbeTarget")
      .add_message_type<ExecutionRequest>("mai::protocol::ExecutionRequest")
      .add_message_type<AuditEvent>("mai::protocol::AuditEvent")
      .add_message_type<AuditAck>("mai::protocol::AuditAck")
      .add_message_type<MonitorVerdict>("mai::protocol::MonitorVerdict")
      .add_message_type<Backend>("mai::Backend")
      .add_message_type<std::vector<Backend>>("std::vector<mai::Backend>")
      .add_message_type<WorkerInfo>("mai::WorkerInfo")
      .add_message_type<WorkerView>("mai::protocol::WorkerView")
      .add_message_type<std::vector<WorkerView>>("std::vector<mai::protocol::WorkerView>")
      .add_message_type<ClusterStatus>("mai::protocol::ClusterStatus")
      .add_message_type<std::vector<AuditEvent>>("std::vector<mai::protocol::AuditEvent>")
      .add_message_type<executor_actor>("mai::protocol::executor_actor");
  register_error_category(cfg);
}

}  // namespace mai::protocol
