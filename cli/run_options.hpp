// The options shared by `run` and `submit`, and their translation into a
// Submission. One definition, so both commands accept exactly the same.
#pragma once
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "model/result.hpp"
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
  std::vector<std::string> inputs;  // --input PATH[=NAME], repeatable
  std::string output_dir;           // --output-dir DIR
  bool collect_tmp = false;         // --collect-tmp
};

void add_run_options(CLI::App& cmd, RunOptions& o);

// Validates the options and reads the code; throws UsageError naming the option.
// `max_inputs_bytes`: config files.max_inputs_size.
Submission make_submission(const RunOptions& o, uint64_t max_code_bytes, uint64_t max_inputs_bytes);

// --output-dir: writes the files the run brought back, says how many on
// standard error. Nothing when the option was not given.
void save_output_files(const RunOptions& o, const RunResult& result);

}  // namespace mai::cli
