#include "cli/result_output.hpp"

#include <cstdio>
#include <iostream>

#include "common/units.hpp"
#include "common/utf8.hpp"
#include "model/json_codec.hpp"

namespace mai::cli {

namespace {

void write_all(FILE* stream, const std::string& data) {
  std::fwrite(data.data(), 1, data.size(), stream);
  std::fflush(stream);
}

std::string mib(uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1fMiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buf;
}

}  // namespace

int emit_result(const RunResult& r, bool json_mode) {
  // What the run did not get of what was asked is never silent.
  for (const auto& note : r.policy_notes) std::cerr << "mai-sandbox: note: " << note << "\n";
  if (json_mode) {
    std::cout << dump_json(to_json(r), 2) << std::endl;
    return r.status == RunStatus::failed ? 125 : 0;
  }
  if (r.execution) {
    const auto& e = *r.execution;
    write_all(stdout, e.stdout_data);
    write_all(stderr, e.stderr_data);
    if (e.stdout_truncated || e.stderr_truncated)
      std::cerr << "mai-sandbox: output truncated at " << format_size(e.limits.output_bytes)
                << " per stream\n";
    // The kernel refused these already (the program saw EROFS); said once, on stderr.
    const auto& w = e.refused_writes;
    if (w.counted && w.count > 0)
      std::cerr << "mai-sandbox: " << w.count << (w.count == 1 ? " write" : " writes")
                << " outside /sandbox and /tmp refused, first: " << w.first.front().call << " "
                << for_terminal(w.first.front().path) << "\n";
    switch (e.termination) {
      case Termination::timeout:
        std::cerr << "mai-sandbox: timed out after " << e.limits.timeout_ms << " ms\n";
        break;
      case Termination::exited:
      case Termination::signaled:
        break;
      default:
        std::cerr << "mai-sandbox: killed (" << to_string(e.termination)
                  << "): " << (e.violation.empty() ? "resource limit" : e.violation) << "\n";
    }
  }
  switch (r.status) {
    case RunStatus::blocked: {
      std::cerr << "mai-sandbox: BLOCKED: " << (r.error ? r.error->message : "") << "\n";
      for (const auto& f : r.assessment.findings)
        if (f.level == RiskLevel::blocked)
          std::cerr << "  " << (f.file.empty() ? "" : f.file + ", ") << "line " << f.line << ": " << f.rule_id
                    << ": " << f.message << "\n";
      std::cerr << "Nothing was run. To run it anyway, give --override-reason \"...\"; the "
                   "override is recorded in the audit log.\n";
      break;
    }
    case RunStatus::rejected:
    case RunStatus::failed:
      std::cerr << "mai-sandbox: " << (r.status == RunStatus::rejected ? "rejected" : "failed")
                << " (" << (r.error ? r.error->code : "") << "): "
                << (r.error ? r.error->message : "") << "\n";
      break;
    case RunStatus::completed:
      break;
  }
  return plain_exit_status(r);
}

std::string format_stats_line(const ResourceSample& s, const Limits* limits) {
  std::string line = "mem " + mib(s.memory_bytes);
  if (limits) line += " / " + mib(limits->memory_bytes);
  line += "  cpu " + std::to_string(s.cpu_ms) + "ms  pids " + std::to_string(s.pids);
  if (limits) line += " / " + std::to_string(limits->pids);
  line += "  disk " + mib(s.disk_bytes);
  return line;
}

}  // namespace mai::cli
