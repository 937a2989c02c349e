// What `run` and `serve` both do before their node starts.
#pragma once
#include "actors/node.hpp"
#include "cli/command.hpp"
#include "config/audit_config.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"

namespace mai::cli {

struct NodeConfig {
  config::Source source;
  config::SandboxConfig sandbox;
  config::AuditConfig audit;
  config::NetworkConfig network;
};

// Parses the configuration; touches nothing on disk.
NodeConfig load_node_config(const GlobalOptions& global);

// Creates the state directory, removes what killed runs left behind and
// closes those runs in the audit log, opens the log (held open by a service,
// shared by short-lived processes) and builds the assessor and the native
// backend. The caller adds what is its own (docker, coordinator settings).
actors::NodeSettings prepare_node(const GlobalOptions& global, const NodeConfig& cfg, bool service);

}  // namespace mai::cli
