// The three data files: they load, they are data (a rule or an API spec in
// YAML changes the verdict), and every mistake in them is reported with the
// file, line and field.
#include <gtest/gtest.h>

#include "assess/assessor.hpp"
#include "assess/lazy_regex.hpp"
#include "assess/library_model.hpp"
#include "config/yaml_tree.hpp"
#include "config/config_source.hpp"

namespace mai::assess {
namespace {

std::string builtin(const char* name) { return config::Source::builtin(name); }

ConfigError error_of(const std::string& rules, const std::string& model, const std::string& threats) {
  try {
    Assessor::from_nodes(config::Node::parse("assessment.yaml", rules),
                         config::Node::parse("library-model.yaml", model),
                         config::Node::parse("known-threats.yaml", threats));
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError";
  return ConfigError("", 0, "", "");
}

ConfigError rules_error(const std::string& rules) {
  return error_of(rules, builtin("library-model.yaml"), builtin("known-threats.yaml"));
}
ConfigError model_error(const std::string& model) {
  return error_of(builtin("assessment.yaml"), model, builtin("known-threats.yaml"));
}

TEST(Config, BuiltinFilesLoad) {
  auto a = Assessor::from_config(config::Source(std::nullopt));
  EXPECT_GT(a.rules().rules().size(), 30u);
  EXPECT_GT(a.threats().package_count(), 50u);
  EXPECT_NE(a.model().api("subprocess.run"), nullptr);
  EXPECT_NE(a.model().command("curl"), nullptr);
}

// The built-in files' patterns are compiled on first use (assess/lazy_regex.hpp):
// here each is compiled and checked, as for a user's file, so a bad one in
// config/ fails the suite instead of a run.
TEST(Config, BuiltInPatternsAreValidRE2) {
  EXPECT_NO_THROW(Assessor::from_nodes(config::Node::parse("assessment.yaml", builtin("assessment.yaml")),
                                       config::Node::parse("library-model.yaml", builtin("library-model.yaml")),
                                       config::Node::parse("known-threats.yaml", builtin("known-threats.yaml"))));
}

// A built-in tree's pattern is checked when first used; a bad one there
// (the case the test above rules out) throws, which the assessor reports as
// its internal error (ASSESSOR-INTERNAL), never as a silent non-match.
TEST(Config, BuiltInPatternsAreCompiledOnFirstUse) {
  auto bad = LazyRegex::from(config::Node::of_tree("x.yaml", config::YamlTree::parse("x.yaml", "'(unclosed'"), true),
                             1 << 20);
  EXPECT_EQ(bad->pattern(), "(unclosed");
  EXPECT_THROW(bad->re(), std::runtime_error);
  auto good = LazyRegex::from(config::Node::of_tree("x.yaml", config::YamlTree::parse("x.yaml", "'^a+$'"), true),
                              1 << 20);
  EXPECT_TRUE(RE2::FullMatch("aaa", good->re()));
  EXPECT_FALSE(RE2::FullMatch("ab", good->re()));
  EXPECT_THROW(LazyRegex::from(config::Node::parse("x.yaml", "'(unclosed'"), 1 << 20), ConfigError);
}

// The built-in model's API specs are parsed when first asked for
// (LazyApiSpec); a user's model is parsed whole when read. A broken spec in a
// built-in tree (the case BuiltInPatternsAreValidRE2 rules out) is a
// ConfigError naming its line on every ask, never a hang or a silent miss.
TEST(Config, BuiltInApiSpecsAreParsedOnFirstUse) {
  const std::string model =
      "version: 1\nsecret_env: 'SECRET'\nsecret_hint: 'password'\nexfil_hosts: 'x[.]example'\nshells: [sh]\n"
      "path_classes: {system: ['/etc/**']}\ncommands: {}\npython:\n"
      "  os.system: {effect: exec, shell: '0|command', waits: true}\n"
      "  os.broken: {effect: teleport}\n";
  auto lazy = LibraryModel::parse(config::Node::of_tree("m.yaml", config::YamlTree::parse("m.yaml", model), true));
  ASSERT_NE(lazy.api("os.system"), nullptr);
  EXPECT_EQ(lazy.api("os.system")->effect, Eff::exec);
  EXPECT_TRUE(lazy.api("os.system")->waits);
  EXPECT_EQ(lazy.api("os.nothing"), nullptr);
  for (int ask = 0; ask < 2; ++ask) {
    try {
      lazy.api("os.broken");
      ADD_FAILURE() << "a broken spec parsed";
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.line(), 10);
      EXPECT_NE(std::string(e.what()).find("teleport"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(LibraryModel::parse(config::Node::parse("m.yaml", model)), ConfigError);
}

TEST(Config, BrokenRulesNameFileLineAndField) {
  auto e = rules_error("version: 1\nrules:\n  - id: X\n    level: SEVERE\n    message: m\n    match: [{effect: [exec]}]\n");
  EXPECT_EQ(e.file(), "assessment.yaml");
  EXPECT_EQ(e.line(), 4);
  EXPECT_EQ(e.field(), "rules[0].level");
  e = rules_error("version: 1\nrules:\n  - id: X\n    level: LOW\n    message: m\n    match:\n      - effect: [exec]\n"
                  "        detail: '(unclosed'\n");
  EXPECT_EQ(e.line(), 8);
  EXPECT_NE(std::string(e.what()).find("regular expression"), std::string::npos);
  e = rules_error("version: 1\nrules:\n  - id: X\n    level: LOW\n    message: m\n    when: {all: [nope]}\n");
  EXPECT_NE(std::string(e.what()).find("nope"), std::string::npos);
  e = rules_error("version: 1\nrules:\n  - id: X\n    level: LOW\n    mesage: m\n    match: []\n");
  EXPECT_EQ(e.line(), 5);
  e = rules_error("version: 1\nrules:\n  - id: X\n    level: LOW\n    message: m\n    match: [{effect: [teleport]}]\n");
  EXPECT_NE(std::string(e.what()).find("teleport"), std::string::npos);
  e = rules_error("version: 1\nrules:\n  - id: X\n    level: LOW\n    message: m\n    match: [{path: [nowhere]}]\n");
  EXPECT_NE(std::string(e.what()).find("nowhere"), std::string::npos);
  e = rules_error("version: 1\nrules:\n  - id: X\n    level: BLOCKED\n    message: m\n    match: [{effect: [exec]}]\n");
  EXPECT_NE(std::string(e.what()).find("explain"), std::string::npos);
}

TEST(Config, BrokenModelNamesFileLineAndField) {
  std::string base = builtin("library-model.yaml");
  std::string bad = base;
  bad.replace(bad.find("  os.system: {effect: exec,"), std::string("  os.system: {effect: exec,").size(),
              "  os.system: {effect: explode,");
  auto e = model_error(bad);
  EXPECT_EQ(e.file(), "library-model.yaml");
  EXPECT_GT(e.line(), 1);
  EXPECT_NE(std::string(e.what()).find("explode"), std::string::npos);
  EXPECT_NE(e.field().find("os.system"), std::string::npos) << e.field();
  bad = base;
  bad.replace(bad.find("\"0|command\""), std::string("\"0|command\"").size(), "\"0|com mand\"");
  e = model_error(bad);
  EXPECT_NE(std::string(e.what()).find("argument reference"), std::string::npos);
  bad = base;
  bad.replace(bad.find("{kind: firewall"), std::string("{kind: firewall").size(), "{kind: flamewall");
  e = model_error(bad);
  EXPECT_NE(std::string(e.what()).find("flamewall"), std::string::npos);
  bad = base;
  bad.replace(bad.find("secret_env: '"), std::string("secret_env: '").size(), "secret_env: '(");
  e = model_error(bad);
  EXPECT_NE(std::string(e.what()).find("regular expression"), std::string::npos);
  e = error_of(builtin("assessment.yaml"), base, "payload_sha256: [abc]\n");
  EXPECT_EQ(e.file(), "known-threats.yaml");
  EXPECT_EQ(e.line(), 1);
}

// The verdict follows the data: a new API spec and a new rule change it.
TEST(Config, ModelAndRulesAreData) {
  std::string model = builtin("library-model.yaml");
  model.replace(model.find("python:\n"), 8, "python:\n  acme.beam: {effect: priv, tag: teleport}\n");
  std::string rules = "version: 1\nrules:\n  - id: NO-TELEPORT\n    level: HIGH\n    message: teleports\n"
                      "    match: [{effect: [priv], tag: [teleport]}]\n";
  auto a = Assessor::from_nodes(config::Node::parse("assessment.yaml", rules),
                                config::Node::parse("library-model.yaml", model),
                                config::Node::parse("known-threats.yaml", builtin("known-threats.yaml")));
  auto r = a.assess("import acme\nacme.beam()\n", Language::python, Origin::mai);
  EXPECT_EQ(r.level, RiskLevel::high);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].rule_id, "NO-TELEPORT");
}

// A pattern of many stars (a glob a hostile program spells, matched against
// the paths it wrote) backtracked exponentially: the mutation test hung on
// one. Each state is tried once now; the answers stay those of the plain walk.
TEST(Config, AGlobOfManyStarsIsAnsweredWithoutBacktrackingForever) {
  std::string stars;
  for (int i = 0; i < 40; ++i) stars += "*a";
  const std::string as(80, 'a');
  EXPECT_FALSE(glob_match(stars + "b", as + "c"));
  EXPECT_TRUE(glob_match(stars + "c", as + "c"));
  EXPECT_FALSE(glob_match("**" + stars + "/x", "/" + as + "/y"));
  EXPECT_TRUE(glob_match("/**/" + stars, "/d/e/" + as));
  EXPECT_FALSE(glob_match(std::string(120, '*') + "/z", std::string(300, 'q')));
  // Too large for a memo (about 10^10 states): answered "no" at once, not by
  // allocating gigabytes.
  EXPECT_FALSE(glob_match(std::string(100000, '*') + "x", std::string(100000, 'q')));
}

TEST(Config, PathClassesAndGlobs) {
  EXPECT_EQ(normalize_path("/home/alice/.ssh/id_rsa"), "~/.ssh/id_rsa");
  EXPECT_EQ(normalize_path("/root/.bashrc"), "~/.bashrc");
  EXPECT_EQ(normalize_path("$HOME/x/../.aws/credentials"), "~/.aws/credentials");
  EXPECT_EQ(normalize_path("//etc/./passwd"), "/etc/passwd");
  EXPECT_TRUE(glob_match("~/.ssh/id_*", "~/.ssh/id_ed25519"));
  EXPECT_FALSE(glob_match("/etc/*", "/etc/a/b"));
  EXPECT_TRUE(glob_match("/etc/**", "/etc/a/b"));
  EXPECT_TRUE(glob_match("~/.ssh/id_*", std::string(1, '\x1a') + "/.ssh/id_rsa"));
  EXPECT_FALSE(glob_match("/etc/shadow", std::string(1, '\x1a')));
  auto a = Assessor::from_config(config::Source(std::nullopt));
  const auto& m = a.model();
  auto cls = [&](const char* p) { return m.classify_path(normalize_path(p)); };
  EXPECT_TRUE(cls("/home/bob/.aws/credentials") & *m.path_class_bit("credentials"));
  EXPECT_TRUE(cls("/etc/cron.d/job") & *m.path_class_bit("persistence"));
  EXPECT_TRUE(cls("/dev/sda") & *m.path_class_bit("device"));
  EXPECT_FALSE(cls("/dev/null") & *m.path_class_bit("device"));
  EXPECT_FALSE(cls("/tmp/x") & *m.path_class_bit("system"));
}

}  // namespace
}  // namespace mai::assess
