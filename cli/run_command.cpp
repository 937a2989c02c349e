// `mai-sandbox run`: assess, execute in the sandbox and record, in this process.
#include <string.h>
#include <unistd.h>

#include <iostream>
#include <utility>

#include "cli/command.hpp"
#include "cli/interrupt_watch.hpp"
#include "cli/result_output.hpp"
#include "cli/run_options.hpp"
#include "common/error.hpp"
#include "node/node.hpp"
#include "node/node_config.hpp"
#include "protocol/await_answer.hpp"
#include "common/phase_log.hpp"
#include "policy/run_policy.hpp"

namespace mai::cli {

namespace {

// Prints live samples on stderr: one rewritten line on a terminal, else a line each.
// `flush` answers once every sample queued before it has been printed.
caf::behavior stats_printer(caf::event_based_actor*) {
  bool tty = ::isatty(STDERR_FILENO);
  return {
      [tty](protocol::stats_atom, const std::string&, const ResourceSample& sample) {
        std::cerr << (tty ? "\r\033[K" : "") << "[stats] " << format_stats_line(sample, nullptr)
                  << (tty ? "" : "\n") << std::flush;
      },
      [](protocol::flush_atom) { return true; },
  };
}

int run(const GlobalOptions& global, const RunOptions& opts) {
  InterruptWatch interrupts;  // first: the threads started below inherit its blocked signals
  node::NodeSpec spec;
  spec.kind = node::NodeKind::local_run;
  spec.config = global.config_source();
  spec.state_dir = global.state();
  // sandbox.yaml first: the run's sandbox starts building as soon as its
  // shape is known, and the rest of the configuration is read meanwhile.
  auto sandbox_cfg = config::parse_sandbox_config(spec.config.load("sandbox.yaml"));
  Submission submission = make_submission(opts, sandbox_cfg.max_code_bytes,
                                          sandbox_cfg.files.max_inputs_bytes);
  spec.docker = submission.backend.value_or(sandbox_cfg.backend) == Backend::docker;
  if (!spec.docker && submission.network == NetworkMode::none) {
    // The sandbox the executor will ask for if the code is not assessed high
    // (which would tighten it to untrusted's, or block it): built meanwhile.
    sandbox::RunSpec expected;
    expected.language = submission.language;
    expected.limits = policy::plan_run(sandbox_cfg, submission, RiskLevel::low,
                                       policy::detect_host_resources()).limits;
    spec.prepare = sandbox::warm_shape_of(expected);
    node::prepare_run_sandbox(spec, sandbox_cfg);
  }
  spec.parsed = node::load_node_config(spec.config, std::move(sandbox_cfg));
  auto node = node::start_node(spec);
  spec.native.reset();  // the node's alone now: it goes with the node, after the run
  auto& sys = node->system();
  phase("actors started");
  caf::actor printer;
  if (opts.stats) printer = sys.spawn(stats_printer);
  interrupts.start([monitor = node->monitor()](int signal) {
    caf::anon_send(monitor, protocol::drain_atom::value,
                   std::string("interrupted by SIG") + ::sigabbrev_np(signal) + " (" + ::strsignal(signal) + ")");
  });

  auto answer = protocol::await_answer<RunResult>(sys, node->gateway(), caf::infinite,
                                                protocol::submit_atom::value, submission, printer);
  phase("answer");
  if (printer) {
    // Every sample was sent before the result; print them all before it.
    caf::scoped_actor self{sys};
    self->request(printer, std::chrono::seconds(5), protocol::flush_atom::value)
        .receive([](bool) {}, [](const caf::error&) {});
  }
  if (opts.stats && ::isatty(STDERR_FILENO)) std::cerr << "\r\033[K" << std::flush;
  node->stop();
  phase("node shut down");
  interrupts.stop();
  if (printer) caf::anon_send_exit(printer, caf::exit_reason::user_shutdown);
  if (!answer)
    throw SandboxError(protocol::to_string(protocol::errc::internal),
                       "no result: " + protocol::error_message(answer.error()));
  save_output_files(opts, *answer);
  int status = emit_result(*answer, opts.json);
  phase("result printed");
  // Plain mode: the status of a command that its signal ended, as a shell
  // expects; the result above says what became of the run.
  if (interrupts.signal() != 0 && !opts.json) return 128 + interrupts.signal();
  return status;
}

}  // namespace

void add_run_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto opts = std::make_shared<RunOptions>();
  auto* cmd = app.add_subcommand("run", "Assess, then execute in the sandbox, then record");
  add_run_options(*cmd, *opts);
  cmd->footer(
      "Exit status: the program's own; 128+N if it died from signal N; 124 on timeout; 137 when\n"
      "killed for a resource limit; 3 when assessed BLOCKED without an override; 2 on a usage\n"
      "or configuration error; 125 when the sandbox itself failed. With --json: 0 whenever a\n"
      "result object was printed, 2 on usage errors, 125 on sandbox failure.\n"
      "SIGINT, SIGTERM or SIGHUP kill the run (termination \"killed\", on record), clean it up\n"
      "and exit 128+N; a second one ends the command at once.");
  cmd->callback([&action, &global, opts] { action = [&global, opts] { return run(global, *opts); }; });
}

}  // namespace mai::cli
