// The pieces every subcommand shares: global options, how configuration and
// state are found, and how a command reports its exit status.
#pragma once
#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>

#include "config/config_source.hpp"

namespace mai::cli {

struct GlobalOptions {
  std::string config_dir;  // --config
  std::string state_dir;   // --state

  config::Source config_source() const;  // resolved as the contract says
  std::string state() const;             // resolved as the contract says
};

// A subcommand sets this to the work it will do once parsing succeeded; it
// returns the process exit status.
using Action = std::function<int()>;

// Each command lives in its own file and registers itself here.
void add_run_command(CLI::App& app, const GlobalOptions& global, Action& action);
void add_assess_command(CLI::App& app, const GlobalOptions& global, Action& action);
void add_audit_command(CLI::App& app, const GlobalOptions& global, Action& action);
void add_doctor_command(CLI::App& app, const GlobalOptions& global, Action& action);
void add_serve_command(CLI::App& app, const GlobalOptions& global, Action& action);
void add_submit_command(CLI::App& app, const GlobalOptions& global, Action& action);
void add_worker_command(CLI::App& app, const GlobalOptions& global, Action& action);
void add_status_command(CLI::App& app, const GlobalOptions& global, Action& action);

// Reads a program from FILE or "-" (standard input), refusing more than `limit` bytes.
std::string read_code(const std::string& path, uint64_t limit);

}  // namespace mai::cli
