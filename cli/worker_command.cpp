// `mai-sandbox worker`: an execution node that joins a coordinator.
#include "cli/command.hpp"
#include "cli/service_options.hpp"
#include "common/error.hpp"

namespace mai::cli {

void add_worker_command(CLI::App& app, const GlobalOptions&, Action& action) {
  struct WorkerOptions {
    std::string join;
    unsigned slots = 0;
    TlsOptions tls;
  };
  auto o = std::make_shared<WorkerOptions>();
  auto* cmd = app.add_subcommand("worker", "Run an execution node that joins a coordinator");
  cmd->add_option("--join", o->join, "HOST:PORT of the coordinator (mai-sandbox serve)")->required();
  cmd->add_option("--slots", o->slots, "Sandboxes to run at once");
  add_tls_options(*cmd, o->tls);
  cmd->callback([&action, o] {
    action = []() -> int {
      throw UsageError("worker: not available yet (use `mai-sandbox serve` on this machine)");
    };
  });
}

}  // namespace mai::cli
