#include <gtest/gtest.h>

#include "assess/assessor.hpp"

namespace mai::assess {
namespace {

ConfigError error_of(const std::string& rules_yaml, const std::string& threats_yaml = "{}") {
  try {
    Assessor::from_nodes(config::Node::parse("assessment.yaml", rules_yaml),
                         config::Node::parse("known-threats.yaml", threats_yaml));
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError for:\n" << rules_yaml;
  return ConfigError("", 0, "", "");
}

TEST(Rules, BuiltinRulesLoad) {
  auto a = Assessor::from_config(config::Source(std::nullopt));
  EXPECT_GT(a.rules().rules().size(), 40u);
  EXPECT_GT(a.threats().package_count(), 50u);
}

TEST(Rules, BrokenRuleFilesNameFileLineAndField) {
  auto e = error_of("rules:\n  - id: X\n    level: SEVERE\n    message: m\n    behavioural: false\n"
                    "    match: [{call: [os.system]}]\n");
  EXPECT_EQ(e.file(), "assessment.yaml");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.field(), "rules[0].level");

  e = error_of("rules:\n  - id: X\n    level: LOW\n    message: m\n    behavioural: false\n"
               "    match:\n      - call: [os.system]\n        args: '(unclosed'\n");
  EXPECT_EQ(e.line(), 8);
  EXPECT_NE(std::string(e.what()).find("regular expression"), std::string::npos);

  e = error_of("rules:\n  - id: X\n    level: LOW\n    message: m\n    behavioural: false\n"
               "    when: {all: [nope]}\n");
  EXPECT_EQ(e.line(), 6);
  EXPECT_NE(std::string(e.what()).find("nope"), std::string::npos);

  e = error_of("rules:\n  - id: X\n    level: LOW\n    mesage: m\n");
  EXPECT_EQ(e.line(), 4);

  e = error_of("rules:\n  - id: X\n    level: LOW\n    message: m\n");  // behavioural missing
  EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos);

  e = error_of("rules: []\n", "payload_sha256: [abc]\n");
  EXPECT_EQ(e.file(), "known-threats.yaml");
  EXPECT_EQ(e.line(), 1);
}

TEST(Rules, RulesAreData) {
  auto a = Assessor::from_nodes(
      config::Node::parse("assessment.yaml",
                          "rules:\n  - id: NO-PRINT\n    level: HIGH\n    message: prints\n"
                          "    behavioural: false\n    match: [{call: [builtins.print], args: secret}]\n"),
      config::Node::parse("known-threats.yaml", "{}"));
  EXPECT_EQ(a.assess("print('a secret')\n", Language::python, Origin::mai).level, RiskLevel::high);
  EXPECT_EQ(a.assess("print('nothing')\n", Language::python, Origin::mai).level, RiskLevel::low);
}

}  // namespace
}  // namespace mai::assess
