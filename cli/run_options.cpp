#include "cli/run_options.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cmath>
#include <iostream>

#include "cli/command.hpp"
#include "run_files.hpp"
#include "common/error.hpp"
#include "common/units.hpp"
#include "model/program_files.hpp"
#include "model/submission_check.hpp"

namespace mai::cli {

namespace {

// An option given with an empty value (`--timeout ''`, a shell variable that
// was not set) was taken as not given: the run went ahead with the policy's
// limits, or without the override the caller meant. A usage error instead.
const CLI::Validator kNonEmpty(
    [](std::string& value) { return value.empty() ? std::string("an empty value") : std::string(); },
    "", "NONEMPTY");

}  // namespace

void add_run_options(CLI::App& cmd, RunOptions& o) {
  cmd.add_option("FILE", o.file, "Program to run, or - for standard input")->required();
  cmd.add_option("--lang", o.lang, "python or shell (default: from the file extension, else python)")
      ->check(CLI::IsMember({"python", "shell"}));
  cmd.add_option("--trust", o.trust, "untrusted, unknown or trusted: selects the resource policy")
      ->check(CLI::IsMember({"untrusted", "unknown", "trusted"}));
  cmd.add_option("--origin", o.origin, "mai or external: behavioural checks apply to external code")
      ->check(CLI::IsMember({"mai", "external"}));
  cmd.add_option("--backend", o.backend, "native or docker (default: from sandbox.yaml)")
      ->check(CLI::IsMember({"native", "docker"}));
  cmd.add_option("--network", o.network, "none, or deps: dependency fetching through the proxy")
      ->check(CLI::IsMember({"none", "deps"}));
  cmd.add_option("--timeout", o.timeout, "Wall-clock limit, e.g. 10 or 10s or 500ms (only tightens)")
      ->check(kNonEmpty);
  cmd.add_option("--memory", o.memory, "Memory limit, e.g. 128MiB (only tightens)")
      ->check(kNonEmpty);
  cmd.add_option("--cpus", o.cpus, "CPU limit, e.g. 0.5 (only tightens)")
      ->check(kNonEmpty);
  cmd.add_option("--pids", o.pids, "Process limit (only tightens)")
      ->check(kNonEmpty);
  cmd.add_option("--override-reason", o.override_reason,
                 "Run code assessed BLOCKED anyway; the reason is recorded in the audit log")
      ->check(kNonEmpty);
  cmd.add_option("--parent", o.parent, "Request id of an earlier submission this code revises")
      ->check(kNonEmpty);
  cmd.add_flag("--json", o.json, "Print one result object instead of passing output through");
  cmd.add_flag("--stats", o.stats, "Show live resource usage on standard error while it runs");
  cmd.add_option("--input", o.inputs,
                 "Copy PATH into /sandbox as NAME before the code starts (repeatable; a directory "
                 "brings every regular file beneath it)")
      ->type_name("PATH[=NAME]");
  cmd.add_option("--output-dir", o.output_dir,
                 "Copy the files the code created or changed to DIR (DIR/sandbox/..., DIR/tmp/...)")
      ->type_name("DIR")
      ->check(kNonEmpty);
  cmd.add_flag("--collect-tmp", o.collect_tmp, "Record the files written in /tmp too, not only /sandbox");
}

namespace {

std::string who_am_i() {
  const passwd* pw = ::getpwuid(::getuid());
  return "local:" + (pw ? std::string(pw->pw_name) : "uid=" + std::to_string(::getuid()));
}

Language language_for(const RunOptions& o) {
  if (!o.lang.empty()) return *parse_language(o.lang);
  return language_of_name(o.file).value_or(Language::python);
}

}  // namespace

void save_output_files(const RunOptions& o, const RunResult& result) {
  if (o.output_dir.empty() || !result.execution) return;
  size_t n = 0;
  try {
    n = client::write_files(result, o.output_dir);
  } catch (const client::Error& e) {
    throw UsageError(e.what());
  }
  size_t left_out = 0;
  for (const auto& f : result.execution->files.files)
    if (f.kind == "file" && !f.content_included) ++left_out;
  std::cerr << "mai-sandbox: " << n << " file" << (n == 1 ? "" : "s") << " written to "
            << o.output_dir;
  if (left_out) std::cerr << "; " << left_out << " listed without content (over the size caps)";
  std::cerr << "\n";
}

Submission make_submission(const RunOptions& o, uint64_t max_code_bytes, uint64_t max_inputs_bytes) {
  Submission s;
  s.filename = o.file;
  s.language = language_for(o);
  s.trust = *parse_trust_level(o.trust);
  s.origin = *parse_origin(o.origin);
  if (!o.backend.empty()) s.backend = parse_backend(o.backend);
  s.network = *parse_network_mode(o.network);
  if (!o.timeout.empty()) {
    auto ms = parse_duration_ms(o.timeout);
    if (!ms || *ms == 0) throw UsageError("--timeout: expected a duration such as 10s, got '" + o.timeout + "'");
    s.limits.timeout_ms = *ms;
  }
  if (!o.memory.empty()) {
    auto bytes = parse_size(o.memory);
    if (!bytes || *bytes < (4u << 20))
      throw UsageError("--memory: expected a size of at least 4MiB such as 128MiB, got '" + o.memory + "'");
    s.limits.memory_bytes = *bytes;
  }
  if (!o.cpus.empty()) {
    double cpus = 0;
    try {
      size_t used = 0;
      cpus = std::stod(o.cpus, &used);
      if (used != o.cpus.size()) cpus = 0;
    } catch (...) {
    }
    if (!(cpus >= 0.01) || !std::isfinite(cpus))
      throw UsageError("--cpus: expected a number of CPUs such as 0.5, got '" + o.cpus + "'");
    s.limits.cpus = cpus;
  }
  if (!o.pids.empty()) {
    bool digits = o.pids.find_first_not_of("0123456789") == std::string::npos && o.pids.size() < 9;
    if (!digits || o.pids.empty())
      throw UsageError("--pids: expected a whole number of processes, got '" + o.pids + "'");
    if (std::stoul(o.pids) < kMinPids)
      throw UsageError("--pids: at least " + std::to_string(kMinPids) +
                       " (the sandbox's init and the program itself), got " + o.pids);
    s.limits.pids = static_cast<uint32_t>(std::stoul(o.pids));
  }
  s.override_reason = o.override_reason;
  if (!o.override_reason.empty() &&
      o.override_reason.find_first_not_of(" \t\r\n") == std::string::npos)
    throw UsageError("--override-reason: give a reason in words");
  s.parent_request_id = o.parent;
  s.client = who_am_i();
  s.code = read_code(o.file, max_code_bytes);
  try {
    s.inputs = client::read_inputs(o.inputs, max_inputs_bytes);
  } catch (const client::Error& e) {
    throw UsageError(e.what());
  }
  s.files.collect_tmp = o.collect_tmp;
  s.files.return_contents = !o.output_dir.empty();
  // The same checks the service applies to a submission from the network.
  if (auto problem = check_submission_fields(s)) throw UsageError(*problem);
  return s;
}

}  // namespace mai::cli
