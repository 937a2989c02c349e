// mai-sandbox: assess, run and audit AI-written code in a sandbox.
#include <iostream>
#include <system_error>

#include "cli/command.hpp"
#include "cli/process_exit.hpp"
#include "common/error.hpp"
#include "common/phase_log.hpp"

namespace {

int run_command_line(int argc, char** argv) {
  using namespace mai;
  phase("main");  // exec, shared libraries, static initialisers
  CLI::App app{"mai-sandbox: assess AI-written code, run it in an isolated sandbox, and keep a\n"
               "signed, tamper-evident record of everything that happened."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "mai-sandbox 0.1.0");
  cli::GlobalOptions global;
  app.add_option("--config", global.config_dir,
                 "Configuration directory (else $MAI_SANDBOX_CONFIG, ./config, /etc/mai-sandbox)")
      ->check(CLI::ExistingDirectory);
  app.add_option("--state", global.state_dir,
                 "State directory: audit log, keys, scratch (else $MAI_SANDBOX_STATE, "
                 "$XDG_STATE_HOME/mai-sandbox, ~/.local/state/mai-sandbox)");
  app.fallthrough();

  cli::Action action;
  cli::add_run_command(app, global, action);
  cli::add_assess_command(app, global, action);
  cli::add_audit_command(app, global, action);
  cli::add_doctor_command(app, global, action);
  cli::add_serve_command(app, global, action);
  cli::add_worker_command(app, global, action);
  cli::add_submit_command(app, global, action);
  cli::add_status_command(app, global, action);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; every real parse error is a usage error (2).
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  try {
    int rc = action ? action() : 2;
    phase("done");  // everything of the command, its clean-up included
    return rc;
  } catch (const UsageError& e) {
    std::cerr << "mai-sandbox: " << e.what() << "\n";
    return 2;
  } catch (const SandboxError& e) {
    std::cerr << "mai-sandbox: sandbox failure (" << e.code() << "): " << e.what() << "\n";
    return 125;
  } catch (const std::exception& e) {
    std::cerr << "mai-sandbox: " << e.what() << "\n";
    return 125;
  }
}

}  // namespace

// Every path, an error's included, leaves once the command's objects are gone.
int main(int argc, char** argv) { return mai::cli::leave_process(run_command_line(argc, argv)); }
