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

// Makes the state directory and its runs/ scratch if missing and removes the
// sandboxes of runs whose mai-sandbox process was killed; returns their ids,
// for the caller to close in the audit log. Every node does this first.
std::vector<std::string> prepare_state_dir(const std::string& state,
                                           const config::SandboxConfig& sandbox);

// Creates the state directory, removes what killed runs left behind and
// closes those runs in the audit log, opens the log (held open by a service,
// shared by short-lived processes) and builds the assessor and the native
// backend. The caller adds what is its own (docker, coordinator settings).
actors::NodeSettings prepare_node(const GlobalOptions& global, const NodeConfig& cfg, bool service);

}  // namespace mai::cli
