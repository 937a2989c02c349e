#include "cli/node_setup.hpp"

#include <future>

#include "common/files.hpp"
#include "common/phase_log.hpp"

namespace mai::cli {

NodeConfig load_node_config(const GlobalOptions& global) {
  auto source = global.config_source();
  NodeConfig cfg{source, config::parse_sandbox_config(source.load("sandbox.yaml")),
                 config::parse_audit_config(source.load("audit.yaml")),
                 config::parse_network_config(source.load("network.yaml"))};
  phase("config loaded");
  return cfg;
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
  settings.state_dir = global.state();
  auto stale_runs = prepare_state_dir(settings.state_dir, cfg.sandbox);
  // Opening the log waits on the disk (fsyncs) and loading the assessor
  // takes the CPU: one overlaps the other. A service holds the log open (one
  // writer, idle tree heads on a timer); short-lived processes share it:
  // each append opens, writes and lets go.
  auto log = std::async(std::launch::async, [&] {
    std::shared_ptr<audit::Log> l = audit::Log::open(settings.state_dir, cfg.audit, /*hold_open=*/service);
    // Runs of an earlier mai-sandbox that was killed are gone now; say so on record.
    l->abandon_runs({stale_runs.begin(), stale_runs.end()},
                    "the supervising mai-sandbox process died; its sandbox was "
                    "killed and removed at the next start");
    return l;
  });
  settings.assessor =
      std::make_shared<const assess::Assessor>(assess::Assessor::from_config(cfg.source));
  phase("assessor loaded");
  settings.audit_log = log.get();
  phase("audit log open");
  if (service) settings.tree_head_interval = std::chrono::milliseconds(cfg.audit.tree_head_interval_ms);
  settings.native = sandbox::make_native_backend(cfg.sandbox);
  phase("native backend");
  return settings;
}

}  // namespace mai::cli
