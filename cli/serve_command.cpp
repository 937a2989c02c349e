// `mai-sandbox serve`: the submission service, a coordinator node
// (node/node.hpp) until SIGINT or SIGTERM.
#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <iostream>

#include "cli/command.hpp"
#include "cli/service_options.hpp"
#include "common/endpoint.hpp"
#include "node/node.hpp"

namespace mai::cli {

namespace {

struct ServeOptions {
  std::string listen;
  TlsOptions tls;
  int local_slots = -1;  // -1: config capacity
};

void log_line(const std::string& line) {
  std::cerr << "mai-sandbox serve: " + line + "\n" << std::flush;
}

int serve(const GlobalOptions& global, const ServeOptions& o) {
  sigset_t signals = block_stop_signals();
  node::NodeSpec spec;
  spec.kind = node::NodeKind::coordinator;
  spec.config = global.config_source();
  spec.state_dir = global.state();
  spec.listen = parse_endpoint(o.listen, "--listen", /*allow_any_port=*/true);
  spec.tls = o.tls.files();
  if (o.local_slots >= 0) spec.slots = static_cast<uint32_t>(o.local_slots);
  spec.log = log_line;
  auto node = node::start_node(spec);
  std::cout << "mai-sandbox: serving on " << node->listening().to_string()
            << (node->uses_tls() ? " (mutual TLS)" : " (plain TCP, loopback only)") << std::endl;
  int signal = 0;
  ::sigwait(&signals, &signal);
  log_line(std::string("stopping (") + ::strsignal(signal) + ")");
  node->stop(::strsignal(signal));
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto o = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Run the submission service over CAF networking");
  cmd->add_option("--listen", o->listen,
                  "HOST:PORT to listen on (port 0: any). Without TLS options: plain TCP on "
                  "loopback only")
      ->required();
  add_tls_options(*cmd, o->tls);
  cmd->add_option("--local-slots", o->local_slots,
                  "Sandboxes this machine runs itself (default: capacity in sandbox.yaml; 0: only "
                  "joined workers run code)")
      ->check(CLI::Range(0, 4096));
  cmd->footer(
      "Clients (`mai-sandbox submit`, the client library, workers) present certificates signed\n"
      "by the --tls-ca; the subject of the certificate is recorded with every submission and\n"
      "override. tools/make-certs.sh creates a CA and certificates. Prints\n"
      "\"mai-sandbox: serving on HOST:PORT\" once it accepts connections; stops on SIGINT/SIGTERM.");
  cmd->callback([&action, &global, o] { action = [&global, o] { return serve(global, *o); }; });
}

}  // namespace mai::cli
