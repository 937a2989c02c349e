// The options shared by `run` and `submit`, and their translation into a
// Submission. One definition, so both commands accept exactly the same.
#pragma once
#include <CLI/CLI.hpp>

#include <string>

#include "model/submission.hpp"

namespace mai::cli {

struct RunOptions {
  std::string file;
  std::string lang;
  std::string trust = "unknown";
  std::string origin = "external";
  std::string backend;
  std::string network = "none";
  std::string timeout, memory, cpus, pids;
  std::string override_reason;
  std::string parent;
  bool json = false;
  bool stats = false;
};

void add_run_options(CLI::App& cmd, RunOptions& o);

// Validates the options and reads the code; throws UsageError naming the option.
Submission make_submission(const RunOptions& o, uint64_t max_code_bytes);

}  // namespace mai::cli
