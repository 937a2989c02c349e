#include "node/node_config.hpp"

#include <algorithm>
#include <utility>

#include "common/files.hpp"
#include "common/units.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::node {

NodeConfig load_node_config(const config::Source& source) {
  return load_node_config(source, config::parse_sandbox_config(source.load("sandbox.yaml")));
}

NodeConfig load_node_config(const config::Source& source, config::SandboxConfig sandbox) {
  return NodeConfig{std::move(sandbox), config::parse_audit_config(source.load("audit.yaml")),
                    config::parse_network_config(source.load("network.yaml"))};
}

config::ServiceConfig load_service_config(const config::Source& source) {
  auto node = source.load("service.yaml");
  auto service = config::parse_service_config(node);
  auto sandbox = config::parse_sandbox_config(source.load("sandbox.yaml"));
  // A submission travels in one message, with room for its other fields.
  if (service.max_message_bytes < sandbox.max_code_bytes + 64 * 1024)
    node["clients"]["max_message"].fail(
        "must exceed submission.max_code of sandbox.yaml (" + format_size(sandbox.max_code_bytes) +
        ") by at least 64KiB");
  return service;
}

void fit_files_to_messages(config::SandboxConfig& sandbox, const config::ServiceConfig& service) {
  auto& f = sandbox.files;
  uint64_t room = service.max_message_bytes - std::min(service.max_message_bytes,
                                                       sandbox.max_code_bytes + 64 * 1024);
  f.max_inputs_bytes = std::min(f.max_inputs_bytes, room);
  f.max_output_total_bytes = std::min(f.max_output_total_bytes, service.max_message_bytes / 4);
  f.max_output_file_bytes = std::min(f.max_output_file_bytes, f.max_output_total_bytes);
  f.max_listing_bytes = service.max_message_bytes / 4;
}

std::vector<std::string> prepare_state_dir(const std::string& state,
                                           const config::SandboxConfig& sandbox) {
  make_dirs(state, 0700);
  std::string scratch = state + "/runs";
  make_dirs(scratch, 0700);
  return sandbox::cleanup_stale_runs(scratch, sandbox);
}

}  // namespace mai::node
