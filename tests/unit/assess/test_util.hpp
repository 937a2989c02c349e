// Shared helpers for the assessor tests.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "assess/assessor.hpp"

namespace mai::assess::test {

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
         to_string(f.level) + "]";
  return s;
}

}  // namespace mai::assess::test
