#include <gtest/gtest.h>

#include "config/config_source.hpp"
#include "policy/run_policy.hpp"

namespace mai::policy {

namespace {
config::SandboxConfig defaults() {
  return config::parse_sandbox_config(config::Source(std::nullopt).load("sandbox.yaml"));
}
const HostResources big_host{64, 256ull << 30, "", ""};
}  // namespace

TEST(RunPolicy, TrustLevelPicksTheLimits) {
  auto cfg = defaults();
  Submission s;
  s.trust = TrustLevel::trusted;
  auto plan = plan_run(cfg, s, RiskLevel::low, big_host);
  EXPECT_EQ(plan.trust, TrustLevel::trusted);
  EXPECT_EQ(plan.limits.memory_bytes, 1ull << 30);
  EXPECT_EQ(plan.limits.timeout_ms, 120000u);
  EXPECT_TRUE(plan.notes.empty());
}

TEST(RunPolicy, RequestsOnlyTighten) {
  auto cfg = defaults();
  Submission s;  // unknown: 1 cpu, 512MiB, 60s, 128 pids
  s.limits.memory_bytes = 8ull << 30;
  s.limits.timeout_ms = 5000;
  s.limits.cpus = 4;
  s.limits.pids = 16;
  auto plan = plan_run(cfg, s, RiskLevel::medium, big_host);
  EXPECT_EQ(plan.limits.memory_bytes, 512ull << 20);
  EXPECT_EQ(plan.limits.timeout_ms, 5000u);
  EXPECT_EQ(plan.limits.cpus, 1.0);
  EXPECT_EQ(plan.limits.pids, 16u);
  // Asking above the cap is not an error, but it is said: cpus and memory.
  ASSERT_EQ(plan.notes.size(), 2u);
  EXPECT_EQ(plan.notes[0], "cpus 4 asked; the unknown level's cap of 1 applies");
  EXPECT_EQ(plan.notes[1], "memory 8GiB asked; the unknown level's cap of 512MiB applies");
}

TEST(RunPolicy, HighAndBlockedRunUntrustedWithoutNetwork) {
  auto cfg = defaults();
  for (auto level : {RiskLevel::high, RiskLevel::blocked}) {
    Submission s;
    s.trust = TrustLevel::trusted;
    s.network = NetworkMode::deps;
    auto plan = plan_run(cfg, s, level, big_host);
    EXPECT_EQ(plan.trust, TrustLevel::untrusted);
    EXPECT_EQ(plan.network, NetworkMode::none);
    EXPECT_EQ(plan.limits.memory_bytes, 256ull << 20);
    ASSERT_EQ(plan.notes.size(), 2u);
    EXPECT_EQ(plan.notes[0],
              "assessed " + to_string(level) + ": runs with untrusted limits, not trusted");
    EXPECT_EQ(plan.notes[1],
              "assessed " + to_string(level) + ": runs without network, not with deps");
  }
}

// What the assessor did not see may be anything (a payload behind a megabyte
// of padding): such code runs as HIGH code does, whatever its level.
TEST(RunPolicy, CodeNotAnalysedWholeRunsUntrustedWithoutNetwork) {
  auto cfg = defaults();
  for (auto level : {RiskLevel::low, RiskLevel::medium}) {
    Submission s;
    s.trust = TrustLevel::trusted;
    s.network = NetworkMode::deps;
    auto plan = plan_run(cfg, s, level, big_host, false);
    EXPECT_EQ(plan.trust, TrustLevel::untrusted);
    EXPECT_EQ(plan.network, NetworkMode::none);
    ASSERT_EQ(plan.notes.size(), 2u);
    EXPECT_EQ(plan.notes[0], "not analysed whole (assessed " + to_string(level) +
                                 "): runs with untrusted limits, not trusted");
    EXPECT_EQ(plan.notes[1],
              "not analysed whole (assessed " + to_string(level) + "): runs without network, not with deps");
    // Analysed whole, the same submission keeps what it asked for.
    auto whole = plan_run(cfg, s, level, big_host, true);
    EXPECT_EQ(whole.trust, TrustLevel::trusted);
    EXPECT_EQ(whole.network, NetworkMode::deps);
  }
}

TEST(RunPolicy, NeverMoreThanTheHostHas) {
  auto cfg = defaults();
  Submission s;
  s.trust = TrustLevel::trusted;
  auto plan = plan_run(cfg, s, RiskLevel::low, HostResources{1, 600ull << 20, "", ""});
  EXPECT_EQ(plan.limits.cpus, 1.0);
  EXPECT_EQ(plan.limits.memory_bytes, 600ull << 20);
  EXPECT_EQ(plan.notes.size(), 2u);
}

// The trusted level's 2 cpus and 1 GiB shrink to what a busy host has free,
// and the result's notes say what limited them.
TEST(RunPolicy, TrustedLimitsShrinkToWhatTheHostHasFree) {
  auto cfg = defaults();
  Submission s;
  s.trust = TrustLevel::trusted;
  HostFacts f;
  f.online_cpus = 4;
  f.affinity_cpus = 4;
  f.cgroup_cpus = 1.5;
  f.mem_total = 8ull << 30;
  f.mem_available = 700ull << 20;
  auto plan = plan_run(cfg, s, RiskLevel::low, resources_from(f));
  EXPECT_EQ(plan.limits.cpus, 1.5);
  EXPECT_EQ(plan.limits.memory_bytes, 700ull << 20);
  ASSERT_EQ(plan.notes.size(), 2u);
  EXPECT_EQ(plan.notes[0], "cpus 2 clamped to the host's 1.5 (cgroup cpu quota)");
  EXPECT_EQ(plan.notes[1], "memory 1GiB clamped to the host's 700MiB (available memory)");
  // Levels below what is free are left alone, without a note.
  s.trust = TrustLevel::untrusted;
  plan = plan_run(cfg, s, RiskLevel::low, resources_from(f));
  EXPECT_EQ(plan.limits.cpus, 0.5);
  EXPECT_EQ(plan.limits.memory_bytes, 256ull << 20);
  EXPECT_TRUE(plan.notes.empty());
}

TEST(RunPolicy, BackendDefaultsToTheConfig) {
  auto cfg = defaults();
  Submission s;
  EXPECT_EQ(plan_run(cfg, s, RiskLevel::low, big_host).backend, Backend::native);
  s.backend = Backend::docker;
  EXPECT_EQ(plan_run(cfg, s, RiskLevel::low, big_host).backend, Backend::docker);
}

TEST(RunPolicy, DetectsThisHost) {
  auto host = detect_host_resources();
  EXPECT_GE(host.cpus, 1.0);
  EXPECT_GT(host.memory_bytes, 0u);
}

}  // namespace mai::policy
