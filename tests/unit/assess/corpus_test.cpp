// The assessor over labelled corpora and over real code:
//  - tests/corpus (ours: written with the rules, so not evidence of quality,
//    but the thresholds keep it from rotting);
//  - Debian's installed Python (the standard library and dist-packages):
//    real code that is not malicious must never be BLOCKED (a sample, to keep
//    the test quick under the sanitizers).
// bench/assess/evaluate.py scores any other labelled corpus.
#include <gtest/gtest.h>

#include <dirent.h>
#include <sys/stat.h>

#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>

#include "corpus.hpp"

namespace mai::assess {
namespace {

// Under AddressSanitizer (about ten times slower) every 3rd file: the
// Release suite scores the whole corpus, this run looks for memory errors,
// and the whole corpus (12,171 files) had taken 8 of the test's 20 minutes
// for its BLOCKED files alone on a loaded 2-core machine, growing with every
// round.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kCorpusStep = 3;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr size_t kCorpusStep = 3;
#else
constexpr size_t kCorpusStep = 1;
#endif
#else
constexpr size_t kCorpusStep = 1;
#endif

std::vector<corpus::Sample> corpus_sample() {
  std::vector<corpus::Sample> all = corpus::load(), kept;
  if (kCorpusStep == 1) return all;
  for (size_t i = 0; i < all.size(); i += kCorpusStep) kept.push_back(std::move(all[i]));
  return kept;
}

// Thresholds on our own corpus (docs/assessment.md lists them and the
// figures measured).
constexpr double kMinExact = 0.90;
constexpr double kMinBlockedRecall = 0.95;
constexpr double kMinEvasionRecall = 0.90;
constexpr double kMinHighRecall = 0.90;
constexpr double kMaxBenignRaised = 0.05;   // LOW rated MEDIUM or worse
constexpr double kMaxMediumAsLow = 0.10;

TEST(Corpus, MeetsThresholds) {
  auto samples = corpus_sample();
  ASSERT_GE(samples.size(), 400u) << "corpus missing? looked in " << corpus::corpus_dir();
  auto engine = Assessor::from_config(config::Source(std::nullopt));
  corpus::Score score;
  for (const auto& s : samples) score.add(s, engine.assess(s.code, s.language, Origin::external).level);
  std::cout << "corpus: " << samples.size() << " files\n" << score.report();
  for (const auto& m : score.misses) std::cout << "  miss: " << m << "\n";
  EXPECT_GE(score.exact(), kMinExact);
  EXPECT_GE(score.recall(3), kMinBlockedRecall);
  EXPECT_GE(score.evasion_recall(), kMinEvasionRecall);
  EXPECT_GE(score.recall(2), kMinHighRecall);
  EXPECT_EQ(score.severe_as_low, 0);
  EXPECT_LE(score.raised(0), kMaxBenignRaised);
  EXPECT_LE(score.lowered_to_low(1), kMaxMediumAsLow);
}

// Every BLOCKED behaviour applies whoever wrote the code: Mai's own code is
// never graded lower, except for the heuristics marked `origin: external`.
TEST(Corpus, MaiOriginKeepsBlockedBehaviours) {
  auto engine = Assessor::from_config(config::Source(std::nullopt));
  int lower = 0, blocked = 0;
  for (const auto& s : corpus_sample()) {
    if (s.label != RiskLevel::blocked) continue;
    ++blocked;
    auto ext = engine.assess(s.code, s.language, Origin::external);
    auto mai = engine.assess(s.code, s.language, Origin::mai);
    EXPECT_LE(mai.level, ext.level) << s.name;
    if (mai.level < ext.level) {
      ++lower;
      for (const auto& f : ext.findings)
        if (f.level == RiskLevel::blocked) {
          const Rule* r = engine.rules().find(f.rule_id);
          ASSERT_NE(r, nullptr);
          EXPECT_TRUE(r->external_only) << s.name << " " << f.rule_id;
        }
    }
  }
  EXPECT_LT(lower, blocked / 20) << "external-only heuristics decide too many BLOCKED files";
}

// Real code: the installed Python library and packages (on every Debian
// machine). A deterministic sample: every Nth file in sorted order. Not
// ansible's trees where a developer installed it: its modules install cron
// jobs and service overrides when run, which is what the rubric calls
// persistence (docs/assessment.md, Known limits).
void python_files(const std::string& dir, std::vector<std::string>& out, int depth = 0) {
  if (depth > 16) return;
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  std::vector<std::string> names;
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n != "." && n != "..") names.push_back(n);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  for (const auto& n : names) {
    std::string p = dir + "/" + n;
    struct stat st {};
    if (lstat(p.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode) && n != "ansible" && n != "ansible_test") python_files(p, out, depth + 1);
    else if (S_ISREG(st.st_mode) && n.size() > 3 && n.compare(n.size() - 3, 3, ".py") == 0) out.push_back(p);
  }
}

TEST(RealCode, InstalledPythonIsNeverBlocked) {
  std::vector<std::string> files;
  python_files("/usr/lib/python3.11", files);
  python_files("/usr/lib/python3/dist-packages", files);
  if (files.size() < 100) GTEST_SKIP() << "no installed Python library found";
  auto engine = Assessor::from_config(config::Source(std::nullopt));
  const char* every = std::getenv("MAI_REAL_CODE_EVERY");  // 1: all files
  size_t step = every ? std::max(1, std::atoi(every)) : 6;
  size_t assessed = 0, counts[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < files.size(); i += step) {
    std::ifstream in(files[i], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    auto a = engine.assess(ss.str(), Language::python, Origin::external);
    ++counts[static_cast<int>(a.level)];
    ++assessed;
    EXPECT_NE(a.level, RiskLevel::blocked) << files[i];
  }
  std::cout << "real code: " << assessed << " of " << files.size() << " files: LOW " << counts[0] << ", MEDIUM "
            << counts[1] << ", HIGH " << counts[2] << ", BLOCKED " << counts[3] << "\n";
}

}  // namespace
}  // namespace mai::assess
