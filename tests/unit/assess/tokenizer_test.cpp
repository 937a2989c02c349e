#include <gtest/gtest.h>

#include "assess/python_tokenizer.hpp"

namespace mai::assess::py {
namespace {

struct Str {
  bool is_bytes, is_raw, is_f;
  std::string value;
  std::vector<FPart> fparts;
};

std::vector<Str> strings_of(const Tokens& toks) {
  std::vector<Str> out;
  for (const auto& t : toks.toks)
    if (t.kind == Tok::string)
      out.push_back(Str{t.is_bytes, t.is_raw, t.is_f, toks.lits[t.lit].value, toks.lits[t.lit].fparts});
  return out;
}

TEST(PythonTokenizer, EveryStringPrefixAndQuote) {
  std::string src =
      "a = 'x'\nb = \"y\"\nc = r'\\n'\nd = b'\\x41'\ne = u'\\u00e9'\nf = Rb'\\d'\ng = bR\"z\"\n"
      "h = '''tri\nple'''\ni = \"\"\"dq\"\"\"\nj = BR'''q'''\n";
  auto s = strings_of(tokenize(src));
  ASSERT_EQ(s.size(), 10u);
  EXPECT_EQ(s[0].value, "x");
  EXPECT_EQ(s[1].value, "y");
  EXPECT_EQ(s[2].value, "\\n");
  EXPECT_TRUE(s[2].is_raw);
  EXPECT_EQ(s[3].value, "A");
  EXPECT_TRUE(s[3].is_bytes);
  EXPECT_EQ(s[4].value, "\xc3\xa9");
  EXPECT_EQ(s[5].value, "\\d");
  EXPECT_TRUE(s[5].is_raw && s[5].is_bytes);
  EXPECT_EQ(s[6].value, "z");
  EXPECT_EQ(s[7].value, "tri\nple");
  EXPECT_EQ(s[8].value, "dq");
  EXPECT_EQ(s[9].value, "q");
}

TEST(PythonTokenizer, FStringsWithNestedExpressions) {
  std::string src = "x = f\"a{b['k']}c{d:>{w}}e{{lit}}\" + rf'{x!r}\\d' + F'''{ {1: 2}[1] }'''\n";
  auto s = strings_of(tokenize(src));
  ASSERT_EQ(s.size(), 3u);
  EXPECT_TRUE(s[0].is_f);
  ASSERT_EQ(s[0].fparts.size(), 5u);
  EXPECT_EQ(s[0].fparts[0].literal, "a");
  EXPECT_EQ(src.substr(s[0].fparts[1].begin, s[0].fparts[1].end - s[0].fparts[1].begin), "b['k']");
  EXPECT_EQ(src.substr(s[0].fparts[3].begin, s[0].fparts[3].end - s[0].fparts[3].begin), "d");
  EXPECT_EQ(s[0].fparts[4].literal, "e{lit}");
  EXPECT_TRUE(s[1].is_f && s[1].is_raw);
  EXPECT_EQ(src.substr(s[1].fparts[0].begin, s[1].fparts[0].end - s[1].fparts[0].begin), "x");
  EXPECT_EQ(s[1].fparts[1].literal, "\\d");
  EXPECT_EQ(src.substr(s[2].fparts[0].begin, s[2].fparts[0].end - s[2].fparts[0].begin), " {1: 2}[1] ");
}

TEST(PythonTokenizer, CommentsContinuationsAndLogicalLines) {
  std::string src = "x = 1 + \\\n    2  # os.system('id')\nfoo(a,\n    b)\n";
  auto toks = tokenize(src).toks;
  int newlines = 0;
  for (const auto& t : toks) {
    if (t.kind == Tok::newline) ++newlines;
    EXPECT_NE(text(src, t), "os");
  }
  EXPECT_EQ(newlines, 2);
  EXPECT_EQ(toks.back().kind, Tok::newline);
}

TEST(PythonTokenizer, PositionsAreOneBased) {
  auto toks = tokenize("\n  import os\n").toks;
  ASSERT_FALSE(toks.empty());
  EXPECT_EQ(toks[0].line, 2u);
  EXPECT_EQ(toks[0].col, 3u);
  EXPECT_TRUE(toks[0].first);
  EXPECT_EQ(toks[0].indent, 2);
}

TEST(PythonTokenizer, IdentifiersAreFoldedLikeNfkc) {
  EXPECT_EQ(fold_identifier("\xef\xbd\x85\xef\xbd\x96\xef\xbd\x81\xef\xbd\x8c"), "eval");  // fullwidth
  EXPECT_EQ(fold_identifier("\xf0\x9d\x90\x9e\xf0\x9d\x90\xb1"), "ex");                       // math bold
  EXPECT_EQ(fold_identifier("caf\xc3\xa9"), "caf\xc3\xa9");                                       // kept
  std::string src = "x = \xef\xbd\x85val\n";
  auto toks = tokenize(src);
  ASSERT_GE(toks.toks.size(), 3u);
  EXPECT_TRUE(toks.toks[2].normalized);
  EXPECT_EQ(text(src, toks, toks.toks[2]), "eval");
}

TEST(PythonTokenizer, NeverFailsOnGarbage) {
  std::string junk;
  for (int i = 0; i < 100000; ++i) junk.push_back(static_cast<char>((i * 7919) % 256));
  EXPECT_NO_THROW(tokenize(junk));
  EXPECT_NO_THROW(tokenize("'''unterminated"));
  EXPECT_NO_THROW(tokenize("f'{unterminated"));
  EXPECT_NO_THROW(tokenize("\"\\"));
}

}  // namespace
}  // namespace mai::assess::py
