// `serve`, `worker` and `submit`: remote submission and scale-out. Their
// options are accepted now so scripts can be written against them, but they
// refuse to run until the networked service exists. CLI11 keeps references
// to the option variables, so every callback holds on to its own.
#include "cli/command.hpp"
#include "cli/run_options.hpp"
#include "common/error.hpp"

namespace mai::cli {

namespace {
Action not_yet(const std::string& what) {
  return [what]() -> int {
    throw UsageError(what + ": not available yet (use `mai-sandbox run` on this machine)");
  };
}
}  // namespace

void add_service_commands(CLI::App& app, const GlobalOptions&, Action& action) {
  struct Tls {
    std::string cert, key, ca;
  };
  auto tls = std::make_shared<Tls>();
  auto add_tls = [tls](CLI::App* cmd) {
    cmd->add_option("--tls-cert", tls->cert, "Certificate (PEM) of this end");
    cmd->add_option("--tls-key", tls->key, "Private key (PEM) of this end");
    cmd->add_option("--tls-ca", tls->ca, "CA (PEM) that signs the other ends' certificates");
  };

  auto listen = std::make_shared<std::string>();
  auto* serve = app.add_subcommand("serve", "Run the submission service over CAF networking");
  serve->add_option("--listen", *listen, "HOST:PORT to listen on (loopback unless TLS is set)")
      ->required();
  add_tls(serve);
  serve->callback([&action, listen, tls] { action = not_yet("serve"); });

  auto join = std::make_shared<std::string>();
  auto slots = std::make_shared<unsigned>(0);
  auto* worker = app.add_subcommand("worker", "Run an execution node that joins a coordinator");
  worker->add_option("--join", *join, "HOST:PORT of the coordinator")->required();
  worker->add_option("--slots", *slots, "Sandboxes to run at once");
  add_tls(worker);
  worker->callback([&action, join, slots, tls] { action = not_yet("worker"); });

  auto server = std::make_shared<std::string>();
  auto opts = std::make_shared<RunOptions>();
  auto* submit = app.add_subcommand("submit", "Like run, but executed by a remote service");
  submit->add_option("--server", *server, "HOST:PORT of the service")->required();
  add_run_options(*submit, *opts);
  add_tls(submit);
  submit->callback([&action, server, opts, tls] { action = not_yet("submit"); });
}

}  // namespace mai::cli
