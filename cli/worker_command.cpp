// `mai-sandbox worker`: an execution node that joins a coordinator (`serve`),
// a worker node (node/node.hpp) until SIGINT or SIGTERM, or until the
// coordinator refuses it (exit status 2).
#include <signal.h>

#include <iostream>

#include "cli/command.hpp"
#include "cli/service_options.hpp"
#include "common/endpoint.hpp"
#include "node/node.hpp"

namespace mai::cli {

namespace {

struct WorkerOptions {
  std::string join;
  std::string name;
  unsigned slots = 0;
  TlsOptions tls;
};

void log_line(const std::string& line) {
  std::cerr << "mai-sandbox worker: " + line + "\n" << std::flush;
}

// Waits for a stop signal, or for the node to end by itself.
void wait_for_stop(const sigset_t& signals, const node::Node& node) {
  while (!node.ended()) {
    timespec ts{0, 200 * 1000000};
    if (::sigtimedwait(&signals, nullptr, &ts) > 0) return;
  }
}

int work(const GlobalOptions& global, const WorkerOptions& o) {
  sigset_t signals = block_stop_signals();
  node::NodeSpec spec;
  spec.kind = node::NodeKind::worker;
  spec.config = global.config_source();
  spec.state_dir = global.state();
  spec.join = parse_endpoint(o.join, "--join", /*allow_any_port=*/false);
  spec.tls = o.tls.files();
  if (o.slots) spec.slots = o.slots;
  spec.name = o.name;
  spec.log = log_line;
  auto node = node::start_node(spec);
  wait_for_stop(signals, *node);
  log_line("stopping");
  node->stop();
  return node->ended().value_or(0);
}

}  // namespace

void add_worker_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto o = std::make_shared<WorkerOptions>();
  auto* cmd = app.add_subcommand("worker", "Run an execution node that joins a coordinator");
  cmd->add_option("--join", o->join, "HOST:PORT of the coordinator (mai-sandbox serve)")->required();
  cmd->add_option("--slots", o->slots, "Sandboxes to run at once (default: config, else one per core)");
  cmd->add_option("--name", o->name, "Name in results and status (default: certificate CN, else host name)");
  add_tls_options(*cmd, o->tls);
  cmd->footer(
      "The worker's certificate must be issued for a worker (tools/make-certs.sh --worker NAME,\n"
      "subject OU=workers). It reconnects with backoff whenever the coordinator goes away and\n"
      "keeps its audit events in <state>/spool until the coordinator's log has them.\n"
      "Stops on SIGINT/SIGTERM.");
  cmd->callback([&action, &global, o] { action = [&global, o] { return work(global, *o); }; });
}

}  // namespace mai::cli
