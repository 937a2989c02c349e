// The compiled YAML tree: what the build embeds must be exactly what parsing
// the built-in text gives, and no corrupt bytes may become a tree.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "config/yaml_tree.hpp"

namespace mai::config {

TEST(YamlTree, EveryBuiltinFileIsCompiledAsItParses) {
  auto names = Source::builtin_names();
  ASSERT_GE(names.size(), 7u);
  for (const auto& name : names) {
    auto parsed = YamlTree::parse("(built-in)/" + name, Source::builtin(name));
    auto compiled = Source::builtin_tree(name);
    EXPECT_GT(compiled->size(), 1u) << name;
    EXPECT_EQ(compiled->serialize(), parsed->serialize()) << name;
  }
}

// A configuration directory's exact copy of a built-in file is read from its
// compiled tree, and still named as the directory's file; a changed copy is
// parsed, and its change counts.
TEST(YamlTree, ACopyOfABuiltinFileUsesItsTreeAndAChangedOneIsParsed) {
  auto dir = std::filesystem::temp_directory_path() / ("mai-yaml-tree-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string text = Source::builtin("sandbox.yaml");
  std::ofstream(dir / "sandbox.yaml") << text;
  Node same = Source(dir.string()).load("sandbox.yaml");
  EXPECT_EQ(same.file(), (dir / "sandbox.yaml").string());
  EXPECT_EQ(parse_sandbox_config(same).max_code_bytes,
            parse_sandbox_config(Source(std::nullopt).load("sandbox.yaml")).max_code_bytes);
  std::string changed = text;
  auto at = changed.find("max_code: ");
  ASSERT_NE(at, std::string::npos);
  changed.replace(at, changed.find('\n', at) - at, "max_code: 2MiB");
  std::ofstream(dir / "sandbox.yaml", std::ios::trunc) << changed;
  EXPECT_EQ(parse_sandbox_config(Source(dir.string()).load("sandbox.yaml")).max_code_bytes, 2u << 20);
  std::filesystem::remove_all(dir);
}

TEST(YamlTree, SerialisedTreeReadsBackTheSame) {
  auto tree = YamlTree::parse("y.yaml", "a: &x [1, {b: two}]\nc: *x\nd: ~\ne: 'q'\n");
  auto back = YamlTree::deserialize(tree->serialize());
  EXPECT_EQ(back->serialize(), tree->serialize());
  // The alias is one item, not a copy.
  EXPECT_EQ(back->find(back->root(), "a"), back->find(back->root(), "c"));
  EXPECT_EQ(back->item(back->find(back->root(), "d")).kind, YamlTree::Kind::null);
  EXPECT_EQ(back->text(back->find(back->root(), "e")), "q");
  EXPECT_EQ(back->item(back->find(back->root(), "e")).line, 4u);
  EXPECT_EQ(back->find(back->root(), "nowhere"), YamlTree::none);
}

TEST(YamlTree, BillionLaughsStaysTheDocumentsSize) {
  std::string laughs = "a0: &a0 [x, x]\n";
  for (int i = 1; i < 40; ++i)
    laughs += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [*a" + std::to_string(i - 1) +
              ", *a" + std::to_string(i - 1) + "]\n";
  auto tree = YamlTree::parse("y.yaml", laughs);
  EXPECT_LT(tree->size(), 400u);
  EXPECT_EQ(YamlTree::deserialize(tree->serialize())->size(), tree->size());
}

// Every way to damage the bytes is refused, never read out of bounds (the
// sanitizer build runs this too).
TEST(YamlTree, CorruptBytesAreRefused) {
  std::string good = YamlTree::parse("y.yaml", "a: [1, 2]\nb: {c: d}\n")->serialize();
  auto refused = [](const std::string& bytes) {
    try {
      YamlTree::deserialize(bytes);
    } catch (const std::runtime_error&) {
      return true;
    }
    return false;
  };
  EXPECT_TRUE(refused(""));
  EXPECT_TRUE(refused("not a tree at all"));
  for (size_t cut = 0; cut < good.size(); ++cut) EXPECT_TRUE(refused(good.substr(0, cut))) << cut;
  EXPECT_TRUE(refused(good + "x"));
  // Flip each byte of the header, items and kids in turn: either refused or
  // a tree whose every reference is inside it (it reads back the same).
  size_t text_start = good.size() - 6;  // "a12bcd": the text is last
  for (size_t at = 8; at < text_start; ++at) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x41);
    try {
      auto tree = YamlTree::deserialize(bad);
      EXPECT_EQ(YamlTree::deserialize(tree->serialize())->serialize(), tree->serialize());
    } catch (const std::runtime_error&) {
    }
  }
  // A child that points back to its parent is a cycle.
  auto tree = YamlTree::parse("y.yaml", "a: [1]\n");
  std::string bytes = tree->serialize();
  // Items: root map (0), key a (1), sequence (2), 1 (3); kids: the
  // sequence's (3), then the root's (1, 2). Make the root its own value.
  size_t kids_at = 8 + 12 + 4 * 6 * 4;
  uint32_t zero = 0;
  bytes.replace(kids_at + 8, 4, reinterpret_cast<const char*>(&zero), 4);
  EXPECT_TRUE(refused(bytes));
}

}  // namespace mai::config
