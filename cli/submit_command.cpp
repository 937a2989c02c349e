// `mai-sandbox submit`: `run`, executed by a `mai-sandbox serve` service.
// Same options, output and exit statuses; the client library does the work.
#include <unistd.h>

#include <iostream>

#include "cli/command.hpp"
#include "cli/result_output.hpp"
#include "cli/run_options.hpp"
#include "cli/service_options.hpp"
#include "common/error.hpp"
#include "config/sandbox_config.hpp"
#include "mai_sandbox_client.hpp"

namespace mai::cli {

namespace {

struct SubmitOptions {
  std::string server;
  RunOptions run;
  TlsOptions tls;
};

int submit(const GlobalOptions& global, const SubmitOptions& o) {
  auto source = global.config_source();
  auto service = load_service_config(source);
  auto sandbox_cfg = config::parse_sandbox_config(source.load("sandbox.yaml"));
  fit_files_to_messages(sandbox_cfg, service);
  // The service checks the size again against its own limit.
  Submission submission = make_submission(o.run, sandbox_cfg.max_code_bytes,
                                          sandbox_cfg.files.max_inputs_bytes);

  client::Options c = client_options(o.server, o.tls, service);

  bool tty = ::isatty(STDERR_FILENO);
  client::Client::StatsHandler on_stats;
  if (o.run.stats)
    on_stats = [tty](const ResourceSample& sample) {
      std::cerr << (tty ? "\r\033[K" : "") << "[stats] " << format_stats_line(sample, nullptr)
                << (tty ? "" : "\n") << std::flush;
    };
  RunResult result;
  try {
    auto connection = client::Client::connect(c);
    result = connection->submit(submission, on_stats);
  } catch (const client::Error& e) {
    if (e.kind() == client::Error::Kind::usage) throw UsageError(e.what());
    throw SandboxError("service", e.what());
  }
  if (o.run.stats && tty) std::cerr << "\r\033[K" << std::flush;
  save_output_files(o.run, result);
  return emit_result(result, o.run.json);
}

}  // namespace

void add_submit_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto o = std::make_shared<SubmitOptions>();
  auto* cmd = app.add_subcommand("submit", "Like run, but executed by a mai-sandbox serve service");
  cmd->add_option("--server", o->server, "HOST:PORT of the service")->required();
  add_run_options(*cmd, o->run);
  add_tls_options(*cmd, o->tls);
  cmd->footer(
      "Exit statuses as for run; 125 also when the service cannot be reached or the connection\n"
      "is lost (nothing is known to have run, or the result did not arrive). Without TLS\n"
      "options the connection is plain TCP, allowed only to a service on loopback.");
  cmd->callback([&action, &global, o] { action = [&global, o] { return submit(global, *o); }; });
}

}  // namespace mai::cli
