// Classifying a run: which limit was hit, and the contract's exit status.
#include <csignal>

#include "common/units.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

namespace {

std::string seconds(uint64_t ms) {
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + "s";
  return std::to_string(ms) + "ms";
}

constexpr int32_t kTimeoutExit = 124;
constexpr int32_t kResourceExit = 137;

}  // namespace

std::optional<Violation> check_violation(const ProbeReading& r, const Limits& l) {
  const ResourceSample& s = r.sample;
  if (r.oom_killed)
    return Violation{Termination::memory_limit,
                     "memory limit of " + format_size(l.memory_bytes) + " reached"};
  if (r.pids_limit_hit)
    return Violation{Termination::pids_limit,
                     "process limit of " + std::to_string(l.pids) + " reached (a fork was refused)"};
  if (l.tmpfs_bytes > 0 && s.disk_bytes >= l.tmpfs_bytes)
    return Violation{Termination::disk_limit,
                     "disk limit of " + format_size(l.tmpfs_bytes) + " reached on a writable mount"};
  return std::nullopt;
}

void finish_report(const RawOutcome& raw, const std::optional<Violation>& verdict,
                   ExecutionReport& out) {
  out.stdout_data = raw.stdout_data;
  out.stderr_data = raw.stderr_data;
  out.stdout_truncated = raw.stdout_truncated;
  out.stderr_truncated = raw.stderr_truncated;
  out.wall_ms = raw.wall_ms;
  out.cpu_ms = raw.cpu_ms;
  out.peak_memory_bytes = raw.peak_memory_bytes;
  out.max_pids = raw.max_pids;
  out.refused_writes = raw.refused_writes;
  out.signal.reset();
  if (!raw.exited && raw.signal > 0) out.signal = raw.signal;
  out.violation.clear();

  auto resource_kill = [&](Termination t, std::string why) {
    out.termination = t;
    out.exit_code = t == Termination::timeout ? kTimeoutExit : kResourceExit;
    out.violation = std::move(why);
  };
  const Limits& l = raw.limits;
  if (verdict) {
    resource_kill(verdict->termination, verdict->reason);
  } else if (raw.timed_out) {
    resource_kill(Termination::timeout, "wall-clock timeout of " + seconds(l.timeout_ms) + " reached");
  } else if (raw.output_flood) {
    resource_kill(Termination::output_limit, "output limit reached: a stream produced too much output");
  } else if (raw.oom_killed && !raw.exited) {
    resource_kill(Termination::memory_limit, "memory limit of " + format_size(l.memory_bytes) + " reached");
  } else if (raw.pids_limit_hit) {
    resource_kill(Termination::pids_limit,
                  "process limit of " + std::to_string(l.pids) + " reached (a fork was refused)");
  } else if (raw.killed) {
    resource_kill(Termination::killed, "killed");
  } else if (raw.exited) {
    out.termination = Termination::exited;
    out.exit_code = raw.exit_status;
  } else {
    out.termination = Termination::signaled;
    out.exit_code = 128 + raw.signal;
  }
}

}  // namespace mai::sandbox
