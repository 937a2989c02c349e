// The configuration and state a node starts from.
#pragma once
#include <string>
#include <vector>

#include "config/audit_config.hpp"
#include "config/config_source.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"
#include "config/service_config.hpp"

namespace mai::node {

struct NodeConfig {
  config::SandboxConfig sandbox;
  config::AuditConfig audit;
  config::NetworkConfig network;
};

// Parses sandbox.yaml, audit.yaml and network.yaml; touches nothing on disk.
NodeConfig load_node_config(const config::Source& source);
// The same around a sandbox.yaml the caller parsed first.
NodeConfig load_node_config(const config::Source& source, config::SandboxConfig sandbox);

// service.yaml; checks that its message limit leaves room for the largest
// submission sandbox.yaml allows.
config::ServiceConfig load_service_config(const config::Source& source);

// Files travel in one message each way (inputs in the submission, the
// manifest and its contents in the result), so through the service they fit
// clients.max_message: inputs get what the code leaves of it, less 64KiB;
// contents a quarter of it, the listing another quarter (stdout and stderr
// have the rest). Coordinators, workers and `submit` apply it.
void fit_files_to_messages(config::SandboxConfig& sandbox, const config::ServiceConfig& service);

// Makes the state directory and its runs/ scratch if missing and removes the
// sandboxes of runs whose mai-sandbox process was killed; returns their ids,
// for the node to close in the audit log. Every node does this first.
std::vector<std::string> prepare_state_dir(const std::string& state,
                                           const config::SandboxConfig& sandbox);

}  // namespace mai::node
