#include "policy/run_policy.hpp"

#include <unistd.h>

#include <algorithm>

#include "common/units.hpp"

namespace mai::policy {

HostResources detect_host_resources() {
  HostResources host;
  long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
  host.cpus = cpus > 0 ? static_cast<double>(cpus) : 1.0;
  long pages = ::sysconf(_SC_PHYS_PAGES);
  long page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page_size > 0)
    host.memory_bytes = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size);
  return host;
}

namespace {
template <class T>
void tighten(T& value, const std::optional<T>& requested) {
  if (requested && *requested < value) value = *requested;
}
}  // namespace

RunPlan plan_run(const config::SandboxConfig& config, const Submission& submission,
                 RiskLevel assessed, const HostResources& host) {
  RunPlan plan;
  plan.trust = submission.trust;
  plan.network = submission.network;
  plan.backend = submission.backend.value_or(config.backend);

  if (assessed == RiskLevel::high || assessed == RiskLevel::blocked) {
    if (plan.trust != TrustLevel::untrusted)
      plan.notes.push_back("assessed " + to_string(assessed) + ": untrusted limits apply");
    if (plan.network != NetworkMode::none)
      plan.notes.push_back("assessed " + to_string(assessed) + ": network is off");
    plan.trust = TrustLevel::untrusted;
    plan.network = NetworkMode::none;
  }

  plan.limits = config.limits_for(plan.trust);
  tighten(plan.limits.cpus, submission.limits.cpus);
  tighten(plan.limits.memory_bytes, submission.limits.memory_bytes);
  tighten(plan.limits.pids, submission.limits.pids);
  tighten(plan.limits.timeout_ms, submission.limits.timeout_ms);

  if (plan.limits.cpus > host.cpus) {
    plan.notes.push_back("cpus clamped to the host's " + std::to_string(host.cpus));
    plan.limits.cpus = host.cpus;
  }
  if (host.memory_bytes > 0 && plan.limits.memory_bytes > host.memory_bytes) {
    plan.notes.push_back("memory clamped to the host's " + format_size(host.memory_bytes));
    plan.limits.memory_bytes = host.memory_bytes;
  }
  return plan;
}

}  // namespace mai::policy
