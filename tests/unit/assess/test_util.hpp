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

// `text` with its first `from` written as `to`: a labelled case's near twin.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "the twin's text to replace is missing: " << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// A labelled case, and its near twin (its code with `from` written as `to`)
// at `twin_level`.
inline void check_with_twin(const Case& c, const std::string& from, const std::string& to,
                            const char* twin_name, RiskLevel twin_level) {
  check(c);
  const std::string twin = replaced(c.code, from, to);
  check(Case{twin_name, twin_level, twin.c_str(), nullptr, c.language});
}

// A program that installs a typosquat, and its twin with `genuine` written
// where `typosquat` stands: BLOCKED for the first, an ordinary install
// (MEDIUM) for the second.
inline void check_with_genuine_twin(const char* what, const std::string& program,
                                    const std::string& typosquat, const std::string& genuine,
                                    Language language = Language::python) {
  check({what, B, program.c_str(), "KNOWN-MALICIOUS-PACKAGE", language});
  const std::string twin = replaced(program, typosquat, genuine);
  check({"the same with the genuine name", M, twin.c_str(), "INSTALLS-PACKAGES", language});
}

}  // namespace mai::assess::test
