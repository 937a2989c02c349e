// Mutation fuzzing over the corpus: truncations, inserted quotes/brackets/
// escapes and random bytes. The assessor must never throw or crash (run this
// under MAI_SANITIZE=ON to catch memory errors) and always return a hash.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "corpus.hpp"

namespace mai::assess {
namespace {

// Every k-th sample, at most kMaxSamples of them and about kMaxBytes of
// code: the corpus grows by hundreds of programs a round, and its programs
// grow longer, and the test's time must not (under the sanitizers on a busy
// machine, all 3,000 samples took longer than ctest's 900 s; 700 samples of
// the longer programs of later rounds, 8,400 assessments, ran past the
// unit tests' 300 s). The libFuzzer targets (tests/fuzz/assess_*) search the rest.
constexpr size_t kMaxSamples = 700;
constexpr size_t kMaxBytes = 1u << 20;

TEST(Fuzz, MutatedCorpusNeverFails) {
  auto all = corpus::load();
  ASSERT_FALSE(all.empty());
  std::vector<corpus::Sample> samples;
  size_t bytes = 0;
  for (const auto& s : all) bytes += s.code.size();
  const size_t stride = std::max((all.size() + kMaxSamples - 1) / kMaxSamples, (bytes + kMaxBytes - 1) / kMaxBytes);
  for (size_t i = 0; i < all.size(); i += stride) samples.push_back(std::move(all[i]));
  auto engine = Assessor::from_config(config::Source(std::nullopt));
  std::mt19937 rng(1234);
  const std::string specials = "'\"`$(){}[]\\\n#:;|&<>=f\x00\xff{}%*";
  int runs = 0;
  for (const auto& s : samples) {
    for (int m = 0; m < 6; ++m) {
      std::string code = s.code;
      if (code.empty()) continue;
      switch (m) {
        case 0: code.resize(rng() % code.size()); break;                        // truncated
        case 1: code.insert(rng() % code.size(), 1, specials[rng() % specials.size()]); break;
        case 2:
          for (int k = 0; k < 8; ++k) code[rng() % code.size()] = static_cast<char>(rng());
          break;
        case 3: code = code + code.substr(0, rng() % code.size()); break;      // repeated tail
        case 4: code.insert(rng() % code.size(), std::string(200, specials[rng() % specials.size()])); break;
        case 5: std::reverse(code.begin(), code.end()); break;
      }
      for (Language l : {Language::python, Language::shell}) {
        Assessment a;
        EXPECT_NO_THROW(a = engine.assess(code, l, Origin::external)) << s.name << " mutation " << m;
        EXPECT_EQ(a.code_sha256.size(), 64u);
        ++runs;
      }
    }
  }
  EXPECT_GT(runs, 2000);
}

}  // namespace
}  // namespace mai::assess
