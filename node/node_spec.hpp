// What a node is, as `run`, `serve` and `worker` decide it from their
// options: its kind and the few choices each kind has. start_node()
// (node/node.hpp) builds the node from this and nothing else.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/endpoint.hpp"
#include "config/config_source.hpp"
#include "node/node_config.hpp"
#include "sandbox/warm.hpp"
#include "transport/tls_context.hpp"

namespace mai::node {

enum class NodeKind {
  local_run,    // `run`: one submission in this process, sharing the log with others
  coordinator,  // `serve`: the service; holds the log, takes clients and workers
  worker,       // `worker`: runs a coordinator's jobs, spools its audit events
};

struct NodeSpec {
  NodeKind kind = NodeKind::local_run;
  config::Source config{std::nullopt};  // where sandbox.yaml, audit.yaml, network.yaml, service.yaml are
  // The configuration parsed from `config`, when the caller already has it
  // (`run` reads its limits first): then it is not parsed again.
  std::optional<NodeConfig> parsed;
  std::string state_dir;
  // local_run: also make the Docker backend (its absence is then an error).
  // The others make it whenever the machine has it.
  bool docker = false;
  // local_run: the shape of the sandbox the run is expected to need, built
  // while the assessor loads (sandbox/prepared_backend.hpp). Unset: cold.
  std::optional<sandbox::WarmShape> prepare;
  // local_run: the native backend, when made ahead by prepare_run_sandbox()
  // (node/node.hpp) with that sandbox already building. Unset: start_node makes it.
  std::shared_ptr<sandbox::Backend> native;
  // Sandboxes this node runs at once: a coordinator's own (0: only workers
  // run code), a worker's. Unset: the sandbox configuration's capacity.
  std::optional<uint32_t> slots;
  std::string name;           // worker: its name (default: certificate CN, else host name)
  Endpoint listen;            // coordinator: where clients and workers connect
  Endpoint join;              // worker: the coordinator
  transport::TlsFiles tls;    // coordinator, worker; empty: plain TCP, on loopback only
  std::function<void(const std::string&)> log;  // a line for the operator; may be empty
};

}  // namespace mai::node
