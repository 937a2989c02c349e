#include "cli/node_setup.hpp"

#include "common/files.hpp"
#include "sandbox/warm_backend.hpp"

namespace mai::cli {

NodeConfig load_node_config(const GlobalOptions& global) {
  auto source = global.config_source();
  return NodeConfig{source, config::parse_sandbox_config(source.load("sandbox.yaml")),
                    config::parse_audit_config(source.load("audit.yaml")),
                    config::parse_network_config(source.load("network.yaml"))};
}

std::vector<std::string> prepare_state_dir(const std::string& state,
                                           const config::SandboxConfig& sandbox) {
  make_dirs(state, 0700);
  std::string scratch = state + "/runs";
  make_dirs(scratch, 0700);
  return sandbox::cleanup_stale_runs(scratch, sandbox);
}

actors::NodeSettings prepare_node(const GlobalOptions& global, const NodeConfig& cfg, bool service) {
  actors::NodeSettings settings;
  settings.sandbox = cfg.sandbox;
  settings.network = cfg.network;
  settings.assessor =
      std::make_shared<const assess::Assessor>(assess::Assessor::from_config(cfg.source));
  settings.state_dir = global.state();
  auto stale_runs = prepare_state_dir(settings.state_dir, cfg.sandbox);
  // A service holds the log open (one writer, idle tree heads on a timer);
  // short-lived processes share it: each append opens, writes and lets go.
  settings.audit_log = audit::Log::open(settings.state_dir, cfg.audit, /*hold_open=*/service);
  if (service) settings.tree_head_interval = std::chrono::milliseconds(cfg.audit.tree_head_interval_ms);
  // Runs of an earlier mai-sandbox that was killed are gone now; say so on record.
  settings.audit_log->abandon_runs({stale_runs.begin(), stale_runs.end()},
                                   "the supervising mai-sandbox process died; its sandbox was "
                                   "killed and removed at the next start");
  settings.native = sandbox::make_native_backend(cfg.sandbox);
  // A service keeps warm sandboxes (config warm:); a one-off run has no use for them.
  if (service) settings.native = sandbox::make_warm_backend(settings.native, cfg.sandbox, settings.state_dir + "/runs");
  return settings;
}

}  // namespace mai::cli
