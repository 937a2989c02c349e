// Shared helpers for the assessor tests.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "assess/assessor.hpp"

namespace mai::assess::test {

// Short names for the labelled cases' tables.
constexpr auto L = RiskLevel::low;
constexpr auto M = RiskLevel::medium;
constexpr auto H = RiskLevel::high;
constexpr auto B = RiskLevel::blocked;
constexpr auto SH = Language::shell;

inline const Assessor& engine() {
  static const Assessor a = Assessor::from_config(config::Source(std::nullopt));
  return a;
}

inline Assessment py(const std::string& code, Origin origin = Origin::external) {
  return engine().assess(code, Language::python, origin);
}
inline Assessment shell(const std::string& code, Origin origin = Origin::external) {
  return engine().assess(code, Language::shell, origin);
}

inline bool has_rule(const Assessment& a, const std::string& id) {
  return std::any_of(a.findings.begin(), a.findings.end(), [&](const Finding& f) { return f.rule_id == id; });
}

inline std::string describe(const Assessment& a) {
  std::string s = to_string(a.level) + ":";
  for (const auto& f : a.findings)
    s += " [" + std::to_string(f.line) + ":" + std::to_string(f.column) + " " + f.rule_id + " " +
         to_string(f.level) + " " + f.message + "]";
  return s;
}

// A labelled case: code, language, the level the rubric gives it and, when
// it matters, the rule that must say so.
struct Case {
  const char* name;
  RiskLevel level;
  const char* code;
  const char* rule = nullptr;
  Language language = Language::python;
};

inline void check(const Case& c, Origin origin = Origin::external) {
  auto a = engine().assess(c.code, c.language, origin);
  EXPECT_EQ(a.level, c.level) << c.name << "\n" << c.code << "\n-> " << describe(a);
  if (c.rule) {
    EXPECT_TRUE(has_rule(a, c.rule)) << c.name << " expected " << c.rule << " -> " << describe(a);
  }
}

}  // namespace mai::assess::test
