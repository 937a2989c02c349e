// A binary with only the audit command, so its tests do not need the rest of
// the CLI (actors, sandbox) to build. Mirrors cli/main.cpp.
#include <iostream>

#include "cli/command.hpp"
#include "common/error.hpp"

int main(int argc, char** argv) {
  using namespace mai;
  CLI::App app{"mai-sandbox (audit only)"};
  app.require_subcommand(1);
  cli::GlobalOptions global;
  app.add_option("--config", global.config_dir, "Configuration directory")->check(CLI::ExistingDirectory);
  app.add_option("--state", global.state_dir, "State directory");
  app.fallthrough();
  cli::Action action;
  cli::add_audit_command(app, global, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  try {
    return action ? action() : 2;
  } catch (const UsageError& e) {
    std::cerr << "mai-sandbox: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "mai-sandbox: " << e.what() << "\n";
    return 125;
  }
}
