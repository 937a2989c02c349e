// Runs the assessor over the labeled corpus (tests/corpus), prints the
// confusion matrix, per-level precision/recall and the evasion recall, and
// fails below the thresholds documented in docs/assessment.md.
#include <gtest/gtest.h>

#include <iostream>

#include "corpus.hpp"

namespace mai::assess {
namespace {

constexpr double kMinPrecision = 0.95;
constexpr double kMinRecall = 0.95;
constexpr double kMinBlockedRecall = 0.98;
constexpr double kMinEvasionRecall = 0.95;

TEST(Corpus, MeetsThresholds) {
  auto samples = corpus::load();
  ASSERT_GE(samples.size(), 400u) << "corpus missing? looked in " << corpus::corpus_dir();
  auto engine = Assessor::from_config(config::Source(std::nullopt));
  corpus::Score score;
  for (const auto& s : samples) score.add(s, engine.assess(s.code, s.language, Origin::external).level);
  std::cout << "corpus: " << samples.size() << " files\n" << score.report();
  for (const auto& m : score.misses) std::cout << "  miss: " << m << "\n";
  for (int l = 0; l < 4; ++l) {
    EXPECT_GE(score.precision(l), kMinPrecision) << to_string(static_cast<RiskLevel>(l));
    EXPECT_GE(score.recall(l), l == 3 ? kMinBlockedRecall : kMinRecall) << to_string(static_cast<RiskLevel>(l));
  }
  EXPECT_GE(score.evasion_recall(), kMinEvasionRecall);
  EXPECT_EQ(score.severe_as_low, 0);
}

// Code Mai wrote herself gets the static rules only: behavioural BLOCKED
// verdicts disappear, static ones (known threats, destruction) stay.
TEST(Corpus, MaiOriginSkipsBehaviouralRules) {
  auto engine = Assessor::from_config(config::Source(std::nullopt));
  int lower = 0, blocked = 0;
  for (const auto& s : corpus::load()) {
    if (s.label != RiskLevel::blocked) continue;
    ++blocked;
    auto ext = engine.assess(s.code, s.language, Origin::external);
    auto mai = engine.assess(s.code, s.language, Origin::mai);
    EXPECT_LE(mai.level, ext.level) << s.name;
    if (mai.level < ext.level) ++lower;
    for (const auto& f : mai.findings) {
      const Rule* r = engine.rules().find(f.rule_id);
      ASSERT_NE(r, nullptr);
      EXPECT_FALSE(r->behavioural) << s.name << " " << f.rule_id;
    }
  }
  EXPECT_GT(lower, blocked / 2);
}

}  // namespace
}  // namespace mai::assess
