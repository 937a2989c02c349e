#include "policy/run_policy.hpp"

#include <algorithm>

#include "common/units.hpp"

namespace mai::policy {

namespace {
std::string because(const std::string& reason) { return reason.empty() ? "" : " (" + reason + ")"; }

template <class T>
void tighten(T& value, const std::optional<T>& requested) {
  if (requested && *requested < value) value = *requested;
}
}  // namespace

RunPlan plan_run(const config::SandboxConfig& config, const Submission& submission,
                 RiskLevel assessed, const HostResources& host, bool analysed_whole) {
  RunPlan plan;
  plan.trust = submission.trust;
  plan.network = submission.network;
  plan.backend = submission.backend.value_or(config.backend);

  if (assessed == RiskLevel::high || assessed == RiskLevel::blocked || !analysed_whole) {
    std::string why = assessed == RiskLevel::high || assessed == RiskLevel::blocked
                          ? "assessed " + to_string(assessed) + ": "
                          : "not analysed whole (assessed " + to_string(assessed) + "): ";
    if (plan.trust != TrustLevel::untrusted)
      plan.notes.push_back(why + "runs with untrusted limits, not " + to_string(plan.trust));
    if (plan.network != NetworkMode::none)
      plan.notes.push_back(why + "runs without network, not with " + to_string(plan.network));
    plan.trust = TrustLevel::untrusted;
    plan.network = NetworkMode::none;
  }

  plan.limits = config.limits_for(plan.trust);
  const std::string level = "the " + to_string(plan.trust) + " level's cap of ";
  const auto& asked = submission.limits;
  // Asking for more than the level allows is not an error (a caller cannot
  // know every level's caps), but it is said.
  if (asked.cpus && *asked.cpus > plan.limits.cpus)
    plan.notes.push_back("cpus " + format_number(*asked.cpus) + " asked; " + level +
                         format_number(plan.limits.cpus) + " applies");
  if (asked.memory_bytes && *asked.memory_bytes > plan.limits.memory_bytes)
    plan.notes.push_back("memory " + format_size(*asked.memory_bytes) + " asked; " + level +
                         format_size(plan.limits.memory_bytes) + " applies");
  if (asked.pids && *asked.pids > plan.limits.pids)
    plan.notes.push_back("pids " + std::to_string(*asked.pids) + " asked; " + level +
                         std::to_string(plan.limits.pids) + " applies");
  if (asked.timeout_ms && *asked.timeout_ms > plan.limits.timeout_ms)
    plan.notes.push_back("timeout " + format_duration_ms(*asked.timeout_ms) + " asked; " + level +
                         format_duration_ms(plan.limits.timeout_ms) + " applies");
  tighten(plan.limits.cpus, asked.cpus);
  tighten(plan.limits.memory_bytes, asked.memory_bytes);
  tighten(plan.limits.pids, asked.pids);
  tighten(plan.limits.timeout_ms, asked.timeout_ms);

  if (plan.limits.cpus > host.cpus) {
    plan.notes.push_back("cpus " + format_number(plan.limits.cpus) + " clamped to the host's " +
                         format_number(host.cpus) + because(host.cpus_reason));
    plan.limits.cpus = host.cpus;
  }
  if (host.memory_bytes > 0 && plan.limits.memory_bytes > host.memory_bytes) {
    plan.notes.push_back("memory " + format_size(plan.limits.memory_bytes) +
                         " clamped to the host's " + format_size(host.memory_bytes) +
                         because(host.memory_reason));
    plan.limits.memory_bytes = host.memory_bytes;
  }
  return plan;
}

}  // namespace mai::policy
