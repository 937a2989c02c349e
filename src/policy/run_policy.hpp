// Which limits and network a submission runs with. The contract's rules live
// here and only here: the trust level picks the limits; HIGH code,
// overridden BLOCKED code and code not analysed whole run with untrusted
// limits and no network; a caller's --timeout/--memory/--cpus/--pids only
// ever tighten; nothing exceeds what the host has.
#pragma once
#include <string>
#include <vector>

#include "common/host_resources.hpp"
#include "config/sandbox_config.hpp"
#include "model/submission.hpp"

namespace mai::policy {

struct RunPlan {
  TrustLevel trust = TrustLevel::unknown;  // the level whose limits apply
  NetworkMode network = NetworkMode::none;
  Backend backend = Backend::native;
  Limits limits;
  std::vector<std::string> notes;  // why the plan differs from what was asked
};

// What the host can give now (common/host_resources.hpp): read it afresh
// for every plan, free memory changes.
using HostResources = mai::HostResources;
inline HostResources detect_host_resources() { return this_host_resources(); }

// `analysed_whole`: Assessment::complete. Code the assessor could not see
// whole is contained as HIGH code is: what it did not see may be anything
// (a payload behind a megabyte of padding).
RunPlan plan_run(const config::SandboxConfig& config, const Submission& submission,
                 RiskLevel assessed, const HostResources& host, bool analysed_whole = true);

}  // namespace mai::policy
